package io.tracekb.search;

import io.tracekb.signature.MaskedSpan;
import io.tracekb.signature.MessageTemplate;
import io.tracekb.signature.MessageTemplater;
import io.tracekb.signature.Signature;
import io.tracekb.signature.SignatureFrame;
import io.tracekb.signature.SystemMessages;
import io.tracekb.trace.LogPrefixes;
import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the structural rerank needs of one trace, stored with each indexed incident so that reranking reads
 * no database: the cause chain (with wrapper flags), the root cause and its message template, the frame keys
 * of the root cause and of the outermost exception (top first), the fingerprint and component versions, and the
 * names the root message quotes (its literals).
 *
 * <p>A chain longer than {@value #MAX_CHAIN} keeps its {@value #OUTER_KEPT} outermost and its innermost
 * exceptions: every comparison walks the chain once per candidate sample, and a hostile paste of thousands of
 * causes must cost what a real one does. Real chains have a handful of causes; the root is at the inner end.
 */
public record TraceShape(
        List<String> exceptions,
        List<Boolean> wrappers,
        String root,
        String template,
        List<String> frames,
        List<Boolean> ubiquitous,
        List<String> outerFrames,
        List<Boolean> outerUbiquitous,
        String fingerprint,
        Map<String, String> versions,
        List<String> templates,
        List<String> literals) {

    /**
     * The shape of a paste's primary trace; {@code templates} holds the message template of every exception of
     * the chain (outermost first), so that a paste cut off before its root cause can still be compared with a
     * sample's outer exceptions.
     */
    public static TraceShape of(PasteAnalysis paste) {
        Signature s = paste.primary();
        ParsedTrace trace = paste.parse().primaryTrace();
        List<String> templates = new ArrayList<>();
        if (trace != null) {
            List<ParsedException> chain = trace.exceptions();
            for (int i = 0; i < chain.size(); i++) {
                if (!kept(i, chain.size())) {
                    templates.add(""); // dropped by of(Signature, …): not worth templating
                    continue;
                }
                ParsedException e = chain.get(i);
                if (i == s.rootCauseIndex() && s.rootCauseTemplate() != null) {
                    templates.add(s.rootCauseTemplate()); // the signature templated the root's message already
                } else {
                    templates.add(e.message() == null ? ""
                            : nullToEmpty(MessageTemplater.template(e.message().replace('\n', ' ')).template()));
                }
            }
        }
        return of(s, templates);
    }

    /**
     * The shape of a sample that holds no trace, only a logged message ("SqlServer database test do not enable
     * cdc."; a WARN line): no exception, no frames, the message's template as the template. Without it a pasted
     * trace whose message is the same could never be compared with such a sample, nor even find its incident
     * (stage 1 searches sample templates). No chain templates: it introduces no frame list. A message that starts
     * with an exception's simple name ("RemoteTransportException: …") keeps it as its root type, which agrees with
     * the same class's full name at the weight of a simple-name match.
     *
     * @return null when the text has no words to compare
     */
    public static TraceShape ofMessage(String text) {
        String messages = LogPrefixes.messagesOf(text).replaceAll("\\s+", " ").strip();
        if (messages.length() > MAX_MESSAGE) {
            messages = messages.substring(0, MAX_MESSAGE); // a long excerpt's opening says what failed
        }
        // "RemoteTransportException: Connection unexpectedly closed …": a log line or a user quoting the exception by
        // its simple name, which the trace parser does not take for an exception line (prose would be, too often)
        Matcher named = SIMPLE_EXCEPTION.matcher(messages);
        String type = null;
        if (named.lookingAt()) {
            type = named.group(1);
            messages = messages.substring(named.end());
        }
        MessageTemplate templated = MessageTemplater.template(messages);
        String template = templated.template();
        if (template == null || template.isBlank()) {
            return null;
        }
        List<String> exceptions = type == null ? List.of() : List.of(type);
        List<Boolean> wrappers = type == null ? List.of() : List.of(false);
        return new TraceShape(exceptions, wrappers, type, template, List.of(), List.of(), List.of(), List.of(), null,
                Map.of(), List.of(), literals(templated.masked()));
    }

    private static final Pattern SIMPLE_EXCEPTION =
            Pattern.compile("(?:Caused by:\\s*)?([A-Z][A-Za-z0-9]*(?:Exception|Error)):\\s+");

    static final int MAX_MESSAGE = 1000;

    /**
     * Whether this is the shape of a logged message (see {@link #ofMessage}), not of a trace: no frames, no
     * fingerprint, at most the simple name of an exception.
     */
    public boolean loggedMessage() {
        return fingerprint == null && frames.isEmpty() && outerFrames.isEmpty();
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    static final int MAX_CHAIN = 16;
    static final int OUTER_KEPT = 4;

    /** Whether exception i of a chain of n is part of the shape (see the class comment). */
    static boolean kept(int i, int n) {
        return n <= MAX_CHAIN || i < OUTER_KEPT || i >= n - (MAX_CHAIN - OUTER_KEPT);
    }

    private static <T> List<T> bounded(List<T> chain) {
        int n = chain.size();
        if (n <= MAX_CHAIN) {
            return chain;
        }
        List<T> out = new ArrayList<>(chain.subList(0, OUTER_KEPT));
        out.addAll(chain.subList(n - (MAX_CHAIN - OUTER_KEPT), n));
        return out;
    }

    static TraceShape of(Signature s, List<String> allTemplates) {
        List<String> templates = bounded(allTemplates);
        List<Boolean> wrappers = new ArrayList<>();
        for (String w : bounded(s.wrappers())) {
            wrappers.add(w != null);
        }
        List<String> frames = new ArrayList<>();
        List<Boolean> ubiquitous = new ArrayList<>();
        for (SignatureFrame f : s.frames()) {
            if (!f.partial()) {
                frames.add(f.key());
                ubiquitous.add(f.ubiquitous());
            }
        }
        List<String> outer = new ArrayList<>();
        List<Boolean> outerUbiquitous = new ArrayList<>();
        for (SignatureFrame f : s.outermostFrames()) {
            if (!f.partial()) {
                outer.add(f.key());
                outerUbiquitous.add(f.ubiquitous());
            }
        }
        List<String> exceptions = new ArrayList<>();
        for (String t : bounded(s.exceptionTypes())) {
            exceptions.add(t == null ? "" : t);
        }
        return new TraceShape(exceptions, wrappers, s.rootCauseType(), s.rootCauseTemplate(), frames, ubiquitous,
                outer, outerUbiquitous, s.fingerprint(), s.versions(), List.copyOf(templates), literals(s.masked()));
    }

    /** Masked parts that name what failed (quoted names, OS messages), not when or where; kept to compare them. */
    static final Set<String> NAMING_LITERALS = Set.of("quoted", "os-message");

    /**
     * The root message's naming literals, lowercased, without their quotes or brackets, and its small numbers (one
     * or two digits: "There are 0 datanode(s) running" is another failure than 2; sizes, ids and times are longer).
     */
    static List<String> literals(List<MaskedSpan> masked) {
        List<String> out = new ArrayList<>();
        for (MaskedSpan m : masked) {
            String o = m.original();
            String literal = null;
            if (NAMING_LITERALS.contains(m.pattern()) && o.length() > 2) {
                literal = SystemMessages.inEnglish(o.substring(1, o.length() - 1)).strip().toLowerCase(Locale.ROOT);
            } else if (m.pattern().equals("number") && o.length() <= 2) {
                literal = o;
            }
            if (literal != null && !literal.isEmpty() && out.size() < MAX_LITERALS) {
                out.add(literal.length() > MAX_LITERAL ? literal.substring(0, MAX_LITERAL) : literal);
            }
        }
        return List.copyOf(out);
    }

    static final int MAX_LITERALS = 8;
    static final int MAX_LITERAL = 200;

    /** The template of exception i of the chain, or null when unknown (an index written before templates were kept). */
    public String templateOf(int i) {
        return templates == null || i >= templates.size() || templates.get(i).isEmpty() ? null : templates.get(i);
    }

    /**
     * Whether the chain ends at an exception that only reports a cause it does not hold (see
     * {@link io.tracekb.signature.WrapperExceptions#causeCutOff(String, String)}), judged on its type and template.
     */
    public boolean causeCutOff() {
        int last = exceptions.size() - 1;
        return last >= 0 && io.tracekb.signature.WrapperExceptions.causeCutOff(exceptions.get(last),
                templateOf(last)) != null;
    }

    /** Types of the chain that are not wrappers: the ones that name the failure. */
    public List<String> meaningfulExceptions() {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < exceptions.size(); i++) {
            if (meaningful(i)) {
                out.add(exceptions.get(i));
            }
        }
        return out;
    }

    /** Whether exception i of the chain names the failure: known, and not a wrapper. */
    boolean meaningful(int i) {
        boolean wrapper = i < wrappers.size() && Boolean.TRUE.equals(wrappers.get(i));
        return !wrapper && !exceptions.get(i).isEmpty();
    }
}
