package org.tally.core.spec;

import java.time.LocalDate;
import java.time.LocalDateTime;

/** Short names for building specs in tests. */
final class Specs {

    static final ColumnRef DELIVERY_TIME = ColumnRef.of("Delivery", ColumnRole.EVENT_TIME);
    static final ColumnRef DELIVERY_METHOD = ColumnRef.of("Delivery", ColumnRole.CATEGORY, "delivery method");
    static final ColumnRef DELIVERY_ID = ColumnRef.of("Delivery", ColumnRole.PRIMARY_KEY);
    static final ColumnRef DELIVERY_STILLBIRTH = ColumnRef.of("Delivery", ColumnRole.FLAG, "stillbirth");
    static final ColumnRef BIRTH_WEIGHT = ColumnRef.of("Delivery", ColumnRole.MEASURE, "birth weight");
    static final ColumnRef WARD_NAME = ColumnRef.of("Ward", ColumnRole.NAME).via("Admission");
    static final ColumnRef ADMISSION_START = ColumnRef.of("Admission", ColumnRole.START_TIME);
    static final ColumnRef ADMISSION_END = ColumnRef.of("Admission", ColumnRole.END_TIME);
    static final DurationRef LENGTH_OF_STAY = DurationRef.of(ADMISSION_START, ADMISSION_END, DurationUnit.DAYS,
            DurationMode.COMPLETED_ONLY);

    private Specs() {
    }

    static Literal date(String iso) {
        return Literal.of(LocalDate.parse(iso));
    }

    static Literal dateTime(String iso) {
        return Literal.of(LocalDateTime.parse(iso));
    }

    static Literal num(long n) {
        return Literal.of(n);
    }

    static Literal text(String s) {
        return Literal.of(s);
    }

    static QuerySpec.Builder deliveries(Shape shape) {
        return QuerySpec.builder("Delivery", shape);
    }

    static QuerySpec countDeliveries() {
        return deliveries(Shape.SCALAR).measure(Measure.count()).build();
    }
}
