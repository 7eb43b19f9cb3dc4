package io.tracekb.triage;

import io.tracekb.signature.FrameClassifier;
import io.tracekb.signature.Signature;
import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.StackFrame;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What failed, in plain terms, for a paste that no incident answers: the root cause, the component and versions
 * the trace shows, the first frame of the user's own code, and where to search for it next. Plain Java: built from
 * the parse and the signature only, so it says nothing the matcher decided.
 *
 * @param rootCauseType    null when the text holds no trace
 * @param component        null when no known component shows
 * @param versions         versions named by the frames' jars (e.g. {@code flink-dist → 1.13.1}), sorted
 * @param ownCodeFrame     the first frame, from the root cause outwards, of code that is neither the JDK's nor a
 *                         known library's: where the user's own code was when it failed; null when none shows
 * @param searchLinks      searches of the public trackers for this failure
 */
public record FailureSummary(String rootCauseType, String rootCauseMessage, Component component,
        Map<String, String> versions, String jdk, String ownCodeFrame, List<SearchLink> searchLinks) {

    public FailureSummary {
        versions = versions == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(versions));
        searchLinks = List.copyOf(searchLinks);
    }

    /**
     * @param text      the paste, for its words when it holds no trace
     * @param trace     the paste's primary trace, or null
     * @param signature that trace's signature, or null
     * @param lang      the asker's language (a Chinese asker also gets the Chinese user list)
     */
    public static FailureSummary of(String text, ParsedTrace trace, Signature signature, String lang) {
        if (signature == null || trace == null) {
            return new FailureSummary(null, null, null, Map.of(), null, null,
                    SearchLinks.of(SearchTerms.ofText(text), null, lang));
        }
        Component component = Components.of(trace);
        SearchTerms terms = SearchTerms.ofTrace(signature.rootCauseType(), signature.rootCauseTemplate());
        if (terms == null) {
            // a frame list or a thread dump names no exception: the line that introduced it, else the prose
            String intro = trace.exceptions().isEmpty() ? null : trace.exceptions().get(0).message();
            terms = SearchTerms.ofText(intro);
            if (terms == null) {
                terms = SearchTerms.ofText(text);
            }
        }
        return new FailureSummary(signature.rootCauseType(), signature.rootCauseMessage(), component,
                signature.versions(), signature.jdk(), ownCodeFrame(trace), SearchLinks.of(terms, component, lang));
    }

    static String ownCodeFrame(ParsedTrace trace) {
        List<ParsedException> chain = trace.exceptions();
        for (int e = chain.size() - 1; e >= 0; e--) {
            for (StackFrame f : chain.get(e).frames()) {
                if (FrameClassifier.kindOf(f) == io.tracekb.signature.FrameKind.APP && !Components.known(f.className())
                        && !f.className().isEmpty()) {
                    String raw = f.raw().strip();
                    return raw.startsWith("at ") ? raw.substring(3).strip() : raw;
                }
            }
        }
        return null;
    }
}
