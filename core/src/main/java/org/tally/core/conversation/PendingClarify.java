package org.tally.core.conversation;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.tally.core.answer.Clarify;
import org.tally.core.spec.QuerySpec;

/**
 * The one open slot of the last turn's clarifying question. A reply that names one of its options fills it: the
 * option's prepared spec is answered as it is (a follow-up's question), or the question is answered again with the
 * option in its slot (a question read alone).
 *
 * @param turn     the turn that asked
 * @param question the question as it was asked
 * @param clarify  what was asked, with its options
 * @param prepared the spec each option leads to, when the reading prepared them (a follow-up's options); may be empty
 */
record PendingClarify(int turn, String question, Clarify clarify, Map<String, QuerySpec> prepared) {
    public PendingClarify {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(clarify, "clarify");
        prepared = Map.copyOf(new LinkedHashMap<>(prepared));
    }
}
