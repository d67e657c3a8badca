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

    static <K, V> Map<K, V> copy(Map<K, V> map) {
        return map == null ? Map.of() : Map.copyOf(map);
    }

    static String text(String value) {
        return value == null ? "" : value;
    }
}
