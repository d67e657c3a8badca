package org.tally.ui.binding;

import java.util.List;
import java.util.Objects;

/**
 * What the binding review shows (as {@code binding --review} prints it): the tables to look at first, unbound ones
 * before those bound on weak evidence, each with the concepts it could be and the evidence for each; and the foreign
 * keys Tally joins on that no index leads, with the statement an administrator can run.
 *
 * @param indexNote why there is no index advice (the database does not tell its indexes), or null when there is
 */
public record BindingReviewSnapshot(List<Item> items, List<IndexAdvice> indexAdvice, String indexNote) {

    public BindingReviewSnapshot {
        items = List.copyOf(items);
        indexAdvice = List.copyOf(indexAdvice);
    }

    /** One concept a table could be bound to, its score and why. */
    public record Choice(String concept, double score, List<String> evidence) {
        public Choice {
            Objects.requireNonNull(concept, "concept");
            evidence = List.copyOf(evidence);
        }
    }

    /**
     * One table to review.
     *
     * @param concept the concept it is bound to now, or null when unbound
     * @param lookup  whether a bound table's key reaches it (it labels codes as a lookup)
     */
    public record Item(String table, String concept, double confidence, boolean lookup, List<String> reasons,
                       List<Choice> choices) {
        public Item {
            Objects.requireNonNull(table, "table");
            reasons = List.copyOf(reasons);
            choices = List.copyOf(choices);
        }

        public boolean unbound() {
            return concept == null;
        }

        /** Two concepts claimed it equally: the binder would not pick one (its reasons say which). */
        public boolean tied() {
            return reasons.stream().anyMatch(r -> r.startsWith("ambiguous"));
        }

        /** "not bound, two concepts tie", "bound to Ward at 55%", "not bound; labels codes as a lookup". */
        public String status() {
            String s = unbound() ? "not bound" : "bound to " + concept + " at " + Math.round(confidence * 100) + "%";
            if (tied()) {
                s += "; two concepts tie";
            }
            return lookup ? s + "; labels codes as a lookup" : s;
        }
    }

    /** A foreign key Tally joins on without an index: {@code table.column} references {@code referenced}. */
    public record IndexAdvice(String table, String column, String referenced, String createIndex) {
        public String describe() {
            return table + "." + column + " (references " + referenced + ") has no index";
        }
    }

    public static final BindingReviewSnapshot EMPTY = new BindingReviewSnapshot(List.of(), List.of(), null);
}
