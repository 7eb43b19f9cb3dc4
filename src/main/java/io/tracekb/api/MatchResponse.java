package io.tracekb.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.FixData;
import io.tracekb.incident.IncidentData.FixTextData;
import io.tracekb.search.MatchOutcome;
import io.tracekb.search.MatchResult;
import io.tracekb.signature.Signature;
import io.tracekb.trace.ParsedTrace;
import io.tracekb.triage.FailureSummary;
import io.tracekb.triage.SearchLink;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** {@code POST /api/v1/match}: what was understood of the paste, and the ranked incidents. */
public record MatchResponse(Query query, List<Result> results) {

    /**
     * @param component    the part of the Flink ecosystem the trace's frames belong to (e.g. "Flink CDC"), or absent
     * @param ownCodeFrame the first frame of the user's own code, from the root cause outwards, or absent
     * @param searchLinks  searches of the public trackers (Flink's JIRA, the component's GitHub issues, the user
     *                     mailing list) for the root cause's type and the fixed words of its message: where to look
     *                     next when no incident is confident
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Query(List<String> exceptions, RootCause rootCause, int frames, String fingerprint,
            Map<String, String> versions, String jdk, List<ParseResponse.HintJson> hints, String component,
            String ownCodeFrame, List<SearchLink> searchLinks) {
    }

    public record RootCause(String type, String message) {
    }

    public record Result(long id, String slug, String title, String lang, List<String> languages, double score,
            boolean confident, String url, List<String> why, List<Fix> fixes) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Fix(String title, String description, String snippet, String snippetLanguage, String file,
            String appliesTo) {
    }

    static MatchResponse of(MatchOutcome outcome, String lang, Function<String, IncidentData> incidents) {
        Signature primary = outcome.paste().primary();
        ParsedTrace trace = outcome.paste().parse().primaryTrace();
        FailureSummary summary = FailureSummary.of(outcome.paste().prose(), trace, primary, lang);
        Query query = new Query(
                primary == null ? List.of() : primary.exceptionTypes().stream().filter(t -> t != null).toList(),
                primary == null || primary.rootCauseType() == null ? null
                        : new RootCause(primary.rootCauseType(), primary.rootCauseMessage()),
                trace == null ? 0 : trace.frameCount(),
                primary == null ? null : primary.fingerprint(),
                primary == null ? Map.of() : primary.versions(),
                primary == null ? null : primary.jdk(),
                ParseResponse.hints(outcome.paste(), lang),
                summary.component() == null ? null : summary.component().name(), summary.ownCodeFrame(),
                summary.searchLinks());
        List<Result> results = new ArrayList<>();
        ApiMessages wording = ApiBundle.in(lang); // once per answer, not per result
        for (MatchResult r : outcome.results()) {
            IncidentData d = incidents.apply(r.slug());
            if (d == null) {
                continue; // archived or deleted between indexing and now
            }
            String shown = d.bestLanguage(lang);
            List<Fix> fixes = new ArrayList<>();
            for (FixData f : d.fixes()) {
                String fixLang = IncidentData.bestOf(f.texts(), shown, d.originalLanguage());
                FixTextData text = f.texts().get(fixLang);
                fixes.add(new Fix(text == null ? null : text.title(), text == null ? null : text.description(),
                        f.snippet(), f.snippetLanguage(), f.file(), f.appliesToIn(fixLang)));
            }
            results.add(new Result(r.incidentId(), r.slug(), d.translations().get(shown).title(), shown,
                    d.translations().keySet().stream().sorted().toList(), Math.round(r.score() * 1000) / 1000.0,
                    r.confident(), "/articles/" + r.slug() + "?lang=" + shown,
                    ReasonMessages.messages(r.why(), wording), fixes));
        }
        return new MatchResponse(query, results);
    }
}
