package org.tally.core.grammar;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.QuerySpec;

/** One parse of one question: lead rule, subject phrase, then modifiers until every token is consumed. */
final class QuestionParser {

    final ParseContext context;
    final ParseState state = new ParseState();
    // the rule families of this parse; each reads and writes only this parse's state
    final ValueRules valueRules;
    final PredicateBinding predicateBinding;
    final TimeRules timeRules;
    final RelatedScopeRules relatedScopeRules;
    final VerbScopeRules verbScopeRules;
    final CountedScopeRules countedScopeRules;
    final GroupingRules groupingRules;
    final ProjectionRules projectionRules;
    final ModifierRules modifierRules;
    final PlaceRules placeRules;
    final MeasureRules measureRules;
    final ConceptTerms conceptTerms;
    final SubjectRules subjectRules;
    final RankingRules rankingRules;
    final LookupRules lookupRules;
    final LeadRules leadRules;
    final SpecAssembly specAssembly;

    private final TokenCursor tokens;

    QuestionParser(DomainPack pack, GrammarVocabulary vocab, Lexicon lexicon, List<Token> tokens, LocalDate today,
                   LocalDateTime now, Map<String, String> choices) {
        this(new ParseContext(pack, vocab, lexicon, new TokenCursor(tokens), new TimePhrases(tokens, today), today, now,
                new Clarifications(choices)));
    }

    /** A parse of the same question with a state of its own (an inner parse reads a related record's conditions). */
    QuestionParser(ParseContext context) {
        this.context = context;
        this.tokens = context.tokens();
        this.valueRules = new ValueRules(this);
        this.predicateBinding = new PredicateBinding(this);
        this.timeRules = new TimeRules(this);
        this.relatedScopeRules = new RelatedScopeRules(this);
        this.verbScopeRules = new VerbScopeRules(this);
        this.countedScopeRules = new CountedScopeRules(this);
        this.groupingRules = new GroupingRules(this);
        this.projectionRules = new ProjectionRules(this);
        this.modifierRules = new ModifierRules(this);
        this.placeRules = new PlaceRules(this);
        this.measureRules = new MeasureRules(this);
        this.conceptTerms = new ConceptTerms(this);
        this.subjectRules = new SubjectRules(this);
        this.rankingRules = new RankingRules(this);
        this.lookupRules = new LookupRules(this);
        this.leadRules = new LeadRules(this);
        this.specAssembly = new SpecAssembly(this);
    }

    /** The rule families in the order package-info documents: lead, subject, then modifiers to the last token. */
    QuerySpec parse() {
        int i = tokens.skipFillers(0, "please", "can", "you", "tell", "me");
        i = leadRules.lead(i);
        i = projectionRules.projectionBeforeSubject(i);
        i = subjectRules.subjectPhrase(i);
        if (state.pendingFrom >= 0) {
            List<ColumnRef> items = new ArrayList<>();
            if (projectionRules.projectionItems(state.pendingFrom, state.pendingTo, items) != state.pendingTo) {
                throw new GrammarMiss("'" + tokens.words(state.pendingFrom, state.pendingTo) + "' names no column of "
                        + state.subject + " to show");
            }
            projectionRules.addProjection(items);
        }
        modifierRules.modifiers(i, tokens.size());
        return specAssembly.build();
    }
}
