package org.tally.core.binding;

import java.util.List;
import java.util.Map;
import org.tally.core.catalog.CatalogTable;

/**
 * One more scored input of the binder: how near a table's schema card (its name, columns and observed values) is to
 * each concept's description, by a local embedding model. It is only ever asked about a table whose names and
 * columns left two concepts tied, and it can only choose between them with a clear margin ({@link SimilarityTie});
 * it never binds a table on its own.
 */
@FunctionalInterface
public interface ConceptSimilarity {

    /** No model: ties stay ties. */
    ConceptSimilarity NONE = (table, concepts) -> Map.of();

    /**
     * The similarity of {@code table}'s card to each of {@code concepts} (every concept of the pack, so a margin can
     * be read against the spread of all of them); empty when it cannot be had. Never throws: a model that
     * fails is logged by the implementation and the tie stands.
     */
    Map<String, Double> of(CatalogTable table, List<String> concepts);
}
