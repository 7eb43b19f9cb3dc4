package io.tracekb.api;

import io.tracekb.incident.IncidentRepository;
import io.tracekb.incident.ArticleService;
import io.tracekb.incident.Audience;
import io.tracekb.incident.Incident;
import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentNotFoundException;
import io.tracekb.incident.IncidentStatus;
import io.tracekb.incident.Revision;
import io.tracekb.incident.Translation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** Read side of the articles API: one article, pages of summaries, revisions. */
@ApplicationScoped
public class ArticleQueries {

    @Inject
    IncidentRepository incidents;

    @Inject
    EntityManager em;

    @Inject
    ArticleService articles;

    @Transactional
    public ArticleJson article(String slug, Audience audience) {
        Incident incident = visible(slug, audience);
        IncidentData data = articles.find(slug).orElseThrow(() -> new IncidentNotFoundException(slug));
        return ArticleJson.of(incident.id, data, incident.version, incident.updatedAt, articles.staleTranslations(slug));
    }

    @Transactional
    public long currentVersion(String slug) {
        return incidents.findBySlug(slug).orElseThrow(() -> new IncidentNotFoundException(slug)).version;
    }

    /**
     * Incidents with one of {@code statuses}, optionally of one product, optionally whose title or summary (in
     * any language) contains {@code q} ignoring case; newest change first.
     */
    @Transactional
    public ArticlePage page(String q, String product, Collection<IncidentStatus> statuses, String lang, int page,
            int size) {
        StringBuilder where = new StringBuilder(" where i.status in :statuses");
        Map<String, Object> params = new HashMap<>();
        params.put("statuses", statuses);
        if (product != null) {
            where.append(" and i.product = :product");
            params.put("product", product);
        }
        if (q != null) {
            where.append(" and exists (select 1 from Translation t where t.incident = i and "
                    + "(lower(t.title) like :pattern escape '!' or lower(t.summary) like :pattern escape '!'))");
            params.put("pattern", "%" + escapeLike(q.toLowerCase(Locale.ROOT)) + "%");
        }
        TypedQuery<Long> count = em.createQuery("select count(i) from Incident i" + where, Long.class);
        TypedQuery<Incident> select = em.createQuery(
                "select i from Incident i" + where + " order by i.updatedAt desc, i.id desc", Incident.class);
        params.forEach((k, v) -> {
            count.setParameter(k, v);
            select.setParameter(k, v);
        });
        long total = count.getSingleResult();
        List<Incident> incidents = select.setFirstResult(Math.toIntExact(Math.min((long) page * size, Integer.MAX_VALUE)))
                .setMaxResults(size).getResultList();
        List<ArticleSummary> items = new ArrayList<>();
        for (Incident i : incidents) {
            items.add(summary(i, lang));
        }
        return new ArticlePage(items, page, size, total);
    }

    @Transactional
    public List<RevisionJson> revisions(String slug, Audience audience) {
        visible(slug, audience);
        return articles.revisions(slug).stream()
                .map(r -> new RevisionJson(r.number, r.version, r.author, r.message, r.createdAt, null))
                .toList();
    }

    @Transactional
    public RevisionJson revision(String slug, int number, Audience audience) {
        Incident incident = visible(slug, audience);
        Revision r = Revision.<Revision>find("incidentId = ?1 and number = ?2", incident.id, number)
                .firstResultOptional()
                .orElseThrow(() -> new IncidentNotFoundException(slug + " revision " + number));
        return new RevisionJson(r.number, r.version, r.author, r.message, r.createdAt,
                articles.readSnapshot(r.snapshot));
    }

    /** The incident if {@code audience} may see it; else, as for an unknown slug, not found. */
    private Incident visible(String slug, Audience audience) {
        return incidents.findBySlug(slug).filter(i -> audience.sees(i.status))
                .orElseThrow(() -> new IncidentNotFoundException(slug));
    }

    /** Escapes LIKE wildcards so a search for {@code 100%} or {@code a_b} finds exactly that text. */
    static String escapeLike(String s) {
        return s.replace("!", "!!").replace("%", "!%").replace("_", "!_");
    }

    private static ArticleSummary summary(Incident i, String lang) {
        Translation chosen = pick(i.translations, lang);
        List<String> languages = i.translations.stream().map(t -> t.lang).sorted().toList();
        String shownLang = chosen == null ? null : chosen.lang;
        return new ArticleSummary(i.id, i.slug, i.product, new ArrayList<>(new TreeSet<>(i.tags)), i.status, shownLang,
                chosen == null ? null : chosen.title, chosen == null ? null : chosen.summary, languages, i.version,
                i.updatedAt, "/articles/" + i.slug + (shownLang == null ? "" : "?lang=" + shownLang));
    }

    /** The asked language, else its base language (zh for zh-Hans), else English, else the original, else any. */
    static Translation pick(List<Translation> translations, String lang) {
        if (translations.isEmpty()) {
            return null;
        }
        String base = lang.contains("-") ? lang.substring(0, lang.indexOf('-')) : lang;
        for (String wanted : List.of(lang, base, "en")) {
            for (Translation t : translations) {
                if (t.lang.equalsIgnoreCase(wanted)) {
                    return t;
                }
            }
        }
        return translations.stream().filter(t -> t.original).findFirst().orElse(translations.get(0));
    }
}
