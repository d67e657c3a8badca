package org.tally.core.dialect;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Objects;

/** A database's own estimate of what a statement will cost, in that database's unit. */
public record CostEstimate(double value, CostUnit unit) {

    public CostEstimate {
        Objects.requireNonNull(unit, "unit");
        if (Double.isNaN(value) || value < 0) {
            throw new IllegalArgumentException("cost estimate must be a non-negative number, got " + value);
        }
    }

    @Override
    public String toString() {
        return format(value) + " " + unit.description();
    }

    /** Cost numbers in notes: six significant digits at most, no exponent, the same in every locale. */
    public static String format(double v) {
        return new BigDecimal(v).round(new MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
