package org.tally.core.binder;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;

/** One plain sentence saying what a bound spec computes ("Counted deliveries with delivery mode caesarean …"). */
final class Explanations {

    private Explanations() {
    }

    /**
     * @param plurals a concept id in words ("icu stays"), for related scopes
     * @param kinds   what a refined concept's rows are ("encounters with encounter type emergency"), null for a
     *                concept with a table of its own; said once, after the concept's first mention
     */
    static String sentence(QuerySpec spec, Function<ColumnRef, String> words, String subjectPlural,
                           Function<String, String> plurals, Function<String, String> kinds) {
        String kind = kinds.apply(spec.subject().trim());
        StringBuilder s = new StringBuilder(lead(spec, words, subjectPlural,
                kind == null ? subjectPlural : subjectPlural + " (" + kind + ")", plurals, kinds));
        List<String> conditions = new ArrayList<>();
        Map<String, LocalDate[]> ranges = new LinkedHashMap<>();
        for (Filter f : spec.filters()) {
            if (f instanceof Filter.Compare c && c.target() instanceof ColumnRef ref && c.value().isTemporal()
                    && (c.op() == CompareOp.GE || c.op() == CompareOp.LT)) {
                LocalDate day = day(c.value());
                LocalDate[] range = ranges.computeIfAbsent(words.apply(ref), k -> new LocalDate[2]);
                range[c.op() == CompareOp.GE ? 0 : 1] = day;
            } else {
                conditions.add(condition(f, words));
            }
        }
        if (!conditions.isEmpty()) {
            s.append(" with ").append(String.join(" and ", conditions));
        }
        for (RelatedScope r : spec.related()) {
            s.append(related(r, words, plurals, kinds));
        }
        for (Map.Entry<String, LocalDate[]> e : ranges.entrySet()) {
            LocalDate from = e.getValue()[0];
            LocalDate to = e.getValue()[1];
            String which = " (" + e.getKey() + ")";
            if (from != null && to != null) {
                s.append(" between ").append(from).append(" and ").append(to.minusDays(1)).append(which);
            } else if (from != null) {
                s.append(" from ").append(from).append(which);
            } else {
                s.append(" before ").append(to).append(which);
            }
        }
        List<String> groups = new ArrayList<>();
        for (Dimension d : spec.dimensions()) {
            groups.add(d instanceof Dimension.TimeBucket tb ? tb.bucket().jsonName() : words.apply(d.column()));
        }
        if (!groups.isEmpty()) {
            s.append(spec.shape() == Shape.TREND ? ", per " : ", grouped by ").append(String.join(" and ", groups));
        }
        if (spec.limit() != null && spec.shape().isAggregated() && !spec.order().isEmpty()) {
            s.append(", keeping the top ").append(spec.limit())
                    .append(" with ties kept (every row tied at the cut is shown, so there may be more than ")
                    .append(spec.limit()).append(")");
        } else if (spec.limit() != null && spec.shape() != Shape.EXISTS) {
            s.append(", keeping the first ").append(spec.limit());
        }
        return s.append('.').toString();
    }

    private static String lead(QuerySpec spec, Function<ColumnRef, String> words, String plural, String first,
                               Function<String, String> plurals, Function<String, String> kinds) {
        switch (spec.shape()) {
            case EXISTS:
                return "Looked for any " + first;
            case LIST:
            case LOOKUP:
                return "Listed " + first;
            default:
                break;
        }
        Measure m = spec.measures().get(0);
        if (m instanceof Measure.Count) {
            return "Counted " + first;
        }
        if (m instanceof Measure.Rate r) {
            List<String> parts = new ArrayList<>();
            r.numerator().forEach(f -> parts.add(condition(f, words)));
            r.related().forEach(scope -> parts.add(related(scope, words, plurals, kinds).strip()));
            return "Computed the percentage of " + first + " with " + String.join(" and ", parts) + " among "
                    + plural;
        }
        Measure.Aggregate a = (Measure.Aggregate) m;
        String of = a.of() instanceof ColumnRef ref ? words.apply(ref) : "the duration in "
                + ((DurationRef) a.of()).unit().jsonName();
        return "Computed the " + a.function().jsonName() + " of " + of + " over " + first;
    }

    /** " that have diagnoses with diagnosis code E11.9", a refined concept followed by what its rows are. */
    private static String related(RelatedScope r, Function<ColumnRef, String> words, Function<String, String> plurals,
                                  Function<String, String> kinds) {
        StringBuilder s = new StringBuilder(r.quantifier() == Quantifier.EXISTS ? " that have "
                : r.quantifier() == Quantifier.NOT_EXISTS ? " that have no "
                : " that have " + r.bounds() + " ").append(plurals.apply(r.concept().trim()));
        String relatedKind = kinds.apply(r.concept().trim());
        if (relatedKind != null) {
            s.append(" (").append(relatedKind).append(')');
        }
        for (Filter f : r.filters()) {
            s.append(" with ").append(condition(f, words));
        }
        return s.toString();
    }

    private static String condition(Filter f, Function<ColumnRef, String> words) {
        String target = f.target() instanceof ColumnRef ref ? words.apply(ref) : f.target().describe();
        if (f instanceof Filter.IsTrue) {
            return target;
        }
        if (f instanceof Filter.IsFalse) {
            return "not " + target;
        }
        if (f instanceof Filter.Compare c) {
            String v = c.value() instanceof Literal.StringValue sv ? sv.value() : c.value().describe();
            return c.op() == CompareOp.EQ ? target + " " + v : target + " " + symbol(c.op()) + " " + v;
        }
        if (f instanceof Filter.In in) {
            List<String> vs = new ArrayList<>();
            in.values().forEach(v -> vs.add(v instanceof Literal.StringValue sv ? sv.value() : v.describe()));
            return target + " in " + String.join(", ", vs);
        }
        if (f instanceof Filter.IsNull) {
            return "no " + target;
        }
        if (f instanceof Filter.IsNotNull) {
            return target + " recorded";
        }
        return f.describe();
    }

    private static String symbol(CompareOp op) {
        return switch (op) {
            case EQ -> "=";
            case NE -> "other than";
            case LT -> "below";
            case LE -> "at most";
            case GT -> "above";
            case GE -> "at least";
        };
    }

    private static LocalDate day(Literal l) {
        if (l instanceof Literal.DateValue d) {
            return d.value();
        }
        return ((Literal.DateTimeValue) l).value().toLocalDate();
    }
}
