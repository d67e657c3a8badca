package org.tally.ui.result;

import java.util.Locale;
import org.tally.core.answer.DisplayValues;

/** Turns answer values into text for reading in the user's locale (the answers' own generic reading). */
public final class ValueFormat {

    private ValueFormat() {
    }

    public static String display(Object v) {
        return DisplayValues.cell(v, Locale.getDefault(Locale.Category.FORMAT));
    }

    /** The number a chart plots; null for a value that is not a number. */
    public static Double number(Object v) {
        return v instanceof Number n ? n.doubleValue() : null;
    }
}
