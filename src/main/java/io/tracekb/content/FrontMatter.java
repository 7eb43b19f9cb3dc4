package io.tracekb.content;

/**
 * A Markdown file with a YAML header between two {@code ---} lines:
 * <pre>
 * ---
 * title: ...
 * summary: ...
 * ---
 * body
 * </pre>
 */
record FrontMatter(String yaml, String body) {

    static FrontMatter split(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        t = t.replace("\r\n", "\n");
        if (!t.startsWith("---\n")) {
            return new FrontMatter("", t);
        }
        int end = t.indexOf("\n---", 3);
        while (end >= 0) {
            int after = end + 4;
            if (after == t.length() || t.charAt(after) == '\n') {
                String body = after >= t.length() ? "" : t.substring(after + 1);
                return new FrontMatter(t.substring(4, end + 1), stripLeadingBlankLines(body));
            }
            end = t.indexOf("\n---", after);
        }
        throw new IllegalArgumentException("front matter starts with '---' but has no closing '---' line");
    }

    private static String stripLeadingBlankLines(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == '\n') {
            i++;
        }
        return s.substring(i);
    }
}
