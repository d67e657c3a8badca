package org.tally.core.memory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The one eviction policy of every memory on the answer path: a bounded map from an input to what a pure (or
 * briefly stable) computation made of it, at most {@code capacity} entries with the least recently used one dropped
 * first, and, where what is kept goes stale, no entry older than {@code maxAge} returned (it is dropped when read).
 * Safe to share between threads. Each memory decides only what it keeps, under which key, and for how long.
 */
public final class RecentlyUsed<K, V> {

    private record Kept<V>(V value, long atNanos) {
    }

    private final int capacity;
    private final long maxAgeNanos;
    private final LongSupplier nanoTime;
    private final Map<K, Kept<V>> entries;
    private long hits;

    /** Entries kept until the capacity pushes them out. */
    public RecentlyUsed(int capacity) {
        this(capacity, null, System::nanoTime);
    }

    /** Entries kept until the capacity pushes them out or they are {@code maxAge} old (null: no age limit). */
    public RecentlyUsed(int capacity, Duration maxAge, LongSupplier nanoTime) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        if (maxAge != null && (maxAge.isNegative() || maxAge.isZero())) {
            throw new IllegalArgumentException("maxAge must be positive, not " + maxAge);
        }
        this.capacity = capacity;
        this.maxAgeNanos = maxAge == null ? Long.MAX_VALUE : maxAge.toNanos();
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, Kept<V>> eldest) {
                return size() > RecentlyUsed.this.capacity;
            }
        };
    }

    /** The value kept for {@code key} (it becomes the most recently used), or null; a stale one is dropped. */
    public synchronized V get(K key) {
        Kept<V> known = entries.get(Objects.requireNonNull(key, "key"));
        if (known == null) {
            return null;
        }
        if (maxAgeNanos != Long.MAX_VALUE && nanoTime.getAsLong() - known.atNanos() >= maxAgeNanos) {
            entries.remove(key);
            return null;
        }
        hits++;
        return known.value();
    }

    public synchronized void put(K key, V value) {
        entries.put(Objects.requireNonNull(key, "key"), new Kept<>(Objects.requireNonNull(value, "value"),
                maxAgeNanos == Long.MAX_VALUE ? 0 : nanoTime.getAsLong()));
    }

    public synchronized void remove(K key) {
        entries.remove(key);
    }

    public synchronized int size() {
        return entries.size();
    }

    /** How many {@link #get} calls found a value. */
    public synchronized long hits() {
        return hits;
    }

    public int capacity() {
        return capacity;
    }
}
