package io.tracekb.api;

import io.quarkus.security.identity.SecurityIdentity;
import io.tracekb.security.Identities;
import io.tracekb.security.TokenInfo;
import io.tracekb.security.TokenService;
import io.tracekb.security.TokenService.CreatedToken;
import java.time.Instant;

/** Shared by the admin and the self-service token endpoints. */
final class TokenResources {

    private TokenResources() {
    }

    /** A token just created: the only time its secret is shown. */
    public record CreatedTokenJson(long id, String name, String role, String username, Instant createdAt,
            String token) {

        static CreatedTokenJson of(CreatedToken created) {
            TokenInfo t = created.token();
            return new CreatedTokenJson(t.id(), t.name(), t.role().code(), t.username(), t.createdAt(),
                    created.secret());
        }
    }

    /** Body of token creation; {@code username} only for admins (default: yourself). */
    public record NewToken(String name, String role, String username) {
    }

    static CreatedTokenJson create(TokenService tokens, SecurityIdentity identity, String owner, NewToken body) {
        Identities.requirePasswordSignIn(identity, "Creating an API token");
        NewToken b = body == null ? new NewToken(null, null, null) : body;
        return CreatedTokenJson.of(tokens.create(owner, b.name(), b.role(), Identities.roleOf(identity)));
    }
}
