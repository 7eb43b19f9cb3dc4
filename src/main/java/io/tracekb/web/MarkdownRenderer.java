package io.tracekb.web;

import java.util.List;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.safety.Safelist;

/**
 * Markdown to HTML that is safe to put in a page: raw HTML in the source is escaped, and the output passes
 * an allow-list (jsoup's relaxed list: text formatting, lists, tables, code, links and images over http(s)).
 */
public final class MarkdownRenderer {

    private static final List<org.commonmark.Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Parser PARSER = Parser.builder().extensions(EXTENSIONS).build();
    private static final HtmlRenderer RENDERER = HtmlRenderer.builder()
            .extensions(EXTENSIONS)
            .escapeHtml(true)
            .sanitizeUrls(true)
            .build();
    private static final Safelist ALLOWED = Safelist.relaxed()
            .addEnforcedAttribute("a", "rel", "nofollow noopener")
            // keeps the language-xxx class of fenced code blocks
            .addAttributes("code", "class")
            .removeProtocols("img", "src", "http");
    private static final Document.OutputSettings OUTPUT = new Document.OutputSettings().prettyPrint(false);

    private MarkdownRenderer() {
    }

    public static String toSafeHtml(String markdown) {
        if (markdown == null || markdown.isBlank()) {
            return "";
        }
        String html = RENDERER.render(PARSER.parse(markdown));
        return Jsoup.clean(html, "", ALLOWED, OUTPUT);
    }
}
