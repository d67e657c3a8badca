package org.tally.core.binding;

import java.math.BigDecimal;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.TextShape;
import org.tally.core.catalog.TypeClass;

/**
 * The outline of a whole-number column's values, as a typed identifier would spell them: every value between the
 * profile's smallest and largest is written with as many digits as they are, or fewer, and with no letter. It lets
 * "patient 10004235" be told from a row number whose values stop at 94, without storing any value.
 */
final class WholeNumberShapes {

    private WholeNumberShapes() {
    }

    /** The column's measured shape; for a whole-number column with a range, the shape of its spellings; else null. */
    static TextShape of(CatalogColumn c, ColumnProfile p) {
        if (p == null) {
            return null;
        }
        if (p.shape() != null || c.typeClass() != TypeClass.NUMERIC || p.min() == null || p.max() == null) {
            return p.shape();
        }
        BigDecimal min;
        BigDecimal max;
        try {
            min = new BigDecimal(p.min());
            max = new BigDecimal(p.max());
        } catch (NumberFormatException e) {
            return null; // a range the profile wrote in another form tells nothing about spellings
        }
        if (min.stripTrailingZeros().scale() > 0 || max.stripTrailingZeros().scale() > 0 || min.compareTo(max) > 0) {
            return null; // fractions: a typed number's spelling says nothing about them
        }
        long present = p.rowCount() - p.nullCount();
        if (min.signum() < 0) {
            int longest = Math.max(digits(min) + 1, digits(max) + (max.signum() < 0 ? 1 : 0));
            return new TextShape(1, longest, 0, present);
        }
        return new TextShape(digits(min), digits(max), 0, present);
    }

    private static int digits(BigDecimal whole) {
        return whole.abs().toBigInteger().toString().length();
    }
}
