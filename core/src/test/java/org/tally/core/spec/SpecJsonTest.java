package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.spec.Specs.*;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecJsonTest {

    /** One spec per shape that together use every node type of the IR. */
    static List<QuerySpec> everyNodeType() {
        QuerySpec grouped = deliveries(Shape.GROUPED)
                .measure(Measure.count())
                .measure(Measure.of(Aggregation.AVG, BIRTH_WEIGHT))
                .measure(Measure.of(Aggregation.COUNT_DISTINCT, ColumnRef.of("Delivery", ColumnRole.PATIENT_REF)))
                .dimension(Dimension.of(WARD_NAME))
                .filter(Filter.eq(DELIVERY_METHOD, text("CS")))
                .filter(Filter.in(ColumnRef.of("Delivery", ColumnRole.STATUS), text("done"), text("signed")))
                .filter(Filter.between(BIRTH_WEIGHT, Literal.of(new BigDecimal("1.5")), num(4)))
                .filter(Filter.ne(ColumnRef.of("Delivery", ColumnRole.PRIORITY), text("routine")))
                .filter(new Filter.IsNull(ColumnRef.of("Delivery", ColumnRole.DESCRIPTION)))
                .filter(new Filter.IsNotNull(ColumnRef.of("Delivery", ColumnRole.CODE)))
                .filter(new Filter.IsTrue(DELIVERY_STILLBIRTH))
                .filter(new Filter.IsFalse(ColumnRef.of("Delivery", ColumnRole.FLAG, "emergency")))
                .timeScope(TimeScope.between(DELIVERY_TIME, date("2026-05-01"), date("2026-06-01")))
                .related(RelatedScope.notExists("Newborn", Filter.gt(ColumnRef.of("Newborn", ColumnRole.MEASURE,
                        "apgar"), num(7))))
                .order(OrderKey.byMeasure(0, Direction.DESC))
                .order(OrderKey.byDimension(0, null))
                .limit(20)
                .provenance(new Provenance("grouped-count", List.of(new Provenance.Substitution("timeScope",
                        "May 2026"))))
                .build();
        QuerySpec trend = QuerySpec.builder("Admission", Shape.TREND)
                .measure(Measure.of(Aggregation.MEDIAN, LENGTH_OF_STAY))
                .measure(Measure.of(Aggregation.MAX, ADMISSION_START))
                .dimension(Dimension.bucket(ADMISSION_START, Bucket.MONTH))
                .filter(Filter.ge(DurationRef.of(ADMISSION_START, ADMISSION_END, DurationUnit.HOURS,
                        DurationMode.AS_OF_NOW), num(48)))
                .filter(Filter.lt(ADMISSION_START, dateTime("2026-05-01T08:30:00")))
                .build();
        QuerySpec rate = deliveries(Shape.RATE)
                .measure(Measure.rate(Filter.eq(DELIVERY_METHOD, text("CS"))))
                .timeScope(new TimeScope(DELIVERY_TIME, date("2025-01-01"), null, Bucket.QUARTER))
                .build();
        QuerySpec list = QuerySpec.builder("Patient", Shape.LIST)
                .project(ColumnRef.of("Patient", ColumnRole.FULL_NAME))
                .order(OrderKey.byValue(ColumnRef.of("Patient", ColumnRole.BIRTH_DATE), Direction.DESC))
                .related(RelatedScope.exists("Appointment"))
                .related(RelatedScope.atLeast(3, "Admission", List.of()))
                .limit(50)
                .build();
        QuerySpec lookup = QuerySpec.builder("Patient", Shape.LOOKUP)
                .filter(Filter.eq(ColumnRef.of("Patient", ColumnRole.IDENTIFIER), text("MRN-001")))
                .filter(Filter.le(ColumnRef.of("Patient", ColumnRole.BIRTH_DATE), date("2000-01-01")))
                .build();
        QuerySpec exists = deliveries(Shape.EXISTS).filter(Filter.eq(DELIVERY_STILLBIRTH, Literal.of(true))).build();
        QuerySpec topN = QuerySpec.builder("Admission", Shape.TOP_N)
                .measure(Measure.of(Aggregation.SUM, ColumnRef.of("Admission", ColumnRole.AMOUNT)))
                .measure(Measure.of(Aggregation.MIN, LENGTH_OF_STAY))
                .dimension(Dimension.of(ColumnRef.of("Ward", ColumnRole.NAME)))
                .order(OrderKey.byMeasure(0, Direction.DESC)).limit(5).build();
        return List.of(countDeliveries(), grouped, trend, rate, list, lookup, exists, topN);
    }

    @Test
    void everyNodeTypeSurvivesTheRoundTrip() {
        for (QuerySpec spec : everyNodeType()) {
            String json = SpecJson.toJson(spec);
            assertThat(SpecJson.fromJson(json)).as(json).isEqualTo(spec);
        }
    }

    @Test
    void typeNamesAreTheStableShortNames() {
        String json = everyNodeType().stream().map(SpecJson::toJson).reduce("", String::concat);
        for (String name : List.of("\"type\":\"compare\"", "\"type\":\"in\"", "\"type\":\"between\"",
                "\"type\":\"isNull\"", "\"type\":\"isNotNull\"", "\"type\":\"isTrue\"", "\"type\":\"isFalse\"",
                "\"type\":\"count\"", "\"type\":\"aggregate\"", "\"type\":\"rate\"", "\"type\":\"column\"",
                "\"type\":\"duration\"", "\"type\":\"timeBucket\"", "\"type\":\"measure\"", "\"type\":\"dimension\"",
                "\"type\":\"value\"", "\"type\":\"string\"", "\"type\":\"number\"", "\"type\":\"boolean\"",
                "\"type\":\"date\"", "\"type\":\"datetime\"", "\"role\":\"Category\"", "\"shape\":\"TopN\"",
                "\"op\":\"eq\"", "\"function\":\"countDistinct\"",
                "\"quantifier\":\"notExists\"", "\"mode\":\"asOfNow\"", "\"bucket\":\"quarter\"")) {
            assertThat(json).contains(name);
        }
    }

    @Test
    void readsAHandWrittenSpec() {
        String json = "{\"subject\":\"Delivery\",\"shape\":\"scalar\",\"measures\":[{\"type\":\"count\"}],"
                + "\"filters\":[{\"type\":\"compare\",\"target\":{\"type\":\"column\",\"concept\":\"Delivery\","
                + "\"role\":\"category\",\"hint\":\"delivery method\"},\"op\":\"EQ\",\"value\":{\"type\":\"string\","
                + "\"value\":\"CS\"}}],\"timeScope\":{\"column\":{\"type\":\"column\",\"concept\":\"Delivery\","
                + "\"role\":\"event_time\"},\"from\":{\"type\":\"date\",\"value\":\"2026-05-01\"},"
                + "\"to\":{\"type\":\"date\",\"value\":\"2026-06-01\"}}}";
        QuerySpec expected = deliveries(Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(DELIVERY_METHOD, text("CS")))
                .timeScope(TimeScope.between(DELIVERY_TIME, date("2026-05-01"), date("2026-06-01"))).build();
        assertThat(SpecJson.fromJson(json)).isEqualTo(expected);
    }

    @Test
    void decimalsAreExactAndPlain() {
        QuerySpec spec = deliveries(Shape.SCALAR).measure(Measure.count())
                .filter(Filter.gt(BIRTH_WEIGHT, Literal.of(new BigDecimal("2500.10")))).build();
        String json = SpecJson.toJson(spec);
        assertThat(json).contains("\"value\":2500.1}");
        QuerySpec big = deliveries(Shape.SCALAR).measure(Measure.count())
                .filter(Filter.gt(BIRTH_WEIGHT, Literal.of(new BigDecimal("1E+3")))).build();
        assertThat(SpecJson.toJson(big)).contains("\"value\":1000}");
        assertThat(SpecJson.fromJson(SpecJson.toJson(big))).isEqualTo(big);
        String precise = json.replace("2500.1", "0.1000000000000000055511151231257827");
        Filter.Compare read = (Filter.Compare) SpecJson.fromJson(precise).filters().get(0);
        assertThat(((Literal.NumberValue) read.value()).value())
                .isEqualByComparingTo("0.1000000000000000055511151231257827");
    }

    @Test
    void malformedJsonNamesThePosition() {
        assertThatThrownBy(() -> SpecJson.fromJson("{\"subject\": \"Delivery\", "))
                .isInstanceOf(InvalidSpecException.class)
                .hasMessageContaining("malformed JSON at line 1");
        assertThatThrownBy(() -> SpecJson.fromJson(""))
                .isInstanceOf(InvalidSpecException.class).hasMessageContaining("no JSON");
        assertThatThrownBy(() -> SpecJson.fromJson("null"))
                .isInstanceOf(InvalidSpecException.class);
        assertThatThrownBy(() -> SpecJson.fromJson("{} {}"))
                .isInstanceOf(InvalidSpecException.class);
    }

    @Test
    void unknownFieldIsRefusedByName() {
        String json = SpecJson.toJson(countDeliveries()).replace("{\"subject\"", "{\"table\":\"deliveries\",\"subject\"");
        assertThatThrownBy(() -> SpecJson.fromJson(json))
                .isInstanceOf(InvalidSpecException.class)
                .hasMessageContaining("unknown field 'table'")
                .hasMessageContaining("subject");
    }

    @Test
    void unknownTypeNameListsTheKnownOnes() {
        String json = SpecJson.toJson(countDeliveries()).replace("\"type\":\"count\"", "\"type\":\"total\"");
        assertThatThrownBy(() -> SpecJson.fromJson(json))
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).isEqualTo("measures[0].type"))
                .hasMessageContaining("'total' is not a known type")
                .hasMessageContaining("aggregate");
    }

    @Test
    void unknownEnumValueNamesTheFieldPathAndTheChoices() {
        String json = SpecJson.toJson(deliveries(Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(DELIVERY_METHOD, text("CS"))).build()).replace("\"op\":\"eq\"", "\"op\":\"like\"");
        assertThatThrownBy(() -> SpecJson.fromJson(json))
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).isEqualTo("filters[0].op"))
                .hasMessageContaining("'like' is not a known value")
                .hasMessageContaining("eq, ne, lt, le, gt, ge");
    }

    @Test
    void badDateNamesTheFieldAndTheFormat() {
        String json = SpecJson.toJson(everyNodeType().get(5)).replace("2000-01-01", "01/01/2000");
        assertThatThrownBy(() -> SpecJson.fromJson(json))
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).isEqualTo("filters[1].value.value"))
                .hasMessageContaining("yyyy-MM-dd");
    }

    @Test
    void brokenInvariantInsideANodeNamesTheFullPath() {
        String json = SpecJson.toJson(everyNodeType().get(1)).replace("\"value\":1.5", "\"value\":9");
        assertThatThrownBy(() -> SpecJson.fromJson(json))
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).isEqualTo("filters[2].low"))
                .hasMessageContaining("swap the bounds");
    }

    @Test
    void brokenInvariantOfTheSpecNamesItsField() {
        String json = SpecJson.toJson(everyNodeType().get(7)).replace(",\"limit\":5", "");
        assertThatThrownBy(() -> SpecJson.fromJson(json))
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).isEqualTo("limit"))
                .hasMessageContaining("TopN needs a limit");
    }

    @Test
    void wrongValueTypeAndMissingIndexAreRefused() {
        String json = SpecJson.toJson(everyNodeType().get(7));
        assertThatThrownBy(() -> SpecJson.fromJson(json.replace("\"limit\":5", "\"limit\":\"five\"")))
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).isEqualTo("limit"));
        assertThatThrownBy(() -> SpecJson.fromJson(json.replace("\"index\":0,", "")))
                .isInstanceOf(InvalidSpecException.class)
                .satisfies(e -> assertThat(((InvalidSpecException) e).field()).startsWith("order[0]"));
    }
}
