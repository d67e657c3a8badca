package org.tally.core.binding;

import java.util.Objects;
import org.tally.core.catalog.TypeClass;

/**
 * A table that keeps versions of its rows (a type 2 slowly changing dimension): one row per version of an entity,
 * valid from one date to another, and facts that point at the version valid on their day. Counting or listing the
 * entity reads only the current rows; a question about related records goes through the entity key, never through
 * one version's surrogate key.
 *
 * @param validFrom    the start of a version's validity (null when only the current mark was given by override)
 * @param validTo      the end of a version's validity, like {@code validFrom}
 * @param current      the column that tells the current version: a yes/no flag, or the end of validity
 * @param currentValue the spelling of "current" in {@code current} (a flag's yes value, or the open end date); null
 *                     when the open end is NULL
 * @param entityKey    the column naming the entity across its versions (a patient number beside the surrogate key),
 *                     or null when none is evident: related questions are then refused
 * @param reason       what was recognised, for {@code binding --explain}
 */
public record RowVersions(ColumnBinding validFrom, ColumnBinding validTo, ColumnBinding current, String currentValue,
                          ColumnBinding entityKey, String reason) {

    public RowVersions {
        Objects.requireNonNull(current, "current");
        Objects.requireNonNull(reason, "reason");
    }

    /** Whether the current rows are those with an end of validity at or after {@code currentValue} (an open end). */
    public boolean byOpenEnd() {
        return current.typeClass() == TypeClass.TEMPORAL && currentValue != null;
    }

    /** The condition a current row meets, in words ("IS_CURRENT = 'Y'"). */
    public String describe() {
        if (currentValue == null) {
            return current.column() + " IS NULL";
        }
        if (byOpenEnd()) {
            return current.column() + " = " + currentValue;
        }
        return current.column() + " = '" + currentValue + "'";
    }

    /** Whether {@code column} is one of the columns that keep the versions (validity and current mark). */
    public boolean keeps(String column) {
        return current.column().equalsIgnoreCase(column)
                || validFrom != null && validFrom.column().equalsIgnoreCase(column)
                || validTo != null && validTo.column().equalsIgnoreCase(column);
    }
}
