package io.tracekb.trace;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The state of reading one trace's body: the chains still open (innermost first), the exception that lines go
 * to, and the last line that belonged to the trace. One method per kind of line; each returns the next line to
 * read, or {@link #END} when the trace has ended.
 */
final class TraceBodyReader {
    static final int END = Integer.MAX_VALUE;

    private final JavaTraceReader reader;
    private final List<SourceLine> lines;
    private final JavaTraceReader.LineKind[] kinds;
    private final StackFrame[] frames;
    final DraftChain main = new DraftChain(-1);
    final Deque<DraftChain> open = new ArrayDeque<>();
    final ExceptionDraft head;
    ExceptionDraft current;
    int lastUsed;
    /** The last frame read was cut off before its ")": the exception it belongs to is truncated. */
    boolean endedInPartialFrame;

    TraceBodyReader(JavaTraceReader reader, ExceptionDraft head, int first) {
        this.reader = reader;
        this.lines = reader.lines;
        this.kinds = reader.kinds;
        this.frames = reader.frames;
        this.head = head;
        this.current = head;
        this.lastUsed = first;
        open.push(main);
        if (head != null) main.list.add(head);
    }

    void readFrom(int from) {
        int n = lines.size();
        int k = from;
        while (k < n) {
            JavaTraceReader.LineKind kind = kinds[k];
            if (kind == JavaTraceReader.LineKind.AT_FRAME && current != null) { // the common case, without copying the line
                k = frame(k);
                continue;
            }
            String line = lines.get(k).text().strip();
            if (current == null && main.list.isEmpty() && kind == JavaTraceReader.LineKind.SUPPRESSED) {
                // the paste starts at a "Suppressed:" block whose owner was not pasted: read it as the header
                current = JavaTraceReader.headerDraft(line.substring(11).strip(), k);
                main.list.add(current);
                k = used(k);
                continue;
            }
            if (current == null && kind != JavaTraceReader.LineKind.CAUSED && kind != JavaTraceReader.LineKind.CIRCULAR) {
                current = new ExceptionDraft(null, null, -1);
                main.list.add(current);
            }
            k = switch (kind) {
                case AT_FRAME -> frame(k);
                case AT_PARTIAL -> partialFrame(k, line);
                case MORE -> moreFrames(k, line);
                case LOCK -> used(k);
                case CAUSED -> cause(k, line);
                case SUPPRESSED -> suppressed(k, line);
                case CIRCULAR -> circularReference(k, line);
                case BLANK -> blank(k);
                case OTHER -> messageLine(k);
                default -> END;
            };
        }
        if (endedInPartialFrame && current != null) current.truncated = true;
    }

    private int used(int k) {
        lastUsed = k;
        return k + 1;
    }

    private int frame(int k) {
        current.frames.add(frames[k]);
        endedInPartialFrame = false;
        return used(k);
    }

    private int partialFrame(int k, String line) {
        current.frames.add(JavaSyntax.partialFrame(line));
        endedInPartialFrame = line.indexOf(')') < 0;
        return used(k);
    }

    private int moreFrames(int k, String line) {
        current.omitted = JavaSyntax.parseMore(line);
        endedInPartialFrame = false;
        return used(k);
    }

    private int cause(int k, String line) {
        int indent = JavaSyntax.indent(lines.get(k).text());
        ExceptionDraft e = JavaTraceReader.headerDraft(line.substring(10).strip(), k);
        while (open.size() > 1 && indent < open.peek().indent) open.pop();
        open.peek().list.add(e);
        current = e;
        endedInPartialFrame = false;
        return used(k);
    }

    private int suppressed(int k, String line) {
        int indent = JavaSyntax.indent(lines.get(k).text());
        while (open.size() > 1 && indent <= open.peek().indent) open.pop();
        if (open.size() > JavaTraceReader.MAX_SUPPRESSED_DEPTH) open.pop(); // hostile nesting: keep the model shallow
        List<ExceptionDraft> owners = open.peek().list;
        if (owners.isEmpty()) {
            owners.add(current = new ExceptionDraft(null, null, -1));
        }
        ExceptionDraft owner = owners.get(owners.size() - 1);
        DraftChain c = new DraftChain(indent);
        owner.suppressed.add(c);
        open.push(c);
        ExceptionDraft e = JavaTraceReader.headerDraft(line.substring(11).strip(), k);
        c.list.add(e);
        current = e;
        endedInPartialFrame = false;
        return used(k);
    }

    private int circularReference(int k, String line) {
        int indent = JavaSyntax.indent(lines.get(k).text());
        boolean caption = line.startsWith("Caused by:");
        String body = caption ? line.substring(10).strip() : line;
        int colon = body.indexOf(':');
        int close = body.lastIndexOf(']');
        String inner = colon >= 0 ? body.substring(colon + 1, close > colon ? close : body.length()).strip() : "";
        ExceptionDraft e = JavaTraceReader.headerDraft(inner, k);
        e.circular = true;
        if (caption) {
            while (open.size() > 1 && indent < open.peek().indent) open.pop();
        } else {
            // Java 8 prints "\t[CIRCULAR REFERENCE:…]" whatever the nesting: it closes the main chain
            while (open.size() > 1) open.pop();
        }
        open.peek().list.add(e);
        current = e;
        endedInPartialFrame = false;
        return used(k);
    }

    /** One or two blank lines inside a trace are skipped when the trace goes on after them; else it ends. */
    private int blank(int k) {
        int n = lines.size();
        int m = k + 1;
        while (m < n && m - k <= 2 && kinds[m] == JavaTraceReader.LineKind.BLANK) m++;
        JavaTraceReader.LineKind next = reader.kind(m);
        boolean goesOn = next == JavaTraceReader.LineKind.AT_FRAME || next == JavaTraceReader.LineKind.AT_PARTIAL || next == JavaTraceReader.LineKind.CAUSED
                || next == JavaTraceReader.LineKind.SUPPRESSED || next == JavaTraceReader.LineKind.MORE || next == JavaTraceReader.LineKind.CIRCULAR;
        return m - k <= 2 && goesOn ? m : END;
    }

    /** A multi-line message of a "Caused by:" header: absorbed while frames follow; else the trace ends. */
    private int messageLine(int k) {
        if (!current.frames.isEmpty() || current.omitted != 0 || current.line < 0 || current == head) return END;
        int n = lines.size();
        int m = k;
        while (m < n && m - k < JavaTraceReader.MAX_MESSAGE_LINES && (kinds[m] == JavaTraceReader.LineKind.OTHER || kinds[m] == JavaTraceReader.LineKind.BLANK)) m++;
        JavaTraceReader.LineKind next = reader.kind(m);
        if (m >= n || !(next == JavaTraceReader.LineKind.AT_FRAME || next == JavaTraceReader.LineKind.AT_PARTIAL || next == JavaTraceReader.LineKind.MORE)) return END;
        int lastMessageLine = m - 1;
        while (lastMessageLine > k && kinds[lastMessageLine] == JavaTraceReader.LineKind.BLANK) lastMessageLine--;
        ExceptionDraft rejoined = reader.hardWrapped(current.line, lastMessageLine) ? reader.rejoinCause(current, lastMessageLine) : null;
        if (rejoined != null) {
            JavaTraceReader.replace(open.peek().list, current, rejoined);
            current = rejoined;
        } else {
            StringBuilder b = new StringBuilder(current.message == null ? "" : current.message);
            for (int q = k; q < m; q++) b.append('\n').append(lines.get(q).text());
            current.message = b.toString().stripTrailing();
        }
        lastUsed = m - 1;
        return m;
    }
}
