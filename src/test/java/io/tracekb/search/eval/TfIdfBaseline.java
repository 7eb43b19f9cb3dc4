package io.tracekb.search.eval;

import io.tracekb.incident.IncidentData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The 30-line baseline: TF-IDF cosine between the paste and each document of {@link BaselineDocuments}, an
 * incident scored by its best document. Two tokenisations: identifier tokens of the raw text (runs of letters,
 * digits, '.', '_' and '$', and their dotted parts: what a stack trace is made of), or character bigrams of every
 * script (for free text in any language). Every hit counts as an answer: it has no notion of confidence.
 */
final class TfIdfBaseline extends KeyedBaseline {

    private final String name;
    private final Function<String, Map<String, Integer>> tokens;
    private final List<BaselineDocuments.Doc> docs;
    private final List<Map<String, Double>> vectors = new ArrayList<>();
    private final Map<String, Double> idf = new HashMap<>();

    static TfIdfBaseline identifiers(List<IncidentData> incidents) {
        return new TfIdfBaseline("baseline: TF-IDF cosine, identifier tokens", TfIdfBaseline::identifierTokens,
                incidents);
    }

    static TfIdfBaseline bigrams(List<IncidentData> incidents) {
        return new TfIdfBaseline("baseline: TF-IDF cosine, character bigrams", TfIdfBaseline::bigramTokens, incidents);
    }

    private TfIdfBaseline(String name, Function<String, Map<String, Integer>> tokens, List<IncidentData> incidents) {
        this.name = name;
        this.tokens = tokens;
        this.docs = BaselineDocuments.of(incidents);
        Map<String, Integer> df = new HashMap<>();
        List<Map<String, Integer>> counts = new ArrayList<>();
        for (BaselineDocuments.Doc d : docs) {
            Map<String, Integer> c = tokens.apply(d.text());
            counts.add(c);
            c.keySet().forEach(t -> df.merge(t, 1, Integer::sum));
        }
        df.forEach((t, n) -> idf.put(t, Math.log((docs.size() + 1.0) / (n + 1.0)) + 1));
        counts.forEach(c -> vectors.add(weigh(c)));
    }

    private Map<String, Double> weigh(Map<String, Integer> counts) {
        Map<String, Double> v = new HashMap<>();
        double norm = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            double w = (1 + Math.log(e.getValue())) * idf.getOrDefault(e.getKey(), 0.0);
            v.put(e.getKey(), w);
            norm += w * w;
        }
        double n = Math.sqrt(norm);
        if (n > 0) {
            v.replaceAll((k, w) -> w / n);
        }
        return v;
    }

    static Map<String, Integer> identifierTokens(String text) {
        Map<String, Integer> out = new HashMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("[\\p{L}\\p{N}_$.]+").matcher(text);
        while (m.find()) {
            String t = m.group().toLowerCase(Locale.ROOT).replaceAll("^\\.+|\\.+$", "");
            if (t.length() < 2) {
                continue;
            }
            out.merge(t, 1, Integer::sum);
            if (t.indexOf('.') > 0) {
                for (String part : t.split("[.$]")) {
                    if (part.length() >= 2) {
                        out.merge(part, 1, Integer::sum);
                    }
                }
            }
        }
        return out;
    }

    static Map<String, Integer> bigramTokens(String text) {
        Map<String, Integer> out = new HashMap<>();
        String s = text.toLowerCase(Locale.ROOT);
        int prev = -1;
        for (int i = 0; i < s.length(); i = s.offsetByCodePoints(i, 1)) {
            int c = s.codePointAt(i);
            if (!Character.isLetterOrDigit(c)) {
                prev = -1;
                continue;
            }
            if (prev >= 0) {
                out.merge(new String(Character.toChars(prev)) + new String(Character.toChars(c)), 1, Integer::sum);
            }
            prev = c;
        }
        return out;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Answer answer(EvalQuery query) {
        Map<String, Double> q = weigh(tokens.apply(query.text()));
        Map<String, Double> best = new LinkedHashMap<>();
        for (int i = 0; i < docs.size(); i++) {
            if (docs.get(i).key().equals(excluded)) {
                continue;
            }
            Map<String, Double> d = vectors.get(i);
            Map<String, Double> small = q.size() <= d.size() ? q : d;
            Map<String, Double> large = small == q ? d : q;
            double cos = 0;
            for (Map.Entry<String, Double> e : small.entrySet()) {
                Double w = large.get(e.getKey());
                if (w != null) {
                    cos += w * e.getValue();
                }
            }
            if (cos > 0) {
                best.merge(docs.get(i).slug(), cos, Math::max);
            }
        }
        List<String> slugs = best.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(5).map(Map.Entry::getKey).toList();
        return new Answer(slugs, !slugs.isEmpty());
    }
}
