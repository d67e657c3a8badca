package org.tally.core.grammar;

import java.time.LocalDate;
import java.time.Period;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import org.tally.core.pack.Concept;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;

/**
 * The follow-ups that are more than modifiers of the last spec: "how many of those were …" (narrow the rows counted),
 * "list them", "top 3", "as a percentage", "drill into X", "without the X filter" / "all wards", "same for
 * deliveries" and "same period last year". Each reads its own lead words and the rest with the modifier rules
 * ({@link FollowUps#conditions}); a move that does not apply gives null so the next is tried, and one that applies
 * but cannot be answered exactly misses with the reason.
 */
final class FollowUpMoves extends RuleFamily {

    /** Words between "how many of those" and the condition that say nothing themselves ("have" is read by the rules). */
    private static final Set<String> COPULAS = Set.of("were", "was", "are", "is", "did", "do", "does", "also",
            "then", "still");
    private static final Set<String> SHARE_WORDS = Set.of("percentage", "percent", "proportion", "share", "fraction",
            "rate", "ratio");
    private static final Set<String> CONDITION_WORDS = Set.of("filter", "filters", "condition", "conditions",
            "restriction", "restrictions", "limit", "criterion", "criteria");
    private static final Set<String> TIME_WORDS = Set.of("date", "dates", "time", "period", "range", "year", "month",
            "week", "day", "quarter");
    private static final Map<String, Period> UNITS = Map.of("day", Period.ofDays(1), "week", Period.ofWeeks(1),
            "month", Period.ofMonths(1), "quarter", Period.ofMonths(3), "year", Period.ofYears(1));

    FollowUpMoves(Rules rules) {
        super(rules);
    }

    private FollowUps followUps() {
        return rules.followUps;
    }

    /** The structural move tokens [i, to) make of {@code last}, or null when they make none of them. */
    Result<QuerySpec> move(int i, int to, QuerySpec last, QuerySpec narrowedFrom) {
        List<Supplier<Result<QuerySpec>>> moves = List.of(
                () -> subset(i, to, last),
                () -> listThem(i, to, last),
                () -> top(i, to, last),
                () -> share(i, to, last, narrowedFrom),
                () -> drill(i, to, last),
                () -> unfilter(i, to, last),
                () -> shift(i, to, last),
                () -> otherSubject(i, to, last));
        for (Supplier<Result<QuerySpec>> m : moves) {
            Result<QuerySpec> read = m.get();
            if (read != null) {
                return read;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- how many of those …

    /** "how many of those were readmitted", "how many were critical": the rows counted, narrowed further. */
    private Result<QuerySpec> subset(int i, int to, QuerySpec last) {
        if (tokens.match(i, "how", "many") == 0) {
            return null;
        }
        int k = i + 2;
        boolean pointed = false;
        if ((tokens.word(k, "of") || tokens.word(k, "among")) && pointsBack(k + 1)) {
            k += tokens.word(k + 1, "the") ? 3 : 2;
            pointed = true;
        }
        if (!pointed && !COPULAS.contains(word(k))) {
            return null; // "how many deliveries were there": a question of its own
        }
        while (k < to && (COPULAS.contains(word(k)) || FollowUps.PRONOUNS.contains(word(k)))) {
            k++;
        }
        int end = withoutThatPeriod(k, to);
        boolean thatPeriod = end < to && !tokens.word(end, "right");
        if (k >= end) {
            return Result.miss("say what the rows counted should also be, e.g. 'how many of those were emergencies'");
        }
        if (last.shape() == Shape.RATE || last.shape() == Shape.LOOKUP || last.shape() == Shape.EXISTS) {
            return Result.miss("the last answer is not a count to narrow; ask the whole question");
        }
        QuerySpec base = countOf(last);
        if (base == null) {
            return Result.miss("the last answer is " + describeMeasure(last) + ", not a count; ask how many in a whole"
                    + " question");
        }
        QuerySpec people = peopleOf(base);
        QuerySpec counted = people != null ? people : base;
        int from = k;
        return followUps().conditions(from, end, followUps().seed(counted))
                .then(rules.timeRules::settleTimes)
                .then(r -> {
                    if (r.filters().isEmpty() && r.related().isEmpty()) {
                        return Result.miss("'" + tokens.words(from, end) + "' names no condition on what was counted");
                    }
                    if (!r.dimensions().isEmpty() || r.range() != null || r.bucket() != null) {
                        return Result.miss("'how many of those' narrows the rows counted; ask for a grouping or"
                                + " another period on its own");
                    }
                    Result<QuerySpec> narrowed = followUps().apply(counted, r, FollowUps.Mode.NARROW, FollowUpMove.SUBSET);
                    return thatPeriod && people != null ? narrowed.then(n -> inThatPeriod(n, counted, base)) : narrowed;
                });
    }

    /**
     * "how many of them were admitted more than once that year": the related records the follow-up added are those
     * of the period the last question counted. Records of another concept have no period the words name: a miss.
     */
    private Result<QuerySpec> inThatPeriod(QuerySpec narrowed, QuerySpec counted, QuerySpec base) {
        TimeScope t = base.timeScope();
        if (t == null) {
            return Result.miss("the last question counted no period for 'that' to name");
        }
        List<RelatedScope> related = new ArrayList<>();
        for (RelatedScope s : narrowed.related()) {
            if (counted.related().contains(s)) {
                related.add(s);
                continue;
            }
            if (!s.concept().equalsIgnoreCase(base.subject())) {
                return Result.miss("'that' period is one of " + pluralWord(base) + ", not of " + plural(s.concept()));
            }
            List<Filter> dated = new ArrayList<>(s.filters());
            if (t.from() != null) {
                dated.add(Filter.ge(t.column(), t.from()));
            }
            if (t.to() != null) {
                dated.add(Filter.lt(t.column(), t.to()));
            }
            related.add(new RelatedScope(s.quantifier(), s.concept(), dated, s.atLeast(), s.atMost()));
        }
        return Result.ok(narrowed.toBuilder().editRelated(l -> {
            l.clear();
            l.addAll(related);
        }).build());
    }

    /** "that year", "that month", "the same period" at the end point back at the period already counted. */
    private int withoutThatPeriod(int k, int to) {
        if (to - 2 >= k && (tokens.word(to - 2, "that") || tokens.word(to - 2, "same")) && TIME_WORDS.contains(word(to - 1))) {
            return tokens.word(to - 3, "the") ? to - 3 : to - 2;
        }
        if (to - 2 >= k && tokens.match(to - 2, "right", "now") > 0) {
            return to - 2;
        }
        return to;
    }

    /**
     * The last spec as a count of its rows (or of the people it counts): a count stays, a count of distinct people
     * stays, a grouping keeps its groups and a ranking's cut is dropped; null for an average or a total.
     */
    private QuerySpec countOf(QuerySpec last) {
        boolean counts = last.measures().stream().allMatch(m -> m instanceof Measure.Count
                || m instanceof Measure.Aggregate a && a.function() == Aggregation.COUNT_DISTINCT);
        if (last.shape() == Shape.LIST) {
            return QuerySpec.builder(last.subject(), Shape.SCALAR).measure(Measure.count())
                    .editFilters(l -> l.addAll(last.filters())).editRelated(l -> l.addAll(last.related()))
                    .timeScope(last.timeScope()).provenance(last.provenance()).build();
        }
        if (!counts) {
            return null;
        }
        if (last.shape() == Shape.TOP_N) {
            return last.toBuilder().shape(Shape.GROUPED).editOrder(List::clear).limit(null).build();
        }
        return last;
    }

    /**
     * A count of distinct patients over some records ("patients diagnosed with hypertension") as a count of patients
     * with such a record, so that "how many of those also have diabetes" reads against the patients; null when the spec
     * is no such count, groups its records, or the source cannot relate patients to them.
     */
    QuerySpec peopleOf(QuerySpec spec) {
        String patient = SubjectRules.PATIENT;
        if (spec.subject().equalsIgnoreCase(patient) || spec.measures().size() != 1
                || !(spec.measures().get(0) instanceof Measure.Aggregate a) || a.function() != Aggregation.COUNT_DISTINCT
                || !(a.of() instanceof ColumnRef people) || people.role() != ColumnRole.PATIENT_REF
                || !people.concept().equalsIgnoreCase(spec.subject()) || !spec.dimensions().isEmpty()
                || !spec.related().isEmpty() || !vocab.concepts().contains(patient)
                || !vocab.linked(patient, spec.subject())) {
            return null;
        }
        List<Filter> conditions = new ArrayList<>(spec.filters());
        TimeScope t = spec.timeScope();
        if (t != null && t.bucket() != null) {
            return null;
        }
        if (t != null) {
            if (t.from() != null) {
                conditions.add(Filter.ge(t.column(), t.from()));
            }
            if (t.to() != null) {
                conditions.add(Filter.lt(t.column(), t.to()));
            }
        }
        return QuerySpec.builder(patient, spec.shape()).measure(Measure.count())
                .related(new RelatedScope(Quantifier.EXISTS, spec.subject(), conditions))
                .provenance(spec.provenance()).build();
    }

    // ---------------------------------------------------------------- list them

    /** "list them", "show those with their ward": the rows counted, listed. */
    private Result<QuerySpec> listThem(int i, int to, QuerySpec last) {
        if (!tokens.word(i, "list") && !tokens.word(i, "show")) {
            return null;
        }
        int k = tokens.word(i + 1, "me") ? i + 2 : i + 1;
        if (!pointsBack(k)) {
            return null;
        }
        k += tokens.word(k, "the") ? 2 : 1;
        if (tokens.word(k, "ones")) {
            k++;
        }
        if (last.shape() == Shape.RATE || last.shape() == Shape.EXISTS) {
            return Result.miss("the last answer is a share, not rows to list; ask for the list in a whole question");
        }
        if (last.measures().stream().anyMatch(m -> m instanceof Measure.Aggregate a
                && a.function() == Aggregation.COUNT_DISTINCT)) {
            return Result.miss("the last answer counted distinct " + pluralWord(last) + " over their records; ask for"
                    + " the list in a whole question");
        }
        TimeScope t = last.timeScope();
        QuerySpec.Builder b = QuerySpec.builder(last.subject(), Shape.LIST)
                .editFilters(l -> l.addAll(last.filters())).editRelated(l -> l.addAll(last.related()))
                .timeScope(t == null || t.from() == null && t.to() == null ? null : t.withBucket(null))
                .provenance(last.provenance());
        QuerySpec listed = b.build();
        Reading seed = Reading.of(last.subject(), Lead.LIST).with(new Fragment.LeadWords(Lead.LIST, "list.follow-up"));
        return followUps().conditions(k, to, seed).then(rules.timeRules::settleTimes)
                .then(r -> followUps().apply(listed, r, FollowUps.Mode.REFINE, FollowUpMove.LIST));
    }

    /** "those", "them", "the ones", "these": the rows the last answer counted. */
    private boolean pointsBack(int k) {
        return FollowUps.PRONOUNS.contains(word(k)) || tokens.word(k, "the") && tokens.word(k + 1, "ones");
    }

    // ---------------------------------------------------------------- top N

    /** "top 3", "only the top 3", "the bottom 5": the largest (or smallest) groups of the last grouping. */
    private Result<QuerySpec> top(int i, int to, QuerySpec last) {
        int k = tokens.word(i, "the") ? i + 1 : i;
        Direction direction;
        if (tokens.word(k, "top") || tokens.word(k, "first")) {
            direction = Direction.DESC;
        } else if (tokens.word(k, "bottom")) {
            direction = Direction.ASC;
        } else {
            return null;
        }
        if (k + 1 >= to || !tokens.get(k + 1).isNumber()) {
            return null;
        }
        int n = tokens.get(k + 1).number();
        int end = k + 2;
        while (end < to && (tokens.word(end, "only") || tokens.word(end, "ones") || tokens.word(end, "groups"))) {
            end++;
        }
        if (end != to) {
            return null;
        }
        long columns = last.dimensions().stream().filter(d -> d instanceof Dimension.Column).count();
        if ((last.shape() != Shape.GROUPED && last.shape() != Shape.TOP_N) || columns != 1
                || last.dimensions().size() != 1 || last.measures().size() != 1) {
            return Result.miss("the last answer has no single grouping to rank; ask 'by …' first");
        }
        if (n < 1 || n > QuerySpec.MAX_LIMIT) {
            return Result.miss("a ranking keeps between 1 and " + QuerySpec.MAX_LIMIT + " groups");
        }
        QuerySpec.Builder b = last.toBuilder().shape(Shape.TOP_N).limit(n);
        if (last.shape() == Shape.GROUPED || direction == Direction.ASC) {
            b.editOrder(l -> {
                l.clear();
                l.add(OrderKey.byMeasure(0, direction));
            });
        }
        return Result.ok(b.provenance(last.provenance().asFollowUp(FollowUpMove.TOP.id(), null)).build());
    }

    // ---------------------------------------------------------------- as a percentage

    /**
     * "as a percentage", "what share were no-shows", "as a percentage of all deliveries": the rows counted as a share
     * of a wider count. What is the share and what is the whole: the words after it, else the condition the last
     * follow-up added, else the last question's only condition; anything else is a miss.
     */
    private Result<QuerySpec> share(int i, int to, QuerySpec last, QuerySpec narrowedFrom) {
        int k;
        if (tokens.word(i, "as") && (tokens.word(i + 1, "a") || tokens.word(i + 1, "an")) && SHARE_WORDS.contains(word(i + 2))) {
            k = i + 3;
        } else if ((tokens.word(i, "as") || tokens.word(i, "in")) && SHARE_WORDS.contains(word(i + 1))) {
            k = i + 2;
        } else if ((tokens.word(i, "what") || tokens.word(i, "which")) && SHARE_WORDS.contains(word(i + 1))) {
            k = i + 2;
        } else if (SHARE_WORDS.contains(word(i)) && !tokens.word(i, "rate")) {
            k = i + 1;
        } else {
            return null;
        }
        if (!(last.shape() == Shape.SCALAR || last.shape() == Shape.GROUPED || last.shape() == Shape.TREND)
                || last.measures().size() != 1 || !(last.measures().get(0) instanceof Measure.Count)) {
            return Result.miss("a percentage counts rows; the last answer is " + describeMeasure(last));
        }
        if (k >= to) {
            return shareOfLast(last, narrowedFrom);
        }
        int of = k;
        if (tokens.word(of, "of") || tokens.word(of, "among")) {
            int w = of + 1;
            boolean all = tokens.word(w, "all");
            if (all) {
                w++;
            }
            if (pointsBack(w)) {
                return numerator(w + (tokens.word(w, "the") ? 2 : 1), to, last); // "what share of them were …"
            }
            Result<ConceptTerm> term = rules.conceptTerms.term(w);
            if (term.stopped()) {
                return term.stop();
            }
            ConceptTerm t = term.value();
            if ((all || t != null) && t != null && w + t.length() == to && t.concepts().stream()
                    .anyMatch(c -> c.equalsIgnoreCase(last.subject()))) {
                return shareOfAll(last); // "as a percentage of all deliveries"
            }
            return Result.miss("a percentage of '" + tokens.words(w, to) + "' is not a share of what was counted;"
                    + " ask it as a whole question");
        }
        return numerator(k, to, last);
    }

    /** The share of the rows counted that also meet the conditions in tokens [k, to). */
    private Result<QuerySpec> numerator(int k, int to, QuerySpec last) {
        while (k < to && COPULAS.contains(word(k))) {
            k++;
        }
        if (k >= to) {
            return shareOfLast(last, null);
        }
        int from = k;
        return followUps().conditions(from, to, followUps().seed(last)).then(rules.timeRules::settleTimes).then(r -> {
            if (!r.dimensions().isEmpty() || r.range() != null || r.bucket() != null
                    || r.filters().isEmpty() && r.related().isEmpty()) {
                return Result.miss("'" + tokens.words(from, to) + "' names no condition the share could count");
            }
            return rate(last, r.filters(), r.related(), last.filters(), last.related());
        });
    }

    /** "as a percentage" alone: the condition the last follow-up added, or the last question's only condition. */
    private Result<QuerySpec> shareOfLast(QuerySpec last, QuerySpec narrowedFrom) {
        QuerySpec before = narrowedFrom;
        if (before != null && !before.subject().equalsIgnoreCase(last.subject())) {
            before = peopleOf(before);
        }
        if (before != null && sameFrame(before, last)) {
            List<Filter> added = new ArrayList<>(last.filters());
            added.removeAll(before.filters());
            List<RelatedScope> addedRelated = new ArrayList<>(last.related());
            addedRelated.removeAll(before.related());
            if ((!added.isEmpty() || !addedRelated.isEmpty()) && last.filters().containsAll(before.filters())
                    && last.related().containsAll(before.related())) {
                return rate(last, added, addedRelated, before.filters(), before.related());
            }
        }
        if (last.filters().size() + last.related().size() == 1) {
            return rate(last, last.filters(), last.related(), List.of(), List.of());
        }
        return Result.miss("say what the percentage counts, e.g. 'what percentage were emergencies'");
    }

    /** "as a percentage of all deliveries": every condition on the rows counted is the share. */
    private Result<QuerySpec> shareOfAll(QuerySpec last) {
        if (last.filters().isEmpty() && last.related().isEmpty()) {
            return Result.miss("the last question counted every " + singularWord(last) + "; say what the percentage"
                    + " counts");
        }
        return rate(last, last.filters(), last.related(), List.of(), List.of());
    }

    /** Whether two specs count the same rows in the same way but for their conditions. */
    private static boolean sameFrame(QuerySpec a, QuerySpec b) {
        return a.subject().equalsIgnoreCase(b.subject()) && a.measures().equals(b.measures())
                && a.dimensions().equals(b.dimensions()) && Objects.equals(a.timeScope(), b.timeScope());
    }

    private Result<QuerySpec> rate(QuerySpec last, List<Filter> counted, List<RelatedScope> countedRelated,
                                   List<Filter> scope, List<RelatedScope> scopeRelated) {
        List<Filter> shared = new ArrayList<>(scope);
        shared.removeAll(counted);
        List<RelatedScope> sharedRelated = new ArrayList<>(scopeRelated);
        sharedRelated.removeAll(countedRelated);
        QuerySpec spec = last.toBuilder().shape(Shape.RATE).editMeasures(l -> {
            l.clear();
            l.add(new Measure.Rate(counted, countedRelated));
        }).editFilters(l -> {
            l.clear();
            l.addAll(shared);
        }).editRelated(l -> {
            l.clear();
            l.addAll(sharedRelated);
        }).editOrder(List::clear).limit(null)
                .provenance(last.provenance().asFollowUp(FollowUpMove.RATE.id(), null)).build();
        return Result.ok(spec);
    }

    // ---------------------------------------------------------------- drill into a group

    /** "drill into Fever by acuity level", "zoom in on Ward 3": one group of the last answer, maybe regrouped. */
    private Result<QuerySpec> drill(int i, int to, QuerySpec last) {
        int k;
        if (tokens.word(i, "drill") || tokens.word(i, "zoom")) {
            k = i + 1;
            if (tokens.word(k, "down") || tokens.word(k, "in")) {
                k++;
            }
            if (tokens.word(k, "into") || tokens.word(k, "on") || tokens.word(k, "to")) {
                k++;
            }
        } else if (tokens.match(i, "focus", "on") > 0) {
            k = i + 2;
        } else {
            return null;
        }
        if (k >= to) {
            return Result.miss("say which group to drill into");
        }
        List<ColumnRef> groups = last.dimensions().stream().filter(d -> d instanceof Dimension.Column)
                .map(Dimension::column).toList();
        if (groups.isEmpty()) {
            return Result.miss("the last answer has no groups to drill into");
        }
        int from = k;
        return followUps().conditions(from, to, followUps().seed(last)).then(rules.timeRules::settleTimes).then(r -> {
            boolean intoGroup = r.filters().stream().anyMatch(f -> groups.stream().anyMatch(g -> FollowUps.fixes(f, g)));
            if (!intoGroup) {
                return Result.miss("'" + tokens.words(from, to) + "' is not one of the groups of the last answer");
            }
            return followUps().apply(last, r, FollowUps.Mode.REFINE, FollowUpMove.DRILL);
        });
    }

    // ---------------------------------------------------------------- remove a condition

    /** "without the caesarean filter", "remove the filter", "all wards", "over all time": conditions removed. */
    private Result<QuerySpec> unfilter(int i, int to, QuerySpec last) {
        int k;
        int end = to;
        boolean named = false;
        if (tokens.word(i, "without") || tokens.word(i, "remove") || tokens.word(i, "drop") || tokens.word(i, "clear")
                || tokens.word(i, "ignore") || tokens.word(i, "forget")) {
            if (!CONDITION_WORDS.contains(word(to - 1))) {
                return null; // "without an allergy" is a condition, not a removal
            }
            k = i + 1;
            end = to - 1;
            named = true;
        } else if ((tokens.word(i, "all") || tokens.word(i, "every") || tokens.word(i, "any"))
                || (tokens.word(i, "for") || tokens.word(i, "across") || tokens.word(i, "over")) && tokens.word(i + 1, "all")) {
            k = tokens.word(i, "all") || tokens.word(i, "every") || tokens.word(i, "any") ? i + 1 : i + 2;
        } else if (tokens.match(i, "regardless", "of") > 0) {
            k = i + 2;
        } else {
            return null;
        }
        while (k < end && (tokens.word(k, "the") || tokens.word(k, "any") || tokens.word(k, "a") || tokens.word(k, "all"))) {
            k++;
        }
        QuerySpec.Builder b = last.toBuilder().provenance(last.provenance().asFollowUp(FollowUpMove.UNFILTER.id(), null));
        if (k >= end) {
            if (!named) {
                return null;
            }
            int conditions = last.filters().size() + last.related().size();
            if (conditions != 1) {
                return Result.miss(conditions == 0 ? "the last question has no condition to remove"
                        : "the last question has " + conditions + " conditions; say which to remove");
            }
            return Result.ok(b.editFilters(List::clear).editRelated(List::clear).build());
        }
        if (end - k == 1 && TIME_WORDS.contains(word(k)) || tokens.match(k, "date", "range") > 0
                || tokens.match(k, "time", "range") > 0) {
            TimeScope t = last.timeScope();
            if (t == null || t.from() == null && t.to() == null) {
                return named || !tokens.word(k, "time") ? Result.miss("the last question has no period to remove")
                        : null;
            }
            return Result.ok(b.timeScope(t.bucket() == null ? null : new TimeScope(t.column(), null, null, t.bucket()))
                    .build());
        }
        Result<ConceptTerm> term = rules.conceptTerms.term(k);
        if (term.stopped()) {
            return term.stop();
        }
        if (term.value() != null && k + term.value().length() == end
                && term.value().concepts().stream().noneMatch(c -> c.equalsIgnoreCase(last.subject()))) {
            List<String> concepts = term.value().concepts();
            boolean[] removed = {false};
            b.editFilters(l -> removed[0] |= l.removeIf(f -> f.target().columns().stream().anyMatch(c -> concerns(c, concepts))));
            b.editRelated(l -> removed[0] |= l.removeIf(s -> concepts.stream().anyMatch(c -> c.equalsIgnoreCase(s.concept()))));
            if (!removed[0]) {
                return named ? Result.miss("the last question has no condition on " + term.value().phrase()) : null;
            }
            return Result.ok(b.build());
        }
        if (!named) {
            return null; // "all emergency admissions" is not a removal
        }
        int from = k;
        int until = end;
        return followUps().conditions(from, until, followUps().seed(last)).then(r -> {
            List<Filter> filters = new ArrayList<>(last.filters());
            boolean removed = filters.removeIf(f -> r.filters().stream().anyMatch(x -> x.target().equals(f.target())));
            List<RelatedScope> related = new ArrayList<>(last.related());
            removed |= related.removeIf(s -> r.related().stream().anyMatch(x -> x.concept().equalsIgnoreCase(s.concept())));
            if (!removed) {
                return Result.miss("the last question has no condition like '" + tokens.words(from, until) + "'");
            }
            return Result.ok(b.editFilters(l -> {
                l.clear();
                l.addAll(filters);
            }).editRelated(l -> {
                l.clear();
                l.addAll(related);
            }).build());
        });
    }

    private static boolean concerns(ColumnRef c, List<String> concepts) {
        return concepts.stream().anyMatch(x -> x.equalsIgnoreCase(c.concept()) || x.equalsIgnoreCase(c.via()));
    }

    // ---------------------------------------------------------------- move the period

    /**
     * "same period last year", "the month before", "the previous week", "a year earlier", "the period before": the last
     * period moved back (or on, with "after"/"following") by the unit named, or by its own length.
     */
    private Result<QuerySpec> shift(int i, int to, QuerySpec last) {
        int k = i;
        int sign = -1;
        Period step = null;
        boolean ownLength = false;
        int same = tokens.word(k, "the") && tokens.word(k + 1, "same") ? k + 2 : tokens.word(k, "same") ? k + 1 : -1;
        if (same >= 0 && (tokens.word(same, "period") || tokens.word(same, "time") || tokens.word(same, "months")
                || tokens.word(same, "dates"))) {
            k = same + 1;
            if (tokens.match(k, "last", "year") > 0 || tokens.match(k, "a", "year", "ago") > 0
                    || tokens.match(k, "the", "year", "before") > 0 || tokens.match(k, "the", "previous", "year") > 0
                    || tokens.match(k, "a", "year", "earlier") > 0 || tokens.match(k, "the", "prior", "year") > 0
                    || tokens.match(k, "of", "last", "year") > 0 || tokens.match(k, "in", "the", "previous", "year") > 0) {
                step = Period.ofYears(1);
                k = to;
            }
        } else {
            if (tokens.word(k, "the") || tokens.word(k, "a") || tokens.word(k, "an")) {
                k++;
            }
            if (tokens.word(k, "previous") || tokens.word(k, "prior") || tokens.word(k, "preceding")
                    || tokens.word(k, "following")) {
                sign = tokens.word(k, "following") ? 1 : -1;
                k++;
                String unit = word(k);
                if (UNITS.containsKey(unit)) {
                    step = UNITS.get(unit);
                } else if (unit.equals("period") || unit.equals("one")) {
                    ownLength = true;
                }
                k++;
            } else if (UNITS.containsKey(word(k)) || tokens.word(k, "period") || tokens.word(k, "one")) {
                String unit = word(k);
                String after = word(k + 1);
                if (after.equals("before") || after.equals("earlier") || after.equals("prior")
                        || after.equals("after") || after.equals("later")) {
                    sign = after.equals("after") || after.equals("later") ? 1 : -1;
                    if (UNITS.containsKey(unit)) {
                        step = UNITS.get(unit);
                    } else {
                        ownLength = true;
                    }
                    k += 2;
                }
            }
        }
        if ((step == null && !ownLength) || k != to) {
            return null;
        }
        TimeScope t = last.timeScope();
        if (t == null || !(t.from() instanceof Literal.DateValue from) || !(t.to() instanceof Literal.DateValue until)) {
            return Result.miss("the last question has no period to move");
        }
        Period by = ownLength ? lengthOf(from.value(), until.value()) : step;
        if (sign < 0) {
            by = by.negated();
        }
        TimeScope moved = new TimeScope(t.column(), Literal.of(from.value().plus(by)), Literal.of(until.value().plus(by)),
                t.bucket());
        return Result.ok(last.toBuilder().timeScope(moved)
                .provenance(last.provenance().asFollowUp(FollowUpMove.TIME.id(), null)).build());
    }

    /** A period's length in whole years, else whole months, else days. */
    private static Period lengthOf(LocalDate from, LocalDate to) {
        long months = ChronoUnit.MONTHS.between(from, to);
        if (from.plusMonths(months).equals(to) && months > 0) {
            return months % 12 == 0 ? Period.ofYears((int) (months / 12)) : Period.ofMonths((int) months);
        }
        return Period.ofDays((int) ChronoUnit.DAYS.between(from, to));
    }

    // ---------------------------------------------------------------- another subject, same frame

    /**
     * "same for deliveries", "and for appointments?": the last question's period, grouping and conditions on other
     * concepts, asked of another concept. A condition or grouping on the last subject's own columns cannot be carried
     * and is a miss (never dropped in silence); the binder refuses a grouping the new subject cannot reach.
     */
    private Result<QuerySpec> otherSubject(int i, int to, QuerySpec last) {
        int k = i;
        if (tokens.word(k, "do")) {
            k++;
        }
        if (tokens.word(k, "the") && tokens.word(k + 1, "same")) {
            k++;
        }
        boolean same = tokens.word(k, "same");
        if (same) {
            k++;
            if (tokens.word(k, "thing") || tokens.word(k, "question")) {
                k++;
            }
        }
        if (tokens.word(k, "for") || tokens.word(k, "with") || tokens.word(k, "of") || tokens.word(k, "but")) {
            k += tokens.word(k, "but") && tokens.word(k + 1, "for") ? 2 : 1;
        } else if (same) {
            return null;
        }
        if (tokens.word(k, "the") || tokens.word(k, "all")) {
            k++;
        }
        Result<ConceptTerm> termRead = rules.conceptTerms.term(k);
        if (termRead.stopped()) {
            return termRead.stop();
        }
        ConceptTerm term = termRead.value();
        if (term == null || term.concepts().stream().anyMatch(c -> c.equalsIgnoreCase(last.subject()))) {
            return null;
        }
        if (!same && k + term.length() < to) {
            return null; // "and emergency admissions in 2024" reads as a whole question, not a move
        }
        Result<List<ValueCandidate>> asValue = rules.valueRules.candidates(last.subject(), null, term.phrase());
        if (asValue.stopped() || !asValue.value().isEmpty()) {
            return null; // the word is also a value of what was counted ("and stillbirths")
        }
        Result<String> conceptRead = rules.conceptTerms.boundOne(term, "subject");
        if (conceptRead.stopped()) {
            return conceptRead.stop();
        }
        String subject = conceptRead.value();
        int rest = k + term.length();
        Result<QuerySpec> framed = reframe(last, subject);
        if (framed.stopped()) {
            return framed;
        }
        QuerySpec carried = framed.value();
        return followUps().conditions(rest, to, followUps().seed(carried)).then(rules.timeRules::settleTimes)
                .then(r -> followUps().apply(carried, r, FollowUps.Mode.REFINE, FollowUpMove.SUBJECT));
    }

    /** The last spec's frame over {@code subject}: the period re-dated by the new subject's own time. */
    private Result<QuerySpec> reframe(QuerySpec last, String subject) {
        String old = last.subject();
        String plural = pluralWord(last);
        QuerySpec.Builder b = QuerySpec.builder(subject, last.shape()).limit(last.limit())
                .provenance(last.provenance());
        last.order().forEach(b::order);
        for (Measure m : last.measures()) {
            if (m instanceof Measure.Count) {
                b.measure(m);
            } else if (m instanceof Measure.Aggregate a && a.function() == Aggregation.COUNT_DISTINCT
                    && a.of() instanceof ColumnRef c && c.role() == ColumnRole.PATIENT_REF) {
                ColumnRef own = ownColumn(subject, ColumnRole.PATIENT_REF);
                if (own == null) {
                    return Result.miss(plural(subject) + " are not recorded per patient on this source");
                }
                b.measure(Measure.of(Aggregation.COUNT_DISTINCT, own));
            } else {
                return Result.miss("the last answer is " + describeMeasure(last) + ", which is about " + plural
                        + "; ask the whole question for " + plural(subject));
            }
        }
        for (Filter f : last.filters()) {
            if (f.target().columns().stream().anyMatch(c -> c.concept().equalsIgnoreCase(old) || old.equalsIgnoreCase(c.via()))) {
                return Result.miss("the condition " + f.describe() + " is about " + plural + "; ask the whole question"
                        + " for " + plural(subject));
            }
            b.filter(f);
        }
        for (RelatedScope s : last.related()) {
            if (!vocab.linked(subject, s.concept())) {
                return Result.miss(plural(subject) + " are not linked to " + s.concept() + " on this source");
            }
            b.related(s);
        }
        for (Dimension d : last.dimensions()) {
            ColumnRef c = d.column();
            if (d instanceof Dimension.Column && (c.concept().equalsIgnoreCase(old) || old.equalsIgnoreCase(c.via()))) {
                return Result.miss("the grouping " + d.describe() + " is about " + plural + "; ask the whole question"
                        + " for " + plural(subject));
            }
            if (d instanceof Dimension.Column) {
                b.dimension(d);
            }
        }
        if (!last.projection().isEmpty()) {
            return Result.miss("the columns listed are " + plural + "'s; ask the whole question for " + plural(subject));
        }
        TimeScope t = last.timeScope();
        boolean bucketed = last.dimensions().stream().anyMatch(d -> d instanceof Dimension.TimeBucket);
        if (t != null || bucketed) {
            Result<ColumnRef> when = rules.timeRules.timeColumn(Reading.of(subject, FollowUps.leadOf(last)));
            if (when.stopped()) {
                return when.stop();
            }
            for (Dimension d : last.dimensions()) {
                if (d instanceof Dimension.TimeBucket tb) {
                    b.dimension(Dimension.bucket(when.value(), tb.bucket()));
                }
            }
            if (t != null) {
                b.timeScope(new TimeScope(when.value(), t.from(), t.to(), t.bucket()));
            }
        }
        return Result.ok(b.build());
    }

    private ColumnRef ownColumn(String concept, ColumnRole role) {
        List<ColumnRef> found = new ArrayList<>();
        for (GrammarVocabulary.Column c : vocab.columns(concept)) {
            if (c.role() == role) {
                found.add(VocabularyColumns.ref(concept, c));
            }
        }
        return found.size() == 1 ? found.get(0) : null;
    }

    // ---------------------------------------------------------------- words

    private String word(int k) {
        return k >= 0 && k < tokens.size() ? tokens.get(k).text() : "";
    }

    private String pluralWord(QuerySpec spec) {
        return plural(spec.subject());
    }

    private String plural(String concept) {
        return pack.concept(concept).map(Concept::plural).orElse(concept)
                .toLowerCase(Locale.ROOT);
    }

    private String singularWord(QuerySpec spec) {
        return rules.verbScopeRules.singularWord(spec.subject());
    }

    private static String describeMeasure(QuerySpec spec) {
        Measure m = spec.measures().isEmpty() ? null : spec.measures().get(0);
        if (m instanceof Measure.Aggregate a) {
            return switch (a.function()) {
                case SUM -> "a total";
                case AVG -> "an average";
                case MEDIAN -> "a median";
                case MIN -> "a smallest value";
                case MAX -> "a largest value";
                case COUNT_DISTINCT -> "a count of distinct values";
            };
        }
        if (m instanceof Measure.Rate) {
            return "a percentage";
        }
        return spec.shape() == Shape.LIST ? "a list" : "a count";
    }
}
