package io.tracekb.security;

import io.quarkus.elytron.security.common.BcryptUtil;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Users: passwords checked against bcrypt hashes, roles, disabling. The last enabled admin cannot go. */
@ApplicationScoped
public class UserService {

    static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,99}");
    static final int MIN_PASSWORD = 8;
    /** bcrypt ignores everything after 72 bytes; refusing longer passwords keeps that from surprising anyone. */
    static final int MAX_PASSWORD_BYTES = 72;
    /** Advisory lock key that serialises changes which may remove an admin (ContentImporter uses its own space). */
    static final long ADMIN_CHANGE_LOCK = 0x7472616365L; // "trace"

    @Inject
    EntityManager em;

    /** bcrypt work factor of new hashes (existing hashes keep theirs); the tests lower it to stay fast. */
    @ConfigProperty(name = "kb.security.bcrypt-cost", defaultValue = "10")
    int bcryptCost;

    /** Checked against when the user does not exist, so a wrong name costs as long as a wrong password. */
    private volatile String dummyHash;

    Clock clock = Clock.systemUTC();

    /** The user when the name exists, is enabled and the password matches; empty otherwise. */
    @ActivateRequestContext
    @Transactional
    public Optional<AuthenticatedUser> checkPassword(String username, String password) {
        if (username == null || password == null) {
            return Optional.empty();
        }
        Optional<AppUser> user = AppUser.findByUsername(username);
        if (user.isEmpty()) {
            if (dummyHash == null) {
                dummyHash = hash("tracekb-no-such-user");
            }
            BcryptUtil.matches(password, dummyHash);
            return Optional.empty();
        }
        AppUser u = user.get();
        if (!BcryptUtil.matches(password, u.passwordHash) || u.disabled || u.role() == null) {
            return Optional.empty();
        }
        return Optional.of(new AuthenticatedUser(u.username, u.role(), AuthenticatedUser.Via.PASSWORD, null));
    }

    /** The generation a new page session of {@code username} gets (see {@link #endSessions}). */
    @Transactional
    public int sessionGeneration(String username) {
        return AppUser.findByUsername(username).map(u -> u.sessionGeneration).orElse(0);
    }

    /** Signing out: every page session of the user issued so far stops working, on every instance. */
    @Transactional
    public void endSessions(String username) {
        AppUser.update("sessionGeneration = sessionGeneration + 1 where username = ?1", username);
    }

    /**
     * The user behind a signed page session, as they are now: empty once disabled or deleted, and with their
     * current role (a session never outlives a demotion).
     */
    @ActivateRequestContext
    @Transactional
    public Optional<AuthenticatedUser> findEnabled(String username, int sessionGeneration) {
        return AppUser.findByUsername(username)
                .filter(u -> !u.disabled && u.role() != null && u.sessionGeneration == sessionGeneration)
                .map(u -> new AuthenticatedUser(u.username, u.role(), AuthenticatedUser.Via.PASSWORD, null));
    }

    @Transactional
    public List<UserInfo> list() {
        return AppUser.listAllByName().stream().map(UserInfo::of).toList();
    }

    @Transactional
    public UserInfo get(String username) {
        return UserInfo.of(require(username));
    }

    /** SQL, not HQL: it runs at every start, where it would be the only reason to load Hibernate's query parser. */
    @Transactional
    public long count() {
        return ((Number) AppUser.getEntityManager().createNativeQuery("select count(*) from app_user")
                .getSingleResult()).longValue();
    }

    @Transactional
    public UserInfo create(String username, String password, String roleCode) {
        Role role = Role.fromCode(roleCode);
        Map<String, String> errors = new LinkedHashMap<>();
        if (username == null || username.isBlank()) {
            errors.put("username", "is required");
        } else if (!USERNAME.matcher(username).matches()) {
            errors.put("username", "must be 1-100 letters, digits, '.', '_', '@' or '-', starting with a letter or digit");
        }
        checkPassword(password, errors);
        if (roleCode == null || roleCode.isBlank()) {
            errors.put("role", "is required: reader, editor or admin");
        } else if (role == null) {
            errors.put("role", "must be reader, editor or admin");
        }
        if (!errors.isEmpty()) {
            throw SecurityRuleException.invalid(errors);
        }
        if (AppUser.findByUsername(username).isPresent()) {
            throw new SecurityRuleException(SecurityRuleException.Refusal.CONFLICT,
                    "A user named '" + username + "' already exists");
        }
        return UserInfo.of(insert(username, password, role));
    }

    /** Changes what is given (null = unchanged). Demoting or disabling the last enabled admin is refused. */
    @Transactional
    public UserInfo update(String username, String roleCode, String password, Boolean disabled) {
        AppUser u = require(username);
        Role role = Role.fromCode(roleCode);
        Map<String, String> errors = new LinkedHashMap<>();
        if (roleCode != null && role == null) {
            errors.put("role", "must be reader, editor or admin");
        }
        if (password != null) {
            checkPassword(password, errors);
        }
        if (!errors.isEmpty()) {
            throw SecurityRuleException.invalid(errors);
        }
        boolean losesAdmin = u.role() == Role.ADMIN && !u.disabled
                && ((role != null && role != Role.ADMIN) || Boolean.TRUE.equals(disabled));
        if (losesAdmin) {
            // one admin change at a time, whichever instance serves it: two admins demoting each other at once
            // would each count the other and leave none. The count after the lock sees the winner's commit.
            em.createNativeQuery("select 1 from pg_advisory_xact_lock(" + ADMIN_CHANGE_LOCK + ")").getSingleResult();
            em.refresh(u);
            losesAdmin = u.role() == Role.ADMIN && !u.disabled;
        }
        if (losesAdmin && AppUser.countEnabledAdmins() <= 1) {
            throw new SecurityRuleException(SecurityRuleException.Refusal.CONFLICT,
                    "'" + username + "' is the last enabled admin; make another admin first");
        }
        if (role != null) {
            u.role = role.code();
        }
        if (password != null) {
            u.passwordHash = hash(password);
            u.sessionGeneration++; // a new password ends the page sessions signed in with the old one
        }
        if (disabled != null) {
            u.disabled = disabled;
        }
        return UserInfo.of(u);
    }

    private String hash(String password) {
        return BcryptUtil.bcryptHash(password, bcryptCost);
    }

    AppUser insert(String username, String password, Role role) {
        AppUser u = new AppUser();
        u.username = username;
        u.passwordHash = hash(password);
        u.role = role.code();
        u.createdAt = clock.instant();
        u.persist();
        return u;
    }

    /** Creates the first admin only while there are no users at all; false when someone else was first. */
    @Transactional
    boolean createFirstAdmin(String password) {
        if (AppUser.count() > 0) {
            return false;
        }
        insert("admin", password, Role.ADMIN);
        return true;
    }

    static AppUser require(String username) {
        return AppUser.findByUsername(username).orElseThrow(() -> new SecurityRuleException(
                SecurityRuleException.Refusal.NOT_FOUND, "No user named '" + username + "'"));
    }

    private static void checkPassword(String password, Map<String, String> errors) {
        if (password == null || password.isEmpty()) {
            errors.put("password", "is required");
        } else if (password.codePointCount(0, password.length()) < MIN_PASSWORD) {
            errors.put("password", "must be at least " + MIN_PASSWORD + " characters");
        } else if (password.getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            errors.put("password", "must be at most " + MAX_PASSWORD_BYTES + " bytes in UTF-8");
        }
    }
}
