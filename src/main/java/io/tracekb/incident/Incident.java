package io.tracekb.incident;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CascadeType;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.hibernate.annotations.OptimisticLock;

/** One failure and its write-up: translations, fix recipes and sample traces. */
@Entity
@Table(name = "incident")
public class Incident extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, unique = true)
    public String slug;

    @Column(nullable = false)
    public String product;

    @Column(name = "affected_versions")
    public String affectedVersions;

    @Column(nullable = false)
    public IncidentStatus status = IncidentStatus.DRAFT;

    @Version
    public long version;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    /** Bookkeeping of the content/ import; changing it is not an edit, so it does not bump the version. */
    @OptimisticLock(excluded = true)
    @Column(name = "content_hash")
    public String contentHash;

    @OptimisticLock(excluded = true)
    @Column(name = "imported_version")
    public Long importedVersion;

    @ElementCollection
    @CollectionTable(name = "incident_tag", joinColumns = @JoinColumn(name = "incident_id"))
    @Column(name = "tag")
    public Set<String> tags = new TreeSet<>();

    @OneToMany(mappedBy = "incident", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("lang")
    public List<Translation> translations = new ArrayList<>();

    @OneToMany(mappedBy = "incident", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("position")
    public List<Fix> fixes = new ArrayList<>();

    @OneToMany(mappedBy = "incident", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("position")
    public List<SampleTrace> sampleTraces = new ArrayList<>();

    /** True when an editor saved this incident since it was last imported from content/. */
    public boolean editedSinceImport() {
        return importedVersion == null || importedVersion != version;
    }
}
