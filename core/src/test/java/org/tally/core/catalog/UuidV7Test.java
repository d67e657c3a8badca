package org.tally.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class UuidV7Test {

    /** A clock the test moves by hand. */
    private static final class HandClock extends Clock {
        long millis;

        HandClock(long millis) {
            this.millis = millis;
        }

        @Override
        public long millis() {
            return millis;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis);
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.of("UTC");
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @Test
    void carriesVersionSevenTheRfcVariantAndTheClocksMilliseconds() {
        long at = Instant.parse("2026-11-29T12:00:00.123Z").toEpochMilli();
        UUID id = new UuidV7(new HandClock(at), new Random(1)).next();
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(UuidV7.millisOf(id)).isEqualTo(at);
        assertThat(id.toString()).startsWith(String.format("%08x-%04x-7", at >>> 16, at & 0xFFFF));
    }

    @Test
    void idsIncreaseStrictlyWithinOneMillisecondAndPastTheCounter() {
        UuidV7 ids = new UuidV7(new HandClock(1_700_000_000_000L), new Random(2));
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) { // more than the 12-bit counter holds
            texts.add(ids.next().toString());
        }
        assertThat(texts).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void idsKeepIncreasingWhenTheClockStepsBack() {
        HandClock clock = new HandClock(1_700_000_000_500L);
        UuidV7 ids = new UuidV7(clock, new Random(3));
        String before = ids.next().toString();
        clock.millis -= 400;
        String after = ids.next().toString();
        clock.millis += 1000;
        String later = ids.next().toString();
        assertThat(List.of(before, after, later)).isSorted().doesNotHaveDuplicates();
        assertThat(UuidV7.millisOf(UUID.fromString(later))).isEqualTo(1_700_000_001_100L);
    }

    @Test
    void laterMillisecondsSortLaterWhateverTheRandomBits() {
        HandClock clock = new HandClock(1_000);
        UuidV7 ids = new UuidV7(clock, new Random(4));
        String previous = ids.next().toString();
        for (int i = 0; i < 1000; i++) {
            clock.millis += 1;
            String next = ids.next().toString();
            assertThat(next).isGreaterThan(previous);
            previous = next;
        }
    }
}
