package org.tally.core.grammar;

import java.util.List;

/** Internal: a parse stops at one slot with several readings; becomes {@link ParseOutcome.NeedsClarification}. */
final class GrammarAsk extends RuntimeException {
    final String slot;
    final String key;
    final String question;
    final List<String> labels;

    /** {@code key} identifies the open slot so a re-parse with a chosen label can fill it. */
    GrammarAsk(String slot, String key, String question, List<String> labels) {
        super(question, null, false, false);
        this.slot = slot;
        this.key = key;
        this.question = question;
        this.labels = List.copyOf(labels);
    }
}
