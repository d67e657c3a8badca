/**
 * Schema linking with local embeddings: each bound table's schema card ({@link org.tally.core.linking.SchemaCards})
 * embedded once per catalog version ({@link org.tally.core.linking.CardStore}), and
 * {@link org.tally.core.linking.SchemaLinker} ranking the cards of the tables a scope may read against a question,
 * keeping a bounded number and their one-hop neighbours. Ranking only: no cosine value is a threshold.
 */
package org.tally.core.linking;
