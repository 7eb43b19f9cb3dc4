package io.tracekb.build;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites the packaged application's jars with every entry stored instead of deflated (run by {@code mvn package},
 * before the training run records the class-data-sharing archive). Quarkus's class loader reads each class's bytes
 * from its jar at start, also for the classes the archive holds: inflating them was 0.4 s of a 5.5 s restart's main
 * thread (async-profiler, wall clock, 10k incidents). Stored entries are read without inflating; the jars grow from
 * about 150 to 250 MB. Entries keep their names, order, bytes and times, so signed jars stay valid.
 */
public final class StoredJars {

    private StoredJars() {
    }

    /** {@code StoredJars DIR}: stores every jar under DIR; a jar that cannot be rewritten is left as it was. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: StoredJars <directory of jars, e.g. target/quarkus-app>");
            System.exit(2);
        }
        List<Path> jars;
        try (Stream<Path> walk = Files.walk(Path.of(args[0]))) {
            jars = walk.filter(p -> p.toString().endsWith(".jar") && Files.isRegularFile(p)).sorted().toList();
        }
        int rewritten = 0;
        for (Path jar : jars) {
            try {
                if (store(jar)) {
                    rewritten++;
                }
            } catch (IOException | RuntimeException e) {
                // a jar left deflated still works; only its classes load a little slower
                System.err.println("StoredJars: left " + jar + " as it was: " + e);
            }
        }
        System.out.println("StoredJars: " + rewritten + " of " + jars.size() + " jars rewritten with stored entries");
    }

    /**
     * Rewrites {@code jar} with stored entries, through a temporary file that replaces it only when complete.
     *
     * @return false when every entry was stored already (nothing written)
     */
    static boolean store(Path jar) throws IOException {
        Path tmp = jar.resolveSibling(jar.getFileName() + ".storing");
        try (ZipFile in = new ZipFile(jar.toFile())) {
            if (in.stream().allMatch(e -> e.getMethod() == ZipEntry.STORED)) {
                return false;
            }
            try (OutputStream file = Files.newOutputStream(tmp);
                    ZipOutputStream out = new ZipOutputStream(new BufferedOutputStream(file, 1 << 16))) {
                out.setMethod(ZipOutputStream.STORED);
                for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements();) {
                    ZipEntry entry = entries.nextElement();
                    byte[] data;
                    try (InputStream is = in.getInputStream(entry)) {
                        data = is.readAllBytes();
                    }
                    out.putNextEntry(storedCopy(entry, data));
                    out.write(data);
                    out.closeEntry();
                }
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }

    private static ZipEntry storedCopy(ZipEntry entry, byte[] data) {
        ZipEntry stored = new ZipEntry(entry.getName());
        stored.setMethod(ZipEntry.STORED);
        stored.setSize(data.length);
        stored.setCompressedSize(data.length);
        CRC32 crc = new CRC32();
        crc.update(data);
        stored.setCrc(crc.getValue());
        stored.setTime(entry.getTime());
        if (entry.getComment() != null) {
            stored.setComment(entry.getComment());
        }
        return stored;
    }
}
