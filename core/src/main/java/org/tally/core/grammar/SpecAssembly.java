package org.tally.core.grammar;

import java.util.List;
import java.util.Optional;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;

/** Builds the QuerySpec once every token is read, checking what only the whole question can tell. */
final class SpecAssembly extends RuleFamily {

    SpecAssembly(QuestionParser parse) {
        super(parse);
    }

    // ---------------------------------------------------------------- assembly

    /**
     * "the average value" over lab results of every test adds up different units: where the pack says a concept's rows
     * measure different things and its one value column holds them all, an aggregate of it needs one kind named (an
     * equality on its own name, type, code or category, or on a catalogue it refers to) or a grouping by kind.
     */
    private void kindOfMeasureFixed() {
        if (!(state.measureOf instanceof ColumnRef) || ((ColumnRef) state.measureOf).role() != ColumnRole.MEASURE) {
            return;
        }
        String owner = ((ColumnRef) state.measureOf).concept();
        if (!pack.concept(owner).map(org.tally.core.pack.Concept::measuresKinds).orElse(false)
                || vocab.columns(owner).stream().filter(c -> c.role() == ColumnRole.MEASURE).count() > 1) {
            return; // one value column per kind (pulse, systolic …): the column is the kind
        }
        for (Filter f : state.filters) {
            if (f instanceof Filter.Compare && ((Filter.Compare) f).op() == org.tally.core.spec.CompareOp.EQ
                    && ((Filter.Compare) f).target() instanceof ColumnRef
                    && namesKind((ColumnRef) ((Filter.Compare) f).target(), owner)) {
                return;
            }
        }
        for (Dimension d : state.dimensions) {
            if (d instanceof Dimension.Column && namesKind(((Dimension.Column) d).column(), owner)) {
                return;
            }
        }
        throw new GrammarMiss("the " + (state.measurePhrase == null ? "aggregate" : state.measurePhrase) + " of "
                + parse.verbScopeRules.singularWord(owner) + " values mixes different kinds of measurement (and their units); name the"
                + " one meant, or group by it");
    }

    /** Words of a time column's name that say only that it is a time, not which. */
    private static final java.util.Set<String> TIME_NAME_WORDS = java.util.Set.of("date", "time", "datetime",
            "timestamp", "day", "at", "on", "dttm", "dt");

    /**
     * "spells by discharge destination in 2025": a grouping named after the subject's end (its discharge) says the
     * year may be that of the discharges, not of the admissions the time phrase dates by default. With no verb to
     * say which, the question misses rather than pick one.
     */
    private void endNamedByGrouping(ColumnRef dated) {
        if (state.namedTime != null || dated.role() == ColumnRole.END_TIME || !dated.concept().equals(state.subject)) {
            return;
        }
        List<String> endWords = new java.util.ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
            if (c.role() == ColumnRole.END_TIME) {
                c.nameTokens().stream().filter(w -> !TIME_NAME_WORDS.contains(w)).forEach(endWords::add);
            }
        }
        endNamedByValue(endWords);
        for (Dimension d : state.dimensions) {
            if (!(d instanceof Dimension.Column) || !((Dimension.Column) d).column().concept().equals(state.subject)) {
                continue;
            }
            ColumnRef g = ((Dimension.Column) d).column();
            for (GrammarVocabulary.Column c : vocab.columns(state.subject)) {
                if (VocabularyColumns.ref(state.subject, c).equals(g.via() == null ? g : null)
                        && c.nameTokens().stream().anyMatch(endWords::contains)) {
                    throw new GrammarMiss("the grouping by " + String.join(" ", c.nameTokens()) + " is about the end of"
                            + " each " + parse.verbScopeRules.singularWord(state.subject) + "; say which time the"
                            + " period dates (for example 'discharged in …')");
                }
            }
        }
    }

    /**
     * "discharges in 2025" read as admissions whose status is 'discharged': the value names the subject's end, so the
     * year is that of the discharges, not of the admissions the time phrase dates by default; with no verb to say
     * which, the question misses.
     */
    private void endNamedByValue(List<String> endWords) {
        java.util.Set<String> ends = new java.util.HashSet<>();
        endWords.forEach(w -> ends.add(stem(w)));
        for (Filter f : state.filters) {
            if (!(f.target() instanceof ColumnRef) || !((ColumnRef) f.target()).concept().equals(state.subject)
                    || ((ColumnRef) f.target()).role() == ColumnRole.END_TIME) {
                continue;
            }
            List<Literal> values = f instanceof Filter.Compare ? List.of(((Filter.Compare) f).value())
                    : f instanceof Filter.In ? ((Filter.In) f).values() : List.of();
            for (Literal v : values) {
                if (v instanceof Literal.StringValue) {
                    for (String w : ((Literal.StringValue) v).value().toLowerCase(java.util.Locale.ROOT).split("[^a-z]+")) {
                        if (!w.isEmpty() && ends.contains(stem(w))) {
                            throw new GrammarMiss("'" + ((Literal.StringValue) v).value() + "' is about the end of each "
                                    + parse.verbScopeRules.singularWord(state.subject) + "; say which time the period"
                                    + " dates (for example '" + w + " in …')");
                        }
                    }
                }
            }
        }
    }

    /** A word without its inflection, so that "discharged" and "discharge" meet. */
    private static String stem(String w) {
        for (String suffix : new String[] {"ed", "es", "e", "s"}) {
            if (w.length() > suffix.length() + 3 && w.endsWith(suffix)) {
                return w.substring(0, w.length() - suffix.length());
            }
        }
        return w;
    }

    /** Whether a column tells apart the kinds of {@code owner}'s measurements: its own label, or a catalogue's. */
    private boolean namesKind(ColumnRef c, String owner) {
        if (c.concept().equals(owner)) {
            return c.role() == ColumnRole.NAME || c.role() == ColumnRole.TYPE || c.role() == ColumnRole.CODE
                    || c.role() == ColumnRole.CATEGORY;
        }
        return c.via() == null && parse.relatedScopeRules.refersTo(owner, c.concept())
                && vocab.columns(c.concept()).stream().noneMatch(col -> col.role().isTemporal()
                        || col.role() == ColumnRole.PATIENT_REF);
    }

    QuerySpec build() {
        if (state.subject == null) {
            throw new GrammarMiss("the question names nothing to count or list");
        }
        parse.timeRules.settleTimes();
        if (state.newAt >= 0 && state.verbTimes.stream().noneMatch(c -> c.concept().equals(state.subject)
                && (c.role() == ColumnRole.START_TIME || c.role() == ColumnRole.EVENT_TIME))) {
            throw new GrammarMiss("'new' is not understood here (asking about " + state.subject + ")");
        }
        Shape shape;
        QuerySpec.Builder b;
        switch (state.lead) {
            case COUNT:
            case AGGREGATE:
            case BARE:
                if (state.lead == Lead.BARE && state.bucket == null) {
                    throw new GrammarMiss("no question rule matches '" + tokens.words(0, Math.min(tokens.size(), 3)) + "'");
                }
                shape = state.bucket != null ? Shape.TREND : state.dimensions.isEmpty() ? Shape.SCALAR : Shape.GROUPED;
                if (state.lead == Lead.AGGREGATE) {
                    kindOfMeasureFixed();
                }
                b = QuerySpec.builder(state.subject, shape).measure(state.lead == Lead.AGGREGATE
                        ? Measure.of(state.aggregation, state.measureOf)
                        : state.distinctPeople != null ? Measure.of(Aggregation.COUNT_DISTINCT, state.distinctPeople)
                        : Measure.count());
                break;
            case TOP:
            case WHICH_MOST:
                shape = Shape.TOP_N;
                b = QuerySpec.builder(state.subject, shape).measure(state.rankedSum ? Measure.of(Aggregation.SUM, state.measureOf)
                        : Measure.count());
                Dimension d;
                if (state.lead == Lead.WHICH_MOST) {
                    d = parse.groupingRules.dimension(state.groupConcept);
                    if (d == null) {
                        throw new GrammarMiss("cannot rank " + state.subject + " by '" + state.groupConcept + "'");
                    }
                    if (state.referenceNamer != null) {
                        parse.rankingRules.checkReferenceNamer(d.column());
                    }
                } else if (!state.dimensions.isEmpty()) {
                    throw new GrammarMiss("a ranking groups by what it ranks");
                } else if (state.rankedBy != null) {
                    d = Dimension.of(state.rankedBy);
                } else {
                    d = Dimension.of(parse.groupingRules.displayColumn(state.subject));
                    if (state.rule.equals("top.most-common") && state.limit == null) {
                        state.limit = state.topSingular ? 1 : 10;
                    }
                }
                if (state.limit == null) {
                    state.limit = 10;
                }
                if (state.limit < 1 || state.limit > QuerySpec.MAX_LIMIT) {
                    throw new GrammarMiss("top " + state.limit + " is out of range");
                }
                b.dimension(d).order(OrderKey.byMeasure(0, Direction.DESC)).limit(state.limit);
                if (state.bucket != null) {
                    throw new GrammarMiss("a ranking cannot also be a trend");
                }
                break;
            case RATE:
                if (state.rateWords != null) {
                    state.numeratorMode = true;
                    int before = state.numerator.size();
                    Optional<Predicate> p = pack.predicateForPhrase(state.rateWords);
                    if (p.isPresent() && p.get().on(state.subject).isPresent()) {
                        state.readingPhrase = state.rateWords;
                        state.numerator.addAll(parse.predicateBinding.bindPredicate(p.get(), p.get().on(state.subject).get(), state.subject));
                    } else {
                        List<Filter> v = parse.valueRules.valueFilters(state.rateWords, state.subject);
                        if (v == null) {
                            throw new GrammarMiss("'" + state.rateWords + "' matches nothing recorded for " + state.subject);
                        }
                        state.numerator.addAll(v);
                    }
                    if (state.numerator.size() == before) {
                        throw new GrammarMiss("'" + state.rateWords + " rate' has no condition");
                    }
                }
                if (state.numerator.isEmpty() && state.numeratorRelated.isEmpty()) {
                    throw new GrammarMiss("a percentage needs the condition that is counted, e.g. 'were no-shows'");
                }
                shape = Shape.RATE;
                b = QuerySpec.builder(state.subject, shape).measure(new Measure.Rate(state.numerator, state.numeratorRelated));
                if (state.bucket != null) {
                    throw new GrammarMiss("a rate per time bucket is not supported yet");
                }
                break;
            case LIST:
                if (state.rule.equals("list.show") && (state.bucket != null || !state.dimensions.isEmpty())) {
                    // "show emergency visits per month", "show admissions by ward": a count per group; "list
                    // admissions by ward" stays a miss (rows sorted by ward, or counts?)
                    state.lead = Lead.COUNT;
                    state.rule = "count.show-per";
                    return build();
                }
                // fall through
            case LOOKUP:
            case EXISTS:
                shape = state.lead == Lead.LIST ? Shape.LIST : state.lead == Lead.LOOKUP ? Shape.LOOKUP : Shape.EXISTS;
                if (!state.dimensions.isEmpty() || state.bucket != null) {
                    throw new GrammarMiss("a " + shape.jsonName() + " question cannot be grouped");
                }
                if (shape == Shape.LOOKUP && state.filters.isEmpty()) {
                    throw new GrammarMiss("'find' needs a recorded value that identifies the " + state.subject);
                }
                b = QuerySpec.builder(state.subject, shape);
                state.projection.forEach(b::project);
                break;
            default:
                throw new AssertionError(state.lead);
        }
        if (state.lead != Lead.RATE && (!state.numerator.isEmpty() || !state.numeratorRelated.isEmpty())) {
            throw new GrammarMiss("a condition after 'were' only makes sense in a percentage question");
        }
        state.dimensions.forEach(b::dimension);
        state.filters.forEach(b::filter);
        state.related.forEach(b::related);
        if (state.range != null || state.bucket != null) {
            ColumnRef col = parse.timeRules.timeColumn();
            endNamedByGrouping(col);
            b.timeScope(new TimeScope(col, state.range == null || state.range.from() == null ? null : Literal.of(state.range.from()),
                    state.range == null || state.range.to() == null ? null : Literal.of(state.range.to()), state.bucket));
        }
        return b.provenance(Provenance.rule(state.rule)).build();
    }}
