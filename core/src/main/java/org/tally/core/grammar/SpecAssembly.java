package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.tally.core.pack.Concept;
import org.tally.core.pack.Predicate;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.CompareOp;
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

    /** Words of a time column's name that say only that it is a time, not which. */
    private static final Set<String> TIME_NAME_WORDS = Set.of("date", "time", "datetime",
            "timestamp", "day", "at", "on", "dttm", "dt");

    private static final String HOW_MANY = "How many";
    private static final String WHICH_ONES = "Show them";

    /** Words that open a yes/no question: a terse noun phrase after one is not a count. */
    private static final Set<String> YES_NO = Set.of("does", "do", "did", "can", "could", "will", "would", "any",
            "is", "are", "was", "were", "has", "have", "had");

    SpecAssembly(Rules rules) {
        super(rules);
    }

    /**
     * "the average value" over lab results of every test adds up different units: where the pack says a concept's rows
     * measure different things and its one value column holds them all, an aggregate of it needs one kind named (an
     * equality on its own name, type, code or category, or on a catalogue it refers to) or a grouping by kind.
     */
    private Result<Boolean> kindOfMeasureFixed(Reading r) {
        if (!(r.measureOf() instanceof ColumnRef columnRef) || columnRef.role() != ColumnRole.MEASURE) {
            return Result.ok(true);
        }
        String owner = columnRef.concept();
        if (!pack.concept(owner).map(Concept::measuresKinds).orElse(false)
                || vocab.columns(owner).stream().filter(c -> c.role() == ColumnRole.MEASURE).count() > 1) {
            return Result.ok(true); // one value column per kind (pulse, systolic …): the column is the kind
        }
        for (Filter f : r.filters()) {
            if (f instanceof Filter.Compare compare && compare.op() == CompareOp.EQ
                    && compare.target() instanceof ColumnRef columnRef3
                    && namesKind(columnRef3, owner)) {
                return Result.ok(true);
            }
        }
        for (Dimension d : r.dimensions()) {
            if (d instanceof Dimension.Column column2 && namesKind(column2.column(), owner)) {
                return Result.ok(true);
            }
        }
        return Result.miss("the " + (r.measurePhrase() == null ? "aggregate" : r.measurePhrase()) + " of "
                + rules.verbScopeRules.singularWord(owner) + " values mixes different kinds of measurement (and their"
                + " units); name the one meant, or group by it");
    }

    /**
     * "spells by discharge destination in 2025": a grouping named after the subject's end (its discharge) says the
     * year may be that of the discharges, not of the admissions the time phrase dates by default. With no verb to
     * say which, the question misses rather than pick one.
     */
    private Result<Boolean> endNamedByGrouping(ColumnRef dated, Reading r) {
        String subject = r.subject();
        if (r.namedTime() != null || dated.role() == ColumnRole.END_TIME || !dated.concept().equals(subject)) {
            return Result.ok(true);
        }
        List<String> endWords = new ArrayList<>();
        List<String> startWords = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(subject)) {
            if (c.role() == ColumnRole.END_TIME) {
                c.nameTokens().stream().filter(w -> !TIME_NAME_WORDS.contains(w)).forEach(endWords::add);
            } else if (c.role() == ColumnRole.START_TIME || c.role() == ColumnRole.EVENT_TIME) {
                startWords.addAll(c.nameTokens());
            }
        }
        // a word the start time carries too ("visit" of visit start / visit end date) names the record, not its end
        endWords.removeAll(startWords);
        Result<Boolean> byValue = endNamedByValue(endWords, r);
        if (byValue.stopped()) {
            return byValue;
        }
        for (Dimension d : r.dimensions()) {
            if (!(d instanceof Dimension.Column column3) || !column3.column().concept().equals(subject)) {
                continue;
            }
            ColumnRef g = column3.column();
            for (GrammarVocabulary.Column c : vocab.columns(subject)) {
                if (VocabularyColumns.ref(subject, c).equals(g.via() == null ? g : null)
                        && c.nameTokens().stream().anyMatch(endWords::contains)) {
                    return Result.miss("the grouping by " + String.join(" ", c.nameTokens()) + " is about the end of"
                            + " each " + rules.verbScopeRules.singularWord(subject) + "; say which time the"
                            + " period dates (for example 'discharged in …')");
                }
            }
        }
        return Result.ok(true);
    }

    /**
     * "discharges in 2025" read as admissions whose status is 'discharged': the value names the subject's end, so the
     * year is that of the discharges, not of the admissions the time phrase dates by default; with no verb to say
     * which, the question misses.
     */
    private Result<Boolean> endNamedByValue(List<String> endWords, Reading r) {
        Set<String> ends = new HashSet<>();
        endWords.forEach(w -> ends.add(stem(w)));
        for (Filter f : r.filters()) {
            if (!(f.target() instanceof ColumnRef columnRef2) || !columnRef2.concept().equals(r.subject())
                    || columnRef2.role() == ColumnRole.END_TIME) {
                continue;
            }
            List<Literal> values = f instanceof Filter.Compare compare2 ? List.of(compare2.value())
                    : f instanceof Filter.In in ? in.values() : List.of();
            for (Literal v : values) {
                if (v instanceof Literal.StringValue stringValue) {
                    for (String w : stringValue.value().toLowerCase(Locale.ROOT).split("[^a-z]+")) {
                        if (!w.isEmpty() && ends.contains(stem(w))) {
                            return Result.miss("'" + stringValue.value() + "' is about the end of each "
                                    + rules.verbScopeRules.singularWord(r.subject()) + "; say which time the period"
                                    + " dates (for example '" + w + " in …')");
                        }
                    }
                }
            }
        }
        return Result.ok(true);
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
        return c.via() == null && rules.relatedScopeRules.refersTo(owner, c.concept())
                && vocab.columns(c.concept()).stream().noneMatch(col -> col.role().isTemporal()
                        || col.role() == ColumnRole.PATIENT_REF);
    }

    /** The spec the whole reading makes, or why it makes none. */
    Result<QuerySpec> build(Reading read) {
        if (read.subject() == null) {
            return Result.miss("the question names nothing to count or list");
        }
        Result<Reading> settled = rules.timeRules.settleTimes(read);
        if (settled.stopped()) {
            return settled.stop();
        }
        Reading r = settled.value();
        if (r.newAt() >= 0 && r.verbTimes().stream().noneMatch(c -> c.concept().equals(r.subject())
                && (c.role() == ColumnRole.START_TIME || c.role() == ColumnRole.EVENT_TIME))) {
            return Result.miss("'new' is not understood here (asking about " + r.subject() + ")");
        }
        switch (r.lead()) {
            case COUNT:
            case AGGREGATE:
            case BARE:
                return aggregate(r);
            case TOP:
            case WHICH_MOST:
                return ranking(r);
            case RATE:
                return rate(r);
            case LIST:
                if (r.rule().equals("list.show") && (r.bucket() != null || !r.dimensions().isEmpty())) {
                    // "show emergency visits per month", "show admissions by ward": a count per group; "list
                    // admissions by ward" stays a miss (rows sorted by ward, or counts?)
                    return build(r.with(new Fragment.LeadWords(Lead.COUNT, "count.show-per")));
                }
                return rows(r);
            case LOOKUP:
            case EXISTS:
                return rows(r);
            default:
                throw new AssertionError(r.lead());
        }
    }

    private Result<QuerySpec> aggregate(Reading r) {
        if (r.lead() == Lead.BARE && r.bucket() == null) {
            // a terse noun phrase ("caesarean deliveries last month by ward", "active staff"): how many there are,
            // unless it names columns to show (then its rows)
            // A question word first ("does any patient have …", "the beds …") leaves it unread: a yes/no question or
            // a list is not a count.
            int first = tokens.skipFillers(0, "please", "can", "you", "tell", "me");
            if (first < tokens.size() && (Lexicon.FILLERS.contains(tokens.get(first).text())
                    || YES_NO.contains(tokens.get(first).text()))) {
                return Result.miss("no question rule matches '" + tokens.words(0, Math.min(tokens.size(), 3)) + "'");
            }
            if (!r.projection().isEmpty()) {
                return build(r.with(new Fragment.LeadWords(Lead.LIST, "list.bare")));
            }
            // "admissions yesterday", "admissions by ward": how many, or which ones? Asked, never guessed: a terse
            // phrase is a list as often as a count
            String phrase = tokens.words(first, tokens.size());
            Result<String> meant = clarify.choose("shape", phrase, "Do you want to know how many, or to see them?",
                    List.of(HOW_MANY, WHICH_ONES));
            if (meant.stopped()) {
                return meant.stop();
            }
            return meant.value().equals(HOW_MANY) ? build(r.with(new Fragment.LeadWords(Lead.COUNT, "count.bare")))
                    : build(r.with(new Fragment.LeadWords(Lead.LIST, "list.bare")));
        }
        Shape shape = r.bucket() != null ? Shape.TREND : r.dimensions().isEmpty() ? Shape.SCALAR : Shape.GROUPED;
        if (r.lead() == Lead.AGGREGATE) {
            Result<Boolean> fixed = kindOfMeasureFixed(r);
            if (fixed.stopped()) {
                return fixed.stop();
            }
        }
        QuerySpec.Builder b = QuerySpec.builder(r.subject(), shape).measure(r.lead() == Lead.AGGREGATE
                ? Measure.of(r.aggregation(), r.measureOf())
                : r.distinctPeople() != null ? Measure.of(Aggregation.COUNT_DISTINCT, r.distinctPeople())
                : Measure.count());
        return finish(b, r);
    }

    private Result<QuerySpec> ranking(Reading read) {
        Reading r = read;
        QuerySpec.Builder b = QuerySpec.builder(r.subject(), Shape.TOP_N).measure(r.rankedSum()
                ? Measure.of(Aggregation.SUM, r.measureOf()) : Measure.count());
        Dimension d;
        Integer limit = r.limit();
        if (r.lead() == Lead.WHICH_MOST) {
            Result<Dimension> grouped = rules.groupingRules.dimension(r.groupConcept(), r.subject());
            if (grouped.stopped()) {
                return grouped.stop();
            }
            d = grouped.value();
            if (d == null) {
                return Result.miss("cannot rank " + r.subject() + " by '" + r.groupConcept() + "'");
            }
            if (r.referenceNamer() != null) {
                Result<Reading> named = rules.rankingRules.checkReferenceNamer(d.column(), r);
                if (named.stopped()) {
                    return named.stop();
                }
                r = named.value();
            }
        } else if (!r.dimensions().isEmpty()) {
            return Result.miss("a ranking groups by what it ranks");
        } else if (r.rankedBy() != null) {
            d = Dimension.of(r.rankedBy());
        } else {
            Result<ColumnRef> label = rules.groupingRules.displayColumn(r.subject());
            if (label.stopped()) {
                return label.stop();
            }
            d = Dimension.of(label.value());
            if (r.rule().equals("top.most-common") && limit == null) {
                limit = r.topSingular() ? 1 : 10;
            }
        }
        if (limit == null) {
            limit = 10;
        }
        if (limit < 1 || limit > QuerySpec.MAX_LIMIT) {
            return Result.miss("top " + limit + " is out of range");
        }
        b.dimension(d).order(OrderKey.byMeasure(0, Direction.DESC)).limit(limit);
        if (r.bucket() != null) {
            return Result.miss("a ranking cannot also be a trend");
        }
        return finish(b, r);
    }

    private Result<QuerySpec> rate(Reading read) {
        Reading r = read;
        if (r.rateWords() != null) {
            r = r.with(new Fragment.CountedCondition());
            int before = r.numerator().size();
            Optional<Predicate> p = pack.predicateForPhrase(r.rateWords());
            if (p.isPresent() && p.get().on(r.subject()).isPresent()) {
                Result<PredicateBinding.Bound> bound = rules.predicateBinding.bindPredicate(
                        p.get(), p.get().on(r.subject()).get(), r.subject(), r.rateWords());
                if (bound.stopped()) {
                    return bound.stop();
                }
                r = bound.value().into(r);
            } else {
                Result<List<Filter>> v = rules.valueRules.valueFilters(r.rateWords(), r.subject(), r.preferredReach());
                if (v.stopped()) {
                    return v.stop();
                }
                if (v.value() == null) {
                    return Result.miss("'" + r.rateWords() + "' matches nothing recorded for " + r.subject());
                }
                r = r.withConditions(v.value());
            }
            if (r.numerator().size() == before) {
                return Result.miss("'" + r.rateWords() + " rate' has no condition");
            }
        }
        if (r.numerator().isEmpty() && r.numeratorRelated().isEmpty()) {
            return Result.miss("a percentage needs the condition that is counted, e.g. 'were no-shows'");
        }
        QuerySpec.Builder b = QuerySpec.builder(r.subject(), Shape.RATE)
                .measure(new Measure.Rate(r.numerator(), r.numeratorRelated()));
        if (r.bucket() != null) {
            return Result.miss("a rate per time bucket is not supported yet");
        }
        return finish(b, r);
    }

    private Result<QuerySpec> rows(Reading r) {
        Shape shape = r.lead() == Lead.LIST ? Shape.LIST : r.lead() == Lead.LOOKUP ? Shape.LOOKUP : Shape.EXISTS;
        if (!r.dimensions().isEmpty() || r.bucket() != null) {
            return Result.miss("a " + shape.jsonName() + " question cannot be grouped");
        }
        if (shape == Shape.LOOKUP && r.filters().isEmpty()) {
            return Result.miss("'find' needs a recorded value that identifies the " + r.subject());
        }
        QuerySpec.Builder b = QuerySpec.builder(r.subject(), shape);
        r.projection().forEach(b::project);
        return finish(b, r);
    }

    /** What every shape shares: conditions, groups, related scopes, the time scope and the rule that fired. */
    private Result<QuerySpec> finish(QuerySpec.Builder b, Reading r) {
        if (r.lead() != Lead.RATE && (!r.numerator().isEmpty() || !r.numeratorRelated().isEmpty())) {
            return Result.miss("a condition after 'were' only makes sense in a percentage question");
        }
        r.dimensions().forEach(b::dimension);
        r.filters().forEach(b::filter);
        r.related().forEach(b::related);
        if (r.range() != null || r.bucket() != null) {
            Result<ColumnRef> col = rules.timeRules.timeColumn(r);
            if (col.stopped()) {
                return col.stop();
            }
            Result<Boolean> ends = endNamedByGrouping(col.value(), r);
            if (ends.stopped()) {
                return ends.stop();
            }
            b.timeScope(new TimeScope(col.value(), r.range() == null || r.range().from() == null ? null
                    : Literal.of(r.range().from()), r.range() == null || r.range().to() == null ? null
                    : Literal.of(r.range().to()), r.bucket()));
        }
        return Result.ok(b.provenance(Provenance.rule(r.rule())).build());
    }
}
