package io.tracekb.trace.repair;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Removes the formatting tags of a web page or a JIRA export; a line-break or paragraph tag ends its line. */
final class HtmlMarkup implements TextRepair {
    /** Line markup: only when it is there are tags taken for markup rather than text. */
    private static final Pattern LINE_MARKUP = Pattern.compile("<(?:br|p)\\s*/?>", Pattern.CASE_INSENSITIVE);
    /**
     * Tags that format text on a web page, named one by one: a frame's {@code <init>} / {@code <clinit>} and a
     * message's {@code List<String>} are not markup.
     */
    private static final Pattern TAG = Pattern.compile(
            "</?(?:br|p|span|div|pre|code|tt|a|b|i|em|strong|font|ul|ol|li)(?:\\s[^<>]*)?/?>", Pattern.CASE_INSENSITIVE);

    @Override
    public Repair repair() {
        return Repair.HTML_MARKUP;
    }

    @Override
    public boolean finds(String text) {
        return text.indexOf('<') >= 0 && LINE_MARKUP.matcher(text).find();
    }

    @Override
    public String undo(String s) {
        Matcher m = TAG.matcher(s);
        StringBuilder b = new StringBuilder(s.length());
        int last = 0;
        while (m.find()) {
            b.append(s, last, m.start());
            String tag = m.group().toLowerCase(Locale.ROOT);
            boolean breaks = tag.startsWith("<br") || tag.startsWith("<p") || tag.startsWith("</p")
                    || tag.startsWith("<div") || tag.startsWith("</div") || tag.startsWith("<li");
            boolean atLineEnd = m.end() >= s.length() || s.charAt(m.end()) == '\n' || s.charAt(m.end()) == '\r';
            if (breaks && !atLineEnd && b.length() > 0 && b.charAt(b.length() - 1) != '\n') {
                b.append('\n');
            }
            last = m.end();
        }
        b.append(s, last, s.length());
        return b.toString();
    }
}
