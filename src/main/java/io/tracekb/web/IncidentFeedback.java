package io.tracekb.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.List;

/** "Did this help?" on incident pages: answers are counted per incident (table incident_feedback, V3). */
@ApplicationScoped
public class IncidentFeedback {

    @Inject
    EntityManager em;

    public record Counts(long helpful, long notHelpful) {
        public long total() {
            return helpful + notHelpful;
        }
    }

    /** Records one answer for a published incident; false when there is no such incident. */
    @Transactional
    public boolean record(String slug, boolean helpful, String lang) {
        int rows = em.createNativeQuery("""
                insert into incident_feedback (incident_id, helpful, lang)
                select id, ?2, ?3 from incident where slug = ?1 and status = 'published'""")
                .setParameter(1, slug).setParameter(2, helpful).setParameter(3, lang)
                .executeUpdate();
        return rows == 1;
    }

    @Transactional
    public Counts counts(String slug) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                select count(*) filter (where f.helpful), count(*) filter (where not f.helpful)
                from incident_feedback f join incident i on i.id = f.incident_id where i.slug = ?1""")
                .setParameter(1, slug).getResultList();
        Object[] r = rows.get(0);
        return new Counts(((Number) r[0]).longValue(), ((Number) r[1]).longValue());
    }
}
