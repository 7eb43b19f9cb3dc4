package io.tracekb.security;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Someone who signs in with a user name and password (HTTP Basic). Only a bcrypt hash of the password is kept. */
@Entity
@Table(name = "app_user")
public class AppUser extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, unique = true)
    public String username;

    @Column(name = "password_hash", nullable = false)
    public String passwordHash;

    /** {@link Role#code()}. */
    @Column(nullable = false)
    public String role;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(nullable = false)
    public boolean disabled;

    /** Part of every page session cookie; bumped at sign-out, which ends every session issued before. */
    @Column(name = "session_generation", nullable = false)
    public int sessionGeneration;

    public Role role() {
        return Role.fromCode(role);
    }

    public static Optional<AppUser> findByUsername(String username) {
        // no stored name holds U+0000, and PostgreSQL would refuse the query: nobody by that name
        if (username == null || username.indexOf('\0') >= 0 || username.length() > 200) {
            return Optional.empty();
        }
        return find("username", username).firstResultOptional();
    }

    public static List<AppUser> listAllByName() {
        return list("order by username");
    }

    public static long countEnabledAdmins() {
        return count("role = ?1 and disabled = false", Role.ADMIN.code());
    }
}
