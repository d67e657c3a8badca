package org.tally.core.restate;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.tally.core.pack.Concept;
import org.tally.core.pack.RoleHint;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * The phrasings of one spec, built from the pack's words and the spec's own recorded values: a lead for the shape
 * ("How many", "List the", "Are there any"), the subject's plural term, its values, a time phrase, groupings and a
 * bucket. Only what these parts can say is phrased; a spec with anything else (a related scope, an order, a
 * measure other than a count, a condition other than equality on a recorded value or a date range) gets none.
 */
final class Phrasings {

    private final Words words;

    Phrasings(Words words) {
        this.words = words;
    }

    /** What the spec says, split into the parts a sentence is made of; empty when a part cannot be said. */
    private record Parts(Concept subject, List<String> ownValues, List<String> otherValues, TimeRange time,
                         List<List<String>> groupings, String bucket) {
    }

    private record TimeRange(ColumnRef column, LocalDate from, LocalDate to) {
    }

    List<String> of(QuerySpec spec) {
        Optional<Parts> parts = parts(spec);
        if (parts.isEmpty()) {
            return List.of();
        }
        Parts p = parts.get();
        String lead;
        String end;
        if (spec.shape() == Shape.SCALAR || spec.shape() == Shape.GROUPED || spec.shape() == Shape.TREND) {
            lead = "How many";
            end = "?";
        } else if (spec.shape() == Shape.LIST) {
            lead = "List the";
            end = "";
        } else if (spec.shape() == Shape.EXISTS) {
            lead = "Are there any";
            end = "?";
        } else if (spec.shape() == Shape.TOP_N) {
            return ranked(spec, p);
        } else {
            return List.of();
        }
        List<String> times = p.time() == null ? List.of("") : timePhrases(p.subject(), p.time());
        String all = String.join(" ", p.ownValues()) + " " + String.join(" ", p.otherValues());
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (List<String> groups : Restater.combinations(p.groupings())) {
            String tail = Restater.words(String.join(" ", groups), p.bucket());
            for (String time : times) {
                String own = String.join(" ", p.ownValues());
                String other = String.join(" ", p.otherValues());
                out.add(Restater.words(lead, own, p.subject().plural(), other, time, tail) + end);
                out.add(Restater.words(lead, p.subject().plural(), all, time, tail) + end);
                out.add(Restater.words(lead, all, p.subject().plural(), time, tail) + end);
            }
        }
        return List.copyOf(out);
    }

    /**
     * "Which 3 wards had the most falls incidents in 2026?": a count ranked by one grouping on a concept the subject
     * refers to, said with that concept's own term (without N when the limit is one).
     */
    private List<String> ranked(QuerySpec spec, Parts p) {
        if (spec.dimensions().size() != 1 || !(spec.dimensions().get(0) instanceof Dimension.Column c)
                || p.bucket() != null) {
            return List.of();
        }
        Concept owner = concept(c.column().concept()).orElse(null);
        if (owner == null || same(owner.id(), p.subject().id())) {
            return List.of();
        }
        String which = spec.limit() == 1 ? Restater.words("Which", owner.singular())
                : Restater.words("Which", String.valueOf(spec.limit()), owner.plural());
        List<String> times = p.time() == null ? List.of("") : timePhrases(p.subject(), p.time());
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String time : times) {
            out.add(Restater.words(which, "had the most", String.join(" ", p.ownValues()), p.subject().plural(),
                    String.join(" ", p.otherValues()), time) + "?");
            out.add(Restater.words(which, "had the most", p.subject().plural(), String.join(" ", p.ownValues()),
                    String.join(" ", p.otherValues()), time) + "?");
        }
        return List.copyOf(out);
    }

    private Optional<Parts> parts(QuerySpec spec) {
        Concept subject = concept(spec.subject()).orElse(null);
        boolean ranked = spec.shape() == Shape.TOP_N && spec.order().equals(List.of(
                new OrderKey.ByMeasure(0, Direction.DESC)));
        if (subject == null || !spec.related().isEmpty() || (!ranked && (!spec.order().isEmpty()
                || spec.limit() != null)) || !spec.projection().isEmpty()) {
            return Optional.empty();
        }
        boolean counts = spec.shape() == Shape.LIST || spec.shape() == Shape.EXISTS ? spec.measures().isEmpty()
                : spec.measures().size() == 1 && spec.measures().get(0) instanceof Measure.Count;
        if (!counts) {
            return Optional.empty();
        }
        List<String> own = new ArrayList<>();
        List<String> other = new ArrayList<>();
        ColumnRef timeColumn = null;
        LocalDate from = null;
        LocalDate to = null;
        for (Filter f : spec.filters()) {
            if (!(f.target() instanceof ColumnRef column)) {
                return Optional.empty();
            }
            boolean ofSubject = column.via() == null && same(column.concept(), subject.id());
            if (f instanceof Filter.Compare c && c.value() instanceof Literal.DateValue d
                    && (c.op() == CompareOp.GE || c.op() == CompareOp.LT)) {
                if (timeColumn != null && !timeColumn.canonical().equals(column.canonical())) {
                    return Optional.empty();
                }
                timeColumn = column;
                if (c.op() == CompareOp.GE && from == null) {
                    from = d.value();
                } else if (c.op() == CompareOp.LT && to == null) {
                    to = d.value();
                } else {
                    return Optional.empty();
                }
            } else if (f instanceof Filter.Compare c && c.op() == CompareOp.EQ
                    && c.value() instanceof Literal.StringValue s) {
                (ofSubject ? own : other).add(s.value());
            } else if (f instanceof Filter.In in && in.values().stream().allMatch(Literal.StringValue.class::isInstance)) {
                (ofSubject ? own : other).add(String.join(" or ", in.values().stream()
                        .map(v -> ((Literal.StringValue) v).value()).toList()));
            } else {
                return Optional.empty();
            }
        }
        if (spec.timeScope() != null) {
            return Optional.empty(); // the canonical form holds the range as filters and the bucket as a dimension
        }
        List<List<String>> groupings = new ArrayList<>();
        String bucket = null;
        for (Dimension d : spec.dimensions()) {
            if (d instanceof Dimension.TimeBucket b) {
                if (bucket != null) {
                    return Optional.empty();
                }
                bucket = "per " + b.bucket().jsonName();
            } else if (d instanceof Dimension.Column c) {
                List<String> phrases = groupingPhrases(subject, c.column());
                if (phrases.isEmpty()) {
                    return Optional.empty();
                }
                groupings.add(phrases);
            } else {
                throw new AssertionError(d);
            }
        }
        TimeRange time = timeColumn == null ? null : new TimeRange(timeColumn, from, to);
        return Optional.of(new Parts(subject, own, other, time, groupings, bucket));
    }

    /** "in October 2026", and the same after each verb the pack gives the time's column ("discharged in …"). */
    private List<String> timePhrases(Concept subject, TimeRange time) {
        String period = Restater.period(time.from(), time.to());
        List<String> out = new ArrayList<>();
        out.add(period);
        Concept owner = concept(time.column().concept()).orElse(subject);
        for (RoleHint hint : owner.roleHints()) {
            if (hint.roles().contains(time.column().role().jsonName()) && !hint.phrases().isEmpty()) {
                out.add(hint.phrases().get(0) + " " + period);
            }
        }
        return out;
    }

    /** "by ward", "by status", "by mode of delivery": the column's hint words, its role phrases, its role, its concept. */
    private List<String> groupingPhrases(Concept subject, ColumnRef column) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        Concept owner = concept(column.concept()).orElse(null);
        if (owner == null) {
            return List.of();
        }
        if (column.hint() != null) {
            out.add("by " + column.hint());
        }
        for (RoleHint hint : owner.roleHints()) {
            if (hint.roles().contains(column.role().jsonName()) && !hint.phrases().isEmpty()) {
                out.add("by " + hint.phrases().get(0));
            }
        }
        if (!same(owner.id(), subject.id())) {
            out.add("by " + owner.singular());
        }
        out.add("by " + roleWord(column));
        return List.copyOf(out);
    }

    private Optional<Concept> concept(String id) {
        return words.concept(id);
    }

    private static boolean same(String a, String b) {
        return Words.same(a, b);
    }

    private static String roleWord(ColumnRef column) {
        return Words.roleWord(column);
    }
}
