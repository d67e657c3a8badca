package org.tally.core.pack;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Null-tolerant immutable copies for the pack records: an absent list is empty; a null entry is an error. */
final class Lists {
    private Lists() {
    }

    static <T> List<T> copy(List<T> list, String field) {
        if (list == null) {
            return List.of();
        }
        for (T item : list) {
            if (item == null) {
                throw new IllegalArgumentException(field + " holds a null entry; remove it");
            }
        }
        return List.copyOf(new ArrayList<>(list));
    }

    static <K, V> Map<K, V> copy(Map<K, V> map, String field) {
        if (map == null) {
            return Map.of();
        }
        map.forEach((key, value) -> {
            if (value == null) {
                throw new IllegalArgumentException(field + " entry '" + key + "' has no value; give it one or remove it");
            }
        });
        return Map.copyOf(map);
    }

    static String text(String value) {
        return value == null ? "" : value;
    }
}
