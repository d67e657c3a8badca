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
 *                   flag or a deletion time. The column itself stays a status: only rows holding these are left out.
 */
public record SoftDelete(ColumnBinding column, String liveValue, boolean nullIsLive, Reach reach, String reason,
                         List<String> voidValues) {

    public SoftDelete(ColumnBinding column, String liveValue, boolean nullIsLive, Reach reach, String reason) {
        this(column, liveValue, nullIsLive, reach, reason, List.of());
    }

    /** Where a marked row is left out. */
    public enum Reach {
        /** Deleted (voided): the row does not exist, wherever the table is read, joins to it included. */
        DELETED,
        /**
         * Retired: no longer in use, so not counted, listed or tested as a row of its concept, but rows that refer to
         * it keep it (a retired location still had the visits recorded there).
         */
        RETIRED
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

    /** The condition a live row meets, in words ("voided = 0"). */
    public String describe() {
        if (byStatus()) {
            return column.column() + " not " + String.join(" / ", voidValues) + " (or none)";
        }
        if (liveValue == null) {
            return column.column() + " IS NULL";
        }
        return column.column() + " = " + liveValue + (nullIsLive ? " or none" : "");
    }
}
