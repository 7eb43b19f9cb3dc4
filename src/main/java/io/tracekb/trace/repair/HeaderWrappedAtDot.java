package io.tracekb.trace.repair;

import io.tracekb.trace.JavaSyntax;
import io.tracekb.trace.SourceLine;
import java.util.List;

/**
 * "org.apache.flink.runtime.checkpoint." + "CheckpointException: …": a header wrapped at a dot of its class name,
 * joined only when the join reads as a qualified exception type.
 */
final class HeaderWrappedAtDot implements LineJoiner {
    private static final String CAUSED_BY = "Caused by: ";

    @Override
    public boolean claims(List<SourceLine> in, int i, String t) {
        return i + 1 < in.size() && endsWithPackagePrefix(t);
    }

    @Override
    public Joined join(List<SourceLine> in, int i, String t) {
        String cand = t + Wrapping.stripped(in, i + 1);
        String header = cand.startsWith(CAUSED_BY) ? cand.substring(CAUSED_BY.length()) : cand;
        JavaSyntax.Header h = JavaSyntax.parseHeader(header, false);
        return h != null && h.strength() == JavaSyntax.Strength.STRONG
                ? new Joined(Wrapping.lead(in.get(i).text()) + cand, 1) : null;
    }

    /** "x.y.z." (optionally after "Caused by: "): at least two segments, identifier characters only, a final dot. */
    static boolean endsWithPackagePrefix(String t) {
        if (t.length() < 4 || t.charAt(t.length() - 1) != '.') return false;
        int from = t.startsWith(CAUSED_BY) ? CAUSED_BY.length() : 0;
        int dots = 0;
        for (int k = from; k < t.length(); k++) {
            char c = t.charAt(k);
            if (c == '.') {
                if (k == from || t.charAt(k - 1) == '.') return false;
                dots++;
            } else if (!Character.isJavaIdentifierPart(c)) {
                return false;
            }
        }
        return dots >= 2 && Character.isJavaIdentifierStart(t.charAt(from));
    }
}
