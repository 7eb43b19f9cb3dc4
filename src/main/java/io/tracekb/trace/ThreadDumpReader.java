package io.tracekb.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads jstack / jcmd thread dumps: "Full thread dump …" starts a dump; each {@code "name" #1 prio=5 … tid=… nid=…}
 * line starts a thread; its "java.lang.Thread.State:" and "at …" frames follow. Deadlock reports, SMR info and
 * "Locked ownable synchronizers" belong to the dump. Also reads jcmd's JSON dumps ({@code "threadDump"}).
 */
final class ThreadDumpReader {
    private final List<SourceLine> lines;

    ThreadDumpReader(List<SourceLine> lines) {
        this.lines = lines;
    }

    static boolean startsDump(String t) {
        return t.startsWith("Full thread dump") || JavaSyntax.isThreadHeader(t);
    }

    ReadResult read(int i) {
        String t0 = lines.get(i).text().strip();
        if (t0.contains("\"threadDump\"")) return readJson(i);
        if (!startsDump(t0)) return null;
        int n = lines.size();
        List<ThreadInfo> threads = new ArrayList<>();
        String name = null;
        String state = null;
        boolean daemon = false;
        boolean virtual = false;
        int threadLine = -1;
        List<StackFrame> frames = new ArrayList<>();
        int j = i;
        int last = i;
        while (j < n) {
            String raw = lines.get(j).text();
            String t = raw.strip();
            if (j > i && t.startsWith("Full thread dump")) break;
            if (JavaSyntax.isThreadHeader(t)) {
                if (name != null) threads.add(new ThreadInfo(name, state, daemon, virtual, frames, threadLine));
                int q = t.indexOf('"', 1);
                name = t.substring(1, q);
                String rest = t.substring(q + 1);
                daemon = rest.contains(" daemon");
                virtual = rest.contains(" virtual");
                state = null;
                frames = new ArrayList<>();
                threadLine = lines.get(j).orig();
            } else if (t.startsWith("java.lang.Thread.State:")) {
                state = t.substring(23).strip();
            } else if (JavaSyntax.isAtLine(t)) {
                StackFrame f = lines.get(j).atFrame() != null ? lines.get(j).atFrame() : JavaSyntax.parseAtFrame(t);
                if (f != null && name != null) frames.add(f);
            } else if (!t.isEmpty() && !Character.isWhitespace(raw.charAt(0)) && !knownDumpLine(t)
                    && j + 1 < n && JavaSyntax.isAtLine(lines.get(j + 1).text().strip())
                    && JavaSyntax.parseHeader(t, false) != null) {
                break; // an exception trace follows the dump
            }
            if (!t.isEmpty()) last = j;
            j++;
        }
        if (name != null) threads.add(new ThreadInfo(name, state, daemon, virtual, frames, threadLine));
        // a timestamp line printed just before the next "Full thread dump" belongs to that dump
        int end = last + 1;
        ParsedTrace trace = new ParsedTrace(TraceLanguage.JAVA, TraceKind.THREAD_DUMP, List.of(), threads, lines.get(i).orig(),
                lines.get(last).orig(), -1);
        return new ReadResult(trace, end);
    }

    private static boolean knownDumpLine(String t) {
        return t.startsWith("\"") || t.startsWith("JNI ") || t.startsWith("Found ") || t.startsWith("Java stack")
                || t.startsWith("=") || t.startsWith("Heap") || t.startsWith("Threads class SMR") || t.startsWith("_java")
                || t.startsWith("0x") || t.startsWith("}") || t.startsWith("Locked ownable");
    }

    /** jcmd Thread.dump_to_file -format=json: counts "name" entries of thread objects and reads their "stack". */
    private ReadResult readJson(int i) {
        int n = lines.size();
        int depth = 0;
        boolean opened = false;
        List<ThreadInfo> threads = new ArrayList<>();
        String name = null;
        int nameLine = -1;
        boolean inStack = false;
        List<StackFrame> frames = new ArrayList<>();
        int j = i;
        for (; j < n; j++) {
            String t = lines.get(j).text().strip();
            if (t.startsWith("\"name\"")) {
                if (name != null) threads.add(new ThreadInfo(name, null, false, false, frames, nameLine));
                name = jsonString(t.substring(6));
                nameLine = lines.get(j).orig();
                frames = new ArrayList<>();
            } else if (t.startsWith("\"stack\"")) {
                inStack = !t.endsWith("]") && !t.endsWith("],");
            } else if (inStack) {
                if (t.startsWith("]")) inStack = false;
                else {
                    String s = jsonString(t);
                    if (s != null) {
                        StackFrame f = JavaSyntax.parseFrameBody(s.replace("\\/", "/"), s, false);
                        if (f != null) frames.add(f);
                    }
                }
            }
            for (int c = 0; c < t.length(); c++) {
                char ch = t.charAt(c);
                if (ch == '{') {
                    depth++;
                    opened = true;
                } else if (ch == '}') depth--;
            }
            if (opened && depth <= 0) break;
        }
        if (name != null) threads.add(new ThreadInfo(name, null, false, false, frames, nameLine));
        int end = Math.min(j + 1, n);
        int start = i;
        // the opening "{" is usually on the line before "threadDump"
        if (i > 0 && lines.get(i - 1).text().strip().equals("{")) start = i - 1;
        ParsedTrace trace = new ParsedTrace(TraceLanguage.JAVA, TraceKind.THREAD_DUMP, List.of(), threads, lines.get(start).orig(),
                lines.get(end - 1).orig(), -1);
        return new ReadResult(trace, end);
    }

    /** The first JSON string value in s, unescaped minimally ("\/" and "\""). */
    private static String jsonString(String s) {
        int a = s.indexOf('"');
        if (a < 0) return null;
        int b = a + 1;
        StringBuilder out = new StringBuilder();
        while (b < s.length()) {
            char c = s.charAt(b);
            if (c == '\\' && b + 1 < s.length()) {
                out.append(s.charAt(b + 1));
                b += 2;
                continue;
            }
            if (c == '"') return out.toString();
            out.append(c);
            b++;
        }
        return null;
    }
}
