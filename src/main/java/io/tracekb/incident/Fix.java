package io.tracekb.incident;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.MapKeyColumn;
import jakarta.persistence.Table;
import java.util.Map;
import java.util.TreeMap;

/** One step of a fix recipe: a language-neutral snippet plus a title and description per language. */
@Entity
@Table(name = "fix")
public class Fix extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "incident_id")
    public Incident incident;

    @Column(nullable = false)
    public int position;

    public String snippet;

    @Column(name = "snippet_language")
    public String snippetLanguage;

    @Column(name = "target_file")
    public String targetFile;

    @Column(name = "applies_to")
    public String appliesTo;

    @ElementCollection
    @CollectionTable(name = "fix_text", joinColumns = @JoinColumn(name = "fix_id"))
    @MapKeyColumn(name = "lang")
    public Map<String, Text> texts = new TreeMap<>();

    @Embeddable
    public static class Text {
        @Column(nullable = false)
        public String title;
        public String description;
        @Column(name = "applies_to")
        public String appliesTo;

        public Text() {
        }

        public Text(String title, String description, String appliesTo) {
            this.title = title;
            this.description = description;
            this.appliesTo = appliesTo;
        }
    }
}
