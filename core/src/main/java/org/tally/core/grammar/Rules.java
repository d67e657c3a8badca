package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.QuerySpec;

/**
 * The rule families of one question, over its context, and the order package-info documents: lead, subject, then
 * modifiers to the last token. The families hold no state; a reading goes in and out of every rule.
 */
final class Rules {

    final ParseContext context;
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
    final FollowUps followUps;
    final FollowUpMoves followUpMoves;
    final PatientChartRules patientChartRules;

    Rules(ParseContext context) {
        this.context = context;
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
        this.followUps = new FollowUps(this);
        this.followUpMoves = new FollowUpMoves(this);
        this.patientChartRules = new PatientChartRules(this);
    }

    /** The whole question: lead, subject, then modifiers until every token is read. */
    Result<Reading> read() {
        TokenCursor tokens = context.tokens();
        int i = tokens.skipFillers(0, "please", "can", "you", "tell", "me");
        Result<Read> lead = leadRules.lead(i, Reading.start());
        if (lead.stopped()) {
            return lead.stop();
        }
        Result<Read> before = projectionRules.projectionBeforeSubject(lead.value().n(), lead.value().reading());
        if (before.stopped()) {
            return before.stop();
        }
        Result<Read> subject = subjectRules.subjectPhrase(before.value().n(), before.value().reading());
        if (subject.stopped()) {
            return subject.stop();
        }
        Reading r = subject.value().reading();
        if (r.pendingFrom() >= 0) {
            List<ColumnRef> items = new ArrayList<>();
            Result<Integer> end = projectionRules.projectionItems(r.pendingFrom(), r.pendingTo(), r, items);
            if (end.stopped()) {
                return end.stop();
            }
            if (end.value() != r.pendingTo()) {
                return Result.miss("'" + tokens.words(r.pendingFrom(), r.pendingTo()) + "' names no column of "
                        + r.subject() + " to show");
            }
            r = projectionRules.addProjection(items, r);
        }
        return modifierRules.modifiers(subject.value().n(), tokens.size(), r);
    }

    /** The spec the question makes, or why it makes none. */
    Result<QuerySpec> parse() {
        Result<QuerySpec> chart = patientChartRules.attribute(); // one patient's attribute (real12's family)
        if (chart.stopped() || chart.value() != null) {
            return chart;
        }
        return read().then(specAssembly::build);
    }
}
