package io.tracekb.search;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The incidents the index follower compares with the database next: ids heard on the channel and ids saved on
 * this instance, less those whose save here is still committing or being indexed by IndexSynchronizer.onSaved
 * (their check comes when the save completes, so the same incident is not indexed twice at the same moment).
 * A save whose completion is never observed is trusted for {@code trusted} only.
 */
final class ChangesToCheck {

    private final Set<Long> heard = ConcurrentHashMap.newKeySet();
    private final Set<Long> savedHere = ConcurrentHashMap.newKeySet();
    /** id → since (clock nanos). */
    private final Map<Long, Long> savingHere = new ConcurrentHashMap<>();
    private final LongSupplier nanoClock;
    private final long trustedNanos;

    ChangesToCheck(Duration trusted, LongSupplier nanoClock) {
        this.trustedNanos = trusted.toNanos();
        this.nanoClock = nanoClock;
    }

    void heard(long id) {
        heard.add(id);
    }

    /** Notifications so far need no check one by one: the whole index is being compared. */
    void forgetHeard() {
        heard.clear();
    }

    /** A save of {@code id} on this instance began (inside its transaction). */
    void savingHere(long id) {
        savingHere.put(id, nanoClock.getAsLong());
    }

    /** That save completed (committed or rolled back) and onSaved has indexed it: check it once more. */
    void savedHere(long id) {
        savingHere.remove(id);
        savedHere.add(id);
    }

    boolean anySavingHere() {
        return !savingHere.isEmpty();
    }

    /** What to compare now, in id order; each id is handed out once per time it was heard or saved. */
    Set<Long> take() {
        Set<Long> ids = new TreeSet<>();
        for (Long id : heard) {
            heard.remove(id);
            ids.add(id);
        }
        long now = nanoClock.getAsLong();
        for (Map.Entry<Long, Long> e : savingHere.entrySet()) {
            if (now - e.getValue() >= trustedNanos && savingHere.remove(e.getKey(), e.getValue())) {
                ids.add(e.getKey()); // stale: its completion was never observed
            } else {
                ids.remove(e.getKey()); // checked when savedHere is called
            }
        }
        for (Long id : savedHere) {
            savedHere.remove(id);
            ids.add(id);
        }
        return ids;
    }
}
