package org.tally.core.binding;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.TypeClass;

/**
 * A time kept twice, as a date and as a date with its time of day ({@code death_date} / {@code death_datetime},
 * {@code visit_start_date} / {@code visit_start_datetime}): one moment, so one role. The twin holding more values
 * keeps it (standards often leave the date-time empty); equally filled, the date-time (it says more). The other
 * stands aside, with the reason. Columns whose names differ in anything but the date/time word are not twins.
 */
final class DateTwins {

    private static final Set<String> TIME_WORDS = Set.of("date", "datetime", "time", "dt", "dttm", "ts",
            "timestamp");
    private static final Set<String> TEMPORAL_ROLES = Set.of("EventTime", "StartTime", "EndTime", "BirthDate",
            "DeathDate");

    private DateTwins() {
    }

    /** Demotes the lesser twin of every pair with the same leading temporal role. */
    static void settle(CatalogTable table, Map<String, List<String>> tokens, Map<String, List<Scored>> roles,
                       BiConsumer<String, String> demote) {
        List<CatalogColumn> dates = new ArrayList<>();
        List<CatalogColumn> stamps = new ArrayList<>();
        for (CatalogColumn c : table.columns()) {
            List<Scored> r = roles.get(c.name());
            if (c.typeClass() != TypeClass.TEMPORAL || r == null || r.isEmpty()
                    || !TEMPORAL_ROLES.contains(r.get(0).candidate())) {
                continue;
            }
            String type = c.typeName().toLowerCase(Locale.ROOT);
            if (type.equals("date")) {
                dates.add(c);
            } else if (type.startsWith("timestamp") || type.startsWith("datetime")) {
                stamps.add(c);
            }
        }
        for (CatalogColumn d : dates) {
            List<CatalogColumn> twins = stamps.stream().filter(t -> stem(tokens.get(t.name())).equals(
                    stem(tokens.get(d.name()))) && !stem(tokens.get(d.name())).isEmpty()
                    && roles.get(t.name()).get(0).candidate().equals(roles.get(d.name()).get(0).candidate())).toList();
            if (twins.size() != 1) {
                continue;
            }
            CatalogColumn t = twins.get(0);
            boolean dateKeeps = filled(d) > filled(t);
            CatalogColumn kept = dateKeeps ? d : t;
            CatalogColumn aside = dateKeeps ? t : d;
            demote.accept(aside.name(), "the same moment as " + kept.name() + " (kept twice, as a date and a date"
                    + " with its time); " + kept.name() + (dateKeeps ? " holds more values" : " holds as many and"
                    + " the time of day"));
        }
    }

    private static List<String> stem(List<String> tokens) {
        return tokens == null ? List.of() : tokens.stream().filter(w -> !TIME_WORDS.contains(w)).toList();
    }

    private static long filled(CatalogColumn c) {
        ColumnProfile p = c.profile();
        return p == null ? 0 : p.rowCount() - p.nullCount();
    }
}
