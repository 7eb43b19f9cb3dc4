package io.tracekb.search.eval;

import io.tracekb.incident.IncidentData;
import io.tracekb.search.IndexedIncident;
import io.tracekb.search.MatchResult;
import io.tracekb.search.PasteAnalysis;
import io.tracekb.search.Ranker;
import io.tracekb.search.LuceneIndex;
import io.tracekb.search.ranking.RankingModel;
import io.tracekb.testing.TestFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** TraceKB's own matcher, over a real on-disk index of the incidents. */
final class TraceKbSystem implements MatchingSystem {

    private final Path dir;
    private final LuceneIndex index;
    private final Ranker ranker;
    private final Map<String, IncidentData> bySlug = new LinkedHashMap<>();
    private final Map<String, Long> ids = new LinkedHashMap<>();
    private String heldOut;

    TraceKbSystem(List<IncidentData> incidents, double threshold) {
        this(incidents, RankingModel.shipped(), threshold);
    }

    /** With the shipped model and its own threshold. */
    TraceKbSystem(List<IncidentData> incidents) {
        this(incidents, RankingModel.shipped(), RankingModel.shipped().threshold());
    }

    TraceKbSystem(List<IncidentData> incidents, RankingModel model, double threshold) {
        try {
            dir = Files.createTempDirectory("eval-index-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        index = LuceneIndex.open(dir).index();
        long id = 1;
        for (IncidentData d : incidents) {
            bySlug.put(d.slug(), d);
            ids.put(d.slug(), id);
            index.put(IndexedIncident.of(id++, 1, d));
        }
        index.commit();
        ranker = new Ranker(index, model, threshold);
    }

    @Override
    public String name() {
        return "TraceKB (Lucene + structural rerank)";
    }

    @Override
    public void holdOut(String slug, int trace) {
        IncidentData d = bySlug.get(slug);
        List<IncidentData.SampleTraceData> rest = new ArrayList<>(d.sampleTraces());
        rest.remove(trace);
        if (rest.isEmpty()) {
            // its only sample held out, a one-trace incident (a survey distractor) is held out whole: its write-up
            // is the report's own title, which would answer the report
            index.remove(ids.get(slug));
        } else {
            index.put(IndexedIncident.of(ids.get(slug), 2, new IncidentData(d.slug(), d.product(), d.tags(),
                    d.affectedVersions(), d.status(), d.translations(), d.fixes(), rest)));
        }
        index.commit();
        heldOut = slug;
    }

    @Override
    public void restore() {
        if (heldOut != null) {
            index.put(IndexedIncident.of(ids.get(heldOut), 1, bySlug.get(heldOut)));
            index.commit();
            heldOut = null;
        }
    }

    /** Stage 1 measured on its own: positives answered since the last reset, and those whose incident it proposed. */
    int stage1Positives;
    int stage1Found;

    @Override
    public Answer answer(EvalQuery query) {
        PasteAnalysis paste = PasteAnalysis.of(query.text());
        List<Ranker.Candidate> candidates = candidates(paste);
        if (!query.negative()) {
            stage1Positives++;
            if (candidates.stream().anyMatch(c -> query.accepts(c.slug()))) {
                stage1Found++;
            }
        }
        List<MatchResult> results = ranker.top(paste, candidates, 5);
        return new Answer(results.stream().map(MatchResult::slug).toList(),
                !results.isEmpty() && results.get(0).confident(), results.stream().map(MatchResult::score).toList());
    }

    /** Stage 1 and the stage-2 features of the query, unscored (for training the model). */
    List<Ranker.Candidate> candidates(EvalQuery query) {
        return candidates(PasteAnalysis.of(query.text()));
    }

    List<Ranker.Candidate> candidates(PasteAnalysis paste) {
        return ranker.candidates(paste);
    }

    @Override
    public void close() {
        index.close();
        TestFiles.deleteRecursively(dir);
    }
}
