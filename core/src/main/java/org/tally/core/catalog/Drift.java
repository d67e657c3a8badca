package org.tally.core.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * How a source's enum vocabularies changed between two catalog versions: per column, spellings that appeared
 * and spellings that vanished, with their row counts. Only columns whose values were counted exactly in both
 * versions are compared; tables that appeared or vanished are listed too.
 *
 * @param previousVersion the version compared against, or null for a source's first version (no drift)
 * @param currentVersion  the new version
 * @param addedTables     qualified names of tables that are new
 * @param removedTables   qualified names of tables that are gone (or no longer readable)
 * @param columns         per-column vocabulary changes
 */
public record Drift(String previousVersion, String currentVersion, List<String> addedTables,
                    List<String> removedTables, List<ColumnDrift> columns) {

    public Drift {
        Objects.requireNonNull(currentVersion, "currentVersion");
        addedTables = List.copyOf(addedTables);
        removedTables = List.copyOf(removedTables);
        columns = List.copyOf(columns);
    }

    /**
     * One column's vocabulary change.
     *
     * @param added    values now present that were not, with their current counts
     * @param vanished values no longer present, with their previous counts
     */
    public record ColumnDrift(String table, String column, List<ValueCount> added, List<ValueCount> vanished) {
        public ColumnDrift {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(column, "column");
            added = List.copyOf(added);
            vanished = List.copyOf(vanished);
        }
    }

    /** True when nothing changed. */
    public boolean none() {
        return addedTables.isEmpty() && removedTables.isEmpty() && columns.isEmpty();
    }

    /** The drift from {@code previous} (null for a first version) to {@code current}. */
    public static Drift between(Catalog previous, Catalog current) {
        if (previous == null) {
            return new Drift(null, current.versionId(), List.of(), List.of(), List.of());
        }
        Map<String, CatalogTable> before = byName(previous);
        Map<String, CatalogTable> after = byName(current);
        List<String> added = after.keySet().stream().filter(n -> !before.containsKey(n)).toList();
        List<String> removed = before.keySet().stream().filter(n -> !after.containsKey(n)).toList();
        List<ColumnDrift> changes = new ArrayList<>();
        for (Map.Entry<String, CatalogTable> e : after.entrySet()) {
            CatalogTable old = before.get(e.getKey());
            if (old == null) {
                continue;
            }
            for (CatalogColumn now : e.getValue().columns()) {
                CatalogColumn then = old.columns().stream().filter(c -> c.name().equals(now.name()))
                        .findFirst().orElse(null);
                if (then == null || !enumerated(then) || !enumerated(now)) {
                    continue;
                }
                Map<String, ValueCount> thenValues = values(then);
                Map<String, ValueCount> nowValues = values(now);
                List<ValueCount> appeared = nowValues.values().stream()
                        .filter(v -> !thenValues.containsKey(v.value())).toList();
                List<ValueCount> vanished = thenValues.values().stream()
                        .filter(v -> !nowValues.containsKey(v.value())).toList();
                if (!appeared.isEmpty() || !vanished.isEmpty()) {
                    changes.add(new ColumnDrift(e.getKey(), now.name(), appeared, vanished));
                }
            }
        }
        return new Drift(previous.versionId(), current.versionId(), added, removed, changes);
    }

    private static boolean enumerated(CatalogColumn c) {
        return c.profile() != null && c.profile().enumerated();
    }

    private static Map<String, CatalogTable> byName(Catalog catalog) {
        return catalog.tables().stream().collect(Collectors.toMap(CatalogTable::qualifiedName, Function.identity(),
                (a, b) -> a, TreeMap::new));
    }

    private static Map<String, ValueCount> values(CatalogColumn c) {
        return c.profile().values().stream().collect(Collectors.toMap(ValueCount::value, Function.identity(),
                (a, b) -> a, TreeMap::new));
    }
}
