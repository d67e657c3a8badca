package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Filter;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.ValueRef;

/**
 * What a question (or a related record's conditions inside it) says so far: the fold of the {@link Fragment}s read,
 * in order. Immutable: {@link #with} gives a new reading and leaves this one as it was, so a rule that tries a
 * reading and drops it leaves nothing behind.
 */
final class Reading {

    private String rule;
    private Lead lead;
    private String subject;
    private Aggregation aggregation;
    private String measurePhrase;
    private ValueRef measureOf;
    private Integer limit;
    private String groupConcept;
    private List<Filter> filters = List.of();
    private List<Filter> numerator = List.of();
    private List<RelatedScope> related = List.of();
    private List<RelatedScope> numeratorRelated = List.of();
    private List<Dimension> dimensions = List.of();
    private List<ColumnRef> projection = List.of();
    private int pendingFrom = -1;
    private int pendingTo = -1;
    private Bucket bucket;
    private TimePhrases.Match range;
    private int rangeAt = -1;
    private DurationUnit unit = DurationUnit.DAYS;
    private boolean numeratorMode;
    private String rateWords;
    private ColumnRef namedTime;
    private int whichVerbAt = -1;
    private int amountVerbAt = -1;
    private int whichNext = -1;
    private boolean rankedSum;
    private String referenceNamer;
    private boolean topSingular;
    private String preferredReach;
    private ColumnRef rankedBy;
    private ColumnRef distinctPeople;
    private List<ColumnRef> verbTimes = List.of();
    private List<Integer> verbEnds = List.of();
    private boolean severalTimes;
    private String untimedVerb;
    private int newAt = -1;
    private Fragment.ValueRun run;
    private List<Fragment> log = List.of();

    private Reading() {
    }

    /** Nothing read yet. */
    static Reading start() {
        return new Reading();
    }

    /** The conditions of another concept's rows inside the question: a list of them, nothing read yet. */
    static Reading of(String subject, Lead lead) {
        Reading r = new Reading();
        r.subject = subject;
        r.lead = lead;
        return r;
    }

    private Reading copy() {
        Reading r = new Reading();
        r.rule = rule;
        r.lead = lead;
        r.subject = subject;
        r.aggregation = aggregation;
        r.measurePhrase = measurePhrase;
        r.measureOf = measureOf;
        r.limit = limit;
        r.groupConcept = groupConcept;
        r.filters = filters;
        r.numerator = numerator;
        r.related = related;
        r.numeratorRelated = numeratorRelated;
        r.dimensions = dimensions;
        r.projection = projection;
        r.pendingFrom = pendingFrom;
        r.pendingTo = pendingTo;
        r.bucket = bucket;
        r.range = range;
        r.rangeAt = rangeAt;
        r.unit = unit;
        r.numeratorMode = numeratorMode;
        r.rateWords = rateWords;
        r.namedTime = namedTime;
        r.whichVerbAt = whichVerbAt;
        r.amountVerbAt = amountVerbAt;
        r.whichNext = whichNext;
        r.rankedSum = rankedSum;
        r.referenceNamer = referenceNamer;
        r.topSingular = topSingular;
        r.preferredReach = preferredReach;
        r.rankedBy = rankedBy;
        r.distinctPeople = distinctPeople;
        r.verbTimes = verbTimes;
        r.verbEnds = verbEnds;
        r.severalTimes = severalTimes;
        r.untimedVerb = untimedVerb;
        r.newAt = newAt;
        r.run = run;
        r.log = log;
        return r;
    }

    /** This reading with {@code fragments} folded in, in order. */
    Reading with(Fragment... fragments) {
        Reading r = copy();
        List<Fragment> read = new ArrayList<>(log);
        for (Fragment f : fragments) {
            r.fold(f);
            read.add(f);
        }
        r.log = List.copyOf(read);
        return r;
    }

    /** This reading with every condition in {@code filters} read ({@link Fragment.Condition}). */
    Reading withConditions(List<Filter> filters) {
        return with(new Fragment.Condition(filters));
    }

    private void fold(Fragment f) {
        if (f instanceof Fragment.LeadWords x) {
            lead = x.lead();
            rule = x.rule();
        } else if (f instanceof Fragment.Subject x) {
            subject = x.concept();
        } else if (f instanceof Fragment.AggregateWord x) {
            aggregation = x.aggregation();
            measurePhrase = x.phrase();
        } else if (f instanceof Fragment.MeasureOf x) {
            measureOf = x.of();
        } else if (f instanceof Fragment.Limit x) {
            limit = x.limit();
        } else if (f instanceof Fragment.RankedGroup x) {
            groupConcept = x.phrase();
        } else if (f instanceof Fragment.RankedSum) {
            rankedSum = true;
        } else if (f instanceof Fragment.ReferenceNamer x) {
            referenceNamer = x.words();
        } else if (f instanceof Fragment.TopSingular x) {
            topSingular = x.singular();
        } else if (f instanceof Fragment.RankedColumn x) {
            rankedBy = x.column();
        } else if (f instanceof Fragment.WhichVerb x) {
            whichVerbAt = x.at();
        } else if (f instanceof Fragment.AmountVerb x) {
            amountVerbAt = x.at();
        } else if (f instanceof Fragment.ResumeAt x) {
            whichNext = x.at();
        } else if (f instanceof Fragment.RateWords x) {
            rateWords = x.words();
        } else if (f instanceof Fragment.PreferredReach x) {
            preferredReach = x.concept();
        } else if (f instanceof Fragment.DistinctPeople x) {
            distinctPeople = x.column();
        } else if (f instanceof Fragment.PendingProjection x) {
            pendingFrom = x.from();
            pendingTo = x.to();
        } else if (f instanceof Fragment.NewWord x) {
            newAt = x.at();
        } else if (f instanceof Fragment.Condition x) {
            if (numeratorMode) {
                numerator = plus(numerator, x.filters());
            } else {
                filters = plus(filters, x.filters());
            }
        } else if (f instanceof Fragment.SubjectFilter x) {
            filters = plus(filters, List.of(x.filter()));
        } else if (f instanceof Fragment.Related x) {
            if (numeratorMode) {
                numeratorRelated = plus(numeratorRelated, List.of(x.scope()));
            } else {
                related = plus(related, List.of(x.scope()));
            }
        } else if (f instanceof Fragment.CountedCondition) {
            numeratorMode = true;
        } else if (f instanceof Fragment.ValueList x) {
            List<Filter> target = new ArrayList<>(x.numerator() ? numerator : filters);
            target.subList(x.from(), target.size()).clear();
            target.add(x.merged());
            if (x.numerator()) {
                numerator = List.copyOf(target);
            } else {
                filters = List.copyOf(target);
            }
        } else if (f instanceof Fragment.ValueRunMark x) {
            run = x.run();
        } else if (f instanceof Fragment.Grouping x) {
            dimensions = plus(dimensions, List.of(x.dimension()));
        } else if (f instanceof Fragment.Bucketed x) {
            bucket = x.bucket();
        } else if (f instanceof Fragment.Shown x) {
            projection = plus(projection, x.columns());
        } else if (f instanceof Fragment.Range x) {
            range = x.match();
            rangeAt = x.at();
        } else if (f instanceof Fragment.Unit x) {
            unit = x.unit();
        } else if (f instanceof Fragment.TimeVerb x) {
            verbTimes = plus(verbTimes, List.of(x.column()));
            verbEnds = plus(verbEnds, List.of(x.end()));
            if (namedTime == null) {
                namedTime = x.column();
            } else if (!namedTime.equals(x.column())) {
                severalTimes = true;
            }
        } else if (f instanceof Fragment.UntimedVerb x) {
            untimedVerb = x.reason();
        } else if (f instanceof Fragment.NamedTime x) {
            namedTime = x.column();
        } else {
            throw new AssertionError(f);
        }
    }

    private static <T> List<T> plus(List<T> list, List<T> more) {
        if (more.isEmpty()) {
            return list;
        }
        List<T> out = new ArrayList<>(list.size() + more.size());
        out.addAll(list);
        out.addAll(more);
        return List.copyOf(out);
    }

    // ---------------------------------------------------------------- what has been read

    /** The fragments read, in order. */
    List<Fragment> fragments() {
        return log;
    }

    String rule() {
        return rule;
    }

    Lead lead() {
        return lead;
    }

    String subject() {
        return subject;
    }

    Aggregation aggregation() {
        return aggregation;
    }

    String measurePhrase() {
        return measurePhrase;
    }

    ValueRef measureOf() {
        return measureOf;
    }

    Integer limit() {
        return limit;
    }

    String groupConcept() {
        return groupConcept;
    }

    List<Filter> filters() {
        return filters;
    }

    List<Filter> numerator() {
        return numerator;
    }

    List<RelatedScope> related() {
        return related;
    }

    List<RelatedScope> numeratorRelated() {
        return numeratorRelated;
    }

    List<Dimension> dimensions() {
        return dimensions;
    }

    List<ColumnRef> projection() {
        return projection;
    }

    int pendingFrom() {
        return pendingFrom;
    }

    int pendingTo() {
        return pendingTo;
    }

    Bucket bucket() {
        return bucket;
    }

    TimePhrases.Match range() {
        return range;
    }

    int rangeAt() {
        return rangeAt;
    }

    DurationUnit unit() {
        return unit;
    }

    boolean numeratorMode() {
        return numeratorMode;
    }

    /** The list conditions go to now: the percentage's counted condition once it has started. */
    List<Filter> target() {
        return numeratorMode ? numerator : filters;
    }

    String rateWords() {
        return rateWords;
    }

    ColumnRef namedTime() {
        return namedTime;
    }

    int whichVerbAt() {
        return whichVerbAt;
    }

    int amountVerbAt() {
        return amountVerbAt;
    }

    int whichNext() {
        return whichNext;
    }

    boolean rankedSum() {
        return rankedSum;
    }

    String referenceNamer() {
        return referenceNamer;
    }

    boolean topSingular() {
        return topSingular;
    }

    String preferredReach() {
        return preferredReach;
    }

    ColumnRef rankedBy() {
        return rankedBy;
    }

    ColumnRef distinctPeople() {
        return distinctPeople;
    }

    List<ColumnRef> verbTimes() {
        return verbTimes;
    }

    List<Integer> verbEnds() {
        return verbEnds;
    }

    boolean severalTimes() {
        return severalTimes;
    }

    String untimedVerb() {
        return untimedVerb;
    }

    int newAt() {
        return newAt;
    }

    Fragment.ValueRun run() {
        return run;
    }
}
