package org.tally.core.grammar;

import java.time.LocalDate;
import java.time.LocalDateTime;
import org.tally.core.pack.DomainPack;

/**
 * What each rule family of one parse works with: the question's shared context, this parse's state, and the parse
 * itself for the sibling families (rules of one family call those of others, in both directions).
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
    final ParseState state;
    final QuestionParser parse;

    RuleFamily(QuestionParser parse) {
        this.parse = parse;
        this.context = parse.context;
        this.state = parse.state;
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
