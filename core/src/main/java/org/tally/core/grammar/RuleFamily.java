package org.tally.core.grammar;

import java.time.LocalDate;
import java.time.LocalDateTime;
import org.tally.core.pack.DomainPack;

/**
 * What each rule family of one question works with: the question's context, which never changes, and the sibling
 * families it may call. A family holds no parse state: every rule takes the reading so far and returns what it read.
 */
abstract class RuleFamily {

    final DomainPack pack;
    final GrammarVocabulary vocab;
    final Lexicon lexicon;
    final TokenCursor tokens;
    final TimePhrases time;
    final LocalDate today;
    final LocalDateTime now;
    final Clarifications clarify;
    final ParseContext context;
    final Rules rules;

    RuleFamily(Rules rules) {
        this.rules = rules;
        this.context = rules.context;
        this.pack = context.pack();
        this.vocab = context.vocab();
        this.lexicon = context.lexicon();
        this.tokens = context.tokens();
        this.time = context.time();
        this.today = context.today();
        this.now = context.now();
        this.clarify = context.clarify();
    }
}
