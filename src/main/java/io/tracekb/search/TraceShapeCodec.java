package io.tracekb.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * The stored form of an incident's trace shapes: a compact binary layout with a string table, so that a
 * frame key repeated across frames, outer frames and sample traces is stored and decoded once. Reading 50
 * candidates' shapes per query was a tenth of a match when they were JSON.
 *
 * <p>Layout (Lucene vInts and strings): format byte, the string table, then per shape its lists as indexes
 * into the table, booleans as bytes, the versions map as key/value pairs. Null strings are index 0.
 */
final class TraceShapeCodec {

    private static final byte FORMAT = 2;

    private TraceShapeCodec() {
    }

    static BytesRef encode(List<TraceShape> shapes) {
        Map<String, Integer> table = new LinkedHashMap<>();
        table.put(null, 0);
        for (TraceShape s : shapes) {
            s.exceptions().forEach(x -> table.putIfAbsent(x, table.size()));
            table.putIfAbsent(s.root(), table.size());
            table.putIfAbsent(s.template(), table.size());
            s.frames().forEach(x -> table.putIfAbsent(x, table.size()));
            s.outerFrames().forEach(x -> table.putIfAbsent(x, table.size()));
            table.putIfAbsent(s.fingerprint(), table.size());
            versionsOf(s).forEach((k, v) -> {
                table.putIfAbsent(k, table.size());
                table.putIfAbsent(v, table.size());
            });
            if (s.templates() != null) {
                s.templates().forEach(x -> table.putIfAbsent(x, table.size()));
            }
            literalsOf(s).forEach(x -> table.putIfAbsent(x, table.size()));
        }
        ByteBuffersDataOutput out = new ByteBuffersDataOutput();
        try {
            out.writeByte(FORMAT);
            out.writeVInt(table.size() - 1);
            for (String s : table.keySet()) {
                if (s != null) {
                    out.writeString(s);
                }
            }
            out.writeVInt(shapes.size());
            for (TraceShape s : shapes) {
                writeStrings(out, s.exceptions(), table);
                writeFlags(out, s.wrappers());
                out.writeVInt(table.get(s.root()));
                out.writeVInt(table.get(s.template()));
                writeStrings(out, s.frames(), table);
                writeFlags(out, s.ubiquitous());
                writeStrings(out, s.outerFrames(), table);
                writeFlags(out, s.outerUbiquitous());
                out.writeVInt(table.get(s.fingerprint()));
                out.writeVInt(versionsOf(s).size());
                for (Map.Entry<String, String> e : versionsOf(s).entrySet()) {
                    out.writeVInt(table.get(e.getKey()));
                    out.writeVInt(table.get(e.getValue()));
                }
                writeStrings(out, s.templates() == null ? List.of() : s.templates(), table);
                writeStrings(out, literalsOf(s), table);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // in-memory output: not expected
        }
        return new BytesRef(out.toArrayCopy());
    }

    static List<TraceShape> decode(BytesRef bytes) {
        ByteArrayDataInput in = new ByteArrayDataInput(bytes.bytes, bytes.offset, bytes.length);
        byte format = in.readByte();
        if (format != FORMAT) {
            throw new IllegalStateException("Stored trace shapes have format " + format + "; rebuild the index");
        }
        String[] table = new String[in.readVInt() + 1];
        try {
            for (int i = 1; i < table.length; i++) {
                table[i] = in.readString();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an in-memory input: not expected
        }
        int count = in.readVInt();
        List<TraceShape> shapes = new ArrayList<>(count);
        for (int n = 0; n < count; n++) {
            List<String> exceptions = readStrings(in, table);
            List<Boolean> wrappers = readFlags(in);
            String root = table[in.readVInt()];
            String template = table[in.readVInt()];
            List<String> frames = readStrings(in, table);
            List<Boolean> ubiquitous = readFlags(in);
            List<String> outer = readStrings(in, table);
            List<Boolean> outerUbiquitous = readFlags(in);
            String fingerprint = table[in.readVInt()];
            int versionCount = in.readVInt();
            Map<String, String> versions = versionCount == 0 ? Map.of() : new HashMap<>();
            for (int i = 0; i < versionCount; i++) {
                versions.put(table[in.readVInt()], table[in.readVInt()]);
            }
            List<String> templates = readStrings(in, table);
            List<String> literals = readStrings(in, table);
            shapes.add(new TraceShape(exceptions, wrappers, root, template, frames, ubiquitous, outer, outerUbiquitous,
                    fingerprint, versions, templates, literals));
        }
        return shapes;
    }

    private static List<String> literalsOf(TraceShape s) {
        return s.literals() == null ? List.of() : s.literals();
    }

    private static Map<String, String> versionsOf(TraceShape s) {
        return s.versions() == null ? Map.of() : s.versions();
    }

    private static void writeStrings(ByteBuffersDataOutput out, List<String> strings, Map<String, Integer> table)
            throws IOException {
        out.writeVInt(strings.size());
        for (String s : strings) {
            out.writeVInt(table.get(s));
        }
    }

    private static void writeFlags(ByteBuffersDataOutput out, List<Boolean> flags) throws IOException {
        out.writeVInt(flags.size());
        for (Boolean f : flags) {
            out.writeByte((byte) (Boolean.TRUE.equals(f) ? 1 : 0));
        }
    }

    private static List<String> readStrings(ByteArrayDataInput in, String[] table) {
        int size = in.readVInt();
        List<String> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(table[in.readVInt()]);
        }
        return out;
    }

    private static List<Boolean> readFlags(ByteArrayDataInput in) {
        int size = in.readVInt();
        List<Boolean> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(in.readByte() == 1);
        }
        return out;
    }
}
