package io.tracekb.signature;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A table shipped as a class-path resource: UTF-8, one row per line, tab-separated, '#' comments and blank lines skipped. */
public final class TsvTable {

    private TsvTable() {
    }

    /** The rows of {@code resource}, each with exactly {@code columns} cells (else the build's data is broken). */
    public static List<String[]> rows(String resource, int columns) {
        List<String[]> out = new ArrayList<>();
        try (InputStream in = TsvTable.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f.length != columns) {
                    throw new IllegalStateException(resource + ": not " + columns + " tab-separated cells: " + line);
                }
                out.add(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
