package org.tally.core.grammar;

import java.util.Set;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
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
 * scopes are added, a grouping or a time bucket is added, a time phrase replaces the period. Anything that would
 * change what is counted or listed is a miss, never a guess.
 */
final class FollowUps extends RuleFamily {

    /** Words that only say the words after them refine what was asked. */
    private static final Set<String> LEAD_INS = Set.of("and", "but", "also", "now", "then", "only", "just", "same");

    FollowUps(Rules rules) {
        super(rules);
    }

    Result<QuerySpec> refine(QuerySpec last) {
        int i = 0;
        while (i < tokens.size()) {
            if (LEAD_INS.contains(tokens.get(i).text())) {
                i++;
            } else if (tokens.match(i, "what", "about") > 0 || tokens.match(i, "how", "about") > 0) {
                i += 2;
            } else if (tokens.match(i, "for") > 0 && i + 1 < tokens.size()
                    && (tokens.word(i + 1, "each") || tokens.word(i + 1, "every"))) {
                break; // "for each ward" is a grouping
            } else {
                break;
            }
        }
        if (i >= tokens.size()) {
            return Result.miss("the follow-up adds nothing to the last question");
        }
        Reading seed = Reading.of(last.subject(), leadOf(last)).with(new Fragment.LeadWords(leadOf(last),
                last.provenance().rule() == null ? "follow-up" : last.provenance().rule()));
        if (last.measures().size() == 1 && last.measures().get(0) instanceof Measure.Aggregate a) {
            seed = seed.with(new Fragment.MeasureOf(a.of()));
        }
        Result<TimePhrases.Match> bare = time.bareAt(i);
        if (bare.stopped()) {
            return bare.stop();
        }
        Result<Reading> read;
        if (bare.value() != null && i + bare.value().length() == tokens.size()) {
            read = Result.ok(seed.with(new Fragment.Range(bare.value(), i))); // "what about 2024?"
        } else {
            read = rules.modifierRules.modifiers(i, tokens.size(), seed);
        }
        return read.then(rules.timeRules::settleTimes).then(r -> apply(last, r));
    }

    /** The lead a spec's shape stands for, so the modifiers read the follow-up as they would have read the question. */
    private static Lead leadOf(QuerySpec spec) {
        switch (spec.shape()) {
            case SCALAR:
            case GROUPED:
            case TREND:
                return spec.measures().stream().anyMatch(m -> m instanceof Measure.Aggregate a
                        && a.function() != Aggregation.COUNT_DISTINCT) ? Lead.AGGREGATE : Lead.COUNT;
            case TOP_N:
                return Lead.TOP;
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

    private Result<QuerySpec> apply(QuerySpec last, Reading r) {
        if (r.numeratorMode() || !r.numerator().isEmpty() || !r.numeratorRelated().isEmpty()) {
            return Result.miss("a follow-up cannot change what a percentage counts; ask the whole question");
        }
        Shape shape = last.shape();
        boolean aggregate = shape == Shape.SCALAR || shape == Shape.GROUPED || shape == Shape.TREND;
        QuerySpec.Builder b = last.toBuilder();
        for (Filter f : r.filters()) {
            b.filter(f);
        }
        for (RelatedScope s : r.related()) {
            b.related(s);
        }
        if (!r.dimensions().isEmpty()) {
            if (!aggregate) {
                return Result.miss("a " + shape.jsonName().toLowerCase(java.util.Locale.ROOT) + " answer cannot take another grouping");
            }
            r.dimensions().forEach(b::dimension);
            if (shape == Shape.SCALAR) {
                shape = Shape.GROUPED;
            }
        }
        if (!r.projection().isEmpty()) {
            r.projection().forEach(b::project);
        }
        TimeScope before = last.timeScope();
        if (r.range() != null || r.bucket() != null) {
            Bucket bucket = r.bucket() != null ? r.bucket() : before == null ? null : before.bucket();
            if (bucket != null && !aggregate) {
                return Result.miss("a " + shape.jsonName().toLowerCase(java.util.Locale.ROOT) + " answer cannot become a trend");
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
            if (bucket != null) {
                shape = Shape.TREND;
            }
        }
        return Result.ok(b.shape(shape).build());
    }

    private static Literal literal(java.time.LocalDate day) {
        return day == null ? null : Literal.of(day);
    }
}
