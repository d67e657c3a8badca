package org.tally.ui.result;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What a result column holds, read from its values (an answer carries names and JSON-friendly values, no types):
 * numbers, ISO-8601 dates/times/months, booleans, or text. A column of nulls only is {@link #EMPTY}.
 */
public enum ColumnKind {
    NUMBER, TEMPORAL, BOOLEAN, TEXT, EMPTY;

    /** yyyy-MM, yyyy-MM-dd and yyyy-MM-ddTHH:mm[:ss[.fff]]: what ResultValues writes for temporal values. */
    private static final Pattern ISO_TEMPORAL =
            Pattern.compile("\\d{4}-\\d{2}(-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?)?)?");

    public static ColumnKind of(List<List<Object>> rows, int column) {
        ColumnKind seen = EMPTY;
        for (List<Object> row : rows) {
            Object v = column < row.size() ? row.get(column) : null;
            if (v == null) {
                continue;
            }
            ColumnKind k = ofValue(v);
            if (seen == EMPTY) {
                seen = k;
            } else if (seen != k) {
                return TEXT;
            }
        }
        return seen;
    }

    static ColumnKind ofValue(Object v) {
        if (v instanceof Number) {
            return NUMBER;
        }
        if (v instanceof Boolean) {
            return BOOLEAN;
        }
        if (v instanceof String s && ISO_TEMPORAL.matcher(s).matches()) {
            return TEMPORAL;
        }
        return TEXT;
    }
}
