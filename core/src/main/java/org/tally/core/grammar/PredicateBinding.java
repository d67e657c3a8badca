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
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.RelatedScope;

/** Binds a pack predicate's definition to the columns of this source: its first alternative that binds completely. */
final class PredicateBinding extends RuleFamily {

    /** A predicate bound here: conditions on the concept's own rows, and on records related to them. */
    record Bound(List<Filter> filters, List<RelatedScope> related) {
        Bound {
            filters = List.copyOf(filters);
            related = List.copyOf(related);
        }

        private Bound and(Bound other) {
            List<Filter> f = new ArrayList<>(filters);
            f.addAll(other.filters);
            List<RelatedScope> r = new ArrayList<>(related);
            r.addAll(other.related);
            return new Bound(f, r);
        }

        /** {@code reading} with these conditions read (related ones first, as they bind). */
        Reading into(Reading reading) {
            Reading r = reading;
            for (RelatedScope s : related) {
                r = r.with(new Fragment.Related(s));
            }
            return r.withConditions(filters);
        }
    }

    private static final Bound NOTHING = new Bound(List.of(), List.of());

    PredicateBinding(Rules rules) {
        super(rules);
    }

    /**
     * The first alternative of the predicate's definition that binds completely on this vocabulary. {@code phrase}
     * is how the question wrote it (null inside a related record's condition): a class it names may be asked about.
     */
    Result<Bound> bindPredicate(Predicate p, PredicateDefinition def, String concept, String phrase) {
        for (Condition alternative : def.alternatives()) {
            Result<Bound> b = bindCondition(alternative, concept, phrase);
            if (b.stopped() || b.value() != null) {
                return b;
            }
        }
        return Result.miss("'" + p.id() + "' cannot be checked on " + concept + " with the columns of this source");
    }

    /** The condition bound on {@code concept}, or null when this source cannot check it. */
    Result<Bound> bindCondition(Condition c, String concept, String phrase) {
        if (c instanceof Condition.All all2) {
            Bound all = NOTHING;
            for (Condition inner : all2.of()) {
                Result<Bound> b = bindCondition(inner, concept, phrase);
                if (b.stopped() || b.value() == null) {
                    return b;
                }
                all = all.and(b.value());
            }
            return Result.ok(all);
        }
        if (c instanceof Condition.Exists exists) {
            Condition.Exists e = exists;
            if (e.window() != null || e.link() != Condition.Link.REFERENCES
                    || !vocab.concepts().contains(e.concept()) || e.concept().equals(concept)
                    || !vocab.linked(concept, e.concept())) {
                return Result.ok(null);
            }
            List<Filter> where = new ArrayList<>();
            if (e.where() != null) {
                // "occupied": an admission of the bed that has not ended; the condition is on the related rows
                Result<Bound> inner = bindCondition(e.where(), e.concept(), null);
                if (inner.stopped()) {
                    return inner;
                }
                if (inner.value() == null || !inner.value().related().isEmpty()) {
                    return Result.ok(null);
                }
                where.addAll(inner.value().filters());
            }
            return Result.ok(new Bound(List.of(), List.of(new RelatedScope(Quantifier.EXISTS,
                    e.concept(), where))));
        }
        if (!(c instanceof Condition.OnColumn onColumn)) {
            return Result.ok(null);
        }
        Condition.OnColumn on = onColumn;
        List<Filter> found = new ArrayList<>();
        for (GrammarVocabulary.Column col : vocab.columns(concept)) {
            if (!on.roles().contains(col.role().jsonName()) || !hintsMatch(on.nameHints(), col)) {
                continue;
            }
            Result<Filter> f = columnCondition(on, concept, col, phrase);
            if (f.stopped()) {
                return f.stop();
            }
            if (f.value() != null) {
                found.add(f.value());
            }
        }
        if (found.isEmpty()) {
            return Result.ok(null);
        }
        if (found.size() > 1) {
            List<String> labels = new ArrayList<>();
            found.forEach(f -> labels.add(f.target().describe()));
            return clarify.choose("column", concept + " condition", "Which column decides this?", labels)
                    .map(pick -> new Bound(List.of(found.get(labels.indexOf(pick))), List.of()));
        }
        return Result.ok(new Bound(found, List.of()));
    }

    private Result<Filter> columnCondition(Condition.OnColumn on, String concept, GrammarVocabulary.Column col,
                                           String phrase) {
        ColumnRef r = ref(concept, col);
        if (on instanceof Condition.IsNull) {
            return Result.ok(new Filter.IsNull(r));
        }
        if (on instanceof Condition.NotNull) {
            return Result.ok(new Filter.IsNotNull(r));
        }
        if (on instanceof Condition.Compare compare) {
            Condition.Compare cmp = compare;
            if (!r.isNumeric()) {
                return Result.ok(null);
            }
            return Result.ok(new Filter.Compare(r, CompareOp.fromJson(cmp.op().name()),
                    Literal.of(cmp.value() == null ? BigDecimal.ZERO : cmp.value())));
        }
        if (on instanceof Condition.TimeVsNow timeVsNow) {
            Condition.TimeVsNow tv = timeVsNow;
            if (!r.isTemporal()) {
                return Result.ok(null);
            }
            Literal at = Literal.of(now.plusDays(tv.offsetDays()));
            return Result.ok(tv.direction() == Condition.Direction.BEFORE ? Filter.lt(r, at) : Filter.gt(r, at));
        }
        if (on instanceof Condition.InClass inClass) {
            List<String> classes = inClass.classes();
            if (col.role() == ColumnRole.FLAG) {
                if (classes.equals(List.of("yes"))) {
                    return Result.ok(new Filter.IsTrue(r));
                }
                if (classes.equals(List.of("no"))) {
                    return Result.ok(new Filter.IsFalse(r));
                }
                return Result.ok(null);
            }
            List<String> values = new ArrayList<>();
            for (String cls : classes) {
                Resolution res = pack.valueResolver().resolveClass(cls, col.role().jsonName(), concept, col.values());
                if (res instanceof Resolution.Matched matched) {
                    for (ObservedValue v : matched.values()) {
                        values.add(v.value());
                    }
                }
            }
            if (values.size() > 1) {
                String literal = literalReading(col, phrase);
                if (literal != null) {
                    return clarify.choose("value", phrase, "'" + phrase + "' as the recorded value '"
                            + literal + "' only, or every value of that kind (" + String.join(", ", values) + ")?",
                            List.of("'" + phrase + "' as written", "all of " + String.join(", ", values)))
                            .map(pick -> pick.endsWith("as written") ? Filter.eq(r, Literal.of(literal))
                                    : ValueRules.inFilter(r, values));
                }
            }
            return Result.ok(values.isEmpty() ? null : ValueRules.inFilter(r, values));
        }
        throw new AssertionError(on);
    }

    /**
     * The observed value spelled exactly as the question's phrase, when there is one: "unpaid" against a column
     * holding both 'unpaid' and 'partially_paid' may mean that one value or the whole class, so the grammar asks.
     */
    private static String literalReading(GrammarVocabulary.Column col, String phrase) {
        if (phrase == null) {
            return null;
        }
        String key = ValueText.key(phrase);
        for (ObservedValue v : col.values()) {
            if (v.key().equals(key)) {
                return v.value();
            }
        }
        return null;
    }
}
