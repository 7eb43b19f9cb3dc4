package io.tracekb.search;

import java.io.IOException;
import org.apache.lucene.analysis.TokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.util.AttributeSource;

/**
 * Stacks the stem of an exception or error type name on the name itself ("ClassNotFoundException" also as
 * "ClassNotFound"), at the same position: people write the failure without the suffix ("classNotFound 错误"),
 * write-ups name the type. Only a suffix that starts a camelCase part counts ("SystemError", not "Terror"), and
 * at least two characters must remain. Must run before lower-casing, which erases the case change.
 */
final class IdentifierSuffixFilter extends TokenFilter {

    private static final String[] SUFFIXES = { "Exceptions", "Exception", "Errors", "Error" };

    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);
    private final PositionIncrementAttribute position = addAttribute(PositionIncrementAttribute.class);
    private AttributeSource.State pending;
    private int pendingLength;

    IdentifierSuffixFilter(TokenStream input) {
        super(input);
    }

    @Override
    public boolean incrementToken() throws IOException {
        if (pending != null) {
            restoreState(pending);
            pending = null;
            term.setLength(pendingLength);
            position.setPositionIncrement(0);
            return true;
        }
        if (!input.incrementToken()) {
            return false;
        }
        int stem = stemLength(term);
        if (stem > 0) {
            pending = captureState();
            pendingLength = stem;
        }
        return true;
    }

    /** Length of the name without its suffix, or 0 when it has none worth removing. */
    static int stemLength(CharSequence t) {
        for (String suffix : SUFFIXES) {
            int stem = t.length() - suffix.length();
            if (stem >= 2 && Character.isLetterOrDigit(t.charAt(stem - 1)) && endsWith(t, suffix)) {
                return stem;
            }
        }
        return 0;
    }

    private static boolean endsWith(CharSequence t, String suffix) {
        int from = t.length() - suffix.length();
        for (int i = 0; i < suffix.length(); i++) {
            if (t.charAt(from + i) != suffix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        pending = null;
    }
}
