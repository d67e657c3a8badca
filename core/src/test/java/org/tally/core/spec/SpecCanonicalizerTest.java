package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.spec.Specs.*;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecCanonicalizerTest {

    private static final ColumnRef STATUS = ColumnRef.of("Delivery", ColumnRole.STATUS);

    private static QuerySpec count(Filter... filters) {
        QuerySpec.Builder b = deliveries(Shape.SCALAR).measure(Measure.count());
        for (Filter f : filters) {
            b.filter(f);
        }
        return b.build();
    }

    private static void same(QuerySpec a, QuerySpec b) {
        assertThat(SpecCanonicalizer.canonicalize(a)).isEqualTo(SpecCanonicalizer.canonicalize(b));
        assertThat(SpecHash.of(a)).isEqualTo(SpecHash.of(b));
    }

    private static void different(QuerySpec a, QuerySpec b) {
        assertThat(SpecCanonicalizer.canonicalize(a)).isNotEqualTo(SpecCanonicalizer.canonicalize(b));
        assertThat(SpecHash.of(a)).isNotEqualTo(SpecHash.of(b));
    }

    private static void contradiction(QuerySpec spec, String first, String second) {
        assertThatThrownBy(() -> SpecCanonicalizer.canonicalize(spec))
                .isInstanceOf(ContradictionException.class)
                .hasMessageContaining(first)
                .hasMessageContaining(second)
                .hasMessageContaining("Fix: ");
    }

    private static List<Filter> canonicalFilters(QuerySpec spec) {
        return SpecCanonicalizer.canonicalize(spec).filters();
    }

    @Test
    void conceptIdsIgnoreCaseAndSurroundingSpace() {
        same(count(Filter.eq(DELIVERY_METHOD, text("CS"))),
                QuerySpec.builder(" DELIVERY ", Shape.SCALAR).measure(Measure.count())
                        .filter(Filter.eq(ColumnRef.of("delivery", ColumnRole.CATEGORY, "delivery method"), text("CS")))
                        .build());
        assertThat(SpecCanonicalizer.canonicalize(countDeliveries()).subject()).isEqualTo("delivery");
    }

    @Test
    void hintsAreWordsWhateverTheSpelling() {
        for (String hint : List.of("Delivery_Method", " delivery   method ", "DeliveryMethod", "delivery-METHOD")) {
            same(count(Filter.eq(DELIVERY_METHOD, text("CS"))),
                    count(Filter.eq(ColumnRef.of("Delivery", ColumnRole.CATEGORY, hint), text("CS"))));
        }
        same(count(Filter.eq(ColumnRef.of("Delivery", ColumnRole.CATEGORY, " _ "), text("CS"))),
                count(Filter.eq(ColumnRef.of("Delivery", ColumnRole.CATEGORY), text("CS"))));
        different(count(Filter.eq(DELIVERY_METHOD, text("CS"))),
                count(Filter.eq(ColumnRef.of("Delivery", ColumnRole.CATEGORY, "delivery type"), text("CS"))));
    }

    @Test
    void stringValuesAreDataAndKeepTheirCase() {
        different(count(Filter.eq(DELIVERY_METHOD, text("CS"))), count(Filter.eq(DELIVERY_METHOD, text("cs"))));
        different(count(Filter.eq(DELIVERY_METHOD, text("CS"))), count(Filter.eq(DELIVERY_METHOD, text("CS "))));
    }

    @Test
    void filterOrderAndDuplicatesDoNotMatter() {
        Filter a = Filter.eq(DELIVERY_METHOD, text("CS"));
        Filter b = Filter.ne(STATUS, text("cancelled"));
        Filter c = new Filter.IsTrue(DELIVERY_STILLBIRTH);
        same(count(a, b, c), count(c, b, a, b, c));
    }

    @Test
    void inListOrderAndDuplicatesDoNotMatter() {
        same(count(Filter.in(STATUS, text("a"), text("b"), text("c"))),
                count(Filter.in(STATUS, text("c"), text("a"), text("b"), text("a"))));
        assertThat(canonicalFilters(count(Filter.in(STATUS, text("c"), text("a")))))
                .containsExactly(Filter.in(STATUS.canonical(), text("a"), text("c")));
    }

    @Test
    void duplicateMeasuresDimensionsAndProjectionKeepTheFirstAndOrderKeysFollow() {
        ColumnRef ward = ColumnRef.of("Ward", ColumnRole.NAME);
        QuerySpec plain = QuerySpec.builder("Admission", Shape.TOP_N).measure(Measure.count())
                .measure(Measure.of(Aggregation.AVG, LENGTH_OF_STAY)).dimension(Dimension.of(ward))
                .order(OrderKey.byMeasure(1, Direction.DESC)).limit(3).build();
        QuerySpec doubled = QuerySpec.builder("Admission", Shape.TOP_N).measure(Measure.count())
                .measure(Measure.count()).measure(Measure.of(Aggregation.AVG, LENGTH_OF_STAY))
                .dimension(Dimension.of(ward)).dimension(Dimension.of(ward))
                .order(OrderKey.byMeasure(2, Direction.DESC)).order(OrderKey.byMeasure(2, Direction.ASC)).limit(3)
                .build();
        same(plain, doubled);
        assertThat(SpecCanonicalizer.canonicalize(doubled).order())
                .containsExactly(OrderKey.byMeasure(1, Direction.DESC));
        QuerySpec listed = QuerySpec.builder("Patient", Shape.LIST).project(ColumnRef.of("Patient", ColumnRole.NAME))
                .project(ColumnRef.of("Patient", ColumnRole.GENDER)).project(ColumnRef.of("PATIENT", ColumnRole.NAME))
                .build();
        assertThat(SpecCanonicalizer.canonicalize(listed).projection()).containsExactly(
                ColumnRef.of("patient", ColumnRole.NAME), ColumnRef.of("patient", ColumnRole.GENDER));
    }

    @Test
    void dimensionMeasureAndProjectionOrderAreKeptBecauseUsersSeeThem() {
        Dimension month = Dimension.bucket(DELIVERY_TIME, Bucket.MONTH);
        Dimension method = Dimension.of(DELIVERY_METHOD);
        different(deliveries(Shape.TREND).measure(Measure.count()).dimension(month).dimension(method).build(),
                deliveries(Shape.TREND).measure(Measure.count()).dimension(method).dimension(month).build());
        Measure avg = Measure.of(Aggregation.AVG, BIRTH_WEIGHT);
        different(deliveries(Shape.SCALAR).measure(Measure.count()).measure(avg).build(),
                deliveries(Shape.SCALAR).measure(avg).measure(Measure.count()).build());
        ColumnRef name = ColumnRef.of("Patient", ColumnRole.FULL_NAME);
        ColumnRef born = ColumnRef.of("Patient", ColumnRole.BIRTH_DATE);
        different(QuerySpec.builder("Patient", Shape.LIST).project(name).project(born).build(),
                QuerySpec.builder("Patient", Shape.LIST).project(born).project(name).build());
    }

    @Test
    void defaultsAreSpelledOut() {
        QuerySpec implicitAsc = QuerySpec.builder("Patient", Shape.LIST)
                .order(OrderKey.byValue(ColumnRef.of("Patient", ColumnRole.BIRTH_DATE), null)).build();
        QuerySpec explicitAsc = QuerySpec.builder("Patient", Shape.LIST)
                .order(OrderKey.byValue(ColumnRef.of("Patient", ColumnRole.BIRTH_DATE), Direction.ASC)).build();
        same(implicitAsc, explicitAsc);
        same(count(Filter.gt(DurationRef.of(ADMISSION_START, ADMISSION_END, DurationUnit.DAYS, null), num(7))),
                count(Filter.gt(DurationRef.of(ADMISSION_START, ADMISSION_END, DurationUnit.DAYS,
                        DurationMode.COMPLETED_ONLY), num(7))));
        different(count(Filter.gt(LENGTH_OF_STAY, num(7))), count(Filter.gt(DurationRef.of(ADMISSION_START,
                ADMISSION_END, DurationUnit.DAYS, DurationMode.AS_OF_NOW), num(7))));
        same(count(Filter.gt(BIRTH_WEIGHT, Literal.of(new BigDecimal("7.500")))),
                count(Filter.gt(BIRTH_WEIGHT, Literal.of(new BigDecimal("7.5")))));
    }

    @Test
    void operatorAliasesBecomeThePlainForm() {
        same(count(Filter.in(STATUS, text("open"))), count(Filter.eq(STATUS, text("open"))));
        same(count(Filter.between(BIRTH_WEIGHT, num(3), num(3))), count(Filter.eq(BIRTH_WEIGHT, num(3))));
        same(count(Filter.eq(DELIVERY_STILLBIRTH, Literal.of(true))), count(new Filter.IsTrue(DELIVERY_STILLBIRTH)));
        same(count(Filter.ne(DELIVERY_STILLBIRTH, Literal.of(false))), count(new Filter.IsTrue(DELIVERY_STILLBIRTH)));
        same(count(Filter.ne(DELIVERY_STILLBIRTH, Literal.of(true))), count(new Filter.IsFalse(DELIVERY_STILLBIRTH)));
        same(count(Filter.ge(BIRTH_WEIGHT, num(3)), Filter.ne(BIRTH_WEIGHT, num(3))),
                count(Filter.gt(BIRTH_WEIGHT, num(3))));
        same(count(Filter.ge(BIRTH_WEIGHT, num(3)), Filter.le(BIRTH_WEIGHT, num(9))),
                count(Filter.between(BIRTH_WEIGHT, num(3), num(9))));
        different(count(Filter.ge(BIRTH_WEIGHT, num(3))), count(Filter.gt(BIRTH_WEIGHT, num(3))));
    }

    @Test
    void aTimeScopeIsItsRangeFiltersAndALeadingBucket() {
        QuerySpec scoped = deliveries(Shape.SCALAR).measure(Measure.count())
                .timeScope(TimeScope.between(DELIVERY_TIME, date("2026-05-01"), date("2026-06-01"))).build();
        same(scoped, count(Filter.lt(DELIVERY_TIME, date("2026-06-01")), Filter.ge(DELIVERY_TIME, date("2026-05-01"))));
        assertThat(SpecCanonicalizer.canonicalize(scoped).timeScope()).isNull();

        QuerySpec bucketed = deliveries(Shape.TREND).measure(Measure.count()).dimension(Dimension.of(DELIVERY_METHOD))
                .timeScope(new TimeScope(DELIVERY_TIME, date("2026-01-01"), null, Bucket.MONTH))
                .order(OrderKey.byDimension(0, Direction.DESC)).build();
        QuerySpec explicit = deliveries(Shape.TREND).measure(Measure.count())
                .dimension(Dimension.bucket(DELIVERY_TIME, Bucket.MONTH)).dimension(Dimension.of(DELIVERY_METHOD))
                .filter(Filter.ge(DELIVERY_TIME, date("2026-01-01"))).order(OrderKey.byDimension(1, Direction.DESC))
                .build();
        same(bucketed, explicit);
    }

    @Test
    void rangeFiltersMergeWithTheTimeScopeToTheTightestBounds() {
        QuerySpec scoped = deliveries(Shape.SCALAR).measure(Measure.count())
                .timeScope(TimeScope.between(DELIVERY_TIME, date("2026-01-01"), date("2027-01-01")))
                .filter(Filter.ge(DELIVERY_TIME, date("2026-05-01"))).filter(Filter.lt(DELIVERY_TIME, date("2026-09-01")))
                .build();
        same(scoped, deliveries(Shape.SCALAR).measure(Measure.count())
                .timeScope(TimeScope.between(DELIVERY_TIME, date("2026-05-01"), date("2026-09-01"))).build());
        same(count(Filter.ge(DELIVERY_TIME, date("2026-05-01")), Filter.ge(DELIVERY_TIME,
                dateTime("2026-05-01T00:00:00"))), count(Filter.ge(DELIVERY_TIME, date("2026-05-01"))));
        different(count(Filter.ge(DELIVERY_TIME, date("2026-05-01"))),
                count(Filter.ge(DELIVERY_TIME, dateTime("2026-05-01T00:00:01"))));
    }

    @Test
    void redundantConditionsGo() {
        same(count(Filter.gt(BIRTH_WEIGHT, num(3)), Filter.gt(BIRTH_WEIGHT, num(5))), count(Filter.gt(BIRTH_WEIGHT,
                num(5))));
        same(count(Filter.ge(BIRTH_WEIGHT, num(5)), Filter.gt(BIRTH_WEIGHT, num(5))), count(Filter.gt(BIRTH_WEIGHT,
                num(5))));
        same(count(Filter.eq(BIRTH_WEIGHT, num(5)), Filter.gt(BIRTH_WEIGHT, num(3))), count(Filter.eq(BIRTH_WEIGHT,
                num(5))));
        same(count(Filter.in(STATUS, text("a"), text("b"), text("c")), Filter.ne(STATUS, text("b"))),
                count(Filter.in(STATUS, text("a"), text("c"))));
        same(count(Filter.in(STATUS, text("a"), text("b")), Filter.in(STATUS, text("b"), text("c"))),
                count(Filter.eq(STATUS, text("b"))));
        same(count(Filter.lt(BIRTH_WEIGHT, num(3)), Filter.ne(BIRTH_WEIGHT, num(4))), count(Filter.lt(BIRTH_WEIGHT,
                num(3))));
        same(count(Filter.eq(STATUS, text("open")), new Filter.IsNotNull(STATUS)), count(Filter.eq(STATUS,
                text("open"))));
        same(count(new Filter.IsNotNull(DELIVERY_ID)), countDeliveries());
        same(count(Filter.ne(STATUS, text("x")), Filter.ne(STATUS, text("x"))), count(Filter.ne(STATUS, text("x"))));
    }

    @Test
    void conditionsThatMightMatterStay() {
        different(count(new Filter.IsNotNull(ColumnRef.of("Ward", ColumnRole.PRIMARY_KEY))), countDeliveries());
        different(count(new Filter.IsNotNull(STATUS)), countDeliveries());
        assertThat(canonicalFilters(count(Filter.ne(STATUS, text("x")), Filter.ne(STATUS, text("y"))))).hasSize(2);
        assertThat(canonicalFilters(count(Filter.eq(DELIVERY_METHOD, text("CS")),
                Filter.eq(ColumnRef.of("Delivery", ColumnRole.CATEGORY), text("X"))))).hasSize(2);
        QuerySpec rate = deliveries(Shape.RATE).measure(Measure.rate(new Filter.IsNotNull(DELIVERY_ID))).build();
        assertThat(((Measure.Rate) SpecCanonicalizer.canonicalize(rate).measures().get(0)).numerator()).hasSize(1);
    }

    @Test
    void contradictionsAreRefusedNamingBothConditions() {
        contradiction(count(Filter.eq(STATUS, text("open")), Filter.eq(STATUS, text("closed"))), "'open'", "'closed'");
        contradiction(count(Filter.eq(STATUS, text("open")), Filter.ne(STATUS, text("open"))), "= 'open'", "≠ 'open'");
        contradiction(count(Filter.gt(BIRTH_WEIGHT, num(5)), Filter.lt(BIRTH_WEIGHT, num(3))), "> 5", "< 3");
        contradiction(count(Filter.ge(BIRTH_WEIGHT, num(5)), Filter.lt(BIRTH_WEIGHT, num(5))), "≥ 5", "< 5");
        contradiction(count(new Filter.IsNull(STATUS), Filter.eq(STATUS, text("x"))), "is null", "= 'x'");
        contradiction(count(new Filter.IsNull(STATUS), new Filter.IsNotNull(STATUS)), "is null", "is not null");
        contradiction(count(new Filter.IsNull(DELIVERY_ID)), "is null", "never null");
        contradiction(count(new Filter.IsTrue(DELIVERY_STILLBIRTH), new Filter.IsFalse(DELIVERY_STILLBIRTH)), "is true",
                "is false");
        contradiction(count(Filter.in(STATUS, text("a"), text("b")), Filter.in(STATUS, text("c"))), "in ('a', 'b')",
                "'c'");
        contradiction(count(Filter.eq(BIRTH_WEIGHT, num(2)), Filter.between(BIRTH_WEIGHT, num(3), num(4))), "= 2",
                "between 3 and 4");
        contradiction(deliveries(Shape.SCALAR).measure(Measure.count())
                .timeScope(TimeScope.between(DELIVERY_TIME, date("2026-05-01"), date("2026-06-01")))
                .filter(Filter.lt(DELIVERY_TIME, date("2026-04-01"))).build(), "≥ 2026-05-01", "< 2026-04-01");
        contradiction(deliveries(Shape.RATE).measure(Measure.rate(Filter.eq(STATUS, text("a")),
                Filter.eq(STATUS, text("b")))).build(), "'a'", "'b'");
    }

    @Test
    void contradictionsInsideRelatedScopesAndBetweenThem() {
        contradiction(deliveries(Shape.EXISTS).related(RelatedScope.exists("Newborn",
                Filter.eq(ColumnRef.of("Newborn", ColumnRole.GENDER), text("F")),
                Filter.eq(ColumnRef.of("Newborn", ColumnRole.GENDER), text("M")))).build(), "'F'", "'M'");
        Filter girl = Filter.eq(ColumnRef.of("Newborn", ColumnRole.GENDER), text("F"));
        contradiction(deliveries(Shape.EXISTS).related(RelatedScope.exists("Newborn", girl))
                .related(RelatedScope.notExists("newborn")).build(), "with newborn", "without newborn");
        QuerySpec fine = deliveries(Shape.EXISTS).related(RelatedScope.exists("Newborn"))
                .related(RelatedScope.notExists("Newborn", girl)).build();
        assertThat(SpecCanonicalizer.canonicalize(fine).related()).hasSize(2);
    }

    @Test
    void impliedRelatedScopesGoAndTheirOrderDoesNotMatter() {
        Filter girl = Filter.eq(ColumnRef.of("Newborn", ColumnRole.GENDER), text("F"));
        same(deliveries(Shape.EXISTS).related(RelatedScope.exists("Newborn"))
                        .related(RelatedScope.exists("Newborn", girl)).build(),
                deliveries(Shape.EXISTS).related(RelatedScope.exists("Newborn", girl)).build());
        same(deliveries(Shape.EXISTS).related(RelatedScope.notExists("Newborn"))
                        .related(RelatedScope.notExists("Newborn", girl)).build(),
                deliveries(Shape.EXISTS).related(RelatedScope.notExists("Newborn")).build());
        RelatedScope a = RelatedScope.exists("Newborn", girl);
        RelatedScope b = RelatedScope.notExists("Surgery");
        same(deliveries(Shape.EXISTS).related(a).related(b).build(),
                deliveries(Shape.EXISTS).related(b).related(a).related(a).build());
    }

    @Test
    void countedScopesOfOneOrNoneAreTheExistsForms() {
        Filter girl = Filter.eq(ColumnRef.of("Newborn", ColumnRole.GENDER), text("F"));
        same(deliveries(Shape.EXISTS).related(RelatedScope.atLeast(1, "Newborn", List.of(girl))).build(),
                deliveries(Shape.EXISTS).related(RelatedScope.exists("Newborn", girl)).build());
        same(deliveries(Shape.EXISTS).related(RelatedScope.atMost(0, "Newborn", List.of())).build(),
                deliveries(Shape.EXISTS).related(RelatedScope.notExists("Newborn")).build());
        same(deliveries(Shape.EXISTS).related(RelatedScope.atLeast(0, "Newborn", List.of())).build(),
                deliveries(Shape.EXISTS).build());
        // two or more is not implied by one or more: both stay
        QuerySpec twins = deliveries(Shape.EXISTS).related(RelatedScope.exists("Newborn"))
                .related(RelatedScope.atLeast(2, "Newborn", List.of())).build();
        assertThat(SpecCanonicalizer.canonicalize(twins).related()).hasSize(2);
        different(deliveries(Shape.EXISTS).related(RelatedScope.atLeast(2, "Newborn", List.of())).build(),
                deliveries(Shape.EXISTS).related(RelatedScope.atLeast(3, "Newborn", List.of())).build());
    }

    @Test
    void countedScopeBoundsAreChecked() {
        assertThatThrownBy(() -> new RelatedScope(Quantifier.COUNTED, "Newborn", List.of()))
                .isInstanceOf(InvalidSpecException.class).hasMessageContaining("atLeast");
        assertThatThrownBy(() -> new RelatedScope(Quantifier.EXISTS, "Newborn", List.of(), 2, null))
                .isInstanceOf(InvalidSpecException.class).hasMessageContaining("counted");
        assertThatThrownBy(() -> new RelatedScope(Quantifier.COUNTED, "Newborn", List.of(), 3, 2))
                .isInstanceOf(InvalidSpecException.class).hasMessageContaining("below");
        assertThatThrownBy(() -> RelatedScope.atMost(-1, "Newborn", List.of()))
                .isInstanceOf(InvalidSpecException.class).hasMessageContaining("negative");
    }

    @Test
    void mixedLiteralKindsOnOneValueAreRefused() {
        ColumnRef code = ColumnRef.of("Delivery", ColumnRole.CODE);
        assertThatThrownBy(() -> SpecCanonicalizer.canonicalize(count(Filter.eq(code, text("1")),
                Filter.ne(code, num(2)))))
                .isInstanceOf(InvalidSpecException.class)
                .hasMessageContaining("different kinds");
    }

    @Test
    void provenanceIsDropped() {
        QuerySpec spec = countDeliveries().withProvenance(new Provenance("count-rule",
                List.of(new Provenance.Substitution("timeScope", "2025"))));
        same(spec, countDeliveries());
        assertThat(SpecCanonicalizer.canonicalize(spec).provenance()).isEqualTo(Provenance.NONE);
    }

    @Test
    void canonicalizingTwiceChangesNothing() {
        for (QuerySpec spec : SpecJsonTest.everyNodeType()) {
            QuerySpec once = SpecCanonicalizer.canonicalize(spec);
            assertThat(SpecCanonicalizer.canonicalize(once)).isEqualTo(once);
        }
    }
}
