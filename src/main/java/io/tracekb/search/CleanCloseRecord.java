package io.tracekb.search;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.lucene.index.SegmentInfos;

/**
 * What the index's files were when it was last closed cleanly: its last commit's generation and each file's size
 * and modification time. An index found exactly so at the next start is reused without reading every file's
 * checksum (80 MB at 10k incidents, ten times that at 100k); after a crash (the record is removed once the index is
 * open), or when any file was touched since, the whole check runs. Lucene itself verifies whole-file checksums
 * when merging, not when opening.
 */
final class CleanCloseRecord {

    /** In the index directory, so that it goes with the index; Lucene leaves files not named like its own alone. */
    static final String FILE = "tracekb-clean-close";

    private CleanCloseRecord() {
    }

    static void write(Path indexDir, SegmentInfos commit) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("generation\t" + commit.getGeneration());
        for (Map.Entry<String, String> f : describe(indexDir, commit).entrySet()) {
            lines.add(f.getKey() + "\t" + f.getValue());
        }
        Path tmp = indexDir.resolve(FILE + ".tmp");
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        Files.move(tmp, indexDir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** True when the index was closed cleanly at this commit and none of its files changed since. */
    static boolean matches(Path indexDir, SegmentInfos commit) {
        try {
            List<String> lines = Files.readAllLines(indexDir.resolve(FILE), StandardCharsets.UTF_8);
            if (lines.isEmpty() || !lines.get(0).equals("generation\t" + commit.getGeneration())) {
                return false;
            }
            Map<String, String> recorded = new TreeMap<>();
            for (String line : lines.subList(1, lines.size())) {
                int tab = line.indexOf('\t');
                if (tab <= 0) {
                    return false;
                }
                recorded.put(line.substring(0, tab), line.substring(tab + 1));
            }
            return recorded.equals(describe(indexDir, commit));
        } catch (IOException | RuntimeException e) {
            return false; // no record (a crash, a first start), or one that cannot be read: check everything
        }
    }

    static void delete(Path indexDir) throws IOException {
        try {
            Files.delete(indexDir.resolve(FILE));
        } catch (NoSuchFileException e) {
            // nothing recorded
        }
    }

    /** file name -> "size\tmodified" for every file of the commit. */
    private static Map<String, String> describe(Path indexDir, SegmentInfos commit) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (String name : new TreeSet<>(commit.files(true))) {
            Path f = indexDir.resolve(name);
            files.put(name, Files.size(f) + "\t" + Files.getLastModifiedTime(f).to(TimeUnit.NANOSECONDS));
        }
        return files;
    }
}
