package org.tally.ui.result;

import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Locale;

/** Turns answer values into text for reading: grouped numbers, booleans as yes/no, nulls as an em dash. */
public final class ValueFormat {

    private ValueFormat() {
    }

    public static String display(Object v) {
        if (v == null) {
            return "—";
        }
        if (v instanceof Long || v instanceof Integer) {
            return NumberFormat.getIntegerInstance(Locale.getDefault()).format(((Number) v).longValue());
        }
        if (v instanceof BigDecimal || v instanceof Double || v instanceof Float) {
            NumberFormat f = NumberFormat.getNumberInstance(Locale.getDefault());
            f.setMaximumFractionDigits(2);
            return f.format(v instanceof BigDecimal d ? d : ((Number) v).doubleValue());
        }
        if (v instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        return v.toString();
    }

    /** The number a chart plots; null for a value that is not a number. */
    public static Double number(Object v) {
        return v instanceof Number n ? n.doubleValue() : null;
    }
}
