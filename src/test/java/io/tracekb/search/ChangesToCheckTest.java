package io.tracekb.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ChangesToCheckTest {

    private final AtomicLong now = new AtomicLong();
    private final ChangesToCheck changes = new ChangesToCheck(Duration.ofSeconds(30), now::get);

    @Test
    void heardIdsAreHandedOutOnceInIdOrder() {
        changes.heard(7);
        changes.heard(3);
        changes.heard(7);
        assertThat(changes.take()).containsExactly(3L, 7L);
        assertThat(changes.take()).isEmpty();
    }

    @Test
    void anIdSavedHereIsCheckedWhenItsSaveCompletesNotWhenItsNotificationArrives() {
        changes.savingHere(5);
        changes.heard(5);
        changes.heard(6);
        assertThat(changes.anySavingHere()).isTrue();
        assertThat(changes.take()).containsExactly(6L);
        changes.savedHere(5);
        assertThat(changes.anySavingHere()).isFalse();
        assertThat(changes.take()).containsExactly(5L);
        assertThat(changes.take()).isEmpty();
    }

    @Test
    void aSaveWhoseCompletionIsNeverObservedIsTrustedForThirtySecondsOnly() {
        changes.savingHere(9);
        changes.heard(9);
        now.addAndGet(Duration.ofSeconds(29).toNanos());
        assertThat(changes.take()).isEmpty();
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        assertThat(changes.take()).containsExactly(9L);
        assertThat(changes.anySavingHere()).isFalse();
    }

    @Test
    void aWholeComparisonMakesTheHeardIdsUnnecessaryButNotTheLocalSaves() {
        changes.heard(1);
        changes.savingHere(2);
        changes.savedHere(2);
        changes.forgetHeard();
        assertThat(changes.take()).containsExactly(2L);
    }
}
