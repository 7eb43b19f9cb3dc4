package io.tracekb.db;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Tells a database that cannot be reached (stopped, restarting, network gone, pool exhausted) from other
 * failures, by walking the cause chain: such a failure is the caller's cue to retry later, not a bug.
 */
public final class DatabaseFailures {

    private DatabaseFailures() {
    }

    /** True when {@code failure} or one of its causes says the database is unavailable right now. */
    public static boolean unavailable(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof ConnectException
                    || t.getClass().getName().equals("org.hibernate.exception.JDBCConnectionException")) {
                return true;
            }
            if (t instanceof SQLException sql && (unavailableState(sql.getSQLState())
                    // Agroal: no connection could be handed out in time (server gone, or every connection busy)
                    || sql.getSQLState() == null && sql.getMessage() != null
                            && sql.getMessage().startsWith("Acquisition timeout"))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when the database refused a row because its unique key exists (SQLState 23505): two requests created
     * the same slug or user name at the same moment, and the other one won. A conflict, not a bug.
     */
    public static boolean uniqueViolation(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = failure; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
            if (t instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /**
     * 08xxx: connection exceptions (refused, broken); 57P01-57P03: the server is shutting down, crashed or
     * still starting; 53300: too many connections.
     */
    static boolean unavailableState(String state) {
        return state != null && (state.startsWith("08") || state.equals("57P01") || state.equals("57P02")
                || state.equals("57P03") || state.equals("53300"));
    }
}
