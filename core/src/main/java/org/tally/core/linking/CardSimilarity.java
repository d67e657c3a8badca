package org.tally.core.linking;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.binding.ConceptSimilarity;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.ValueCount;
import org.tally.core.embed.Embeddings;
import org.tally.core.embed.Vectors;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;

/**
 * The binder's card signal with a local embedding model: a catalog table's card (its name words, its columns' words,
 * a few observed values of non-personal columns) against each concept's description (its plural, description and
 * typical column words). Asked only for tables whose names left a tie, so the model is loaded only when one exists;
 * without a model (or when it fails, logged) the answer is empty and the tie stands.
 */
public final class CardSimilarity implements ConceptSimilarity {

    private static final Logger LOG = LoggerFactory.getLogger(CardSimilarity.class);

    private final DomainPack pack;
    private final Supplier<Optional<Embeddings>> model;
    /** Concept vectors per model id and concept: the pack does not change within a process. */
    private final Map<String, float[]> concepts = new ConcurrentHashMap<>();

    /** @param model the embedding model when it can be had (waited for: a tie is rare and binding is off the UI) */
    public CardSimilarity(DomainPack pack, Supplier<Optional<Embeddings>> model) {
        this.pack = pack;
        this.model = model;
    }

    @Override
    public Map<String, Double> of(CatalogTable table, List<String> conceptIds) {
        try {
            Optional<Embeddings> loaded = model.get();
            if (loaded.isEmpty()) {
                return Map.of();
            }
            Embeddings e = loaded.get();
            float[] card = e.embed(card(table, pack.nameTokens()), Embeddings.Kind.QUERY);
            Map<String, Double> out = new LinkedHashMap<>();
            for (String id : conceptIds) {
                Optional<Concept> c = pack.concept(id);
                if (c.isPresent()) {
                    float[] v = concepts.computeIfAbsent(e.modelId() + "/" + id,
                            k -> e.embed(description(c.get()), Embeddings.Kind.PASSAGE));
                    out.put(id, Vectors.dot(card, v));
                }
            }
            return out;
        } catch (RuntimeException ex) {
            LOG.warn("the schema card of {} could not be compared with the concepts; its tie stands", table.name(), ex);
            return Map.of();
        }
    }

    /** A catalog table's card: words only, never a personal column's values. */
    static String card(CatalogTable table, NameTokens names) {
        StringBuilder card = new StringBuilder(String.join(" ", names.table(table.name()).tokens()));
        Set<String> words = new LinkedHashSet<>();
        List<String> values = new ArrayList<>();
        for (CatalogColumn c : table.columns()) {
            words.add(String.join(" ", names.column(c.name()).tokens()));
            if (c.profile() != null && !c.profile().pii()) {
                c.profile().values().stream().limit(SchemaCards.VALUES).map(ValueCount::value)
                        .map(v -> v.toLowerCase(Locale.ROOT)).forEach(values::add);
            }
        }
        card.append(". Columns: ").append(String.join(", ", words));
        if (!values.isEmpty()) {
            card.append(". Values: ").append(String.join(", ", values));
        }
        return card.toString();
    }

    private static String description(Concept c) {
        return c.plural() + ": " + c.description() + ". Columns: " + String.join(", ", c.columnTokens());
    }
}
