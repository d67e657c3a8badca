package org.tally.core.binding;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.catalog.ValueCount;

/**
 * How a column that is not BOOLEAN spells true and false (Y/N, 1/0, yes/no, t/f): read from its observed values,
 * one spelling each at most. Shared by the binder's flag filters and the soft-delete marks, so both agree on what a
 * plain yes/no column is.
 *
 * @param yes       the observed spelling of true, or null when none was seen
 * @param no        the observed spelling of false, or null when none was seen
 * @param offending the first observed value that is neither (or a second spelling of one), null when the column is
 *                  plainly yes/no
 */
public record YesNoSpellings(String yes, String no, String offending) {

    private static final Set<String> TRUE_SPELLINGS = Set.of("y", "yes", "true", "t", "1");
    private static final Set<String> FALSE_SPELLINGS = Set.of("n", "no", "false", "f", "0");

    public static YesNoSpellings of(List<ValueCount> values) {
        String yes = null;
        String no = null;
        for (ValueCount v : values) {
            String key = v.value().trim().toLowerCase(Locale.ROOT);
            if (TRUE_SPELLINGS.contains(key) && yes == null) {
                yes = v.value();
            } else if (FALSE_SPELLINGS.contains(key) && no == null) {
                no = v.value();
            } else {
                return new YesNoSpellings(yes, no, v.value());
            }
        }
        return new YesNoSpellings(yes, no, null);
    }

    /** Whether one value (a literal typed in a question, say) is a true or a false spelling; null when neither. */
    public static Boolean meaning(String value) {
        String key = value.trim().toLowerCase(Locale.ROOT);
        return TRUE_SPELLINGS.contains(key) ? Boolean.TRUE : FALSE_SPELLINGS.contains(key) ? Boolean.FALSE : null;
    }

    public boolean plain() {
        return offending == null;
    }
}
