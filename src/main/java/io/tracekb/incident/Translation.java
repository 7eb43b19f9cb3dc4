package io.tracekb.incident;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** An incident told in one language (a BCP-47 tag); one translation per incident is the original. */
@Entity
@Table(name = "translation")
public class Translation extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "incident_id")
    public Incident incident;

    @Column(nullable = false)
    public String lang;

    @Column(nullable = false)
    public boolean original;

    @Column(nullable = false)
    public String title;

    public String summary;

    @Column(nullable = false)
    public String body = "";

    /**
     * The revision that changed the original after this translation was last written, or null while it is up to
     * date; set by {@link IncidentMapper}, cleared when this translation is written again.
     */
    @Column(name = "stale_since_revision")
    public Integer staleSinceRevision;

    @Column(name = "stale_since_at")
    public java.time.Instant staleSinceAt;
}
