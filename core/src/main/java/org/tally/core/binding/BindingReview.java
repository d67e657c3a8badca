package org.tally.core.binding;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * What an administrator should look at first after connecting a source: the tables that did not bind, then those
 * bound with low confidence, each with its candidate concepts as choices and the evidence for each. Tables an
 * override or a preset decided, and ignored ones, are not asked about again. A pure function of the binding.
 */
public final class BindingReview {

    /** Bound below this confidence, a table is shown for review. */
    public static final double LOW_CONFIDENCE = 0.7;

    /** One candidate concept for a table, with its score and why. */
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
     * @param lookup  whether a bound table's declared key reaches it (it already labels codes as a lookup)
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
    }

    private BindingReview() {
    }

    /** Unbound tables first (those not serving as lookups before those that do), then low confidence, weakest first. */
    public static List<Item> of(Binding binding) {
        List<String> lookups = binding.lookupTables();
        List<Item> out = new ArrayList<>();
        for (TableBinding t : binding.tables()) {
            boolean decided = t.reasons().stream().anyMatch(r -> r.startsWith("override") || r.startsWith("ignored by"));
            if (t.status() == TableBinding.Status.IGNORED || decided
                    || t.bound() && t.confidence() >= LOW_CONFIDENCE) {
                continue;
            }
            List<Choice> choices = t.candidates().stream().limit(4)
                    .map(s -> new Choice(s.candidate(), s.score(), s.reasons())).toList();
            out.add(new Item(t.table(), t.bound() ? t.concept() : null, t.confidence(), lookups.contains(t.table()),
                    t.reasons(), choices));
        }
        out.sort(Comparator.comparing((Item i) -> !i.unbound()).thenComparing(Item::lookup)
                .thenComparingDouble(i -> i.unbound() ? -i.confidence() : i.confidence()));
        return out;
    }
}
