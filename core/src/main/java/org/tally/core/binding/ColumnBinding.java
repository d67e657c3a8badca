package org.tally.core.binding;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.tally.core.catalog.TextShape;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.spec.ColumnRole;

/**
 * What one column means in the binding.
 *
 * @param column     the column's physical name
 * @param type       the database's type name
 * @param typeClass  the normalised type
 * @param tokens     the column's normalised name tokens (what a name hint is matched against)
 * @param role       the chosen role ({@link ColumnRole#UNKNOWN} when nothing fits)
 * @param confidence the role's score in 0..1
 * @param reasons    why this role
 * @param runnerUps  the other roles considered, best first
 * @param pii        personal data: no value of it is ever kept or shown
 * @param values     the observed values with exact counts, most frequent first; null for PII columns and columns
 *                   whose vocabulary was not counted exactly
 * @param reference  the key this column references (declared or inferred), or null
 * @param aliases    administrator aliases: a question word → an observed value of this column
 * @param shape      the lengths and letters of a text column's values (no value in it), null when not measured
 */
public record ColumnBinding(String column, String type, TypeClass typeClass, List<String> tokens, ColumnRole role,
                            double confidence, List<String> reasons, List<Scored> runnerUps, boolean pii,
                            List<ValueCount> values, Link reference, Map<String, String> aliases,
                            TextShape shape) {
    public ColumnBinding {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(role, "role");
        tokens = List.copyOf(tokens);
        reasons = List.copyOf(reasons);
        runnerUps = List.copyOf(runnerUps);
        values = values == null ? null : List.copyOf(values);
        aliases = Map.copyOf(aliases);
        if (pii && values != null) {
            throw new IllegalArgumentException("PII column " + column + " must carry no values");
        }
    }

    public ColumnBinding(String column, String type, TypeClass typeClass, List<String> tokens, ColumnRole role,
                         double confidence, List<String> reasons, List<Scored> runnerUps, boolean pii,
                         List<ValueCount> values, Link reference, Map<String, String> aliases) {
        this(column, type, typeClass, tokens, role, confidence, reasons, runnerUps, pii, values, reference, aliases,
                null);
    }

    /** True when every token of {@code hintTokens} is among this column's name tokens. */
    public boolean matches(List<String> hintTokens) {
        return tokens.containsAll(hintTokens);
    }
}
