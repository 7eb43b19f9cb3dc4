package io.tracekb.search;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/** Turns an {@link IndexedIncident} into one Lucene document, and reads the stored parts back. */
final class IncidentDocuments {

    private IncidentDocuments() {
    }

    /** Words are matched one by one (no phrase queries): positions would only cost indexing time and disk. */
    private static final FieldType WORDS = new FieldType(TextField.TYPE_NOT_STORED);

    static {
        WORDS.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
        WORDS.freeze();
    }

    /** The document whose keyword {@code field} is {@code value} (an id or a slug: unique), or -1. */
    static int docWith(IndexSearcher searcher, String field, String value) throws IOException {
        TopDocs hits = searcher.search(new TermQuery(new Term(field, value)), 1);
        return hits.scoreDocs.length == 0 ? -1 : hits.scoreDocs[0].doc;
    }

    static Document toDocument(IndexedIncident incident) {
        Document doc = new Document();
        doc.add(new StringField(IndexFields.ID, Long.toString(incident.id()), Field.Store.YES));
        // column-wise: comparing the whole index with the database reads these, not every stored document
        doc.add(new NumericDocValuesField(IndexFields.ID_COLUMN, incident.id()));
        doc.add(new NumericDocValuesField(IndexFields.VERSION_COLUMN, incident.version()));
        doc.add(new StringField(IndexFields.SLUG, incident.slug(), Field.Store.YES));
        Set<String> exceptions = new LinkedHashSet<>();
        Set<String> roots = new LinkedHashSet<>();
        Set<String> frames = new LinkedHashSet<>();
        Set<String> fingerprints = new LinkedHashSet<>();
        Set<String> components = new LinkedHashSet<>();
        StringBuilder templates = new StringBuilder();
        for (TraceShape t : incident.traces()) {
            exceptions.addAll(t.exceptions());
            if (t.root() != null) {
                roots.add(t.root());
            }
            frames.addAll(t.frames());
            frames.addAll(t.outerFrames());
            if (t.fingerprint() != null) { // a logged message's shape has none
                fingerprints.add(t.fingerprint());
            }
            components.addAll(t.versions().keySet());
            if (t.template() != null) {
                templates.append(t.template()).append('\n');
            }
        }
        exceptions.remove("");
        exceptions.forEach(e -> doc.add(new StringField(IndexFields.EXCEPTION, e, Field.Store.NO)));
        roots.forEach(r -> doc.add(new StringField(IndexFields.ROOT, r, Field.Store.NO)));
        frames.forEach(f -> doc.add(new StringField(IndexFields.FRAME, f, Field.Store.NO)));
        fingerprints.forEach(f -> doc.add(new StringField(IndexFields.FINGERPRINT, f, Field.Store.NO)));
        components.forEach(c -> doc.add(new StringField(IndexFields.COMPONENT, c, Field.Store.NO)));
        doc.add(new Field(IndexFields.TEMPLATE, templates.toString(), WORDS));
        doc.add(new Field(IndexFields.CODE, String.join(" ", exceptions) + " " + String.join(" ", frames), WORDS));
        for (Map.Entry<String, String> e : incident.textByLanguage().entrySet()) {
            doc.add(new Field(IndexFields.text(e.getKey()), e.getValue(), WORDS));
            if (!"en".equals(io.tracekb.incident.LanguageTags.primary(e.getKey()))) {
                doc.add(new Field(IndexFields.TEXT_CJK, e.getValue(), WORDS));
            }
        }
        // identifiers are written the same in every language: one field for all of them
        doc.add(new Field(IndexFields.TEXT_LATIN, String.join("\n", incident.textByLanguage().values()), WORDS));
        // messages are English: the English write-up is where their words are; others only when there is none
        // (analysing Japanese and Chinese text as English cost a fifth of the indexing time for nothing)
        String english = incident.textByLanguage().get("en");
        doc.add(new Field(IndexFields.TEXT_TERMS, english != null ? english
                : String.join("\n", incident.textByLanguage().values()), WORDS));
        doc.add(new StoredField(IndexFields.TITLES,
                String.join("\n", incident.titles()).toLowerCase(java.util.Locale.ROOT)));
        doc.add(new StoredField(IndexFields.TRACES, TraceShapeCodec.encode(incident.traces())));
        if (incident.product() != null) {
            doc.add(new StoredField(IndexFields.PRODUCT, incident.product()));
        }
        if (incident.affectedVersions() != null) {
            doc.add(new StoredField(IndexFields.AFFECTED_VERSIONS, incident.affectedVersions()));
        }
        IndexedCards.addTo(doc, incident.card());
        return doc;
    }

    private static final org.apache.lucene.analysis.Analyzer MESSAGE_WORDS = Analyzers.english();

    /**
     * The fixed words a message starts with, lower-cased, up to its first mask or clause break ("failed to update
     * metadata after"); null when too short to name a failure (under 3 words).
     */
    static String messageLead(String template) {
        String lead = messageLeadAsWritten(template);
        return lead == null ? null : lead.toLowerCase(java.util.Locale.ROOT);
    }

    /** The same lead words with the message's own case, for the reason that quotes them. */
    static String messageLeadAsWritten(String template) {
        if (template == null) {
            return null;
        }
        int end = template.length();
        int mask = template.indexOf('<');
        if (mask >= 0) {
            end = mask;
        }
        for (int i = 0; i < end; i++) {
            char c = template.charAt(i);
            if ((c == '.' || c == ':' || c == ';' || c == '\'' || c == '"') && (i + 1 == end
                    || Character.isWhitespace(template.charAt(i + 1)) || c == '\'' || c == '"')) {
                end = i;
                break;
            }
        }
        String lead = template.substring(0, end).strip().replaceAll("\\s+", " ");
        return lead.split(" ").length >= 3 ? lead : null;
    }

    /** The distinct words of a message template, without its masks. */
    static Set<String> messageTerms(String template) {
        if (template == null || template.isBlank()) {
            return Set.of();
        }
        Set<String> terms = new LinkedHashSet<>(CandidateQuery.analyze(MESSAGE_WORDS, IndexFields.TEXT_TERMS,
                template.replaceAll("<[a-z_]+>", " "), 200));
        terms.removeIf(t -> t.length() < 2);
        return terms;
    }

    static List<TraceShape> traces(Document stored) {
        BytesRef bytes = stored.getBinaryValue(IndexFields.TRACES);
        if (bytes == null) {
            return List.of();
        }
        return TraceShapeCodec.decode(bytes);
    }
}
