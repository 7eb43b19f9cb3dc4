package io.tracekb.incident;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/** A full snapshot (JSON of {@link IncidentData}) taken at every save; never deleted, restorable. */
@Entity
@Table(name = "revision")
public class Revision extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "incident_id", nullable = false)
    public Long incidentId;

    @Column(nullable = false)
    public int number;

    /** The incident's version right after this save. */
    @Column(nullable = false)
    public long version;

    @Column(nullable = false)
    public String author;

    public String message;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(nullable = false)
    public String snapshot;

    public static List<Revision> ofIncident(long incidentId) {
        return list("incidentId = ?1 order by number", incidentId);
    }

    public static int lastNumber(long incidentId) {
        Integer max = getEntityManager()
                .createQuery("select max(r.number) from Revision r where r.incidentId = :id", Integer.class)
                .setParameter("id", incidentId)
                .getSingleResult();
        return max == null ? 0 : max;
    }
}
