package org.tally.app;

import java.util.Optional;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.catalog.Catalog;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.embed.Embeddings;
import org.tally.core.linking.CardStore;
import org.tally.core.pack.DomainPack;

/**
 * The last step of a catalog refresh: the new version's schema cards embedded and stored beside it, so no question
 * waits for them. Without an embedding model (or when embedding fails) the refresh stands and the planner describes
 * every table of the scope instead of the linked ones.
 */
final class RefreshCards {

    private static final Logger LOG = LoggerFactory.getLogger(RefreshCards.class);

    private final SourceBindings bindings;
    private final DomainPack pack;
    private final EmbeddingModel embeddings;
    private final CardStore store;

    RefreshCards(SourceBindings bindings, DomainPack pack, EmbeddingModel embeddings, CardStore store) {
        this.bindings = bindings;
        this.pack = pack;
        this.embeddings = embeddings;
        this.store = store;
    }

    /** The cards of {@code catalog}'s binding, embedded now where not stored; empty without a model. */
    Optional<CardStore.Prepared> embed(Catalog catalog, Progress progress) {
        Optional<Embeddings> model = embeddings.await();
        if (model.isEmpty()) {
            return Optional.empty();
        }
        try {
            Binding binding = bindings.bind(catalog).binding();
            return Optional.of(store.prepare(binding, pack, model.get(), progress));
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("the schema cards of {} could not be embedded; the planner will describe every table",
                    catalog.source(), e);
            return Optional.empty();
        }
    }

    /** The refresh's line about the cards, for people. */
    static String sentence(Optional<CardStore.Prepared> cards) {
        if (cards.isEmpty()) {
            return "Schema cards: not embedded (no embedding model); questions are linked to every table.";
        }
        CardStore.Prepared p = cards.get();
        return "Schema cards: " + p.cards().size() + " tables, " + p.embedded() + " embedded now in " + p.ms()
                + " ms.";
    }
}
