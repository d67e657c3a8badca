package org.tally.core.binding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.spec.ColumnRole;

/**
 * Finds the columns that mark a table's rows as deleted (voided, is_deleted, deleted_at), test rows (is_test_patient),
 * retired, or inactive where the pack says an inactive row of that concept is no record (is_active = 0 on a patient).
 * A flag is used only when its values say yes/no and nothing else; a flag whose values say something else, or a name
 * that fits but whose values were not counted, is never guessed at: the rows stay in and the table's reasons say why.
 * The words are the pack's ({@link RowValidityWords}); an administrator's {@code rowsOut} override decides instead.
 */
final class SoftDeletes {

    /** The columns with the flag's role set, the soft deletes found, and what the table's reasons should say. */
    record Found(List<ColumnBinding> columns, List<SoftDelete> softDeletes, List<String> reasons) {
    }

    private SoftDeletes() {
    }

    /** {@code overridden}: columns an administrator gave a role, which is their word on what the column means. */
    /**
     * {@code rowsOut}: an administrator's word on which values of a column mark rows out (column → values; empty: none),
     * which replaces whatever the names and the pack's words would say about that column.
     */
    static Found find(CatalogTable table, List<ColumnBinding> columns, Set<String> overridden, String concept,
                      RowValidityWords words, Map<String, List<String>> rowsOut) {
        List<ColumnBinding> out = new ArrayList<>(columns);
        List<SoftDelete> found = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        Set<String> declared = new HashSet<>();
        for (int i = 0; i < out.size(); i++) {
            ColumnBinding c = out.get(i);
            List<String> values = declaredOut(rowsOut, c.column());
            if (values == null) {
                continue;
            }
            declared.add(c.column());
            if (values.isEmpty()) {
                String why = "override: no value of " + c.column() + " marks rows out";
                reasons.add(why);
                out.set(i, withReason(c, why));
                continue;
            }
            boolean flag = c.typeClass() == TypeClass.BOOLEAN || c.role() == ColumnRole.FLAG
                    || c.values() != null && YesNoSpellings.of(c.values()).plain();
            String why = "override: rows with " + c.column() + " " + String.join(" or ", values) + " are no records"
                    + (flag ? ": not read as rows of their own; rows referring to them keep them"
                    : ": left out wherever the table is used") + ", unless a question asks for them by name";
            reasons.add(why);
            ColumnBinding marked = withReason(c, why);
            out.set(i, marked);
            found.add(new SoftDelete(marked, null, true, flag ? SoftDelete.Reach.RETIRED : SoftDelete.Reach.DELETED,
                    why, values));
        }
        List<SoftDelete.Reach> unclear = new ArrayList<>();
        List<Integer> times = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            ColumnBinding c = out.get(i);
            if (declared.contains(c.column())) {
                continue;
            }
            SoftDelete.Reach reach = reach(c.tokens(), words);
            boolean inactiveMark = reach == null && inactive(c.tokens(), words);
            if (reach == null && !inactiveMark || c.reference() != null || table.primaryKey().contains(c.column())) {
                continue;
            }
            if (inactiveMark) {
                inactive(c, i, table, concept, words, out, found, reasons);
                continue;
            }
            if (overridden.contains(c.column()) && c.role() != ColumnRole.FLAG) {
                reasons.add(c.column() + " is named like a mark of deleted or retired rows, but the override gives it"
                        + " the role " + c.role().jsonName() + ": its rows are not left out");
                continue;
            }
            boolean testMark = c.tokens().stream().anyMatch(words.test()::contains);
            List<String> rest = c.tokens().stream().filter(t -> !words.deleted().contains(t)
                    && !words.retired().contains(t) && !words.deletedShort().contains(t) && !words.test().contains(t)
                    && !(testMark && words.testOf().contains(t))).toList();
            boolean shortMark = c.tokens().stream().noneMatch(words.deleted()::contains)
                    && reach == SoftDelete.Reach.DELETED;
            if (shortMark && (c.typeClass() == TypeClass.TEMPORAL || rest.isEmpty())) {
                continue; // del_date is a delivery's date as often as a deletion's
            }
            if (c.typeClass() == TypeClass.TEMPORAL && words.timeWords().containsAll(rest) && !rest.isEmpty()
                    || c.typeClass() == TypeClass.TEMPORAL && rest.isEmpty()) {
                times.add(i);
                continue;
            }
            if (!words.flagWords().containsAll(rest)) {
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
            if (testMark) {
                reach = SoftDelete.Reach.TEST;
            }
            String reason = c.column() + " marks " + what + " rows: only rows with " + c.column() + " = " + live
                    + (nullable ? " (or none)" : "") + " are read"
                    + (reach == SoftDelete.Reach.RETIRED ? " as " + "rows of their own; rows referring to them keep them"
                    : reach == SoftDelete.Reach.TEST ? ", wherever the table is used, and rows of other tables that"
                    + " refer to a test row are left out too" : ", wherever the table is used");
            ColumnBinding flag = asFlag(c, reason);
            out.set(i, flag);
            found.add(new SoftDelete(flag, live, nullable, reach, reason));
            reasons.add(reason);
        }
        for (int i : times) {
            ColumnBinding c = out.get(i);
            SoftDelete.Reach reach = reach(c.tokens(), words);
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
        voidingStatuses(out.stream().filter(c -> !declared.contains(c.column())).toList(), found, reasons, concept,
                words);
        return new Found(out, found, reasons);
    }

    private static List<String> declaredOut(Map<String, List<String>> rowsOut, String column) {
        List<String> exact = rowsOut.get(column);
        if (exact != null) {
            return exact;
        }
        return rowsOut.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(column)).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    /**
     * An inactive mark (is_active, active_flag): rows with its NO value are no records where the pack says so for the
     * table's concept (a patient's record marked inactive was deleted or merged), read as retired rows: not counted,
     * listed or tested as rows of their own, kept where other rows refer to them. On any other concept inactive is a
     * fact questions ask about ("beds out of service"), so the rows stay in, and the reasons say so.
     */
    private static void inactive(ColumnBinding c, int i, CatalogTable table, String concept, RowValidityWords words,
                                 List<ColumnBinding> out, List<SoftDelete> found, List<String> reasons) {
        List<String> rest = c.tokens().stream().filter(t -> !words.inactive().contains(t)).toList();
        if (c.typeClass() == TypeClass.TEMPORAL || !words.flagWords().containsAll(rest)) {
            return; // active_from, active_reason: about the activity, not the mark
        }
        if (concept == null) {
            return;
        }
        if (!words.inactiveIsNoRecord(concept)) {
            String why = c.column() + " may mark rows no longer in use; they are counted as rows of " + concept
                    + " (a fact questions can ask about); an override (\"rowsOut\") can leave them out";
            reasons.add(why);
            out.set(i, withReason(c, why));
            return;
        }
        boolean nullable = table.column(c.column()).map(CatalogColumn::nullable).orElse(true);
        String live = activeValue(c);
        if (live == null) {
            String why = c.column() + " is named like a mark of inactive rows, but " + (c.values() == null
                    ? "its values were not counted" : "it holds " + c.values().stream().map(ValueCount::value).toList()
                    + ", not yes/no with some rows active") + ": its rows are not left out (check what it means)";
            reasons.add(why);
            out.set(i, withReason(c, why));
            return;
        }
        String reason = c.column() + " marks inactive " + concept + " records (deleted or merged): only rows with "
                + c.column() + " = " + live + " are read as rows of their own; rows referring to them keep them";
        ColumnBinding flag = asFlag(c, reason);
        out.set(i, flag);
        found.add(new SoftDelete(flag, live, false, SoftDelete.Reach.RETIRED, reason));
        reasons.add(reason);
    }

    /** Whether the name carries an inactive mark's word (is_active); the words beside it are checked by the caller. */
    private static boolean inactive(List<String> tokens, RowValidityWords words) {
        return tokens.stream().anyMatch(words.inactive()::contains);
    }

    /** The observed spelling of "active", or null when the values are not plainly yes/no with some rows active. */
    private static String activeValue(ColumnBinding c) {
        if (c.typeClass() == TypeClass.BOOLEAN) {
            return "TRUE";
        }
        if (c.typeClass() != TypeClass.NUMERIC && c.typeClass() != TypeClass.TEXT || c.values() == null
                || c.values().isEmpty()) {
            return null;
        }
        YesNoSpellings spelled = YesNoSpellings.of(c.values());
        return spelled.plain() ? spelled.yes() : null;
    }

    /**
     * A status column whose observed values include one that voids the row of its concept ("entered in error",
     * "void"; a cancelled admission): those rows are left out wherever the table is read, as deleted rows are, unless
     * the question asks for them by name; the column stays a status for every other value.
     */
    private static void voidingStatuses(List<ColumnBinding> columns, List<SoftDelete> found, List<String> reasons,
                                        String concept, RowValidityWords words) {
        for (ColumnBinding c : columns) {
            if (c.role() != ColumnRole.STATUS || c.typeClass() != TypeClass.TEXT || c.values() == null) {
                continue;
            }
            List<String> voids = c.values().stream().map(ValueCount::value).filter(v -> words.voids(concept, v))
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

    private static SoftDelete.Reach reach(List<String> tokens, RowValidityWords words) {
        boolean flagged = tokens.stream().anyMatch(words.flagWords()::contains);
        boolean deleted = tokens.stream().anyMatch(words.deleted()::contains)
                || tokens.stream().anyMatch(words.deletedShort()::contains) && flagged
                || tokens.stream().anyMatch(words.test()::contains) && flagged;
        boolean retired = tokens.stream().anyMatch(words.retired()::contains);
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

    /**
     * Every bound table with a mark through each declared key to a bound table whose test mark leaves rows out: a row
     * that refers to a test row (a test patient's admission) is no record either. Inferred keys are not evidence
     * enough: their rows stay in.
     */
    static List<TableBinding> throughTestRows(List<TableBinding> tables) {
        Map<String, TableBinding> byName = new HashMap<>();
        tables.forEach(t -> byName.put(t.table(), t));
        List<TableBinding> out = new ArrayList<>();
        for (TableBinding t : tables) {
            List<SoftDelete> marks = new ArrayList<>(t.softDeletes());
            List<String> reasons = new ArrayList<>(t.reasons());
            for (ColumnBinding c : t.bound() ? t.columns() : List.<ColumnBinding>of()) {
                Link l = c.reference();
                TableBinding target = l == null || l.inferred() || l.toTable().equals(t.table()) ? null
                        : byName.get(l.toTable());
                if (target == null || !target.bound()) {
                    continue;
                }
                for (SoftDelete d : target.softDeletes()) {
                    if (d.own() && d.reach() == SoftDelete.Reach.TEST && d.liveValue() != null) {
                        String why = "rows whose " + c.column() + " refers to a " + target.table() + " row marked "
                                + d.column().column() + " are test rows too: left out wherever the table is used";
                        marks.add(d.through(l, why));
                        reasons.add(why);
                    }
                }
            }
            out.add(marks.size() == t.softDeletes().size() ? t : t.withSoftDeletes(marks, reasons));
        }
        return out;
    }
}
