package io.tracekb.content;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * What an incident folder's files were last read as, by the hash of their bytes: its slug and its content hash.
 * Reading a folder (YAML, front matter, normalisation) cost about a millisecond each, ten seconds of every
 * start with 10,000 folders; hashing the bytes is a tenth of that. The cache is only a shortcut to the content
 * hash, never to a decision: the import still compares that hash with the database's. Kept in the data
 * directory, one line per folder; a missing, damaged or older-format file only means every folder is read.
 */
final class FolderHashCache {

    private static final Logger LOG = Logger.getLogger(FolderHashCache.class);
    /**
     * First line of the file. Bump it, or change the application version, when reading or hashing an incident
     * changes: cached content hashes would then be stale.
     */
    static final String FORMAT = "tracekb-folder-hashes 1";

    record Entry(String slug, String contentHash) {
    }

    private final Path file;
    private final String header;
    private final Map<String, Entry> entries;

    private FolderHashCache(Path file, String header, Map<String, Entry> entries) {
        this.file = file;
        this.header = header;
        this.entries = entries;
    }

    /** The cache in {@code file}, valid only for the same {@code appVersion}; empty when it cannot be used. */
    static FolderHashCache load(Path file, String appVersion) {
        String header = FORMAT + " " + appVersion;
        Map<String, Entry> entries = new HashMap<>();
        if (Files.isRegularFile(file)) {
            try {
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                if (!lines.isEmpty() && lines.get(0).equals(header)) {
                    for (String line : lines.subList(1, lines.size())) {
                        String[] parts = line.split("\t");
                        if (parts.length == 3) {
                            entries.put(parts[0], new Entry(parts[1], parts[2]));
                        }
                    }
                }
            } catch (IOException e) { // unreadable, or not UTF-8
                LOG.debugf(e, "Folder hash cache %s unreadable; every folder is read", file);
                entries.clear();
            }
        }
        return new FolderHashCache(file, header, entries);
    }

    Entry get(String filesHash) {
        return entries.get(filesHash);
    }

    /**
     * Replaces the file with these entries (the folders read in this import): written beside it and moved over
     * it, so a crash leaves the old file or the new one. A failure to write costs the next start time, not data.
     */
    void save(Map<String, Entry> current) {
        StringBuilder out = new StringBuilder(header).append('\n');
        current.forEach((hash, e) -> out.append(hash).append('\t').append(e.slug()).append('\t')
                .append(e.contentHash()).append('\n'));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName().toString(), ".tmp");
            Files.writeString(tmp, out, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            LOG.warnf("Could not write %s (%s): the next start reads every content folder again", file, e.getMessage());
        }
    }

    /** SHA-256 over every file under {@code folder}: its path relative to the folder, then its bytes. */
    static String filesHash(Path folder) {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                digest.update(folder.relativize(f).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                // streamed: a stray large file in a folder must not be loaded whole
                try (InputStream in = new DigestInputStream(Files.newInputStream(f), digest)) {
                    in.transferTo(OutputStream.nullOutputStream());
                }
                digest.update((byte) 0);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read content folder " + folder, e);
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
