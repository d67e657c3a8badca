package org.tally.core.grammar;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.spec.TimeScope;

/**
 * The words of a follow-up ("and by ward?", "only caesareans", "what about 2024?") read as fragments against the last
 * spec's subject, with the modifier rules every question uses, then applied to that spec: conditions and related
 * scopes are added (one on a column the spec already tests replaces that test), a grouping or a time bucket is added,
 * a time phrase replaces the period. The moves that need more than modifiers (top N, a percentage, a drill into one
 * group, removing a condition, another subject in the same frame, "how many of those …", "list them") are read by
 * {@link FollowUpMoves} first. Anything that would change what is counted or listed in a way the words do not say is a
 * miss, never a guess.
 */
final class FollowUps extends RuleFamily {

    /** Words that only say the words after them refine what was asked. */
    private static final Set<String> LEAD_INS = Set.of("and", "but", "also", "now", "then", "ok", "okay", "so",
            "only", "just");

    /** Words after a follow-up that change nothing it says, or ask to replace rather than add ("by ward instead"). */
    private static final Set<String> TRAILERS = Set.of("instead", "rather", "please", "too", "then", "only");

    /** Words that stand for the rows the last answer counted ("the ones in service", "how many of them"). */
    static final Set<String> PRONOUNS = Set.of("those", "them", "these", "they", "ones", "it");

    /** How a reading's conditions and groupings meet the last spec's. */
    enum Mode {
        /** A condition on a column already tested replaces that test; a grouping is added. */
        REFINE,
        /** As REFINE, and a grouping replaces the groupings by column ("by clinic instead"). */
        REPLACE,
        /** Conditions are only ever added: "how many of those were …" narrows the rows counted. */
        NARROW
    }

    FollowUps(Rules rules) {
        super(rules);
    }

    /**
     * @param narrowedFrom the spec {@code last} refined, when it was a follow-up (what "as a percentage" counts a
     *                     share of); null when the last question stood alone
     */
    Result<QuerySpec> refine(QuerySpec last, QuerySpec narrowedFrom) {
        int i = leadIns(0);
        int to = tokens.size();
        boolean instead = false;
        while (to > i && TRAILERS.contains(tokens.get(to - 1).text())) {
            instead |= tokens.word(to - 1, "instead") || tokens.word(to - 1, "rather");
            to--;
        }
        if (i >= to) {
            return Result.miss("the follow-up adds nothing to the last question");
        }
        Result<QuerySpec> moved = rules.followUpMoves.move(i, to, last, narrowedFrom);
        if (moved != null) {
            return moved;
        }
        int at = skipSame(i);
        Reading seed = seed(last);
        Result<TimePhrases.Match> bare = time.bareAt(at);
        if (bare.stopped()) {
            return bare.stop();
        }
        Result<Reading> read;
        if (bare.value() != null && at + bare.value().length() == to) {
            read = Result.ok(seed.with(new Fragment.Range(bare.value(), at))); // "what about 2024?"
        } else {
            read = conditions(at, to, seed);
        }
        Mode mode = instead ? Mode.REPLACE : Mode.REFINE;
        return read.then(rules.timeRules::settleTimes).then(r -> apply(last, r, mode, null));
    }

    /** The index after the lead-in words ("and", "what about", "how about") from {@code i}. */
    int leadIns(int i) {
        while (i < tokens.size()) {
            if (LEAD_INS.contains(tokens.get(i).text())) {
                i++;
            } else if (tokens.match(i, "what", "about") > 0 || tokens.match(i, "how", "about") > 0) {
                i += 2;
            } else {
                break;
            }
        }
        return i;
    }

    /** "same for last year": "same" (and "the same") says only that the rest refines what was asked. */
    private int skipSame(int i) {
        int k = tokens.word(i, "the") && tokens.word(i + 1, "same") ? i + 1 : i;
        return tokens.word(k, "same") ? k + 1 : i;
    }

    /** A reading of the last spec's subject that starts where the last question's lead left it. */
    Reading seed(QuerySpec last) {
        Lead lead = leadOf(last);
        Reading seed = Reading.of(last.subject(), lead).with(new Fragment.LeadWords(lead,
                last.provenance().rule() == null ? "follow-up" : last.provenance().rule()));
        if (last.measures().size() == 1 && last.measures().get(0) instanceof Measure.Aggregate a) {
            seed = seed.with(new Fragment.MeasureOf(a.of()));
        }
        return seed;
    }

    /**
     * Tokens [from, to) read as modifiers of {@code seed}; the words that only point back at the rows counted ("the
     * ones", "those") are passed over.
     */
    Result<Reading> conditions(int from, int to, Reading seed) {
        Result<Reading> read = Result.ok(seed);
        int start = from;
        for (int k = from; k <= to && !read.stopped(); k++) {
            boolean pointer = k < to && PRONOUNS.contains(tokens.get(k).text());
            if (k == to || pointer) {
                int segmentStart = start;
                int segmentEnd = k;
                if (segmentEnd > segmentStart) {
                    read = read.then(r -> {
                        Result<Reading> modified = rules.modifierRules.modifiers(segmentStart, segmentEnd, r);
                        Result<Reading> plural = modified.missed() ? pluralValue(segmentStart, segmentEnd, r) : null;
                        return plural != null ? plural : modified;
                    });
                }
                start = k + 1;
            }
        }
        return read;
    }

    /**
     * "only falls": a value of one of the subject's kind columns named in the plural, as "how many falls" names
     * incidents of that category; null when the words are no such value.
     */
    private Result<Reading> pluralValue(int from, int to, Reading r) {
        int k = tokens.word(from, "the") ? from + 1 : from;
        String phrase = k < to ? tokens.words(k, to) : "";
        if (phrase.length() < 3 || !phrase.endsWith("s") || phrase.endsWith("ss") || r.subject() == null) {
            return null;
        }
        String singular = phrase.substring(0, phrase.length() - 1);
        Result<List<ValueCandidate>> found = rules.valueRules.candidates(r.subject(), null, singular);
        if (found.stopped()) {
            return found.stop();
        }
        List<ValueCandidate> kinds = found.value().stream()
                .filter(c -> SubjectRules.KIND_ROLES.contains(c.ref().role())).toList();
        if (kinds.isEmpty()) {
            return null;
        }
        return rules.valueRules.oneFilter(kinds, singular).map(f -> r.withConditions(List.of(f)));
    }

    /** The lead a spec's shape stands for, so the modifiers read the follow-up as they would have read the question. */
    static Lead leadOf(QuerySpec spec) {
        switch (spec.shape()) {
            case SCALAR:
            case GROUPED:
            case TREND:
            case TOP_N:
                // a ranking's follow-up narrows or regroups what it ranks; the ranking itself is kept by apply
                return spec.measures().stream().anyMatch(m -> m instanceof Measure.Aggregate a
                        && a.function() != Aggregation.COUNT_DISTINCT) ? Lead.AGGREGATE : Lead.COUNT;
            case RATE:
                return Lead.RATE;
            case LIST:
                return Lead.LIST;
            case LOOKUP:
                return Lead.LOOKUP;
            case EXISTS:
                return Lead.EXISTS;
            default:
                throw new AssertionError(spec.shape());
        }
    }

    /** What the reading {@code r} says, applied to {@code last}; {@code move} names it when the caller knows. */
    Result<QuerySpec> apply(QuerySpec last, Reading r, Mode mode, FollowUpMove move) {
        if (r.numeratorMode() || !r.numerator().isEmpty() || !r.numeratorRelated().isEmpty()) {
            return Result.miss("a follow-up cannot change what a percentage counts; ask the whole question");
        }
        Shape shape = last.shape();
        boolean aggregate = shape == Shape.SCALAR || shape == Shape.GROUPED || shape == Shape.TREND
                || shape == Shape.TOP_N || shape == Shape.RATE;
        List<Filter> filters = new ArrayList<>(last.filters());
        boolean replaced = false;
        for (Filter f : r.filters()) {
            if (mode != Mode.NARROW) {
                replaced |= filters.removeIf(old -> sameTest(old, f));
            }
            if (!filters.contains(f)) {
                filters.add(f);
            }
        }
        List<RelatedScope> related = new ArrayList<>(last.related());
        for (RelatedScope s : r.related()) {
            if (mode != Mode.NARROW) {
                replaced |= related.removeIf(old -> sameTest(old, s));
            }
            if (!related.contains(s)) {
                related.add(s);
            }
        }
        List<Dimension> dimensions = new ArrayList<>(last.dimensions());
        if (!r.dimensions().isEmpty()) {
            if (!aggregate) {
                return Result.miss("a " + shapeWord(shape) + " answer cannot take another grouping");
            }
            if (mode == Mode.REPLACE) {
                dimensions.removeIf(d -> d instanceof Dimension.Column);
            }
            r.dimensions().stream().filter(d -> !dimensions.contains(d)).forEach(dimensions::add);
        }
        // a grouping whose column a new condition fixes to one value has one group left: it is dropped
        boolean drilled = dimensions.removeIf(d -> d instanceof Dimension.Column c
                && r.filters().stream().anyMatch(f -> fixes(f, c.column())));
        QuerySpec.Builder b = last.toBuilder().editFilters(l -> {
            l.clear();
            l.addAll(filters);
        }).editRelated(l -> {
            l.clear();
            l.addAll(related);
        }).editDimensions(l -> {
            l.clear();
            l.addAll(dimensions);
        });
        if (shape == Shape.TOP_N) {
            boolean rankedGone = last.dimensions().stream().anyMatch(d -> !dimensions.contains(d));
            if (!rankedGone && dimensions.size() > last.dimensions().size()) {
                return Result.miss("a ranking already groups its answer; ask for the grouping in a whole question");
            }
            if (rankedGone) {
                // what was ranked is now one group: the others are counted as plain groups, or as one number
                b.editOrder(List::clear).limit(null);
                shape = dimensions.isEmpty() ? Shape.SCALAR : Shape.GROUPED;
            }
        } else if (shape == Shape.SCALAR && !dimensions.isEmpty()) {
            shape = Shape.GROUPED;
        } else if (shape == Shape.GROUPED && dimensions.isEmpty()) {
            shape = Shape.SCALAR;
        }
        if (!r.projection().isEmpty()) {
            if (shape != Shape.LIST && shape != Shape.LOOKUP) {
                return Result.miss("only a list shows columns; ask to list them with those columns");
            }
            r.projection().stream().filter(c -> !last.projection().contains(c)).forEach(b::project);
        }
        TimeScope before = last.timeScope();
        if (r.range() != null || r.bucket() != null) {
            Bucket bucket = r.bucket() != null ? r.bucket() : before == null ? null : before.bucket();
            if (bucket != null && !aggregate) {
                return Result.miss("a " + shapeWord(shape) + " answer cannot become a trend");
            }
            ColumnRef column = r.namedTime() != null ? r.namedTime() : before != null ? before.column() : null;
            if (column == null) {
                Result<ColumnRef> own = rules.timeRules.timeColumn(r);
                if (own.stopped()) {
                    return own.stop();
                }
                column = own.value();
            }
            Literal from = r.range() != null ? literal(r.range().from()) : before == null ? null : before.from();
            Literal to = r.range() != null ? literal(r.range().to()) : before == null ? null : before.to();
            b.timeScope(new TimeScope(column, from, to, bucket));
            if (bucket != null && shape != Shape.RATE) {
                shape = dimensions.stream().anyMatch(d -> d instanceof Dimension.Column) ? shape : Shape.TREND;
            }
        }
        FollowUpMove made = move != null ? move : moveOf(r, replaced, drilled, mode);
        return Result.ok(b.shape(shape).provenance(last.provenance().asFollowUp(made.id(), null)).build());
    }

    private static FollowUpMove moveOf(Reading r, boolean replaced, boolean drilled, Mode mode) {
        if (r.range() != null) {
            return FollowUpMove.TIME;
        }
        if (r.bucket() != null) {
            return FollowUpMove.BUCKET;
        }
        if (!r.dimensions().isEmpty()) {
            return drilled ? FollowUpMove.DRILL : mode == Mode.REPLACE ? FollowUpMove.REGROUPING : FollowUpMove.GROUPING;
        }
        if (!r.projection().isEmpty()) {
            return FollowUpMove.LIST;
        }
        return replaced ? FollowUpMove.REFILTER : FollowUpMove.FILTER;
    }

    /** Whether two conditions test the same column the same way (a value, a flag, a bound on one side). */
    static boolean sameTest(Filter old, Filter added) {
        if (!old.target().equals(added.target())) {
            return false;
        }
        return side(old) == side(added);
    }

    /** 0 for a test of values or flags; -1 an upper bound; 1 a lower bound. */
    private static int side(Filter f) {
        if (f instanceof Filter.Compare c) {
            return c.op() == CompareOp.LT || c.op() == CompareOp.LE ? -1
                    : c.op() == CompareOp.GT || c.op() == CompareOp.GE ? 1 : 0;
        }
        return f instanceof Filter.Between ? 2 : 0;
    }

    /** Related conditions on the same concept, the same way, over the same columns ("with diabetes" for "with asthma"). */
    static boolean sameTest(RelatedScope old, RelatedScope added) {
        if (!old.concept().equalsIgnoreCase(added.concept()) || old.quantifier() != added.quantifier()
                || old.filters().size() != added.filters().size()) {
            return false;
        }
        for (int k = 0; k < old.filters().size(); k++) {
            if (!sameTest(old.filters().get(k), added.filters().get(k))) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code f} leaves one value of {@code column}. */
    static boolean fixes(Filter f, ColumnRef column) {
        if (!f.target().equals(column)) {
            return false;
        }
        return f instanceof Filter.Compare c && c.op() == CompareOp.EQ
                || f instanceof Filter.In in && in.values().size() == 1;
    }

    static String shapeWord(Shape shape) {
        return shape.jsonName().toLowerCase(Locale.ROOT);
    }

    static Literal literal(LocalDate day) {
        return day == null ? null : Literal.of(day);
    }
}
