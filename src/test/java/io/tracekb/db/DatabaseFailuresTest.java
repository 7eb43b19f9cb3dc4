package io.tracekb.db;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.persistence.PersistenceException;
import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Which failures mean "the database is away, retry" (503) and which are bugs (500). */
class DatabaseFailuresTest {

    @Test
    void connectionFailuresShutdownsAndAnExhaustedPoolAreUnavailability() {
        assertThat(DatabaseFailures.unavailable(new SQLException("Connection to localhost:5432 refused", "08001"))).isTrue();
        assertThat(DatabaseFailures.unavailable(new SQLException("An I/O error occurred", "08006"))).isTrue();
        assertThat(DatabaseFailures.unavailable(
                new SQLException("terminating connection due to administrator command", "57P01"))).isTrue();
        assertThat(DatabaseFailures.unavailable(new SQLException("the database system is starting up", "57P03"))).isTrue();
        assertThat(DatabaseFailures.unavailable(new SQLException("Acquisition timeout while waiting for new connection")))
                .isTrue();
        assertThat(DatabaseFailures.unavailable(new ConnectException("Connection refused"))).isTrue();
    }

    @Test
    void theCauseIsFoundUnderTheLayersOfHibernateAndTheTransactionManager() {
        RuntimeException wrapped = new IllegalStateException("transaction failed",
                new PersistenceException("could not execute statement",
                        new SQLException("Connection to localhost:5432 refused", "08001")));
        assertThat(DatabaseFailures.unavailable(wrapped)).isTrue();
    }

    @Test
    void otherDatabaseErrorsAndBugsAreNot() {
        assertThat(DatabaseFailures.unavailable(new SQLException("duplicate key value", "23505"))).isFalse();
        assertThat(DatabaseFailures.unavailable(new SQLException("syntax error", "42601"))).isFalse();
        assertThat(DatabaseFailures.unavailable(new SQLException("no state"))).isFalse();
        assertThat(DatabaseFailures.unavailable(new NullPointerException())).isFalse();
        assertThat(DatabaseFailures.unavailable(null)).isFalse();
    }

    @Test
    void aCauseChainWithACycleEnds() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b", a);
        a.initCause(b);
        assertThat(DatabaseFailures.unavailable(a)).isFalse();
    }
}
