package org.tally.core.memory;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A bounded map from an input to what a pure (or briefly stable) computation made of it: at most {@code capacity}
 * entries, the least recently used one dropped first. Safe to share between threads. The memories of the answer
 * path (readings, compilations, safety verdicts, cost estimates, listed pages) are all one of these, so each
 * decides only what it keeps and for how long.
 */
public final class RecentlyUsed<K, V> {

    private final int capacity;
    private final Map<K, V> entries;
    private long hits;

    public RecentlyUsed(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > RecentlyUsed.this.capacity;
            }
        };
    }

    /** The value kept for {@code key} (it becomes the most recently used), or null. */
    public synchronized V get(K key) {
        V known = entries.get(Objects.requireNonNull(key, "key"));
        if (known != null) {
            hits++;
        }
        return known;
    }

    public synchronized void put(K key, V value) {
        entries.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
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
