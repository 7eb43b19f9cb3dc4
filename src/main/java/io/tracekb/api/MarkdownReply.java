package io.tracekb.api;

import io.tracekb.incident.LanguageTags;
import io.tracekb.triage.SearchLink;
import java.util.Locale;
import java.util.Map;

/**
 * The chat-ready form of a match answer ({@code Accept: text/markdown}): the top three incidents with their
 * confidence band, first fix and link, in the asker's language. Every piece of text from the paste or the
 * incidents is escaped, so nothing a user pasted turns into markup or a link in the chat. Two dialects: Markdown
 * (backslash escapes) for {@code Accept: text/markdown}, and Slack's mrkdwn for the slash command, where a
 * backslash escapes nothing and {@code &}, {@code <}, {@code >} must be sent as entities (Slack: "Escaping text").
 */
final class MarkdownReply {

    static final int TOP = 3;

    private static final Map<String, Map<String, String>> LABELS = Map.of(
            "en", Map.of("confident", "confident", "possible", "possible", "fix", "Fix", "none",
                    "No known incident matches this paste.", "understood", "Root cause", "component", "Component",
                    "own", "Your code", "search", "No confident match. Search the public reports"),
            "ja", Map.of("confident", "確度高", "possible", "候補", "fix", "対処", "none",
                    "この貼り付けに一致する既知のインシデントはありません。", "understood", "根本原因", "component",
                    "コンポーネント", "own", "利用者のコード", "search", "確度の高い一致はありません。公開の報告を検索"),
            "zh", Map.of("confident", "高置信", "possible", "可能", "fix", "解决方法", "none",
                    "没有与此内容匹配的已知故障。", "understood", "根本原因", "component", "组件", "own", "用户代码",
                    "search", "没有高置信的匹配。搜索公开的问题报告"));

    private MarkdownReply() {
    }

    enum Dialect {
        MARKDOWN("**"), SLACK("*");

        final String bold;

        Dialect(String bold) {
            this.bold = bold;
        }

        String escape(String s) {
            return this == SLACK ? slackEscape(s) : MarkdownReply.escape(s);
        }

        /** A link; the URL is ours (percent-encoded), the label a tracker's name. */
        String link(String url, String label) {
            return this == SLACK ? "<" + url + "|" + slackEscape(label) + ">" : "[" + MarkdownReply.escape(label) + "](" + url + ")";
        }

        /** Inside a code span Markdown takes backslashes literally; Slack still reads entities. */
        String code(String s) {
            return this == SLACK ? slackEscape(MarkdownReply.code(s)) : MarkdownReply.code(s);
        }
    }

    static String render(MatchResponse answer, String lang, String baseUrl) {
        return render(answer, lang, baseUrl, Dialect.MARKDOWN);
    }

    static String render(MatchResponse answer, String lang, String baseUrl, Dialect d) {
        Map<String, String> l = LABELS.getOrDefault(LanguageTags.primary(lang), LABELS.get("en"));
        StringBuilder md = new StringBuilder();
        if (answer.query().rootCause() != null) {
            md.append(l.get("understood")).append(": `").append(d.code(answer.query().rootCause().type())).append("`\n\n");
        }
        MatchResponse.Query q = answer.query();
        if (q.component() != null) {
            md.append(l.get("component")).append(": ").append(d.escape(q.component())).append('\n');
        }
        if (q.ownCodeFrame() != null) {
            md.append(l.get("own")).append(": `").append(d.code(q.ownCodeFrame())).append("`\n");
        }
        if (q.component() != null || q.ownCodeFrame() != null) {
            md.append('\n');
        }
        if (answer.results().isEmpty()) {
            md.append(l.get("none")).append('\n');
        }
        int n = 0;
        for (MatchResponse.Result r : answer.results()) {
            if (++n > TOP) {
                break;
            }
            md.append(n).append(". ").append(d.bold).append(d.escape(r.title())).append(d.bold).append(" — ")
                    .append(r.confident() ? l.get("confident") : l.get("possible"))
                    .append(String.format(Locale.ROOT, " (%.2f)", r.score())).append('\n');
            if (!r.fixes().isEmpty() && r.fixes().get(0).title() != null) {
                md.append("   ").append(l.get("fix")).append(": ").append(d.escape(r.fixes().get(0).title())).append('\n');
            }
            md.append("   ").append(baseUrl).append(r.url()).append('\n');
        }
        boolean confident = answer.results().stream().anyMatch(MatchResponse.Result::confident);
        if (!confident && q.searchLinks() != null && !q.searchLinks().isEmpty()) {
            md.append('\n').append(l.get("search")).append(": ");
            for (int i = 0; i < q.searchLinks().size(); i++) {
                SearchLink link = q.searchLinks().get(i);
                md.append(i == 0 ? "" : " · ").append(d.link(link.url(), link.label()));
            }
            md.append('\n');
        }
        for (ParseResponse.HintJson hint : answer.query().hints()) {
            md.append("\n_").append(d.escape(hint.message())).append("_\n");
        }
        return md.toString();
    }

    /** Backslash-escapes Markdown's active characters; line breaks become spaces. */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ("\\`*_{}[]()#+-.!|<>~".indexOf(c) >= 0) {
                sb.append('\\').append(c);
            } else if (c == '\n' || c == '\r') {
                sb.append(' ');
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** Slack mrkdwn: only {@code &}, {@code <} and {@code >} are control characters, sent as HTML entities. */
    static String slackEscape(String s) {
        if (s == null) {
            return "";
        }
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('\n', ' ').replace('\r', ' ');
    }

    /** Inside a code span only the backtick is special; it is dropped rather than escaped. */
    private static String code(String s) {
        return s == null ? "" : s.replace("`", "").replace('\n', ' ');
    }
}
