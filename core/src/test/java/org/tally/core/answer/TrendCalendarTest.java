package org.tally.core.answer;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Direction;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecHash;
import org.tally.core.spec.TimeScope;

class TrendCalendarTest {

    private static final ColumnRef ADMITTED = ColumnRef.of("Admission", ColumnRole.START_TIME);

    private static QuerySpec.Builder perMonth() {
        return QuerySpec.builder("Admission", Shape.TREND).measure(Measure.count());
    }

    private static Answer answer(QuerySpec spec, List<List<Object>> rows, String measure) {
        QuerySpec canonical = SpecCanonicalizer.canonicalize(spec);
        return new Answer("q", AnswerStatus.ANSWERED, List.of("month", measure), rows, "SELECT …", null, List.of(),
                SpecHash.of(canonical), null, null).withSpecJson(SpecHash.canonicalJson(canonical));
    }

    private static List<List<Object>> rows(Object... pairs) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < pairs.length; i += 2) {
            rows.add(List.of(pairs[i], pairs[i + 1]));
        }
        return rows;
    }

    private static TimeScope year2026() {
        return new TimeScope(ADMITTED, new Literal.DateValue(LocalDate.of(2026, 1, 1)),
                new Literal.DateValue(LocalDate.of(2026, 6, 1)), Bucket.MONTH);
    }

    @Test
    void aCountPerMonthShowsEveryMonthOfTheAskedRangeWithTheEmptyOnesAsZero() {
        Answer a = answer(perMonth().timeScope(year2026()).build(),
                rows("2026-02-01T00:00:00", 5L, "2026-04-01T00:00:00", 7L), "admissions");
        Answer filled = TrendCalendar.fill(a);
        assertThat(filled.rows()).containsExactly(List.of("2026-01-01T00:00:00", 0L), List.of("2026-02-01T00:00:00", 5L),
                List.of("2026-03-01T00:00:00", 0L), List.of("2026-04-01T00:00:00", 7L),
                List.of("2026-05-01T00:00:00", 0L));
        assertThat(filled.message()).isEqualTo("3 months with none are shown as 0.");
        assertThat(filled.specHash()).isEqualTo(a.specHash());
    }

    @Test
    void withoutARangeOnlyTheGapsBetweenTheFirstAndLastBucketAreFilledInTheRowsOwnFormat() {
        Answer a = answer(perMonth().dimension(Dimension.bucket(ADMITTED, Bucket.WEEK)).build(),
                rows("2026-03-02", 1L, "2026-03-23", 2L), "admissions");
        assertThat(TrendCalendar.fill(a).rows()).containsExactly(List.of("2026-03-02", 1L), List.of("2026-03-09", 0L),
                List.of("2026-03-16", 0L), List.of("2026-03-23", 2L));
    }

    @Test
    void onlyCountsInTimeOrderWithoutALimitAreFilled() {
        List<List<Object>> gappy = rows("2026-02-01T00:00:00", 5L, "2026-04-01T00:00:00", 7L);
        Answer sum = answer(QuerySpec.builder("Bill", Shape.TREND).measure(Measure.of(Aggregation.SUM,
                ColumnRef.of("Bill", ColumnRole.AMOUNT))).timeScope(new TimeScope(ColumnRef.of("Bill",
                ColumnRole.EVENT_TIME), new Literal.DateValue(LocalDate.of(2026, 1, 1)), new Literal.DateValue(
                LocalDate.of(2026, 6, 1)), Bucket.MONTH)).build(), gappy, "amount");
        assertThat(TrendCalendar.fill(sum)).as("an empty month has no sum, not a sum of 0").isSameAs(sum);
        Answer top = answer(perMonth().timeScope(year2026()).order(OrderKey.byMeasure(0, Direction.DESC)).limit(2)
                .build(), gappy, "admissions");
        assertThat(TrendCalendar.fill(top)).isSameAs(top);
        Answer noSpec = new Answer("q", AnswerStatus.ANSWERED, List.of("month", "n"), gappy, null, null, List.of(),
                null, null, null);
        assertThat(TrendCalendar.fill(noSpec)).isSameAs(noSpec);
        Answer notStarts = answer(perMonth().timeScope(year2026()).build(), rows("2026-02-03T00:00:00", 5L), "n");
        assertThat(TrendCalendar.fill(notStarts)).as("values that are not month starts: left alone").isSameAs(notStarts);
        Answer countDistinct = answer(QuerySpec.builder("Admission", Shape.TREND).measure(Measure.of(
                Aggregation.COUNT_DISTINCT, ColumnRef.of("Admission", ColumnRole.PATIENT_REF))).timeScope(year2026())
                .build(), gappy, "patients");
        assertThat(TrendCalendar.fill(countDistinct).rows()).hasSize(5);
    }

    @Test
    void aFilledAnswerKeepsItsReadingRowByRow() {
        Answer a = answer(perMonth().timeScope(year2026()).build(), rows("2026-02-01T00:00:00", 5000L), "n");
        a = a.withDisplay(List.of(List.of("Feb 2026", "5,000")));
        Answer filled = TrendCalendar.fill(a);
        assertThat(filled.display()).hasSize(5);
        assertThat(filled.display().get(1)).containsExactly("Feb 2026", "5,000");
        assertThat(filled.display().get(0).get(1)).isEqualTo("0");
    }

    @Test
    void noFilterOnTheBucketColumnIsReadAsARange() {
        Answer a = answer(perMonth().dimension(Dimension.bucket(ADMITTED, Bucket.MONTH))
                .filter(Filter.ge(ColumnRef.of("Admission", ColumnRole.END_TIME), new Literal.DateValue(
                        LocalDate.of(2025, 1, 1)))).build(),
                rows("2026-02-01T00:00:00", 5L, "2026-03-01T00:00:00", 7L), "admissions");
        assertThat(TrendCalendar.fill(a)).isSameAs(a);
    }
}
