package io.tracekb.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads JVM stack traces (Java, Scala, Kotlin) from repaired lines: headers (also after a log message, in Flink's
 * "Name{cause}" form, after py4j's ": "), multi-line messages, "Caused by:", "Suppressed:" nested by indentation,
 * "... N more" / "... N common frames omitted" (frames restored from the enclosing trace as the JVM elided them),
 * "[CIRCULAR REFERENCE: …]", frames cut off mid-line, and frame lists with no header (Flink's "is stuck in method:").
 */
final class JavaTraceReader {
    enum LineKind { BLANK, AT_FRAME, AT_PARTIAL, BARE_FRAME, CAUSED, SUPPRESSED, MORE, CIRCULAR, LOCK, OTHER }

    static final int MAX_MESSAGE_LINES = 60;
    static final int MAX_SUPPRESSED_DEPTH = 32;
    /** Frames restored from "... N more" per trace; beyond this (never seen in real traces) nothing more is copied. */
    private static final int MAX_RESTORED_FRAMES = 200_000;

    final List<SourceLine> lines;
    final LineKind[] kinds;
    final StackFrame[] frames;

    JavaTraceReader(List<SourceLine> lines) {
        this.lines = lines;
        this.kinds = new LineKind[lines.size()];
        this.frames = new StackFrame[lines.size()];
        for (int i = 0; i < kinds.length; i++) classify(i);
    }

    LineKind kind(int i) {
        return i < kinds.length ? kinds[i] : LineKind.BLANK;
    }

    /**
     * A monitor line of a thread dump or trace ("- locked &lt;0x…&gt; (a x.Y)", "- waiting on …", "- parking to wait
     * for …"). Other "- " lines, such as Spark's "Serialization stack:" entries, belong to a message.
     */
    static boolean isLockLine(String t) {
        return t.startsWith("- ") && (t.indexOf("<0x") > 0 || t.startsWith("- locked") || t.startsWith("- waiting")
                || t.startsWith("- parking") || t.startsWith("- eliminated") || t.startsWith("- None"));
    }

    private void classify(int i) {
        String t = lines.get(i).text().strip();
        LineKind k;
        if (t.isEmpty()) k = LineKind.BLANK;
        else if (t.startsWith("Caused by:")) k = t.startsWith("[CIRCULAR REFERENCE", 10) || t.startsWith(" [CIRCULAR REFERENCE", 10)
                ? LineKind.CIRCULAR : LineKind.CAUSED;
        else if (t.startsWith("Suppressed:")) k = LineKind.SUPPRESSED;
        else if (t.startsWith("[CIRCULAR REFERENCE")) k = LineKind.CIRCULAR;
        else if (JavaSyntax.isAtLine(t)) {
            StackFrame f = lines.get(i).atFrame() != null ? lines.get(i).atFrame() : JavaSyntax.parseAtFrame(t);
            frames[i] = f;
            k = f != null ? LineKind.AT_FRAME : LineKind.AT_PARTIAL;
        } else if (t.startsWith("...") && JavaSyntax.parseMore(t) >= 0) k = LineKind.MORE;
        else if (isLockLine(t)) k = LineKind.LOCK;
        else {
            StackFrame f = JavaSyntax.parseBareFrame(t);
            frames[i] = f;
            k = f != null ? LineKind.BARE_FRAME : LineKind.OTHER;
        }
        kinds[i] = k;
    }

    /**
     * Tries to read a trace starting at line i; null if none starts there.
     *
     * @param floor first line not used by an earlier trace: frames with no header may take the paragraph above
     *              them (down to floor) as their message, e.g. Mockito's prose-only "Argument(s) are different!"
     */
    ReadResult read(int i, int floor) {
        switch (kinds[i]) {
            case OTHER:
                return readFromHeaderLine(i);
            case AT_FRAME:
            case AT_PARTIAL: {
                int p = i;
                while (p - 1 >= floor && i - p < MAX_MESSAGE_LINES && kinds[p - 1] == LineKind.OTHER) p--;
                if (p < i) {
                    StringBuilder b = new StringBuilder();
                    for (int m = p; m < i; m++) b.append(m > p ? "\n" : "").append(lines.get(m).text());
                    ExceptionDraft e = new ExceptionDraft(null, b.toString(), p);
                    return readBody(i, e, p, null);
                }
                return readBody(i, null, i, null);
            }
            case CAUSED:
            case SUPPRESSED: // a paste that starts inside a trace, at a cause or a suppressed exception
            case MORE:
                return readBody(i, null, i, null);
            case BARE_FRAME:
                return kind(i + 1) == LineKind.BARE_FRAME ? readBareList(i, i, null) : null;
            default:
                return null;
        }
    }

    private ReadResult readFromHeaderLine(int i) {
        String text = lines.get(i).text();
        JavaSyntax.Header h = JavaSyntax.parseHeader(text, true);
        if (h == null) {
            String t = text.strip();
            if (t.endsWith(":") && kind(i + 1) == LineKind.BARE_FRAME && kind(i + 2) == LineKind.BARE_FRAME) {
                return readBareList(i + 1, i, t);
            }
            return null;
        }
        int n = lines.size();
        int j = i + 1;
        int prose = 0;
        int blanks = 0;
        StringBuilder more = null;
        while (j < n && j - i <= MAX_MESSAGE_LINES) {
            LineKind k = kinds[j];
            if (k == LineKind.BLANK) {
                // messages may hold empty lines (assertion diffs); only a strong header reads across two of them
                if (++blanks >= 2 && h.strength() != JavaSyntax.Strength.STRONG) break;
            } else if (k == LineKind.OTHER) {
                blanks = 0;
                prose++;
                if (h.braceForm() && (prose > 3 || isStrongHeader(j))) break;
            } else {
                break;
            }
            j++;
        }
        LineKind k = kind(j);
        boolean body = j < n && (k == LineKind.AT_FRAME || k == LineKind.AT_PARTIAL || k == LineKind.CAUSED || k == LineKind.MORE
                || k == LineKind.SUPPRESSED);
        if (body && j > i + 1 && (h.strength() == JavaSyntax.Strength.WEAK || (h.message() == null && !h.braceForm()
                && text.indexOf(':') < 0))) {
            // "x.Y" with no message is followed by its frames at once, unless a chat client wrapped the line
            int last = j - 1;
            while (last > i && kinds[last] == LineKind.BLANK) last--;
            if (!hardWrapped(i, last)) body = false;
        }
        if (!body) {
            if (h.strength() != JavaSyntax.Strength.STRONG) return null;
            ExceptionDraft e = new ExceptionDraft(h.type(), h.message(), i);
            return finish(List.of(e), h, i, i + 1, TraceLanguage.JAVA);
        }
        String message = h.message();
        String type = h.type();
        if (!h.braceForm() && j > i + 1) {
            int last = j - 1;
            while (last > i && kinds[last] == LineKind.BLANK) last--;
            if (hardWrapped(i, last)) {
                JavaSyntax.Header joined = JavaSyntax.parseHeader(concat(i, last), true);
                if (joined != null) {
                    type = joined.type();
                    message = joined.message();
                }
            } else {
                more = new StringBuilder(message == null ? "" : message);
                for (int m = i + 1; m <= last; m++) more.append('\n').append(lines.get(m).text());
                message = more.toString();
            }
        }
        return readBody(j, new ExceptionDraft(type, message, i), i, h);
    }

    /**
     * Lines [from, to] were cut at one fixed column by a chat client: all but the last have the same length (at least
     * 40). Then they are one line and are joined without a separator.
     */
    boolean hardWrapped(int from, int to) {
        if (to <= from) return false;
        int len = lines.get(from).text().length();
        if (len < 40) return false;
        for (int m = from + 1; m < to; m++) if (lines.get(m).text().length() != len) return false;
        return lines.get(to).text().length() <= len && kinds[to] != LineKind.BLANK;
    }

    private String concat(int from, int to) {
        StringBuilder b = new StringBuilder();
        for (int m = from; m <= to; m++) b.append(lines.get(m).text());
        return b.toString();
    }

    private boolean isStrongHeader(int j) {
        JavaSyntax.Header h = JavaSyntax.parseHeader(lines.get(j).text(), true);
        return h != null && h.strength() == JavaSyntax.Strength.STRONG;
    }

    /** Frames printed without "at" (Flink's "is stuck in method:", IntelliJ frame lists). */
    private ReadResult readBareList(int from, int first, String context) {
        ExceptionDraft e = new ExceptionDraft(null, context, context == null ? -1 : first);
        int j = from;
        while (j < lines.size() && (kinds[j] == LineKind.BARE_FRAME || kinds[j] == LineKind.LOCK)) {
            if (frames[j] != null) e.frames.add(frames[j]);
            j++;
        }
        return finish(List.of(e), null, first, j, TraceLanguage.JAVA);
    }

    /** Reads frames, causes and suppressed blocks from line j; {@code head} is the header's exception or null. */
    private ReadResult readBody(int j, ExceptionDraft head, int first, JavaSyntax.Header header) {
        TraceBodyReader body = new TraceBodyReader(this, head, first);
        body.readFrom(j);
        return finish(body.main.list, header, first, body.lastUsed + 1, TraceLanguage.JAVA);
    }

    /** A "Caused by:" / "Suppressed:" header hard-wrapped over several lines, re-read from the joined text. */
    ExceptionDraft rejoinCause(ExceptionDraft e, int to) {
        String joined = concat(e.line, to).strip();
        int colon = joined.indexOf(':');
        if (colon < 0) return null;
        return headerDraft(joined.substring(colon + 1).strip(), e.line);
    }

    static void replace(List<ExceptionDraft> list, ExceptionDraft old, ExceptionDraft with) {
        int idx = list.lastIndexOf(old);
        if (idx >= 0) list.set(idx, with);
    }

    static ExceptionDraft headerDraft(String text, int line) {
        JavaSyntax.Header h = JavaSyntax.parseHeader(text, false);
        if (h != null) return new ExceptionDraft(h.type(), h.message(), line);
        int colon = text.indexOf(": ");
        if (colon > 0) return new ExceptionDraft(text.substring(0, colon).strip(), text.substring(colon + 2).strip(), line);
        return new ExceptionDraft(text.isEmpty() ? null : text, null, line);
    }

    // ------------------------------------------------------------ build the model

    private ReadResult finish(List<ExceptionDraft> chainList, JavaSyntax.Header header, int first, int end, TraceLanguage language) {
        List<ExceptionDraft> chain = new ArrayList<>(chainList);
        // Flink's "Name{x.Y: msg}": the inner toString is the cause when no explicit "Caused by" follows
        if (header != null && header.braceForm() && header.inner() != null && chain.size() == 1) {
            chain.add(new ExceptionDraft(header.inner().type(), header.inner().message(), first));
        }
        addCausesNamedInMessage(chain);
        List<ExceptionDraft> all = new ArrayList<>();
        restore(chain, null, all, new int[]{MAX_RESTORED_FRAMES});
        java.util.Map<String, ExceptionDraft> byTypeAndMessage = new java.util.HashMap<>();
        java.util.Map<String, ExceptionDraft> byType = new java.util.HashMap<>();
        for (ExceptionDraft e : all) {
            if (e.circular || e.type == null) continue;
            byTypeAndMessage.putIfAbsent(e.type + "\u0000" + e.message, e);
            byType.putIfAbsent(e.type, e);
        }
        for (ExceptionDraft e : all) {
            if (!e.circular) continue;
            ExceptionDraft target = byTypeAndMessage.get(e.type + "\u0000" + e.message);
            if (target == null && e.type != null) target = byType.get(e.type);
            e.restored = target == null ? List.of() : target.restored;
        }
        List<ParsedException> out = new ArrayList<>(chain.size());
        for (ExceptionDraft e : chain) out.add(build(e));
        boolean frameList = out.size() == 1 && out.get(0).type() == null;
        int lastLine = lines.get(Math.max(first, Math.min(end - 1, lines.size() - 1))).orig();
        ParsedTrace t = new ParsedTrace(language, frameList ? TraceKind.FRAME_LIST : TraceKind.EXCEPTION, out, List.of(),
                lines.get(first).orig(), lastLine, -1);
        return new ReadResult(t, Math.max(end, first + 1));
    }

    /** Causes read from a root cause's message: at most this many, so a hostile message cannot grow the chain. */
    static final int MAX_CAUSES_FROM_MESSAGE = 3;

    /**
     * When no "Caused by:" follows, a root cause whose message carries another exception's toString names its
     * cause: "ExecutionException: x.y.UnknownTopicOrPartitionException: …", Spark's "Job aborted due to stage
     * failure: … Lost task 0.3 …: x.y.OffsetOutOfRangeException: …", Spring's "…; nested exception is
     * x.y.TimeoutException: …". The cause is read from the message (a qualified exception-like type followed by
     * ':' or the end), has no frames of its own, and becomes the root cause.
     */
    private static void addCausesNamedInMessage(List<ExceptionDraft> chain) {
        for (int added = 0; added < MAX_CAUSES_FROM_MESSAGE && !chain.isEmpty(); added++) {
            ExceptionDraft root = chain.get(chain.size() - 1);
            if (root.type == null || root.message == null || root.circular) return;
            JavaSyntax.Header inner = JavaSyntax.parseHeader(root.message, true);
            if (inner == null || inner.strength() != JavaSyntax.Strength.STRONG || inner.type().equals(root.type)
                    || inner.type().indexOf('.') < 0) {
                return;
            }
            chain.add(new ExceptionDraft(inner.type(), inner.message(), root.line));
        }
    }

    /** Restores "... N more" frames from the enclosing exception, depth first, as the JVM printed them. */
    private static void restore(List<ExceptionDraft> chain, ExceptionDraft enclosing, List<ExceptionDraft> all, int[] budget) {
        ExceptionDraft prev = enclosing;
        for (ExceptionDraft e : chain) {
            all.add(e);
            List<StackFrame> fs = new ArrayList<>(e.frames);
            if (!e.circular && e.omitted > 0 && prev != null && prev.restored != null) {
                List<StackFrame> p = prev.restored;
                int take = Math.min(Math.min(e.omitted, p.size()), budget[0]);
                budget[0] -= take;
                fs.addAll(p.subList(p.size() - take, p.size()));
                e.restoredCount = take;
            }
            e.restored = fs;
            for (DraftChain c : e.suppressed) restore(c.list, e, all, budget);
            prev = e;
        }
    }

    private ParsedException build(ExceptionDraft e) {
        List<ExceptionChain> sup = new ArrayList<>(e.suppressed.size());
        for (DraftChain c : e.suppressed) {
            List<ParsedException> l = new ArrayList<>(c.list.size());
            for (ExceptionDraft x : c.list) l.add(build(x));
            sup.add(new ExceptionChain(l));
        }
        List<StackFrame> fs = e.restored == null ? e.frames : e.restored;
        return new ParsedException(e.type, e.message, fs, e.omitted, e.circular ? fs.size() : e.restoredCount, sup,
                e.circular, e.truncated, e.line >= 0 && e.line < lines.size() ? lines.get(e.line).orig() : -1);
    }
}
