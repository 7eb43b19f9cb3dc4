package io.tracekb.incident;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every query on incidents: services and resources call these instead of the entity's static methods or their own
 * SQL. The SQL ones run at start, where they are the first queries: SQL, not HQL, so that Hibernate's HQL parser
 * (ANTLR) is not loaded and warmed up for them alone (a tenth of a restart's CPU).
 */
@ApplicationScoped
public class IncidentRepository implements PanacheRepositoryBase<Incident, Long> {

    public Optional<Incident> findBySlug(String slug) {
        // a string that is no slug (a NUL from a path, 10 KB of junk) names no incident: not a database error
        if (!IncidentValidator.isSlug(slug)) {
            return Optional.empty();
        }
        return find("slug", slug).firstResultOptional();
    }

    /** The incident's version, for the optimistic check of an edit; empty when there is no such incident. */
    public Optional<Long> versionOf(String slug) {
        return findBySlug(slug).map(i -> i.version);
    }

    /** id → version of every published incident: what the search index must hold. */
    public Map<Long, Long> publishedVersions() {
        Map<Long, Long> versions = new HashMap<>();
        @SuppressWarnings("unchecked")
        List<Object[]> rows = getEntityManager()
                .createNativeQuery("select id, version from incident where status = ?1")
                .setParameter(1, IncidentStatus.PUBLISHED.code())
                .getResultList();
        for (Object[] row : rows) {
            versions.put(((Number) row[0]).longValue(), ((Number) row[1]).longValue());
        }
        return versions;
    }

    /** slug → content hash of the incidents with these slugs that were imported from files. */
    public Map<String, String> importedHashes(Collection<String> slugs) {
        Map<String, String> hashes = new HashMap<>();
        if (slugs.isEmpty()) {
            return hashes;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = getEntityManager()
                .createNativeQuery("select slug, content_hash from incident where slug = any(?1) "
                        + "and content_hash is not null")
                .setParameter(1, slugs.toArray(String[]::new)).getResultList();
        for (Object[] row : rows) {
            hashes.put((String) row[0], (String) row[1]);
        }
        return hashes;
    }

    /**
     * Takes a transaction-scoped advisory lock on the slug within {@code space}: a second transaction that asks for
     * the same lock waits until the first one ends.
     */
    public void lockSlug(int space, String slug) {
        getEntityManager()
                .createNativeQuery("select 1 from pg_advisory_xact_lock(" + space + ", hashtext(?1))")
                .setParameter(1, slug)
                .getSingleResult();
    }
}
