package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Properties of canonicalization and hashing over thousands of seeded random specs. */
class SpecPropertyTest {

    private static final int SPECS = 2000;
    private static final int VARIANTS = 3;

    private static List<QuerySpec> randomSpecs(long seed) {
        RandomSpecs generator = new RandomSpecs(new Random(seed));
        List<QuerySpec> specs = new ArrayList<>();
        for (int i = 0; i < SPECS; i++) {
            specs.add(generator.next());
        }
        return specs;
    }

    @Test
    void everySurfaceVariantHashesLikeTheOriginal() {
        SurfaceVariants variants = new SurfaceVariants(new Random(11));
        int compared = 0;
        for (QuerySpec spec : randomSpecs(1)) {
            QuerySpec canonical = SpecCanonicalizer.canonicalize(spec);
            String hash = SpecHash.of(spec);
            for (int v = 0; v < VARIANTS; v++) {
                QuerySpec variant = variants.variant(spec);
                assertThat(SpecCanonicalizer.canonicalize(variant))
                        .as("variant %s%nof %s", SpecJson.toJson(variant), SpecJson.toJson(spec))
                        .isEqualTo(canonical);
                assertThat(SpecHash.of(variant)).isEqualTo(hash);
                compared++;
            }
        }
        assertThat(compared).isEqualTo(SPECS * VARIANTS);
    }

    @Test
    void canonicalizingIsIdempotentAndSurvivesJson() {
        SurfaceVariants variants = new SurfaceVariants(new Random(12));
        for (QuerySpec spec : randomSpecs(2)) {
            QuerySpec variant = variants.variant(spec);
            QuerySpec once = SpecCanonicalizer.canonicalize(variant);
            assertThat(SpecCanonicalizer.canonicalize(once)).isEqualTo(once);
            assertThat(SpecJson.fromJson(SpecJson.toJson(variant))).isEqualTo(variant);
            assertThat(SpecJson.fromJson(SpecJson.toJson(once))).isEqualTo(once);
        }
    }

    @Test
    void distinctCanonicalFormsHashDifferently() {
        Map<String, String> formByHash = new HashMap<>();
        int distinct = 0;
        for (QuerySpec spec : randomSpecs(3)) {
            String form = SpecHash.canonicalJson(spec);
            String previous = formByHash.putIfAbsent(SpecHash.of(spec), form);
            if (previous == null) {
                distinct++;
            } else {
                assertThat(previous).isEqualTo(form);
            }
        }
        assertThat(distinct).isGreaterThan(SPECS * 9 / 10);
    }

    /** Changes to one meaningful field; each returns null where it does not apply. */
    private static List<Function<QuerySpec, QuerySpec>> mutations() {
        List<Function<QuerySpec, QuerySpec>> all = new ArrayList<>();
        all.add(s -> s.limit() == null || s.limit() == QuerySpec.MAX_LIMIT ? null
                : s.toBuilder().limit(s.limit() + 1).build());
        all.add(s -> s.order().isEmpty() ? null : s.toBuilder().editOrder(o -> o.set(0, flip(o.get(0)))).build());
        all.add(s -> s.filters().isEmpty() ? null : s.toBuilder().editFilters(f -> f.set(0, change(f.get(0)))).build());
        all.add(s -> s.dimensions().size() < 2 ? null : s.toBuilder().editDimensions(d -> {
            Dimension first = d.get(0);
            d.set(0, d.get(1));
            d.set(1, first);
        }).build());
        all.add(s -> s.projection().size() < 2 ? null : s.toBuilder().editProjection(p -> {
            ColumnRef first = p.get(0);
            p.set(0, p.get(1));
            p.set(1, first);
        }).build());
        all.add(s -> s.related().isEmpty() ? null : s.toBuilder().editRelated(r -> {
            RelatedScope first = r.get(0);
            r.set(0, new RelatedScope(first.quantifier() == Quantifier.EXISTS ? Quantifier.NOT_EXISTS
                    : Quantifier.EXISTS, first.concept(), first.filters()));
        }).build());
        all.add(s -> s.timeScope() == null || s.timeScope().to() == null ? null : s.toBuilder()
                .timeScope(new TimeScope(s.timeScope().column(), s.timeScope().from(),
                        RandomSpecs.plus(s.timeScope().to(), 1), s.timeScope().bucket())).build());
        all.add(s -> {
            int at = -1;
            for (int i = 0; i < s.measures().size() && at < 0; i++) {
                if (s.measures().get(i) instanceof Measure.Aggregate) {
                    at = i;
                }
            }
            if (at < 0) {
                return null;
            }
            Measure.Aggregate a = (Measure.Aggregate) s.measures().get(at);
            Aggregation other = a.function() == Aggregation.MIN ? Aggregation.MAX
                    : a.function() == Aggregation.MAX ? Aggregation.MIN
                    : a.function() == Aggregation.SUM ? Aggregation.AVG
                    : a.function() == Aggregation.COUNT_DISTINCT ? null : Aggregation.SUM;
            if (other == null) {
                return null;
            }
            Measure changed = Measure.of(other, a.of());
            if (s.measures().contains(changed)) {
                return null;
            }
            int index = at;
            return s.toBuilder().editMeasures(m -> m.set(index, changed)).build();
        });
        all.add(s -> s.toBuilder().subject(s.subject().equals("Delivery") ? "Admission" : "Delivery")
                .editFilters(f -> f.clear()).editMeasures(m -> m.replaceAll(x -> Measure.count()))
                .editMeasures(m -> m.subList(Math.min(1, m.size()), m.size()).clear())
                .editDimensions(d -> d.clear()).editRelated(r -> r.clear()).editOrder(o -> o.clear()).limit(null)
                .editProjection(p -> p.clear()).timeScope(null).shape(Shape.SCALAR).measure(Measure.count())
                .build());
        return all;
    }

    private static OrderKey flip(OrderKey k) {
        Direction d = k.direction() == Direction.ASC ? Direction.DESC : Direction.ASC;
        if (k instanceof OrderKey.ByMeasure) {
            return OrderKey.byMeasure(((OrderKey.ByMeasure) k).index(), d);
        }
        if (k instanceof OrderKey.ByDimension) {
            return OrderKey.byDimension(((OrderKey.ByDimension) k).index(), d);
        }
        return OrderKey.byValue(((OrderKey.ByValue) k).value(), d);
    }

    /** The same kind of condition on the same target, selecting different rows. */
    private static Filter change(Filter f) {
        ValueRef t = f.target();
        if (f instanceof Filter.Compare) {
            Filter.Compare c = (Filter.Compare) f;
            return new Filter.Compare(t, c.op(), RandomSpecs.plus(c.value(), 1));
        }
        if (f instanceof Filter.In) {
            List<Literal> values = new ArrayList<>(((Filter.In) f).values());
            values.add(Literal.of("another value"));
            return new Filter.In(t, values);
        }
        if (f instanceof Filter.Between) {
            Filter.Between b = (Filter.Between) f;
            return Filter.between(t, b.low(), RandomSpecs.plus(b.high(), 1));
        }
        if (f instanceof Filter.IsNull) {
            return new Filter.IsNotNull(t);
        }
        if (f instanceof Filter.IsNotNull) {
            return new Filter.IsNull(t);
        }
        if (f instanceof Filter.IsTrue) {
            return new Filter.IsFalse(t);
        }
        if (f instanceof Filter.IsFalse) {
            return new Filter.IsTrue(t);
        }
        throw new AssertionError(f);
    }

    @Test
    void changingOneMeaningfulFieldChangesTheHash() {
        List<Function<QuerySpec, QuerySpec>> mutations = mutations();
        int[] applied = new int[mutations.size()];
        for (QuerySpec spec : randomSpecs(4)) {
            QuerySpec canonical = SpecCanonicalizer.canonicalize(spec);
            String hash = SpecHash.of(spec);
            for (int m = 0; m < mutations.size(); m++) {
                QuerySpec changed = mutations.get(m).apply(spec);
                if (changed == null || changed.equals(spec)) {
                    continue;
                }
                applied[m]++;
                assertThat(SpecCanonicalizer.canonicalize(changed))
                        .as("mutation %d of %s", m, SpecJson.toJson(spec)).isNotEqualTo(canonical);
                assertThat(SpecHash.of(changed)).isNotEqualTo(hash);
            }
        }
        for (int m = 0; m < applied.length; m++) {
            assertThat(applied[m]).as("mutation %d applied", m).isGreaterThan(50);
        }
    }
}
