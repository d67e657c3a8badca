package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.spec.Specs.*;

import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class QuerySpecInvariantTest {

    private static void refused(ThrowingCallable build, String field, String words) {
        assertThatThrownBy(build)
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).isEqualTo(field))
                .hasMessageContaining(words)
                .hasMessageContaining("Fix: ");
    }

    private static QuerySpec.Builder topWards() {
        return QuerySpec.builder("Admission", Shape.TOP_N).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Ward", ColumnRole.NAME)));
    }

    @Test
    void topNNeedsALimitAndAnOrder() {
        refused(() -> topWards().order(OrderKey.byMeasure(0, Direction.DESC)).build(), "limit", "TopN needs a limit");
        refused(() -> topWards().limit(5).build(), "order", "TopN needs a limit and an order");
        assertThat(topWards().limit(5).order(OrderKey.byMeasure(0, Direction.DESC)).build().limit()).isEqualTo(5);
    }

    @Test
    void limitIsBounded() {
        refused(() -> topWards().order(OrderKey.byMeasure(0, null)).limit(0).build(), "limit", "out of range");
        refused(() -> topWards().order(OrderKey.byMeasure(0, null)).limit(QuerySpec.MAX_LIMIT + 1).build(), "limit",
                "out of range");
        refused(() -> deliveries(Shape.SCALAR).measure(Measure.count()).limit(3).build(), "limit", "returns one row");
        refused(() -> deliveries(Shape.GROUPED).measure(Measure.count()).dimension(Dimension.of(DELIVERY_METHOD))
                .limit(3).build(), "order", "without an order keeps arbitrary groups");
        refused(() -> deliveries(Shape.RATE).measure(Measure.rate(Filter.eq(DELIVERY_METHOD, text("CS"))))
                .order(OrderKey.byMeasure(0, null)).limit(3).build(), "limit", "ungrouped");
    }

    @Test
    void rateNeedsARateMeasureAndOnlyRateHasOne() {
        refused(() -> deliveries(Shape.RATE).measure(Measure.count()).build(), "measures", "Rate needs a rate measure");
        refused(() -> deliveries(Shape.SCALAR).measure(Measure.rate(Filter.eq(DELIVERY_METHOD, text("CS")))).build(),
                "measures", "needs shape Rate");
        refused(() -> Measure.rate(), "numerator", "no numerator");
    }

    @Test
    void trendNeedsABucketedTimeDimension() {
        refused(() -> deliveries(Shape.TREND).measure(Measure.count()).dimension(Dimension.of(DELIVERY_METHOD))
                .build(), "dimensions", "Trend needs a time-bucket dimension");
        QuerySpec viaScope = deliveries(Shape.TREND).measure(Measure.count())
                .timeScope(new TimeScope(DELIVERY_TIME, date("2026-01-01"), null, Bucket.MONTH)).build();
        assertThat(viaScope.timeScope().bucket()).isEqualTo(Bucket.MONTH);
        refused(() -> Dimension.bucket(DELIVERY_METHOD, Bucket.MONTH), "column", "not a date or time");
        refused(() -> Dimension.bucket(DELIVERY_TIME, null), "bucket", "is missing");
    }

    @Test
    void shapesWithoutGroupsRefuseDimensionsAndTheOthersNeedThem() {
        refused(() -> deliveries(Shape.SCALAR).measure(Measure.count()).dimension(Dimension.of(DELIVERY_METHOD))
                .build(), "dimensions", "Scalar has no groupings");
        refused(() -> deliveries(Shape.SCALAR).measure(Measure.count())
                .timeScope(new TimeScope(DELIVERY_TIME, null, null, Bucket.DAY)).build(), "timeScope.bucket",
                "no groupings");
        refused(() -> deliveries(Shape.GROUPED).measure(Measure.count()).build(), "dimensions", "needs a dimension");
        refused(() -> deliveries(Shape.SCALAR).build(), "measures", "Scalar needs a measure");
        refused(() -> deliveries(Shape.LIST).measure(Measure.count()).build(), "measures", "computes no measures");
        refused(() -> deliveries(Shape.GROUPED).measure(Measure.count()).dimension(Dimension.of(DELIVERY_METHOD))
                .project(DELIVERY_METHOD).build(), "projection", "projects no columns");
        refused(() -> deliveries(Shape.LOOKUP).build(), "filters", "Lookup needs a filter");
    }

    @Test
    void orderKeysMustPointAtSomething() {
        refused(() -> topWards().limit(3).order(OrderKey.byMeasure(1, null)).build(), "order[0].index",
                "there is no measure 1");
        refused(() -> topWards().limit(3).order(OrderKey.byDimension(2, null)).build(), "order[0].index",
                "there is no dimension 2");
        refused(() -> topWards().limit(3).order(OrderKey.byValue(ADMISSION_START, null)).build(), "order[0]",
                "cannot sort by a row value");
        refused(() -> deliveries(Shape.LIST).order(OrderKey.byMeasure(0, null)).build(), "order[0].index",
                "there is no measure 0");
        refused(() -> deliveries(Shape.SCALAR).measure(Measure.count()).order(OrderKey.byMeasure(0, null)).build(),
                "order", "has no order");
        refused(() -> OrderKey.byMeasure(-1, null), "index", "is negative");
        assertThat(OrderKey.byMeasure(0, null).direction()).isEqualTo(Direction.ASC);
    }

    @Test
    void betweenNeedsOrderedBoundsLowFirst() {
        refused(() -> Filter.between(BIRTH_WEIGHT, num(9), num(3)), "low", "swap the bounds");
        refused(() -> Filter.between(DELIVERY_METHOD, text("a"), text("b")), "low", "has no order");
        refused(() -> Filter.between(DELIVERY_TIME, dateTime("2026-01-02T00:00:00"), date("2026-01-01")), "low",
                "swap the bounds");
        assertThat(Filter.between(BIRTH_WEIGHT, num(3), num(3))).isInstanceOf(Filter.Between.class);
    }

    @Test
    void inListsAreNonEmptyOfOneKindAndNoBooleans() {
        refused(() -> new Filter.In(DELIVERY_METHOD, List.of()), "values", "empty");
        refused(() -> new Filter.In(DELIVERY_METHOD, null), "values", "empty");
        refused(() -> Filter.in(DELIVERY_METHOD, text("CS"), num(1)), "values[1]", "another kind");
        refused(() -> Filter.in(DELIVERY_STILLBIRTH, Literal.of(true)), "values[0]", "use isTrue or isFalse");
        List<Literal> values = new ArrayList<>(List.of(text("a")));
        Filter.In in = new Filter.In(DELIVERY_METHOD, values);
        values.add(text("b"));
        assertThat(in.values()).hasSize(1);
    }

    @Test
    void literalsMustSuitTheTarget() {
        refused(() -> Filter.lt(DELIVERY_METHOD, text("b")), "op", "needs a number, date or datetime");
        refused(() -> Filter.eq(DELIVERY_TIME, num(3)), "value", "date or time column");
        refused(() -> Filter.eq(DELIVERY_METHOD, date("2026-01-01")), "value", "only with a date or time column");
        refused(() -> Filter.eq(BIRTH_WEIGHT, text("3")), "value", "use a number literal");
        refused(() -> Filter.gt(LENGTH_OF_STAY, date("2026-01-01")), "value", "compare a duration with a number");
        refused(() -> Filter.eq(DELIVERY_METHOD, Literal.of(true)), "value", "only with a Flag column");
        refused(() -> new Filter.IsTrue(DELIVERY_METHOD), "target", "is not a Flag");
        refused(() -> Filter.eq(DELIVERY_METHOD, null), "value", "is missing");
        refused(() -> new Filter.Compare(DELIVERY_METHOD, null, text("x")), "op", "is missing");
        refused(() -> new Filter.IsNull(null), "target", "is missing");
        refused(() -> new Literal.StringValue(null), "value", "missing its value");
    }

    @Test
    void timeScopeIsAHalfOpenNonEmptyRangeOnATemporalColumn() {
        refused(() -> TimeScope.between(DELIVERY_TIME, date("2026-05-01"), date("2026-05-01")), "to", "is empty");
        refused(() -> TimeScope.between(DELIVERY_TIME, date("2026-06-01"), date("2026-05-01")), "to", "is empty");
        refused(() -> TimeScope.between(DELIVERY_METHOD, date("2026-05-01"), null), "column", "not a date or time");
        refused(() -> TimeScope.between(DELIVERY_TIME, date("2026-05-01"), dateTime("2026-06-01T00:00:00")), "to",
                "another kind");
        refused(() -> TimeScope.between(DELIVERY_TIME, num(1), null), "from", "not a date or datetime");
        refused(() -> TimeScope.between(DELIVERY_TIME, null, null), "from", "neither a range nor a bucket");
        assertThat(TimeScope.between(DELIVERY_TIME, null, date("2026-01-01")).from()).isNull();
    }

    @Test
    void columnReferencesNameConceptsAndRolesOnly() {
        refused(() -> ColumnRef.of("Delivery", ColumnRole.UNKNOWN), "role", "Unknown cannot be referenced");
        refused(() -> ColumnRef.of("public.deliveries", ColumnRole.STATUS), "concept", "is not a concept id");
        refused(() -> ColumnRef.of(" ", ColumnRole.STATUS), "concept", "is missing");
        refused(() -> ColumnRef.of("Ward", ColumnRole.NAME).via("WARD"), "via", "the column's own concept");
        refused(() -> ColumnRef.of("Ward", null), "role", "is missing");
        refused(() -> deliveries(Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(ColumnRef.of("Ward", ColumnRole.NAME).via("delivery"), text("ICU"))).build(),
                "filters", "goes via its own subject");
        refused(() -> deliveries(Shape.EXISTS).related(RelatedScope.exists("DELIVERY")).build(), "related[0].concept",
                "over the subject itself");
    }

    @Test
    void derivedDurationsNeedTwoDifferentTemporalColumns() {
        refused(() -> DurationRef.of(ADMISSION_START, ColumnRef.of("ADMISSION ", ColumnRole.START_TIME),
                DurationUnit.DAYS, null), "end", "same column as start");
        refused(() -> DurationRef.of(DELIVERY_METHOD, ADMISSION_END, DurationUnit.DAYS, null), "start",
                "not a date or time");
        refused(() -> DurationRef.of(ADMISSION_START, ADMISSION_END, null, null), "unit", "is missing");
        assertThat(DurationRef.of(ADMISSION_START, ADMISSION_END, DurationUnit.DAYS, null).mode())
                .isEqualTo(DurationMode.COMPLETED_ONLY);
    }

    @Test
    void aggregatesNeedValuesOfTheRightKind() {
        refused(() -> Measure.of(Aggregation.SUM, DELIVERY_METHOD), "of", "is not a number");
        refused(() -> Measure.of(Aggregation.MEDIAN, DELIVERY_TIME), "of", "is not a number");
        refused(() -> Measure.of(Aggregation.MAX, DELIVERY_METHOD), "of", "has no order");
        refused(() -> Measure.of(null, BIRTH_WEIGHT), "function", "is missing");
        assertThat(Measure.of(Aggregation.MAX, DELIVERY_TIME)).isNotNull();
        assertThat(Measure.of(Aggregation.AVG, LENGTH_OF_STAY)).isNotNull();
        assertThat(Measure.of(Aggregation.COUNT_DISTINCT, DELIVERY_METHOD)).isNotNull();
    }

    @Test
    void listsAreCopiedAndNullEntriesRefused() {
        List<Filter> filters = new ArrayList<>();
        filters.add(null);
        refused(() -> deliveries(Shape.EXISTS).editFilters(f -> f.addAll(filters)).build(), "filters[0]", "is null");
        List<Measure> measures = new ArrayList<>(List.of(Measure.count()));
        QuerySpec spec = new QuerySpec("Delivery", Shape.SCALAR, measures, null, null, null, null, null, null, null,
                null);
        measures.clear();
        assertThat(spec.measures()).hasSize(1);
        assertThat(spec.filters()).isEmpty();
        assertThat(spec.provenance()).isEqualTo(Provenance.NONE);
        refused(() -> new QuerySpec("Delivery", null, null, null, null, null, null, null, null, null, null), "shape",
                "is missing");
    }

    @Test
    void referencedColumnsCoverTheSubjectScope() {
        QuerySpec spec = SpecJsonTest.everyNodeType().get(1);
        assertThat(spec.referencedColumns()).contains(BIRTH_WEIGHT, WARD_NAME, DELIVERY_TIME, DELIVERY_METHOD)
                .doesNotContain(ColumnRef.of("Newborn", ColumnRole.MEASURE, "apgar"));
    }
}
