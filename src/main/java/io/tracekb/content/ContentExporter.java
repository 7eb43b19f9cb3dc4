package io.tracekb.content;

import io.tracekb.incident.IncidentRepository;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentData;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Writes every incident back into the content format, so what editors changed in the app can be committed.
 * An incident goes to the folder that already holds its slug, or to {@code <product>/<slug>}.
 */
@ApplicationScoped
public class ContentExporter {

    @Inject
    IncidentRepository incidents;

    private static final Logger LOG = Logger.getLogger(ContentExporter.class);

    @Inject
    ArticleService articles;

    @Transactional
    public int exportAll(Path root) {
        Map<String, Path> existingFolders = new HashMap<>();
        if (java.nio.file.Files.isDirectory(root)) {
            for (Path folder : ContentImporter.incidentFolders(root)) {
                try {
                    existingFolders.put(IncidentFolder.read(folder).slug(), folder);
                } catch (RuntimeException e) {
                    LOG.warnf("Skipping unreadable folder %s while exporting: %s", folder, e.getMessage());
                }
            }
        }
        List<Incident> all = incidents.listAll();
        // a folder belongs to one slug: an incident new to the files must never overwrite another one's folder
        java.util.Set<Path> taken = new java.util.HashSet<>(existingFolders.values());
        for (Incident incident : all) {
            IncidentData data = articles.find(incident.slug).orElseThrow();
            Path folder = existingFolders.get(data.slug());
            if (folder == null) {
                folder = freeFolder(root.resolve(data.product()), folderName(data), data.slug(), taken);
                taken.add(folder);
            }
            IncidentFolder.write(folder, data);
            // The files now say what the database says: a later import must see them as in sync.
            incident.contentHash = ContentHash.of(data);
            incident.importedVersion = incident.version;
        }
        return all.size();
    }

    /** {@code name} under {@code parent} if no other incident has it, else the full slug, else the slug numbered. */
    static Path freeFolder(Path parent, String name, String slug, java.util.Set<Path> taken) {
        for (String candidate : List.of(name, slug)) {
            if (!taken.contains(parent.resolve(candidate))) {
                return parent.resolve(candidate);
            }
        }
        for (int n = 2;; n++) {
            Path numbered = parent.resolve(slug + "-" + n);
            if (!taken.contains(numbered)) {
                return numbered;
            }
        }
    }

    private static String folderName(IncidentData data) {
        String prefix = data.product() + "-";
        return data.slug().startsWith(prefix) ? data.slug().substring(prefix.length()) : data.slug();
    }
}
