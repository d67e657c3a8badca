package org.tally.core.binding;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.spec.ColumnRole;

/**
 * Finds the columns that mark a table's rows as deleted (voided, is_deleted, deleted_at) or retired. A flag is used only
 * when its values say yes/no and nothing else; a flag whose values say something else, or a name that fits but whose
 * values were not counted, is never guessed at: the rows stay in and the table's reasons say why.
 */
final class SoftDeletes {

    private static final Set<String> DELETED = Set.of("deleted", "delete", "deletion", "voided", "void", "purged");
    /**
     * Short spellings of the mark, read only beside a flag word (del_flag, del_ind): "del" alone is as often a
     * delivery (del_date), so it never makes a deletion time.
     */
    private static final Set<String> DELETED_SHORT = Set.of("del", "dltd");
    /**
     * Marks of rows that are not real records at all (is_test_patient, dummy_flag): left out like deleted rows, read
     * only as a flag beside a flag word, as the short marks are. The words of what is marked may stand beside them.
     */
    private static final Set<String> TEST = Set.of("test", "dummy");
    private static final Set<String> TEST_OF = Set.of("patient", "person", "account", "data");
    private static final Set<String> RETIRED = Set.of("retired", "retire");
    /** Words a flag's name may carry besides the mark: is_deleted, deleted_flag, record_voided, del_ind. */
    private static final Set<String> FLAG_WORDS = Set.of("is", "flag", "record", "row", "marked", "soft", "ind",
            "indicator", "yn");
    /** Words a deletion time's name may carry: deleted_at, date_voided, retired_on. */
    private static final Set<String> TIME_WORDS = Set.of("at", "on", "date", "time", "timestamp", "when");

    /** The columns with the flag's role set, the soft deletes found, and what the table's reasons should say. */
    record Found(List<ColumnBinding> columns, List<SoftDelete> softDeletes, List<String> reasons) {
    }

    private SoftDeletes() {
    }

    /** {@code overridden}: columns an administrator gave a role, which is their word on what the column means. */
    static Found find(CatalogTable table, List<ColumnBinding> columns, Set<String> overridden) {
        List<ColumnBinding> out = new ArrayList<>(columns);
        List<SoftDelete> found = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        List<SoftDelete.Reach> unclear = new ArrayList<>();
        List<Integer> times = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            ColumnBinding c = out.get(i);
            SoftDelete.Reach reach = reach(c.tokens());
            if (reach == null || c.reference() != null || table.primaryKey().contains(c.column())) {
                continue;
            }
            if (overridden.contains(c.column()) && c.role() != ColumnRole.FLAG) {
                reasons.add(c.column() + " is named like a mark of deleted or retired rows, but the override gives it"
                        + " the role " + c.role().jsonName() + ": its rows are not left out");
                continue;
            }
            boolean testMark = c.tokens().stream().anyMatch(TEST::contains);
            List<String> rest = c.tokens().stream().filter(t -> !DELETED.contains(t) && !RETIRED.contains(t)
                    && !DELETED_SHORT.contains(t) && !TEST.contains(t) && !(testMark && TEST_OF.contains(t))).toList();
            boolean shortMark = c.tokens().stream().noneMatch(DELETED::contains) && reach == SoftDelete.Reach.DELETED;
            if (shortMark && (c.typeClass() == TypeClass.TEMPORAL || rest.isEmpty())) {
                continue; // del_date is a delivery's date as often as a deletion's
            }
            if (c.typeClass() == TypeClass.TEMPORAL && TIME_WORDS.containsAll(rest) && !rest.isEmpty()
                    || c.typeClass() == TypeClass.TEMPORAL && rest.isEmpty()) {
                times.add(i);
                continue;
            }
            if (!FLAG_WORDS.containsAll(rest)) {
                continue; // void_reason, voided_by: about the deletion, not the mark
            }
            boolean nullable = table.column(c.column()).map(CatalogColumn::nullable).orElse(true);
            String live = liveValue(c);
            String what = testMark ? "test" : reach == SoftDelete.Reach.DELETED ? "deleted" : "retired";
            if (live == null) {
                unclear.add(reach);
                String why = c.column() + " is named like a flag for " + what + " rows, but "
                        + (c.values() == null ? "its values were not counted" : "it holds "
                        + c.values().stream().map(ValueCount::value).toList() + ", not only yes/no")
                        + ": its rows are not left out (check what it means)";
                reasons.add(why);
                out.set(i, withReason(c, why));
                continue;
            }
            String reason = c.column() + " marks " + what + " rows: only rows with " + c.column() + " = " + live
                    + (nullable ? " (or none)" : "") + " are read"
                    + (reach == SoftDelete.Reach.RETIRED ? " as " + "rows of their own; rows referring to them keep them"
                    : ", wherever the table is used");
            ColumnBinding flag = asFlag(c, reason);
            out.set(i, flag);
            found.add(new SoftDelete(flag, live, nullable, reach, reason));
            reasons.add(reason);
        }
        for (int i : times) {
            ColumnBinding c = out.get(i);
            SoftDelete.Reach reach = reach(c.tokens());
            String what = reach == SoftDelete.Reach.DELETED ? "deleted" : "retired";
            if (found.stream().anyMatch(d -> d.reach() == reach)) {
                continue; // the flag already says it; the time only dates it
            }
            if (unclear.contains(reach)) {
                String why = c.column() + " dates " + what + " rows, but the flag beside it is unclear: its rows are"
                        + " not left out";
                reasons.add(why);
                out.set(i, withReason(c, why));
                continue;
            }
            String reason = c.column() + " is set when a row is " + what + ": only rows without one are read"
                    + (reach == SoftDelete.Reach.RETIRED ? " as rows of their own" : ", wherever the table is used");
            ColumnBinding marked = withReason(c, reason);
            out.set(i, marked);
            found.add(new SoftDelete(marked, null, true, reach, reason));
            reasons.add(reason);
        }
        voidingStatuses(out, found, reasons);
        return new Found(out, found, reasons);
    }

    /** Status values that say a row is no record at all, whatever the table (lower case, words only). */
    private static final Set<String> VOIDING = Set.of("entered in error", "in error", "error", "void", "voided",
            "deleted", "invalid entry");

    /**
     * A status column whose observed values include one that voids the row ("entered in error", "void"): those rows
     * are left out wherever the table is read, as deleted rows are; the column stays a status for every other value.
     */
    private static void voidingStatuses(List<ColumnBinding> columns, List<SoftDelete> found, List<String> reasons) {
        for (ColumnBinding c : columns) {
            if (c.role() != ColumnRole.STATUS || c.typeClass() != TypeClass.TEXT || c.values() == null) {
                continue;
            }
            List<String> voids = c.values().stream().map(ValueCount::value)
                    .filter(v -> VOIDING.contains(v.toLowerCase(Locale.ROOT).replaceAll("[^a-z]+", " ").strip()))
                    .toList();
            if (voids.isEmpty() || voids.size() == c.values().size()) {
                continue;
            }
            String reason = c.column() + " " + voids + " void a row: rows holding " + (voids.size() == 1 ? "it" : "them")
                    + " are left out wherever the table is used";
            found.add(new SoftDelete(c, null, true, SoftDelete.Reach.DELETED, reason, voids));
            reasons.add(reason);
        }
    }

    private static SoftDelete.Reach reach(List<String> tokens) {
        boolean flagged = tokens.stream().anyMatch(FLAG_WORDS::contains);
        boolean deleted = tokens.stream().anyMatch(DELETED::contains)
                || tokens.stream().anyMatch(DELETED_SHORT::contains) && flagged
                || tokens.stream().anyMatch(TEST::contains) && flagged;
        boolean retired = tokens.stream().anyMatch(RETIRED::contains);
        if (deleted == retired) {
            return null;
        }
        return deleted ? SoftDelete.Reach.DELETED : SoftDelete.Reach.RETIRED;
    }

    /** The observed spelling of "not deleted", or null when the values are not plainly yes/no. */
    private static String liveValue(ColumnBinding c) {
        if (c.typeClass() == TypeClass.BOOLEAN) {
            return "FALSE";
        }
        if (c.typeClass() != TypeClass.NUMERIC && c.typeClass() != TypeClass.TEXT || c.values() == null
                || c.values().isEmpty()) {
            return null;
        }
        YesNoSpellings spelled = YesNoSpellings.of(c.values());
        if (!spelled.plain()) {
            return null;
        }
        if (spelled.no() == null && c.typeClass() == TypeClass.NUMERIC && "1".equals(spelled.yes().trim())) {
            return "0"; // every row is marked: none is live
        }
        return spelled.no();
    }

    private static ColumnBinding asFlag(ColumnBinding c, String reason) {
        List<String> reasons = new ArrayList<>();
        reasons.add(reason);
        List<Scored> runnerUps = new ArrayList<>();
        if (c.role() != ColumnRole.FLAG) {
            runnerUps.add(new Scored(c.role().jsonName(), c.confidence(), c.reasons()));
        }
        runnerUps.addAll(c.runnerUps().stream().filter(s -> !s.candidate().equals(ColumnRole.FLAG.jsonName()))
                .toList());
        return new ColumnBinding(c.column(), c.type(), c.typeClass(), c.tokens(), ColumnRole.FLAG, 0.9, reasons,
                ColumnRoles.dedupe(runnerUps), c.pii(), c.values(), c.reference(), c.aliases(), c.shape());
    }

    private static ColumnBinding withReason(ColumnBinding c, String reason) {
        List<String> reasons = new ArrayList<>(c.reasons());
        reasons.add(reason);
        return new ColumnBinding(c.column(), c.type(), c.typeClass(), c.tokens(), c.role(), c.confidence(), reasons,
                c.runnerUps(), c.pii(), c.values(), c.reference(), c.aliases(), c.shape());
    }
}
