package org.tally.core.grammar;

import static org.tally.core.grammar.VocabularyColumns.hintsMatch;
import static org.tally.core.grammar.VocabularyColumns.ref;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.tally.core.pack.Condition;
import org.tally.core.pack.ObservedValue;
import org.tally.core.pack.Predicate;
import org.tally.core.pack.PredicateDefinition;
import org.tally.core.pack.Resolution;
import org.tally.core.pack.ValueText;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.RelatedScope;

/** Binds a pack predicate's definition to the columns of this source: its first alternative that binds completely. */
final class PredicateBinding extends RuleFamily {

    PredicateBinding(QuestionParser parse) {
        super(parse);
    }

    /** The first alternative of the predicate's definition that binds completely on this vocabulary. */
    List<Filter> bindPredicate(Predicate p, PredicateDefinition def, String concept) {
        for (Condition alternative : def.alternatives()) {
            List<Filter> out = new ArrayList<>();
            if (bindCondition(alternative, concept, out)) {
                return out;
            }
        }
        throw new GrammarMiss("'" + p.id() + "' cannot be checked on " + concept + " with the columns of this source");
    }

    boolean bindCondition(Condition c, String concept, List<Filter> out) {
        if (c instanceof Condition.All) {
            for (Condition inner : ((Condition.All) c).of()) {
                if (!bindCondition(inner, concept, out)) {
                    return false;
                }
            }
            return true;
        }
        if (c instanceof Condition.Exists) {
            Condition.Exists e = (Condition.Exists) c;
            if (e.window() != null || e.link() != Condition.Link.REFERENCES
                    || !vocab.concepts().contains(e.concept()) || e.concept().equals(concept)
                    || !vocab.linked(concept, e.concept())) {
                return false;
            }
            List<Filter> where = new ArrayList<>();
            if (e.where() != null) {
                // "occupied": an admission of the bed that has not ended; the condition is on the related rows
                QuestionParser inner = new QuestionParser(context);
                if (!inner.predicateBinding.bindCondition(e.where(), e.concept(), where) || !inner.state.related.isEmpty()) {
                    return false;
                }
            }
            state.addRelated(new RelatedScope(org.tally.core.spec.Quantifier.EXISTS, e.concept(), where));
            return true;
        }
        if (!(c instanceof Condition.OnColumn)) {
            return false;
        }
        Condition.OnColumn on = (Condition.OnColumn) c;
        List<Filter> found = new ArrayList<>();
        for (GrammarVocabulary.Column col : vocab.columns(concept)) {
            if (!on.roles().contains(col.role().jsonName()) || !hintsMatch(on.nameHints(), col)) {
                continue;
            }
            Filter f = columnCondition(on, concept, col);
            if (f != null) {
                found.add(f);
            }
        }
        if (found.isEmpty()) {
            return false;
        }
        if (found.size() > 1) {
            List<String> labels = new ArrayList<>();
            found.forEach(f -> labels.add(f.target().describe()));
            String pick = clarify.choose("column", concept + " condition", "Which column decides this?", labels);
            out.add(found.get(labels.indexOf(pick)));
            return true;
        }
        out.add(found.get(0));
        return true;
    }

    private Filter columnCondition(Condition.OnColumn on, String concept, GrammarVocabulary.Column col) {
        ColumnRef r = ref(concept, col);
        if (on instanceof Condition.IsNull) {
            return new Filter.IsNull(r);
        }
        if (on instanceof Condition.NotNull) {
            return new Filter.IsNotNull(r);
        }
        if (on instanceof Condition.Compare) {
            Condition.Compare cmp = (Condition.Compare) on;
            if (!r.isNumeric()) {
                return null;
            }
            return new Filter.Compare(r, org.tally.core.spec.CompareOp.fromJson(cmp.op().name()),
                    Literal.of(cmp.value() == null ? BigDecimal.ZERO : cmp.value()));
        }
        if (on instanceof Condition.TimeVsNow) {
            Condition.TimeVsNow tv = (Condition.TimeVsNow) on;
            if (!r.isTemporal()) {
                return null;
            }
            Literal at = Literal.of(now.plusDays(tv.offsetDays()));
            return tv.direction() == Condition.Direction.BEFORE ? Filter.lt(r, at) : Filter.gt(r, at);
        }
        if (on instanceof Condition.InClass) {
            List<String> classes = ((Condition.InClass) on).classes();
            if (col.role() == ColumnRole.FLAG) {
                if (classes.equals(List.of("yes"))) {
                    return new Filter.IsTrue(r);
                }
                if (classes.equals(List.of("no"))) {
                    return new Filter.IsFalse(r);
                }
                return null;
            }
            List<String> values = new ArrayList<>();
            for (String cls : classes) {
                Resolution res = pack.valueResolver().resolveClass(cls, col.role().jsonName(), concept, col.values());
                if (res instanceof Resolution.Matched) {
                    for (ObservedValue v : ((Resolution.Matched) res).values()) {
                        values.add(v.value());
                    }
                }
            }
            if (values.size() > 1) {
                String literal = literalReading(col);
                if (literal != null) {
                    String pick = clarify.choose("value", state.readingPhrase, "'" + state.readingPhrase + "' as the recorded value '"
                            + literal + "' only, or every value of that kind (" + String.join(", ", values) + ")?",
                            List.of("'" + state.readingPhrase + "' as written", "all of " + String.join(", ", values)));
                    return pick.endsWith("as written") ? Filter.eq(r, Literal.of(literal)) : ValueRules.inFilter(r, values);
                }
            }
            return values.isEmpty() ? null : ValueRules.inFilter(r, values);
        }
        throw new AssertionError(on);
    }

    /**
     * The observed value spelled exactly as the question's phrase, when there is one: "unpaid" against a column
     * holding both 'unpaid' and 'partially_paid' may mean that one value or the whole class, so the grammar asks.
     */
    private String literalReading(GrammarVocabulary.Column col) {
        if (state.readingPhrase == null) {
            return null;
        }
        String key = ValueText.key(state.readingPhrase);
        for (ObservedValue v : col.values()) {
            if (v.key().equals(key)) {
                return v.value();
            }
        }
        return null;
    }}
