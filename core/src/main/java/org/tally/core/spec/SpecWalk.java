package org.tally.core.spec;

import java.util.function.Consumer;

/** Visits the column references of a spec's parts. */
final class SpecWalk {

    private SpecWalk() {
    }

    static void subjectRefs(QuerySpec spec, Consumer<ColumnRef> out) {
        for (Measure m : spec.measures()) {
            measureRefs(m, out);
        }
        for (Dimension d : spec.dimensions()) {
            out.accept(d.column());
        }
        for (Filter f : spec.filters()) {
            f.target().columns().forEach(out);
        }
        if (spec.timeScope() != null) {
            out.accept(spec.timeScope().column());
        }
        for (OrderKey k : spec.order()) {
            if (k instanceof OrderKey.ByValue byValue) {
                byValue.value().columns().forEach(out);
            }
        }
        spec.projection().forEach(out);
    }

    static void measureRefs(Measure m, Consumer<ColumnRef> out) {
        if (m instanceof Measure.Count) {
            return;
        }
        if (m instanceof Measure.Aggregate aggregate) {
            aggregate.of().columns().forEach(out);
            return;
        }
        if (m instanceof Measure.Rate rate) {
            for (Filter f : rate.numerator()) {
                f.target().columns().forEach(out);
            }
            return;
        }
        throw new AssertionError(m);
    }
}
