package io.tracekb.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.NewCookie;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The page session of a signed-in user: {@code user.generation.expiry.hmac} in an HttpOnly cookie. It holds no role
 * and no password: the user is looked up again on every request, so disabling or demoting someone takes effect at
 * once, and a session whose generation is not the user's current one (they signed out since) is refused.
 * Only pages read it; {@code /api/} keeps Basic and Bearer only.
 */
@ApplicationScoped
public class SessionCookie {

    private static final Logger LOG = Logger.getLogger(SessionCookie.class);

    public static final String NAME = "kb_session";
    static final Duration LIFETIME = Duration.ofHours(8);

    /** HMAC key; unset → a random key per start (sessions end at restart; set it when running several instances). */
    @ConfigProperty(name = "kb.web.session-secret")
    Optional<String> configuredSecret;

    Clock clock = Clock.systemUTC();

    private volatile byte[] key;

    /** What a valid cookie says: who, and which of their session generations. */
    public record Session(String username, int generation) {
    }

    public NewCookie issue(String username, int generation, boolean secure) {
        long expiry = clock.instant().plus(LIFETIME).getEpochSecond();
        String payload = b64(username.getBytes(StandardCharsets.UTF_8)) + "." + generation + "." + expiry;
        return cookie(payload + "." + b64(mac(payload)), (int) LIFETIME.toSeconds(), secure);
    }

    public NewCookie clear(boolean secure) {
        return cookie("", 0, secure);
    }

    /** The session of a valid, unexpired session cookie; empty for anything else. */
    public Optional<Session> verify(String value) {
        if (value == null || value.length() > 400) {
            return Optional.empty();
        }
        int last = value.lastIndexOf('.');
        int first = value.indexOf('.');
        int second = first < 0 ? -1 : value.indexOf('.', first + 1);
        if (first <= 0 || second <= first || last <= second) {
            return Optional.empty();
        }
        String payload = value.substring(0, last);
        try {
            byte[] given = Base64.getUrlDecoder().decode(value.substring(last + 1));
            if (!MessageDigest.isEqual(given, mac(payload))) {
                return Optional.empty();
            }
            int generation = Integer.parseInt(payload.substring(first + 1, second));
            long expiry = Long.parseLong(payload.substring(second + 1));
            if (clock.instant().getEpochSecond() >= expiry) {
                return Optional.empty();
            }
            return Optional.of(new Session(new String(Base64.getUrlDecoder().decode(payload.substring(0, first)),
                    StandardCharsets.UTF_8), generation));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    private static NewCookie cookie(String value, int maxAge, boolean secure) {
        return new NewCookie.Builder(NAME).value(value).path("/").maxAge(maxAge).httpOnly(true).secure(secure)
                .sameSite(NewCookie.SameSite.LAX).build();
    }

    private byte[] mac(String payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key(), "HmacSHA256"));
            return mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private byte[] key() {
        byte[] k = key;
        if (k == null) {
            synchronized (this) {
                if (key == null) {
                    if (configuredSecret.filter(s -> s.length() >= 32).isPresent()) {
                        key = configuredSecret.get().getBytes(StandardCharsets.UTF_8);
                    } else {
                        if (configuredSecret.isPresent()) {
                            LOG.warn("kb.web.session-secret is shorter than 32 characters and was ignored");
                        }
                        byte[] random = new byte[32];
                        new SecureRandom().nextBytes(random);
                        key = random;
                    }
                }
                k = key;
            }
        }
        return k;
    }

    private static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
