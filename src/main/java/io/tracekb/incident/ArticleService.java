package io.tracekb.incident;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tracekb.incident.IncidentData.SampleTraceData;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Every change to an incident goes through here: one transaction per save, a revision snapshot per save,
 * and a save based on a stale version is rejected rather than silently overwriting someone else's work.
 */
@ApplicationScoped
public class ArticleService {

    @Inject
    IncidentRepository incidents;

    @Inject
    EntityManager em;

    @Inject
    ObjectMapper json;

    @Inject
    Event<IncidentSaved> saved;

    Clock clock = Clock.systemUTC();

    @Transactional
    public Optional<IncidentData> find(String slug) {
        return incidents.findBySlug(slug).map(IncidentMapper::toData);
    }

    /** An incident with its database id (which the index keys incidents by). */
    public record Stored(long id, IncidentData data) {
    }

    @Transactional
    public Optional<Stored> findStored(String slug) {
        return incidents.findBySlug(slug).map(i -> new Stored(i.id, IncidentMapper.toData(i)));
    }

    /** An incident as users may see it: published ones only. */
    @Transactional
    public Optional<IncidentData> findPublished(String slug) {
        return find(slug).filter(d -> d.status() == IncidentStatus.PUBLISHED);
    }

    /** Creates an incident and its first revision. */
    @Transactional
    public Incident create(IncidentData input, String author, String message) {
        IncidentData data = input == null ? null : input.normalized();
        IncidentValidator.check(data);
        IncidentValidator.checkRevisionMessage(message);
        if (incidents.findBySlug(data.slug()).isPresent()) {
            throw new SlugTakenException(data.slug());
        }
        Incident incident = new Incident();
        Instant now = clock.instant();
        incident.createdAt = now;
        incident.updatedAt = now;
        IncidentMapper.apply(data, incident);
        incidents.persist(incident);
        em.flush();
        writeRevision(incident, author, message == null ? "created" : message);
        return incident;
    }

    /**
     * Replaces an incident with {@code data}; {@code basedOnVersion} is the version the editor started from.
     * The row is locked for the check so two concurrent saves cannot both pass it.
     */
    @Transactional
    public Incident update(String slug, IncidentData input, long basedOnVersion, String author, String message) {
        IncidentData data = input == null ? null : input.normalized();
        IncidentValidator.check(data);
        IncidentValidator.checkRevisionMessage(message);
        Incident incident = lockForUpdate(slug, basedOnVersion);
        if (!slug.equals(data.slug()) && incidents.findBySlug(data.slug()).isPresent()) {
            throw new SlugTakenException(data.slug());
        }
        incident.updatedAt = clock.instant();
        IncidentMapper.apply(data, incident, Revision.lastNumber(incident.id) + 1, incident.updatedAt);
        em.flush();
        writeRevision(incident, author, message == null ? "updated" : message);
        return incident;
    }

    /** Archives: the incident stops being listed and matched, and keeps every revision. */
    @Transactional
    public Incident archive(String slug, long basedOnVersion, String author) {
        Incident incident = lockForUpdate(slug, basedOnVersion);
        incident.status = IncidentStatus.ARCHIVED;
        incident.updatedAt = clock.instant();
        em.flush();
        writeRevision(incident, author, "archived");
        return incident;
    }

    /** Restores the state of revision {@code number} as a new revision; history is never rewritten. */
    @Transactional
    public Incident restore(String slug, int number, long basedOnVersion, String author) {
        Incident incident = lockForUpdate(slug, basedOnVersion);
        Revision revision = Revision.<Revision>find("incidentId = ?1 and number = ?2", incident.id, number)
                .firstResultOptional()
                .orElseThrow(() -> new IncidentNotFoundException(slug + " revision " + number));
        IncidentData data = readSnapshot(revision.snapshot);
        incident.updatedAt = clock.instant();
        IncidentMapper.apply(data, incident, Revision.lastNumber(incident.id) + 1, incident.updatedAt);
        em.flush();
        writeRevision(incident, author, "restored revision " + number);
        return incident;
    }

    /**
     * Translations that may be out of date (their original changed after they were last written), of incidents
     * that are not archived; by incident, then language.
     */
    @Transactional
    public List<StaleTranslation> staleTranslations() {
        return em.createQuery("select new io.tracekb.incident.StaleTranslation(i.slug, t.lang, t.title, o.lang, "
                + "t.staleSinceRevision, t.staleSinceAt) from Translation t join t.incident i, Translation o "
                + "where o.incident = i and o.original = true and t.staleSinceRevision is not null "
                + "and i.status <> :archived order by i.slug, t.lang", StaleTranslation.class)
                .setParameter("archived", IncidentStatus.ARCHIVED).getResultList();
    }

    /** The stale translations of one incident, by language (empty when every translation is up to date). */
    @Transactional
    public java.util.Map<String, StaleTranslation> staleTranslations(String slug) {
        java.util.Map<String, StaleTranslation> out = new java.util.TreeMap<>();
        Incident incident = incidents.findBySlug(slug).orElse(null);
        if (incident == null) {
            return out;
        }
        String original = incident.translations.stream().filter(t -> t.original).map(t -> t.lang).findFirst()
                .orElse(null);
        for (Translation t : incident.translations) {
            if (t.staleSinceRevision != null) {
                out.put(t.lang, new StaleTranslation(slug, t.lang, t.title, original, t.staleSinceRevision,
                        t.staleSinceAt));
            }
        }
        return out;
    }

    @Transactional
    public List<Revision> revisions(String slug) {
        Incident incident = incidents.findBySlug(slug).orElseThrow(() -> new IncidentNotFoundException(slug));
        return Revision.ofIncident(incident.id);
    }

    public IncidentData readSnapshot(String snapshot) {
        try {
            return json.readValue(snapshot, IncidentData.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A stored revision snapshot could not be read", e);
        }
    }

    private Incident lockForUpdate(String slug, long basedOnVersion) {
        Incident incident = Incident.<Incident>find("slug", slug)
                .withLock(LockModeType.PESSIMISTIC_WRITE)
                .firstResultOptional()
                .orElseThrow(() -> new IncidentNotFoundException(slug));
        if (incident.version != basedOnVersion) {
            throw new StaleVersionException(slug, basedOnVersion, incident.version);
        }
        return incident;
    }

    private void writeRevision(Incident incident, String author, String message) {
        IncidentData data = IncidentMapper.toData(incident);
        IncidentData snapshot = new IncidentData(data.slug(), data.product(), data.tags(), data.affectedVersions(),
                data.status(), data.translations(), data.fixes(),
                data.sampleTraces().stream().map(SampleTraceData::withoutId).toList());
        Revision revision = new Revision();
        revision.incidentId = incident.id;
        revision.number = Revision.lastNumber(incident.id) + 1;
        revision.version = incident.version;
        revision.author = author;
        revision.message = message;
        revision.createdAt = clock.instant();
        try {
            revision.snapshot = json.writeValueAsString(snapshot);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Could not snapshot incident " + incident.slug, e);
        }
        revision.persist();
        saved.fire(new IncidentSaved(incident.id, incident.version, data));
    }
}
