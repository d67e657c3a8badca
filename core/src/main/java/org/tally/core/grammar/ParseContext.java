package org.tally.core.grammar;

import java.time.LocalDate;
import java.time.LocalDateTime;
import org.tally.core.pack.DomainPack;

/**
 * What every rule reading one question shares and never changes: the pack, this source's vocabulary and lexicon,
 * the tokens and their time phrases, the clock, and the user's earlier clarification choices.
 */
record ParseContext(DomainPack pack, GrammarVocabulary vocab, Lexicon lexicon, TokenCursor tokens, TimePhrases time,
                    LocalDate today, LocalDateTime now, Clarifications clarify) {
}
