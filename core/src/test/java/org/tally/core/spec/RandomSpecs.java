package org.tally.core.spec;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Seeded generator of valid specs of every shape. Each generated spec tests each target at most once and keeps its
 * time scope off the filtered columns, so changing one field of it always changes its meaning.
 */
final class RandomSpecs {

    static final String[] SUBJECTS = {"Delivery", "Admission", "Appointment"};
    static final String[] RELATED = {"Newborn", "Surgery", "LabResult"};
    static final String[] WORDS = {"open", "closed", "CS", "SVD", "ICU", "Ward 3", "pending", "é-ñ", "Ａ", "x y"};

    private final Random r;

    RandomSpecs(Random random) {
        this.r = random;
    }

    static List<ColumnRef> categorical(String s) {
        return List.of(ColumnRef.of(s, ColumnRole.STATUS), ColumnRef.of(s, ColumnRole.CATEGORY, "method kind"),
                ColumnRef.of(s, ColumnRole.CATEGORY, "admission source"), ColumnRef.of(s, ColumnRole.TYPE),
                ColumnRef.of("Ward", ColumnRole.NAME), ColumnRef.of("Department", ColumnRole.NAME).via("Ward"));
    }

    static List<ColumnRef> numeric(String s) {
        return List.of(ColumnRef.of(s, ColumnRole.MEASURE, "birth weight"), ColumnRef.of(s, ColumnRole.AMOUNT),
                ColumnRef.of(s, ColumnRole.QUANTITY));
    }

    static List<ColumnRef> temporal(String s) {
        return List.of(ColumnRef.of(s, ColumnRole.EVENT_TIME), ColumnRef.of(s, ColumnRole.START_TIME),
                ColumnRef.of(s, ColumnRole.END_TIME));
    }

    static List<ColumnRef> flags(String s) {
        return List.of(ColumnRef.of(s, ColumnRole.FLAG, "emergency"), ColumnRef.of(s, ColumnRole.FLAG, "stillbirth"));
    }

    static DurationRef stay(String s, DurationUnit unit) {
        return DurationRef.of(ColumnRef.of(s, ColumnRole.START_TIME), ColumnRef.of(s, ColumnRole.END_TIME), unit,
                DurationMode.COMPLETED_ONLY);
    }

    static List<ValueRef> targets(String s) {
        List<ValueRef> all = new ArrayList<>();
        all.addAll(categorical(s));
        all.addAll(numeric(s));
        all.addAll(temporal(s));
        all.addAll(flags(s));
        all.add(stay(s, DurationUnit.DAYS));
        all.add(stay(s, DurationUnit.HOURS));
        return all;
    }

    <T> T pick(List<T> items) {
        return items.get(r.nextInt(items.size()));
    }

    Literal word() {
        return Literal.of(WORDS[r.nextInt(WORDS.length)]);
    }

    Literal number() {
        BigDecimal n = BigDecimal.valueOf(r.nextInt(5000) - 5);
        return Literal.of(r.nextBoolean() ? n : n.add(BigDecimal.valueOf(r.nextInt(100), 2)));
    }

    Literal day() {
        return Literal.of(LocalDate.of(2020, 1, 1).plusDays(r.nextInt(2500)));
    }

    static Literal plus(Literal value, int step) {
        if (value instanceof Literal.NumberValue) {
            return Literal.of(((Literal.NumberValue) value).value().add(BigDecimal.valueOf(step)));
        }
        if (value instanceof Literal.DateValue) {
            return Literal.of(((Literal.DateValue) value).value().plusDays(step));
        }
        if (value instanceof Literal.DateTimeValue) {
            return Literal.of(((Literal.DateTimeValue) value).value().plusHours(step));
        }
        if (value instanceof Literal.StringValue) {
            return Literal.of(((Literal.StringValue) value).value() + "#" + step);
        }
        throw new AssertionError(value);
    }

    /** One satisfiable condition on the target. */
    Filter filterOn(ValueRef t) {
        if (t instanceof ColumnRef && ((ColumnRef) t).role() == ColumnRole.FLAG) {
            int k = r.nextInt(3);
            return k == 0 ? new Filter.IsTrue(t) : k == 1 ? new Filter.IsFalse(t) : new Filter.IsNull(t);
        }
        if (t.isTemporal()) {
            Literal d = day();
            switch (r.nextInt(4)) {
                case 0: return Filter.ge(t, d);
                case 1: return Filter.lt(t, d);
                case 2: return Filter.between(t, d, plus(d, 1 + r.nextInt(90)));
                default: return new Filter.IsNotNull(t);
            }
        }
        if (t.isNumeric()) {
            Literal n = number();
            switch (r.nextInt(8)) {
                case 0: return Filter.gt(t, n);
                case 1: return Filter.ge(t, n);
                case 2: return Filter.lt(t, n);
                case 3: return Filter.le(t, n);
                case 4: return Filter.between(t, n, plus(n, 1 + r.nextInt(50)));
                case 5: return Filter.eq(t, n);
                case 6: return Filter.ne(t, n);
                default: return new Filter.IsNull(t);
            }
        }
        switch (r.nextInt(5)) {
            case 0: return Filter.eq(t, word());
            case 1: {
                List<Literal> values = new ArrayList<>();
                for (String w : WORDS) {
                    values.add(Literal.of(w));
                }
                Collections.shuffle(values, r);
                return new Filter.In(t, values.subList(0, 2 + r.nextInt(3)));
            }
            case 2: return Filter.ne(t, word());
            case 3: return new Filter.IsNull(t);
            default: return new Filter.IsNotNull(t);
        }
    }

    Measure measure(String s) {
        switch (r.nextInt(5)) {
            case 0: return Measure.count();
            case 1: return Measure.of(pick(List.of(Aggregation.SUM, Aggregation.AVG, Aggregation.MEDIAN)),
                    r.nextBoolean() ? pick(numeric(s)) : stay(s, DurationUnit.DAYS));
            case 2: return Measure.of(pick(List.of(Aggregation.MIN, Aggregation.MAX)),
                    r.nextBoolean() ? pick(numeric(s)) : pick(temporal(s)));
            case 3: return Measure.of(Aggregation.COUNT_DISTINCT, pick(categorical(s)));
            default: return Measure.of(Aggregation.AVG, stay(s, DurationUnit.HOURS));
        }
    }

    Dimension dimension(String s) {
        return r.nextInt(3) == 0 ? Dimension.bucket(pick(temporal(s)), pick(List.of(Bucket.values())))
                : Dimension.of(pick(categorical(s)));
    }

    Direction direction() {
        return r.nextBoolean() ? Direction.ASC : Direction.DESC;
    }

    QuerySpec next() {
        String s = SUBJECTS[r.nextInt(SUBJECTS.length)];
        Shape shape = pick(List.of(Shape.values()));
        QuerySpec.Builder b = QuerySpec.builder(s, shape);

        List<ValueRef> pool = new ArrayList<>(targets(s));
        Collections.shuffle(pool, r);
        int filterCount = r.nextInt(5);
        List<ValueRef> used = new ArrayList<>(pool.subList(0, filterCount));
        used.forEach(t -> b.filter(filterOn(t)));
        if (shape == Shape.LOOKUP) {
            b.filter(Filter.eq(ColumnRef.of(s, ColumnRole.IDENTIFIER), Literal.of("MRN-" + r.nextInt(1000))));
        }

        List<ColumnRef> freeTimes = new ArrayList<>(temporal(s));
        freeTimes.removeIf(t -> used.stream().anyMatch(u -> u.columns().contains(t)));
        boolean grouping = shape == Shape.GROUPED || shape == Shape.TREND || shape == Shape.TOP_N
                || shape == Shape.RATE;
        Bucket scopeBucket = null;
        ColumnRef scopeTime = null;
        if (!freeTimes.isEmpty() && (r.nextInt(5) < 2 || shape == Shape.TREND)) {
            ColumnRef time = pick(freeTimes);
            scopeTime = time;
            Literal from = r.nextInt(4) == 0 ? null : day();
            Literal to = from == null ? day() : r.nextInt(4) == 0 ? null : plus(from, 1 + r.nextInt(400));
            scopeBucket = grouping && r.nextBoolean() ? pick(List.of(Bucket.values())) : null;
            b.timeScope(new TimeScope(time, from, to, scopeBucket));
        }

        List<Dimension> dims = new ArrayList<>();
        int dimCount = shape == Shape.GROUPED || shape == Shape.TOP_N ? 1 + r.nextInt(2)
                : shape == Shape.TREND ? r.nextInt(2) : shape == Shape.RATE ? r.nextInt(2) : 0;
        int wanted = dimCount;
        if (shape == Shape.TREND && scopeBucket == null) {
            dims.add(Dimension.bucket(pick(temporal(s)), pick(List.of(Bucket.values()))));
            wanted++;
        }
        while (dims.size() < wanted) {
            Dimension d = dimension(s);
            ColumnRef bucketed = scopeBucket == null ? null : scopeTime;
            boolean clash = dims.stream().anyMatch(x -> x.column().equals(d.column())) || d.column().equals(bucketed);
            if (!clash) {
                dims.add(d);
            }
        }
        dims.forEach(b::dimension);

        List<Measure> measures = new ArrayList<>();
        if (shape == Shape.RATE) {
            List<ValueRef> free = new ArrayList<>(pool.subList(filterCount, pool.size()));
            Filter first = filterOn(free.get(0));
            measures.add(r.nextBoolean() ? Measure.rate(first) : Measure.rate(first, filterOn(free.get(1))));
        }
        if (shape != Shape.LIST && shape != Shape.LOOKUP && shape != Shape.EXISTS) {
            int count = (shape == Shape.RATE ? 0 : 1) + r.nextInt(2);
            while (measures.size() < count + (shape == Shape.RATE ? 1 : 0)) {
                Measure m = measure(s);
                if (!measures.contains(m)) {
                    measures.add(m);
                }
            }
        }
        measures.forEach(b::measure);

        int totalDims = dims.size() + (scopeBucket != null ? 1 : 0);
        if (shape == Shape.TOP_N || (grouping && shape != Shape.SCALAR && totalDims > 0 && r.nextBoolean())) {
            b.order(OrderKey.byMeasure(r.nextInt(measures.size()), direction()));
            if (!dims.isEmpty() && r.nextBoolean()) {
                b.order(OrderKey.byDimension(r.nextInt(dims.size()), direction()));
            }
            b.limit(1 + r.nextInt(100));
        }
        if (shape == Shape.LIST || shape == Shape.LOOKUP) {
            List<ColumnRef> cols = new ArrayList<>(categorical(s));
            cols.addAll(temporal(s));
            Collections.shuffle(cols, r);
            cols.subList(0, r.nextInt(4)).forEach(b::project);
            if (r.nextBoolean()) {
                b.order(OrderKey.byValue(r.nextBoolean() ? pick(temporal(s)) : stay(s, DurationUnit.DAYS),
                        direction()));
            }
            if (r.nextBoolean()) {
                b.limit(1 + r.nextInt(QuerySpec.MAX_LIMIT));
            }
        }

        List<String> concepts = new ArrayList<>(List.of(RELATED));
        Collections.shuffle(concepts, r);
        for (String c : concepts.subList(0, r.nextInt(3))) {
            List<Filter> fs = new ArrayList<>();
            if (r.nextBoolean()) {
                fs.add(filterOn(pick(categorical(c).subList(0, 4))));
            }
            int kind = r.nextInt(5);
            b.related(kind == 4 ? RelatedScope.atLeast(2 + r.nextInt(3), c, fs)
                    : new RelatedScope(kind % 2 == 0 ? Quantifier.EXISTS : Quantifier.NOT_EXISTS, c, fs));
        }
        return b.build();
    }
}
