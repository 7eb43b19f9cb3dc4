package io.tracekb.security;

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
import java.time.Instant;

/** An API token sent as {@code Authorization: Bearer}. Only the SHA-256 of its secret is stored. */
@Entity
@Table(name = "api_token")
public class ApiToken extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY)
    @JoinColumn(name = "user_id")
    public AppUser user;

    @Column(nullable = false)
    public String name;

    @Column(name = "token_hash", nullable = false, unique = true)
    public String tokenHash;

    /** {@link Role#code()}; the token never acts with more than its owner's current role. */
    @Column(nullable = false)
    public String role;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "last_used_at")
    public Instant lastUsedAt;

    @Column(name = "revoked_at")
    public Instant revokedAt;

    public Role role() {
        return Role.fromCode(role);
    }

    public boolean revoked() {
        return revokedAt != null;
    }
}
