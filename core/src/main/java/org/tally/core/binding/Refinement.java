package org.tally.core.binding;

import java.util.List;
import java.util.Objects;

/**
 * A concept the pack holds as a kind of another ({@link org.tally.core.pack.KindOf}), as resolved on one source.
 * Realised, its rows are the base table's rows satisfying every restriction (AND-ed), and {@code view} is how the
 * concept's columns read there: the base table's columns with the concept's time roles in place of the base's (base
 * times it does not map are {@link org.tally.core.spec.ColumnRole#UNKNOWN}). Not realised, it says why.
 *
 * @param concept      the refined concept (EmergencyVisit)
 * @param baseConcept  the concept whose rows hold it (Encounter)
 * @param table        the base concept's table, or null when the base has none
 * @param realised     whether the concept is bound this way on this source
 * @param restrictions the resolved condition, AND-ed; empty when not realised
 * @param view         the concept's columns on the base table (concept = the refined id); null when not realised.
 *                     Never one of {@link Binding#tables()}: only callers that also apply the restrictions use it.
 * @param reasons      how the condition and time roles resolved, or why it did not
 */
public record Refinement(String concept, String baseConcept, String table, boolean realised,
                         List<Restriction> restrictions, TableBinding view, List<String> reasons) {

    public Refinement {
        Objects.requireNonNull(concept, "concept");
        Objects.requireNonNull(baseConcept, "baseConcept");
        restrictions = List.copyOf(restrictions);
        reasons = List.copyOf(reasons);
        if (realised != (view != null) || realised == restrictions.isEmpty()) {
            throw new IllegalArgumentException("refinement " + concept
                    + ": a realised refinement has a view and restrictions, an unrealised one neither");
        }
        if (view != null && (!view.bound() || !view.concept().equals(concept) || !view.table().equals(table))) {
            throw new IllegalArgumentException("refinement " + concept + ": its view must be " + concept + " on "
                    + table);
        }
    }

    static Refinement notRealised(String concept, String baseConcept, String table, List<String> reasons) {
        return new Refinement(concept, baseConcept, table, false, List.of(), null, reasons);
    }

    /** The rows in words: "encounters with encounter type emergency". */
    public String describe(String basePlural) {
        return basePlural + " with " + String.join(" and ", restrictions.stream().map(Restriction::describe).toList());
    }
}
