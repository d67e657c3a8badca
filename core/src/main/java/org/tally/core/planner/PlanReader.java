package org.tally.core.planner;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ContradictionException;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecJson;
import org.tally.core.spec.TimeScope;
import org.tally.core.spec.ValueRef;

/**
 * Reads a model's output with the project's own spec reader and checks it against what the schema offered, before
 * anything is bound or compiled: every concept, column reference, value, date and bound must be one the
 * {@link PlanVocabulary} holds. A runtime whose constrained decoding fails open therefore changes nothing. Never
 * throws: every output that is not a usable spec is a {@link PlanReading.Rejected} with a typed {@link PlanError}.
 */
public final class PlanReader {

    /** Outputs longer than this are not read at all (a spec of the schema's bounds is far shorter). */
    static final int MAX_CHARS = 16_384;
    /** The largest number a planned comparison may use, and the most decimals. */
    static final BigDecimal MAX_NUMBER = new BigDecimal("1000000000000");
    static final int MAX_SCALE = 6;
    /** The largest count of related rows a planned condition may name. */
    static final int MAX_COUNT = 1000;

    private final PlanVocabulary vocabulary;
    private final Set<LocalDate> dates;

    public PlanReader(PlanVocabulary vocabulary) {
        this.vocabulary = vocabulary;
        this.dates = new HashSet<>(vocabulary.time().boundaries());
    }

    public PlanReading read(String output) {
        if (output == null || output.isBlank()) {
            return reject(PlanError.Kind.INCOMPLETE, "$", "nothing was written", "write one JSON object");
        }
        if (output.length() > MAX_CHARS) {
            return reject(PlanError.Kind.NOT_A_SPEC, "$", "the output is " + output.length() + " characters long",
                    "write one short JSON object");
        }
        QuerySpec spec;
        try {
            spec = SpecJson.fromJson(output.strip());
        } catch (SpecException e) {
            boolean cut = e.problem().contains("end-of-input") || e.problem().contains("Unexpected end");
            return reject(cut ? PlanError.Kind.INCOMPLETE : PlanError.Kind.NOT_A_SPEC, e.field(), e.problem(),
                    e.fix());
        } catch (RuntimeException | StackOverflowError e) {
            return reject(PlanError.Kind.NOT_A_SPEC, "$", "the output could not be read as a spec",
                    "write one JSON object in the spec format");
        }
        PlanError outside = new Check().spec(spec);
        if (outside != null) {
            return new PlanReading.Rejected(outside);
        }
        try {
            return new PlanReading.Read(SpecCanonicalizer.canonicalize(spec));
        } catch (ContradictionException e) {
            return reject(PlanError.Kind.CONTRADICTION, e.field(), e.problem(), e.fix());
        } catch (SpecException e) {
            return reject(PlanError.Kind.NOT_A_SPEC, e.field(), e.problem(), e.fix());
        } catch (RuntimeException e) {
            return reject(PlanError.Kind.NOT_A_SPEC, "$", "the spec could not be put in canonical form",
                    "write a simpler spec");
        }
    }

    private static PlanReading reject(PlanError.Kind kind, String field, String problem, String fix) {
        return new PlanReading.Rejected(new PlanError(kind, field, problem, fix));
    }

    /** One walk over a spec; the first thing outside the vocabulary is the error. */
    private final class Check {

        PlanError spec(QuerySpec spec) {
            if (!vocabulary.offersConcept(spec.subject())) {
                return outside("subject", "'" + spec.subject() + "' is not a concept of this source",
                        "use one of " + vocabulary.concepts());
            }
            PlanError e = null;
            for (int i = 0; e == null && i < spec.measures().size(); i++) {
                e = measure(spec.measures().get(i), "measures[" + i + "]");
            }
            for (int i = 0; e == null && i < spec.dimensions().size(); i++) {
                Dimension d = spec.dimensions().get(i);
                e = column(d.column(), "dimensions[" + i + "].column");
            }
            e = e != null ? e : filters(spec.filters(), "filters");
            e = e != null ? e : timeScope(spec.timeScope());
            e = e != null ? e : related(spec.related(), "related");
            for (int i = 0; e == null && i < spec.order().size(); i++) {
                OrderKey k = spec.order().get(i);
                if (k instanceof OrderKey.ByValue byValue) {
                    e = value(byValue.value(), "order[" + i + "].value");
                }
            }
            for (int i = 0; e == null && i < spec.projection().size(); i++) {
                e = column(spec.projection().get(i), "projection[" + i + "]");
            }
            if (e == null && spec.limit() != null && spec.limit() > PlanSchema.MAX_LIMIT) {
                e = outside("limit", spec.limit() + " rows is more than a planned answer may ask for",
                        "ask for at most " + PlanSchema.MAX_LIMIT);
            }
            return e;
        }

        private PlanError measure(Measure m, String at) {
            if (m instanceof Measure.Count) {
                return null;
            }
            if (m instanceof Measure.Aggregate a) {
                return value(a.of(), at + ".of");
            }
            if (m instanceof Measure.Rate r) {
                PlanError e = filters(r.numerator(), at + ".numerator");
                return e != null ? e : related(r.related(), at + ".related");
            }
            throw new AssertionError(m);
        }

        private PlanError related(List<RelatedScope> scopes, String at) {
            for (int i = 0; i < scopes.size(); i++) {
                RelatedScope r = scopes.get(i);
                String here = at + "[" + i + "]";
                if (!vocabulary.offersConcept(r.concept())) {
                    return outside(here + ".concept", "'" + r.concept() + "' is not a concept of this source",
                            "use one of " + vocabulary.concepts());
                }
                if (r.atLeast() != null && r.atLeast() > MAX_COUNT || r.atMost() != null && r.atMost() > MAX_COUNT) {
                    return outside(here, "the count of related rows is above " + MAX_COUNT, "use a smaller count");
                }
                PlanError e = filters(r.filters(), here + ".filters");
                if (e != null) {
                    return e;
                }
            }
            return null;
        }

        private PlanError timeScope(TimeScope t) {
            if (t == null) {
                return null;
            }
            PlanError e = column(t.column(), "timeScope.column");
            e = e != null ? e : date(t.from(), "timeScope.from");
            return e != null ? e : date(t.to(), "timeScope.to");
        }

        private PlanError filters(List<Filter> filters, String at) {
            for (int i = 0; i < filters.size(); i++) {
                PlanError e = filter(filters.get(i), at + "[" + i + "]");
                if (e != null) {
                    return e;
                }
            }
            return null;
        }

        private PlanError filter(Filter f, String at) {
            PlanError e = value(f.target(), at + ".target");
            if (e != null) {
                return e;
            }
            if (f instanceof Filter.Compare c) {
                return literal(f.target(), c.value(), at + ".value");
            }
            if (f instanceof Filter.In in) {
                for (int i = 0; i < in.values().size(); i++) {
                    PlanError bad = literal(f.target(), in.values().get(i), at + ".values[" + i + "]");
                    if (bad != null) {
                        return bad;
                    }
                }
                return null;
            }
            if (f instanceof Filter.Between b) {
                PlanError bad = literal(f.target(), b.low(), at + ".low");
                return bad != null ? bad : literal(f.target(), b.high(), at + ".high");
            }
            if (f instanceof Filter.IsNull || f instanceof Filter.IsNotNull || f instanceof Filter.IsTrue
                    || f instanceof Filter.IsFalse) {
                return null;
            }
            throw new AssertionError(f);
        }

        private PlanError value(ValueRef v, String at) {
            if (v instanceof ColumnRef c) {
                return column(c, at);
            }
            if (v instanceof DurationRef d) {
                boolean offered = vocabulary.durations().stream().anyMatch(o -> o.unit() == d.unit()
                        && o.mode() == d.mode() && o.start().canonical().equals(d.start().canonical())
                        && o.end().canonical().equals(d.end().canonical()));
                return offered ? null : outside(at, d.describe() + " is not a duration this source offers",
                        "use a duration between a concept's own start and end time");
            }
            throw new AssertionError(v);
        }

        private PlanError column(ColumnRef ref, String at) {
            if (ref.via() == null && vocabulary.column(ref) != null) {
                return null;
            }
            return outside(at, ref.describe() + " is not a column of this source",
                    "use one of the column references listed for its concept");
        }

        /** A literal compared with a target: one of the column's own values, a sane number, or an offered date. */
        private PlanError literal(ValueRef target, Literal value, String at) {
            if (value instanceof Literal.DateValue || value instanceof Literal.DateTimeValue) {
                return date(value, at);
            }
            if (value instanceof Literal.NumberValue n) {
                BigDecimal x = n.value();
                if (x.abs().compareTo(MAX_NUMBER) > 0 || x.scale() > MAX_SCALE) {
                    return outside(at, "the number " + x.toPlainString() + " is out of range",
                            "use a number as the question gives it");
                }
            }
            if (target instanceof ColumnRef ref) {
                PlanVocabulary.Column column = vocabulary.column(ref);
                boolean enumerated = column != null && !column.values().isEmpty();
                if (enumerated && !column.values().contains(value)) {
                    return outside(at, value.describe() + " is not a recorded value of " + ref.describe(),
                            "use one of its recorded values");
                }
                if (!enumerated && value instanceof Literal.StringValue) {
                    return outside(at, "text " + value.describe() + " is compared with " + ref.describe()
                            + ", which has no recorded values to choose from", "compare it with a listed value");
                }
            }
            return null;
        }

        private PlanError date(Literal value, String at) {
            if (value == null) {
                return null;
            }
            if (value instanceof Literal.DateValue d && dates.contains(d.value())) {
                return null;
            }
            return outside(at, value.describe() + " is not one of the offered time boundaries",
                    "use the from and to dates of a listed time phrase");
        }

        private PlanError outside(String field, String problem, String fix) {
            return new PlanError(PlanError.Kind.OUTSIDE_BINDING, field, problem, fix);
        }
    }
}
