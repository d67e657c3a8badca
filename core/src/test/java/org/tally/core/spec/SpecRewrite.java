package org.tally.core.spec;

import java.util.ArrayList;
import java.util.List;

/** Rebuilds a spec node by node; subclasses override the parts they change. */
class SpecRewrite {

    ColumnRef ref(ColumnRef c) {
        return c;
    }

    String concept(String c) {
        return c;
    }

    /** A list of AND-ed filters after its elements were rewritten; {@code main} is the subject's own list. */
    List<Filter> filters(List<Filter> filters, boolean main, String context) {
        return filters;
    }

    List<Literal> inValues(List<Literal> values) {
        return values;
    }

    List<RelatedScope> related(List<RelatedScope> scopes) {
        return scopes;
    }

    Direction direction(Direction d) {
        return d;
    }

    final ValueRef value(ValueRef v) {
        if (v instanceof ColumnRef) {
            return ref((ColumnRef) v);
        }
        DurationRef d = (DurationRef) v;
        return new DurationRef(ref(d.start()), ref(d.end()), d.unit(), d.mode());
    }

    final Filter filter(Filter f) {
        ValueRef t = value(f.target());
        if (f instanceof Filter.In) {
            return new Filter.In(t, inValues(((Filter.In) f).values()));
        }
        return f.withTarget(t);
    }

    final List<Filter> filterList(List<Filter> filters, boolean main, String context) {
        List<Filter> out = new ArrayList<>();
        filters.forEach(f -> out.add(filter(f)));
        return filters(out, main, context);
    }

    QuerySpec apply(QuerySpec s) {
        QuerySpec.Builder b = QuerySpec.builder(concept(s.subject()), s.shape());
        for (Measure m : s.measures()) {
            if (m instanceof Measure.Aggregate) {
                b.measure(Measure.of(((Measure.Aggregate) m).function(), value(((Measure.Aggregate) m).of())));
            } else if (m instanceof Measure.Rate) {
                b.measure(new Measure.Rate(filterList(((Measure.Rate) m).numerator(), false, s.subject())));
            } else {
                b.measure(m);
            }
        }
        for (Dimension d : s.dimensions()) {
            b.dimension(d instanceof Dimension.TimeBucket
                    ? Dimension.bucket(ref(d.column()), ((Dimension.TimeBucket) d).bucket())
                    : Dimension.of(ref(d.column())));
        }
        filterList(s.filters(), true, s.subject()).forEach(b::filter);
        TimeScope t = s.timeScope();
        if (t != null) {
            b.timeScope(new TimeScope(ref(t.column()), t.from(), t.to(), t.bucket()));
        }
        List<RelatedScope> related = new ArrayList<>();
        for (RelatedScope r : s.related()) {
            related.add(new RelatedScope(r.quantifier(), concept(r.concept()),
                    filterList(r.filters(), false, r.concept()), r.atLeast(), r.atMost()));
        }
        related(related).forEach(b::related);
        for (OrderKey k : s.order()) {
            if (k instanceof OrderKey.ByValue) {
                b.order(OrderKey.byValue(value(((OrderKey.ByValue) k).value()), direction(k.direction())));
            } else if (k instanceof OrderKey.ByMeasure) {
                b.order(OrderKey.byMeasure(((OrderKey.ByMeasure) k).index(), direction(k.direction())));
            } else {
                b.order(OrderKey.byDimension(((OrderKey.ByDimension) k).index(), direction(k.direction())));
            }
        }
        b.limit(s.limit());
        s.projection().forEach(c -> b.project(ref(c)));
        b.provenance(s.provenance());
        return b.build();
    }
}
