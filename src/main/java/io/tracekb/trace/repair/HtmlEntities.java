package io.tracekb.trace.repair;

import org.jsoup.parser.Parser;

/** Decodes HTML character references ({@code &lt;init&gt;}, {@code &#39;}, {@code &hellip;}) with jsoup's table. */
final class HtmlEntities implements TextRepair {
    @Override
    public Repair repair() {
        return Repair.HTML_ENTITIES;
    }

    @Override
    public boolean finds(String text) {
        return text.indexOf('&') >= 0 && (text.contains("&lt;") || text.contains("&gt;") || text.contains("&amp;")
                || text.contains("&quot;") || text.contains("&#"));
    }

    @Override
    public String undo(String text) {
        // a no-break space indents frames on a web page: it is a space to the readers (String.strip ignores it)
        return Parser.unescapeEntities(text, false).replace('\u00A0', ' ');
    }
}
