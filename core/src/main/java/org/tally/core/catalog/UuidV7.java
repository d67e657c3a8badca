package org.tally.core.catalog;

import java.time.Clock;
import java.util.Objects;
import java.util.UUID;
import java.util.random.RandomGenerator;

/**
 * Generates UUID version 7 identifiers (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter, then
 * 62 random bits. Identifiers from one generator strictly increase, also within one millisecond and when the
 * clock steps back, so their text form sorts in creation order. (Compare the text, or the bits unsigned:
 * {@link UUID#compareTo} compares signed longs.)
 */
public final class UuidV7 {

    private static final int COUNTER_MAX = 0xFFF;

    private final Clock clock;
    private final RandomGenerator random;
    private long lastMillis = -1;
    private int counter;

    public UuidV7(Clock clock, RandomGenerator random) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    public synchronized UUID next() {
        long now = clock.millis();
        if (now > lastMillis) {
            lastMillis = now;
            // start low in the counter range so many ids fit into one millisecond
            counter = random.nextInt(COUNTER_MAX / 2);
        } else if (counter < COUNTER_MAX) {
            counter++; // same millisecond, or the clock stepped back: stay on the last timestamp
        } else {
            lastMillis++; // counter exhausted: borrow the next millisecond
            counter = 0;
        }
        long high = (lastMillis & 0xFFFF_FFFF_FFFFL) << 16 | 0x7000L | counter;
        long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low);
    }

    /** The Unix millisecond timestamp a version 7 UUID carries. */
    public static long millisOf(UUID uuid) {
        if (uuid.version() != 7) {
            throw new IllegalArgumentException("not a version 7 UUID: " + uuid);
        }
        return uuid.getMostSignificantBits() >>> 16;
    }
}
