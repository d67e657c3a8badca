package org.tally.core.binding;

import java.util.List;
import java.util.Objects;

/**
 * A column that marks rows of a table as deleted or retired, and so what a row must hold to count at all. The binder
 * finds it by name and checks its values; the spec binder adds the condition wherever the table is read.
 *
 * @param column    the flag (or the deletion time) on the table
 * @param liveValue the observed spelling of a row that is not deleted ({@code 0}, {@code N}, {@code FALSE}); null for a
 *                  deletion time, where a live row has none (IS NULL)
 * @param nullIsLive whether a row with no value in the flag counts as live (the column can be NULL)
 * @param reach     how far the condition goes
 * @param reason    why the column is read this way, for {@code binding --explain}
 * @param voidValues the observed values of a status column that void a row ("entered in error", "void"); empty for a
 *                   flag or a deletion time. The column itself stays a status: only rows holding these are left out,
 *                   except where a question asks for them by name (a condition naming the value, a grouping by the
 *                   column), which then reads them and says so.
 * @param through   null for a mark on the table's own column; else the declared key by which this table's rows refer
 *                  to a row of another table that {@code column} marks as a test row: a row referring to a test row
 *                  is no record either (a test patient's admissions), and {@code column} is that table's mark
 */
public record SoftDelete(ColumnBinding column, String liveValue, boolean nullIsLive, Reach reach, String reason,
                         List<String> voidValues, Link through) {

    public SoftDelete(ColumnBinding column, String liveValue, boolean nullIsLive, Reach reach, String reason) {
        this(column, liveValue, nullIsLive, reach, reason, List.of(), null);
    }

    public SoftDelete(ColumnBinding column, String liveValue, boolean nullIsLive, Reach reach, String reason,
                      List<String> voidValues) {
        this(column, liveValue, nullIsLive, reach, reason, voidValues, null);
    }

    /** Where a marked row is left out. */
    public enum Reach {
        /** Deleted (voided): the row does not exist, wherever the table is read, joins to it included. */
        DELETED,
        /**
         * Retired: no longer in use, so not counted, listed or tested as a row of its concept, but rows that refer to
         * it keep it (a retired location still had the visits recorded there).
         */
        RETIRED,
        /**
         * Test or dummy rows (is_test_patient): no records, as deleted rows are, and the rows of other tables that
         * refer to one through a declared key are none either (their marks are written with {@code through}).
         */
        TEST
    }

    public SoftDelete {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(reach, "reach");
        Objects.requireNonNull(reason, "reason");
        voidValues = List.copyOf(voidValues);
    }

    /** Whether this is a status column's voiding values rather than a mark of its own. */
    public boolean byStatus() {
        return !voidValues.isEmpty();
    }

    /** Whether the mark is a column of this table (not of a table it refers to). */
    public boolean own() {
        return through == null;
    }

    /** This test mark as seen from a table whose rows refer to the marked rows through {@code link}. */
    SoftDelete through(Link link, String why) {
        return new SoftDelete(column, liveValue, nullIsLive, Reach.DELETED, why, List.of(), link);
    }

    private String describeOwn() {
        return column.column() + " = " + liveValue + (nullIsLive ? " or none" : "");
    }

    /** The condition a live row meets, in words ("voided = 0"). */
    public String describe() {
        if (through != null) {
            return through.fromColumn() + " not referring to a " + through.toTable() + " row marked " + column.column()
                    + " (" + through.toTable() + "." + describeOwn() + ")";
        }
        if (byStatus()) {
            return column.column() + " not " + String.join(" / ", voidValues) + " (or none)";
        }
        if (liveValue == null) {
            return column.column() + " IS NULL";
        }
        return column.column() + " = " + liveValue + (nullIsLive ? " or none" : "");
    }
}
