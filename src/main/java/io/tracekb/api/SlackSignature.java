package io.tracekb.api;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Slack's request signing: {@code X-Slack-Signature = "v0=" + hex(HMAC-SHA256(secret, "v0:" + timestamp + ":"
 * + body))}, with {@code X-Slack-Request-Timestamp} no more than five minutes off, so a captured request cannot be
 * replayed later.
 */
final class SlackSignature {

    static final long MAX_SKEW_SECONDS = 300;

    private SlackSignature() {
    }

    /** Why the request is refused, or null when it is authentic. */
    static String problem(String secret, String timestamp, byte[] body, String signature, long nowEpochSeconds) {
        if (timestamp == null || signature == null) {
            return "the request is not signed (X-Slack-Request-Timestamp and X-Slack-Signature are required)";
        }
        long ts;
        try {
            ts = Long.parseLong(timestamp.trim());
        } catch (NumberFormatException e) {
            return "X-Slack-Request-Timestamp is not a number";
        }
        if (Math.abs(nowEpochSeconds - ts) > MAX_SKEW_SECONDS) {
            return "the request timestamp is more than five minutes off: stale or replayed";
        }
        byte[] expected = ("v0=" + sign(secret, "v0:" + ts + ":", body)).getBytes(StandardCharsets.US_ASCII);
        // constant-time comparison: no timing hints about how much of a forged signature was right
        if (!MessageDigest.isEqual(expected, signature.trim().getBytes(StandardCharsets.US_ASCII))) {
            return "the signature does not match";
        }
        return null;
    }

    static String sign(String secret, String prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(prefix.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }
}
