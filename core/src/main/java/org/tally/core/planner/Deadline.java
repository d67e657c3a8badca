package org.tally.core.planner;

import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The moment a question's planning must end, on a monotonic clock: one deadline covers the first attempt and the
 * repair, so a repair only gets what the first attempt left.
 */
public record Deadline(long endNanos, LongSupplier nanoTime) {

    public Deadline {
        Objects.requireNonNull(nanoTime, "nanoTime");
    }

    public static Deadline in(long ms, LongSupplier nanoTime) {
        return new Deadline(nanoTime.getAsLong() + ms * 1_000_000L, nanoTime);
    }

    public long remainingMs() {
        return Math.max(0, (endNanos - nanoTime.getAsLong()) / 1_000_000L);
    }

    public boolean passed() {
        return nanoTime.getAsLong() - endNanos >= 0;
    }
}
