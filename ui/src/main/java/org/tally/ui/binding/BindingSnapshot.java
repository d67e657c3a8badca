package org.tally.ui.binding;

import java.util.List;
import java.util.Objects;

/**
 * What the binding inspector shows of one source's binding: each table's concept with its confidence and
 * reasons, each column's role, PII mark and observed values, and the drift alarms of the last refresh.
 */
public record BindingSnapshot(String source, List<TableBinding> tables, List<DriftAlarm> drift) {

    public BindingSnapshot {
        Objects.requireNonNull(source, "source");
        tables = List.copyOf(tables);
        drift = List.copyOf(drift);
    }

    public record TableBinding(String table, String concept, double confidence, List<String> reasons,
                               List<ColumnBinding> columns) {
        public TableBinding {
            Objects.requireNonNull(table, "table");
            if (confidence < 0 || confidence > 1) {
                throw new IllegalArgumentException("confidence must be within 0..1, not " + confidence);
            }
            reasons = List.copyOf(reasons);
            columns = List.copyOf(columns);
        }

        /** "Delivery (92%)" or "not bound". */
        public String conceptLabel() {
            return concept == null ? "not bound" : concept + " (" + Math.round(confidence * 100) + "%)";
        }

        /** Bound, but on evidence weak enough that an administrator should look at it first. */
        public boolean lowConfidence() {
            return concept != null && confidence < LOW_CONFIDENCE;
        }
    }

    /** Below this a table's concept is shown as low confidence (the review shows such tables first). */
    public static final double LOW_CONFIDENCE = 0.6;

    /**
     * A column's role; values are empty for PII columns, whose content is never kept.
     *
     * @param references the table a reference column points to, as people name it ("Ward (wards)"), or null
     */
    public record ColumnBinding(String column, String role, boolean pii, List<ValueCount> values,
                                String references) {
        public ColumnBinding {
            Objects.requireNonNull(column, "column");
            Objects.requireNonNull(role, "role");
            values = pii ? List.of() : List.copyOf(values);
        }

        /** A column that references no other table. */
        public ColumnBinding(String column, String role, boolean pii, List<ValueCount> values) {
            this(column, role, pii, values, null);
        }

        /**
         * What the inspector shows for its values: "(personal data: not kept)"; for a reference, the table it points
         * to (its stored keys say nothing to people); else each observed value with its count.
         */
        public String valuesText() {
            if (pii) {
                return "(personal data: not kept)";
            }
            if (references != null) {
                return "→ " + references;
            }
            StringBuilder b = new StringBuilder();
            for (ValueCount v : values) {
                if (b.length() > 0) {
                    b.append(", ");
                }
                b.append(v.value()).append(" (").append(v.count()).append(')');
            }
            return b.toString();
        }
    }

    public record ValueCount(String value, long count) {
    }

    /** A spelling that appeared ({@code NEW}) or disappeared ({@code VANISHED}) since the last refresh. */
    public record DriftAlarm(String table, String column, Change change, String value) {
        public enum Change { NEW, VANISHED }

        public String describe() {
            return (change == Change.NEW ? "New value " : "Vanished value ") + "'" + value + "' in " + table + "."
                    + column;
        }
    }
}
