package io.tracekb.bench;

import io.tracekb.incident.IncidentData;
import io.tracekb.content.IncidentFolder;
import io.tracekb.search.Analyzers;
import io.tracekb.search.IndexedIncident;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;

/**
 * What the text analysis of one incident costs, per language and analyzer (CPU time of one thread, after
 * warm-up), over the shipped incidents' write-ups: the floor under index build time, since every incident's
 * Japanese and Chinese text must go through Kuromoji (search mode) and SmartCN, and every text through the
 * Latin-words analyzer. Run with
 * {@code mvn -B -Pbench test-compile exec:exec -Dbench.main=io.tracekb.bench.AnalysisBenchmark}.
 */
public final class AnalysisBenchmark {

    private AnalysisBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        List<IncidentData> real;
        try (Stream<Path> walk = Files.walk(Path.of("content"))) {
            real = walk.filter(IncidentFolder::isIncidentFolder).sorted().map(IncidentFolder::read).toList();
        }
        Map<String, List<String>> texts = Map.of("en", new ArrayList<>(), "ja", new ArrayList<>(), "zh",
                new ArrayList<>());
        for (IncidentData d : real) {
            IndexedIncident.of(1, 1, d).textByLanguage().forEach((lang, text) -> {
                if (texts.containsKey(lang)) {
                    texts.get(lang).add(text);
                }
            });
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double total = 0;
        for (String lang : List.of("en", "ja", "zh")) {
            List<String> t = texts.get(lang);
            long chars = t.stream().mapToLong(String::length).sum();
            // every translation also goes through the Latin-words field (identifiers written inside prose)
            Map<String, Analyzer> analyzers = lang.equals("en")
                    ? Map.of("en", Analyzers.forLanguage("en"), "latin-words", Analyzers.latinWords())
                    : Map.of(lang, Analyzers.forLanguage(lang), "cjk-bigrams", Analyzers.cjkBigrams(), "latin-words",
                            Analyzers.latinWords());
            for (Map.Entry<String, Analyzer> a : analyzers.entrySet()) {
                long warmUntil = System.nanoTime() + 5_000_000_000L;
                while (System.nanoTime() < warmUntil) {
                    tokens(a.getValue(), t);
                }
                int rounds = 0;
                long start = mx.getCurrentThreadCpuTime();
                long until = System.nanoTime() + 5_000_000_000L;
                while (System.nanoTime() < until) {
                    tokens(a.getValue(), t);
                    rounds++;
                }
                double seconds = (mx.getCurrentThreadCpuTime() - start) / 1e9;
                double msPerIncident = seconds * 1000 / rounds / t.size();
                total += msPerIncident;
                System.out.printf(Locale.ROOT, "REPORT analysis lang=%s analyzer=%s incidents=%d chars_per_incident=%d "
                        + "mchars_per_s=%.2f ms_per_incident=%.3f%n", lang, a.getKey(), t.size(), chars / t.size(),
                        chars * rounds / seconds / 1e6, msPerIncident);
            }
        }
        System.out.printf(Locale.ROOT, "REPORT analysis total_ms_per_incident=%.3f floor_100k_2_cores_s=%.0f%n", total,
                total * 100_000 / 1000 / 2);
    }

    private static int tokens(Analyzer analyzer, List<String> texts) {
        int n = 0;
        for (String text : texts) {
            try (TokenStream ts = analyzer.tokenStream("f", text)) {
                ts.reset();
                while (ts.incrementToken()) {
                    n++;
                }
                ts.end();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return n;
    }
}
