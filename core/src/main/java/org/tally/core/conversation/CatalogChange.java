package org.tally.core.conversation;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.Drift;
import org.tally.core.catalog.ValueCount;

/**
 * What changed in a source's catalog at its last refresh, as the backlog's drift alarms list it: each table gone,
 * each recorded value gone or new, with the word a question would use for it.
 *
 * @param at    when the active catalog version was taken
 * @param items the changes
 */
record CatalogChange(Instant at, List<Item> items) {

    CatalogChange {
        Objects.requireNonNull(at, "at");
        items = List.copyOf(items);
    }

    /** One change: in words for the administrator, and the word (lower case) a question or spec naming it uses. */
    record Item(String what, String named) {
        /** Named as a whole word: a one-letter code inside another word is no mention of it. */
        boolean namedIn(String lowerCaseText) {
            return Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(named) + "(?![\\p{L}\\p{N}])")
                    .matcher(lowerCaseText).find();
        }
    }

    /** The change between the source's active catalog version and the one before it; empty when there is none. */
    static Optional<CatalogChange> last(CatalogStore store, String source) {
        String key = CatalogRefresher.sourceKey(source);
        Optional<Catalog> active = store.active(key);
        if (active.isEmpty()) {
            return Optional.empty();
        }
        Catalog now = active.get();
        Optional<Catalog> before = store.history(key).stream()
                .filter(v -> !v.versionId().equals(now.versionId()))
                .filter(v -> v.createdAt().isBefore(now.createdAt()))
                .max(Comparator.comparing(CatalogStore.VersionInfo::createdAt))
                .flatMap(v -> store.version(v.versionId()));
        if (before.isEmpty()) {
            return Optional.empty();
        }
        Drift drift = Drift.between(before.get(), now);
        List<Item> items = new ArrayList<>();
        for (String table : drift.removedTables()) {
            items.add(new Item("table " + table + " is no longer readable", lower(shortName(table))));
        }
        for (Drift.ColumnDrift c : drift.columns()) {
            for (ValueCount v : c.vanished()) {
                items.add(new Item("value \u2018" + v.value() + "\u2019 of " + c.table() + "." + c.column()
                        + " no longer occurs (it had " + v.count() + " rows)", lower(v.value())));
            }
            for (ValueCount v : c.added()) {
                items.add(new Item("new value \u2018" + v.value() + "\u2019 of " + c.table() + "." + c.column()
                        + " (" + v.count() + " rows)", lower(v.value())));
            }
        }
        return items.isEmpty() ? Optional.empty() : Optional.of(new CatalogChange(now.createdAt(), items));
    }

    private static String shortName(String qualified) {
        return qualified.substring(qualified.lastIndexOf('.') + 1);
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
