package io.tracekb.content;

import io.tracekb.incident.IncidentRepository;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentData;
import io.tracekb.search.IndexSynchronizer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Imports content/ into the database, idempotently: unchanged incidents are left alone, a changed folder
 * updates its incident with one new revision, and an incident an editor changed in the app since its last
 * import is never overwritten (a warning says so instead).
 */
@ApplicationScoped
public class ContentImporter {

    @Inject
    IncidentRepository incidents;

    private static final Logger LOG = Logger.getLogger(ContentImporter.class);
    static final String AUTHOR = "content-import";
    /** First key of the import's advisory locks (the second is the slug's hash): "tkbi". */
    static final int IMPORT_LOCK_SPACE = 0x746b6269;

    public enum Outcome { CREATED, UPDATED, UNCHANGED, KEPT_APP_EDIT, FAILED }

    public record Result(Path folder, String slug, Outcome outcome, String detail) {
    }

    /** Detail of an UNCHANGED result whose folder was not even read: its bytes were those of the last import. */
    public static final String UNREAD = "files unchanged since they were last read";

    @Inject
    ArticleService articles;

    @Inject
    IndexSynchronizer searchIndex;

    @ConfigProperty(name = "kb.content.dir")
    Path contentDir;

    @ConfigProperty(name = "kb.content.import-on-start")
    boolean importOnStart;

    @ConfigProperty(name = "kb.data-dir")
    Path dataDir;

    @ConfigProperty(name = "quarkus.application.version", defaultValue = "unknown")
    String appVersion;

    static final String FOLDER_HASH_CACHE = "content-folder-hashes.tsv";

    void onStart(@Observes StartupEvent event) {
        if (!importOnStart) {
            return;
        }
        if (!Files.isDirectory(contentDir)) {
            LOG.warnf("Content directory %s does not exist; nothing imported (set KB_CONTENT_DIR)",
                    contentDir.toAbsolutePath());
            return;
        }
        importAll(contentDir);
    }

    /** Imports every incident folder under {@code root}; one bad folder does not stop the others. */
    public List<Result> importAll(Path root) {
        long started = System.nanoTime();
        FolderHashCache cache = FolderHashCache.load(dataDir.resolve(FOLDER_HASH_CACHE), appVersion);
        Map<String, FolderHashCache.Entry> seen = new java.util.LinkedHashMap<>();
        List<Scanned> scanned = new ArrayList<>();
        for (Path folder : incidentFolders(root)) {
            scanned.add(scan(folder, cache, seen));
        }
        List<Result> results = new ArrayList<>();
        // One query for what every folder was last imported as: at a restart nothing changed, and a
        // transaction and a lock per folder were most of the start-up's import time. Skipping without the lock
        // is safe: a folder whose committed hash already equals its own has nothing left to write.
        Map<String, String> imported = importedHashes(scanned.stream().filter(f -> f.entry() != null)
                .map(f -> f.entry().slug()).toList());
        // each folder is its own transaction, as before; the index takes them all at the end, in one commit
        searchIndex.inBulk(() -> {
            for (Scanned f : scanned) {
                if (f.entry() == null) {
                    results.add(f.failure()); // in folder order, like the others
                } else if (f.entry().contentHash().equals(imported.get(f.entry().slug()))) {
                    results.add(new Result(f.folder(), f.entry().slug(), Outcome.UNCHANGED,
                            f.data() == null ? UNREAD : null));
                } else {
                    // known by its bytes but not in the database as such (new database, deleted incident): read now
                    results.add(f.data() != null ? importFolder(f.folder(), f.data(), f.entry().contentHash())
                            : importFolder(f.folder()));
                }
            }
            return results;
        });
        cache.save(seen);
        long created = results.stream().filter(r -> r.outcome() == Outcome.CREATED).count();
        long updated = results.stream().filter(r -> r.outcome() == Outcome.UPDATED).count();
        long unchanged = results.stream().filter(r -> r.outcome() == Outcome.UNCHANGED).count();
        long kept = results.stream().filter(r -> r.outcome() == Outcome.KEPT_APP_EDIT).count();
        long failed = results.stream().filter(r -> r.outcome() == Outcome.FAILED).count();
        long unread = results.stream().filter(r -> UNREAD.equals(r.detail())).count();
        // the duration is what a first start (everything created) or a restart (everything unchanged) costs
        LOG.infof("Content import from %s: %d created, %d updated, %d unchanged (%d of them not read: same files as "
                + "last time), %d kept (edited in the app), %d failed, in %d ms", root.toAbsolutePath(), created,
                updated, unchanged, unread, kept, failed, (System.nanoTime() - started) / 1_000_000);
        return results;
    }

    public Result importFolder(Path folder) {
        IncidentData data;
        try {
            data = IncidentFolder.read(folder);
        } catch (RuntimeException e) {
            return failure(folder, e);
        }
        return importFolder(folder, data, ContentHash.of(data));
    }

    /**
     * One folder before the import: its slug and content hash ({@code entry}), from the cache when its bytes are
     * as last read ({@code data} then null), else from reading it; or, when it cannot be read, the {@code failure}.
     */
    private record Scanned(Path folder, FolderHashCache.Entry entry, IncidentData data, Result failure) {
    }

    private static Scanned scan(Path folder, FolderHashCache cache, Map<String, FolderHashCache.Entry> seen) {
        try {
            String filesHash = FolderHashCache.filesHash(folder);
            FolderHashCache.Entry entry = cache.get(filesHash);
            IncidentData data = null;
            if (entry == null) {
                data = IncidentFolder.read(folder);
                entry = new FolderHashCache.Entry(data.slug(), ContentHash.of(data));
            }
            seen.put(filesHash, entry);
            return new Scanned(folder, entry, data, null);
        } catch (RuntimeException e) {
            return new Scanned(folder, null, null, failure(folder, e));
        }
    }

    private static Result failure(Path folder, RuntimeException e) {
        LOG.errorf("Content folder %s not imported: %s", folder, e.getMessage());
        return new Result(folder, null, Outcome.FAILED, e.getMessage());
    }

    private Result importFolder(Path folder, IncidentData data, String hash) {
        try {
            return QuarkusTransaction.requiringNew().call(() -> importIncident(folder, data, hash));
        } catch (RuntimeException e) {
            LOG.errorf(e, "Content folder %s (incident %s) not imported", folder, data.slug());
            return new Result(folder, data.slug(), Outcome.FAILED, e.getMessage());
        }
    }

    /** slug → content hash of the incidents with these slugs that were imported from files. */
    private Map<String, String> importedHashes(List<String> slugs) {
        return slugs.isEmpty() ? Map.of() : QuarkusTransaction.requiringNew().call(() -> incidents.importedHashes(slugs));
    }

    private Result importIncident(Path folder, IncidentData data, String hash) {
        waitForOtherImportsOf(data.slug());
        Incident existing = incidents.findBySlug(data.slug()).orElse(null);
        if (existing == null) {
            Incident created = articles.create(data, AUTHOR, "imported from " + folder.getFileName());
            markImported(created, hash);
            return new Result(folder, data.slug(), Outcome.CREATED, null);
        }
        if (hash.equals(existing.contentHash)) {
            return new Result(folder, data.slug(), Outcome.UNCHANGED, null);
        }
        if (existing.editedSinceImport()) {
            String detail = existing.importedVersion == null
                    ? "the incident was created in the app, not from content/"
                    : "the incident was edited in the app (version " + existing.version + ", imported version "
                            + existing.importedVersion + ")";
            LOG.warnf("Content folder %s changed but was NOT imported: %s. Export the app's version "
                    + "(java -jar quarkus-run.jar export) and merge the file change into it.", folder, detail);
            return new Result(folder, data.slug(), Outcome.KEPT_APP_EDIT, detail);
        }
        Incident updated = articles.update(data.slug(), data, existing.version, AUTHOR,
                "re-imported from " + folder.getFileName());
        markImported(updated, hash);
        return new Result(folder, data.slug(), Outcome.UPDATED, null);
    }

    /**
     * Instances starting together on one database import the same folders. Taking a lock per slug, held until
     * this transaction ends, makes the second import of a folder wait for the first and then read its row
     * (each statement sees what committed before it), so it finds the incident unchanged instead of failing
     * on the unique slug or on a stale version.
     */
    private void waitForOtherImportsOf(String slug) {
        incidents.lockSlug(IMPORT_LOCK_SPACE, slug);
    }

    private static void markImported(Incident incident, String hash) {
        incident.contentHash = hash;
        incident.importedVersion = incident.version;
    }

    static List<Path> incidentFolders(Path root) {
        try (Stream<Path> walk = Files.walk(root, 6, new FileVisitOption[0])) {
            return walk.filter(Files::isDirectory).filter(IncidentFolder::isIncidentFolder).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read content directory " + root, e);
        }
    }
}
