package io.tracekb.security;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.EstimationProbe;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Slows password guessing down, per account and per client address, and keeps sign-in from starving matching.
 * <ul>
 * <li>Each failed password check takes a token from the account's bucket and from the address's bucket. While
 * either is empty, attempts are refused with the seconds to wait ({@link SignInThrottledException}, a 429) before
 * any bcrypt work is done.</li>
 * <li>At most {@code kb.security.sign-in.concurrent-checks} password checks run at once (bcrypt costs ~100 ms of
 * a core); an attempt that cannot start within half a second is refused the same way.</li>
 * </ul>
 * Buckets live in bounded Caffeine maps: a client rotating addresses evicts some entries, never everyone's.
 */
@Singleton
public class SignInThrottle {

    static final int MAX_KEYS = 100_000;

    private final Cache<String, Bucket> accounts;
    private final Cache<String, Bucket> addresses;
    private final Semaphore checks;
    private volatile Bandwidth perAccount;
    private volatile Bandwidth perAddress;

    @Inject
    public SignInThrottle(
            @ConfigProperty(name = "kb.security.sign-in.failures-per-account", defaultValue = "10") int accountFailures,
            @ConfigProperty(name = "kb.security.sign-in.failures-per-address", defaultValue = "30") int addressFailures,
            @ConfigProperty(name = "kb.security.sign-in.refill", defaultValue = "PT10M") Duration refill,
            @ConfigProperty(name = "kb.security.sign-in.concurrent-checks", defaultValue = "1") int concurrentChecks) {
        this.accounts = Caffeine.newBuilder().maximumSize(MAX_KEYS).expireAfterAccess(refill.multipliedBy(2)).build();
        this.addresses = Caffeine.newBuilder().maximumSize(MAX_KEYS).expireAfterAccess(refill.multipliedBy(2)).build();
        this.checks = new Semaphore(Math.max(1, concurrentChecks), true);
        limit(accountFailures, addressFailures, refill);
    }

    /** New limits, with every bucket full again (tests share one application start; operations may tune). */
    public void limit(int accountFailures, int addressFailures, Duration refill) {
        this.perAccount = Bandwidth.builder().capacity(accountFailures).refillGreedy(accountFailures, refill).build();
        this.perAddress = Bandwidth.builder().capacity(addressFailures).refillGreedy(addressFailures, refill).build();
        accounts.invalidateAll();
        addresses.invalidateAll();
    }

    /**
     * Runs {@code check} (a password check: empty when it fails) unless the account or address must wait; counts a
     * failure against both.
     */
    public <T> Optional<T> attempt(String username, String address, Supplier<Optional<T>> check) {
        Bucket account = accounts.get(accountKey(username), k -> Bucket.builder().addLimit(perAccount).build());
        Bucket client = addresses.get(address == null ? "?" : address, k -> Bucket.builder().addLimit(perAddress).build());
        refuseIfEmpty(account);
        refuseIfEmpty(client);
        boolean started;
        try {
            started = checks.tryAcquire(500, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            started = false;
        }
        if (!started) {
            throw new SignInThrottledException(1);
        }
        Optional<T> result;
        try {
            result = check.get();
        } finally {
            checks.release();
        }
        if (result.isEmpty()) {
            account.tryConsume(1);
            client.tryConsume(1);
        }
        return result;
    }

    private static void refuseIfEmpty(Bucket bucket) {
        // a probe that takes nothing: only failures consume
        EstimationProbe probe = bucket.estimateAbilityToConsume(1);
        if (!probe.canBeConsumed()) {
            throw new SignInThrottledException(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(probe.getNanosToWaitForRefill()) + 1));
        }
    }

    /** User names are matched exactly, but a guesser must not get a fresh bucket per spelling. */
    private static String accountKey(String username) {
        return username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
    }
}
