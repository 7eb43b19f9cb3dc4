package io.tracekb.web;

import io.tracekb.api.ApiBundle;
import io.tracekb.api.ApiMessages;
import io.tracekb.api.HintMessages;
import io.tracekb.api.ReasonMessages;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.search.MatchOutcome;
import io.tracekb.search.MatchResult;
import io.tracekb.search.PasteAnalysis;
import io.tracekb.signature.FrameKeys;
import io.tracekb.signature.Signature;
import io.tracekb.trace.Hint;
import io.tracekb.trace.ParsedException;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.trace.StackFrame;
import io.tracekb.trace.ThreadInfo;
import io.tracekb.triage.FailureSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What the results page shows: one card per ranked incident (the confident ones with their fixes, the possible
 * ones folded to a line), or when none is confident what failed and where to search for it next; the hints about
 * the paste; and what was understood of it. Built from the matcher's answer; it only arranges that answer for
 * reading and decides nothing about the ranking.
 */
public record ResultView(Understood understood, List<Card> results, boolean anyConfident, List<String> hints,
        FailureSummary failure) {

    /** Lines of the pasted trace shown under each card; a longer trace is cut there (the match used all of it). */
    static final int MAX_TRACE_LINES = 400;

    public record Understood(boolean traceFound, String rootCauseType, String rootCauseMessage,
            String messageTemplate, List<String> exceptions, Map<String, String> versions, String jdk, int frames) {

        public boolean hasVersions() {
            return !versions.isEmpty() || jdk != null;
        }
    }

    /** One language of the incident: present (a link) or not yet translated. */
    public record LanguageBadge(String lang, boolean present, boolean current) {
    }

    public record FixCard(int number, String title, String descriptionHtml, String lang, String snippet,
            String snippetLanguage, String file) {
    }

    /**
     * One line of the pasted trace, marked when its frame also occurs in the incident's sample traces (among the
     * root-cause and outermost frames the index keeps of them: the frames the match compares).
     */
    public record TraceLine(int number, String text, boolean matching) {
    }

    /**
     * @param summary the incident's one-line summary in {@code lang}, or null: what a folded (possible) card shows
     */
    public record Card(int rank, String slug, String title, String lang, List<LanguageBadge> languages,
            double score, int percent, boolean confident, String url, String summary, List<String> why,
            List<FixCard> fixes, List<TraceLine> trace, boolean anyFrameMatches, boolean traceCut, boolean unpublished) {

        /** The reasons that weigh most (the model's order), shown; the rest are folded. */
        public List<String> topWhy() {
            return why.subList(0, Math.min(TOP_REASONS, why.size()));
        }

        public List<String> moreWhy() {
            return why.subList(Math.min(TOP_REASONS, why.size()), why.size());
        }
    }

    static final int TOP_REASONS = 3;

    /**
     * @param incidents what to show of an incident by slug (null: leave it out)
     * @param frameKeys the meaningful frame keys of an incident's sample traces, by slug: the pasted frames found
     *                  there are highlighted
     */
    public static ResultView of(String text, MatchOutcome outcome, String lang,
            Function<String, IncidentData> incidents, Function<String, Set<String>> frameKeys) {
        PasteAnalysis paste = outcome.paste();
        Understood understood = understood(paste);
        List<String> hints = new ArrayList<>();
        ApiMessages wording = ApiBundle.in(lang); // once per page, not per hint and per card
        for (Hint h : paste.parse().hints()) {
            hints.add(HintMessages.message(h, wording));
        }
        List<String> lines = text.lines().toList();
        ParsedTrace primary = paste.parse().primaryTrace();
        Map<String, String> keyOfRawFrame = primary == null ? Map.of() : keyOfRawFrame(primary);
        List<Card> cards = new ArrayList<>();
        boolean anyConfident = false;
        for (MatchResult r : outcome.results()) {
            IncidentData d = incidents.apply(r.slug());
            if (d == null) {
                continue; // archived or unpublished since it was indexed
            }
            anyConfident |= r.confident();
            Set<String> incidentKeys = primary == null ? Set.of() : frameKeys.apply(r.slug());
            cards.add(card(cards.size() + 1, r, d, lang, wording, lines, primary, keyOfRawFrame, incidentKeys));
        }
        return new ResultView(understood, cards, anyConfident, List.copyOf(hints),
                FailureSummary.of(paste.prose(), primary, paste.primary(), lang));
    }

    static Understood understood(PasteAnalysis paste) {
        Signature s = paste.primary();
        ParsedTrace trace = paste.parse().primaryTrace();
        if (s == null) {
            return new Understood(false, null, null, null, List.of(), Map.of(), null, 0);
        }
        return new Understood(true, s.rootCauseType(), s.rootCauseMessage(), s.rootCauseTemplate(),
                s.exceptionTypes().stream().filter(t -> t != null).toList(), new TreeMap<>(s.versions()), s.jdk(),
                trace == null ? 0 : trace.frameCount());
    }

    private static Card card(int rank, MatchResult r, IncidentData d, String lang, ApiMessages wording,
            List<String> lines, ParsedTrace primary, Map<String, String> keyOfRawFrame, Set<String> incidentKeys) {
        String shown = d.bestLanguage(lang);
        List<LanguageBadge> badges = new ArrayList<>();
        for (String l : UiLanguage.SUPPORTED) {
            badges.add(new LanguageBadge(l, d.translations().containsKey(l), l.equals(shown)));
        }
        for (String l : new java.util.TreeSet<>(d.translations().keySet())) {
            if (!UiLanguage.SUPPORTED.contains(l)) {
                badges.add(new LanguageBadge(l, true, l.equals(shown)));
            }
        }
        List<FixCard> fixes = new ArrayList<>();
        for (FixData f : d.fixes()) {
            String fixLang = IncidentData.bestOf(f.texts() == null ? Map.of() : f.texts(), shown, d.originalLanguage());
            FixTextData t = f.texts() == null ? null : f.texts().get(fixLang);
            fixes.add(new FixCard(fixes.size() + 1, t == null ? null : t.title(),
                    t == null ? "" : MarkdownRenderer.toSafeHtml(t.description()), fixLang, f.snippet(),
                    f.snippetLanguage(), f.file()));
        }
        List<TraceLine> trace = new ArrayList<>();
        int matching = 0;
        boolean cut = false;
        if (primary != null) {
            int last = Math.min(lines.size() - 1, primary.lastLine());
            for (int i = Math.max(0, primary.firstLine()); i <= last; i++) {
                if (trace.size() == MAX_TRACE_LINES) {
                    cut = true;
                    break;
                }
                String key = keyOf(lines.get(i), keyOfRawFrame);
                boolean match = key != null && incidentKeys.contains(key);
                matching += match ? 1 : 0;
                trace.add(new TraceLine(i + 1, lines.get(i), match));
            }
        }
        double score = Math.round(r.score() * 1000) / 1000.0;
        IncidentData.TranslationData text = d.translations().get(shown);
        return new Card(rank, r.slug(), text.title(), shown, badges, score,
                (int) Math.round(r.score() * 100), r.confident(), "/articles/" + r.slug() + "?lang=" + shown,
                text.summary() == null || text.summary().isBlank() ? null : text.summary().strip(),
                ReasonMessages.messages(r.why(), wording), fixes, trace, matching > 0, cut,
                d.status() != null && d.status() != io.tracekb.incident.IncidentStatus.PUBLISHED);
    }

    /**
     * The key of the frame a pasted line holds, or null. The parser saw the line after paste repair: with a log
     * prefix on every line ("2024-05-01 10:00:00 ERROR …	at org.…") the frame is the line's tail from its "at ".
     */
    static String keyOf(String line, Map<String, String> keyOfRawFrame) {
        String stripped = line.strip();
        String key = keyOfRawFrame.get(stripped);
        if (key != null) {
            return key;
        }
        int at = Math.max(stripped.lastIndexOf("\tat "), stripped.lastIndexOf(" at "));
        return at < 0 ? null : keyOfRawFrame.get(stripped.substring(at + 1).strip());
    }

    /** Frame line as pasted → its normalised key, for every frame of the pasted trace. */
    private static Map<String, String> keyOfRawFrame(ParsedTrace trace) {
        Map<String, String> keys = new HashMap<>();
        for (ParsedException e : trace.exceptions()) {
            for (StackFrame f : e.frames()) {
                keys.putIfAbsent(f.raw().strip(), FrameKeys.key(f).key());
            }
        }
        for (ThreadInfo t : trace.threads()) {
            for (StackFrame f : t.frames()) {
                keys.putIfAbsent(f.raw().strip(), FrameKeys.key(f).key());
            }
        }
        return keys;
    }

}
