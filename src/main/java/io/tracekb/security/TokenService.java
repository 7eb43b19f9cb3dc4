package io.tracekb.security;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * API tokens: {@code tkb_} + 32 random bytes in URL-safe base64, shown once; only their SHA-256 is stored. A
 * token acts as its owner with the lower of its own role and the owner's current role, and stops working
 * when revoked or when its owner is disabled.
 */
@ApplicationScoped
public class TokenService {

    public static final String PREFIX = "tkb_";
    static final int SECRET_BYTES = 32;
    /** last_used_at is written at most this often per token, so using a token is not a write per request. */
    static final Duration LAST_USED_GRANULARITY = Duration.ofMinutes(1);

    private final SecureRandom random = new SecureRandom();

    Clock clock = Clock.systemUTC();

    /** A new token and its secret; the secret exists only in this value and is never stored. */
    public record CreatedToken(TokenInfo token, String secret) {
    }

    /**
     * Creates a token owned by {@code ownerUsername}. Its role may not exceed the creator's role nor the owner's.
     */
    @Transactional
    public CreatedToken create(String ownerUsername, String name, String roleCode, Role creatorRole) {
        AppUser owner = UserService.require(ownerUsername);
        Role role = Role.fromCode(roleCode);
        Map<String, String> errors = new LinkedHashMap<>();
        if (name == null || name.isBlank()) {
            errors.put("name", "is required");
        } else if (name.length() > 100) {
            errors.put("name", "must be at most 100 characters");
        }
        if (roleCode == null || roleCode.isBlank()) {
            errors.put("role", "is required: reader, editor or admin");
        } else if (role == null) {
            errors.put("role", "must be reader, editor or admin");
        } else if (!creatorRole.includes(role)) {
            errors.put("role", "must not exceed your own role (" + creatorRole.code() + ")");
        } else if (owner.role() == null || !owner.role().includes(role)) {
            errors.put("role", "must not exceed the owner's role (" + owner.role + ")");
        }
        if (owner.disabled) {
            errors.put("username", "the user is disabled");
        }
        if (!errors.isEmpty()) {
            throw SecurityRuleException.invalid(errors);
        }
        byte[] bytes = new byte[SECRET_BYTES];
        random.nextBytes(bytes);
        String secret = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        ApiToken t = new ApiToken();
        t.user = owner;
        t.name = name.strip();
        t.role = role.code();
        t.tokenHash = hash(secret);
        t.createdAt = clock.instant();
        t.persist();
        return new CreatedToken(TokenInfo.of(t), secret);
    }

    /** Every token, or those of one owner, newest first. */
    @Transactional
    public List<TokenInfo> list(String ownerUsernameOrNull) {
        List<ApiToken> tokens = ownerUsernameOrNull == null
                ? ApiToken.list("select t from ApiToken t left join fetch t.user order by t.createdAt desc, t.id desc")
                : ApiToken.list("select t from ApiToken t join fetch t.user u where u.username = ?1 "
                        + "order by t.createdAt desc, t.id desc", ownerUsernameOrNull);
        return tokens.stream().map(TokenInfo::of).toList();
    }

    /** Revokes a token (idempotent); with an owner, only that owner's tokens are found. */
    @Transactional
    public TokenInfo revoke(long id, String ownerUsernameOrNull) {
        ApiToken t = ApiToken.<ApiToken>findByIdOptional(id)
                .filter(x -> ownerUsernameOrNull == null || (x.user != null && x.user.username.equals(ownerUsernameOrNull)))
                .orElseThrow(() -> new SecurityRuleException(SecurityRuleException.Refusal.NOT_FOUND, "No token " + id));
        if (t.revokedAt == null) {
            t.revokedAt = clock.instant();
        }
        return TokenInfo.of(t);
    }

    /** Who a bearer secret acts for; empty when it is unknown, revoked, ownerless or its owner disabled. */
    @ActivateRequestContext
    @Transactional
    public Optional<AuthenticatedUser> authenticate(String secret) {
        if (secret == null || !secret.startsWith(PREFIX) || secret.length() > 200) {
            return Optional.empty();
        }
        Optional<ApiToken> found = ApiToken.find("select t from ApiToken t left join fetch t.user where t.tokenHash = ?1",
                hash(secret)).firstResultOptional();
        if (found.isEmpty()) {
            return Optional.empty();
        }
        ApiToken t = found.get();
        if (t.revoked() || t.user == null || t.user.disabled || t.role() == null || t.user.role() == null) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        if (t.lastUsedAt == null || t.lastUsedAt.isBefore(now.minus(LAST_USED_GRANULARITY))) {
            // Conditional, so concurrent requests with the same token write it once.
            ApiToken.update("lastUsedAt = ?1 where id = ?2 and (lastUsedAt is null or lastUsedAt < ?3)", now, t.id,
                    now.minus(LAST_USED_GRANULARITY));
        }
        return Optional.of(new AuthenticatedUser(t.user.username, Role.lower(t.role(), t.user.role()),
                AuthenticatedUser.Via.TOKEN, t.id));
    }

    static String hash(String secret) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }
}
