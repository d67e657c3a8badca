package org.tally.acceptance.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.acceptance.golden.ResultComparator.Table;

class ResultComparatorTest {

    private static Table table(List<String> columns, Object[]... rows) {
        return new Table(columns, Arrays.stream(rows).map(Arrays::asList).toList());
    }

    @Test
    void scalarMatchesAndDiffers() {
        Table gold = table(List.of("n"), new Object[] {42L});
        assertThat(ResultComparator.mismatch(gold, table(List.of("count"), new Object[] {new BigDecimal("42")}), false))
                .isEmpty();
        assertThat(ResultComparator.mismatch(gold, table(List.of("count"), new Object[] {new BigDecimal("43")}), false))
                .isPresent();
    }

    @Test
    void numbersCompareAtTheGoldsPrecision() {
        Table gold = table(List.of("avg"), new Object[] {new BigDecimal("3.40")});
        assertThat(ResultComparator.mismatch(gold, table(List.of("a"), new Object[] {new BigDecimal("3.4012")}), false))
                .isEmpty();
        assertThat(ResultComparator.mismatch(gold, table(List.of("a"), new Object[] {new BigDecimal("3.41")}), false))
                .contains("no column of the answer holds the values of gold column 'avg' [3.40]");
    }

    @Test
    void columnOrderIsFreeAndExtraColumnsAreAllowed() {
        Table gold = table(List.of("ward", "n"), new Object[] {"ICU", 3L}, new Object[] {"Maternity", 5L});
        Table tally = table(List.of("n", "ward_code", "ward"),
                new Object[] {new BigDecimal(5), "W2", "Maternity"}, new Object[] {new BigDecimal(3), "W1", "ICU"});
        assertThat(ResultComparator.mismatch(gold, tally, false)).isEmpty();
    }

    @Test
    void rowsMustLineUpNotOnlyColumns() {
        Table gold = table(List.of("ward", "n"), new Object[] {"ICU", 3L}, new Object[] {"Maternity", 5L});
        Table swapped = table(List.of("ward", "n"),
                new Object[] {"ICU", new BigDecimal(5)}, new Object[] {"Maternity", new BigDecimal(3)});
        assertThat(ResultComparator.mismatch(gold, swapped, false)).get().asString().contains("do not line up");
    }

    @Test
    void orderMattersOnlyWhenTheGoldIsOrdered() {
        Table gold = table(List.of("ward", "n"), new Object[] {"Maternity", 5L}, new Object[] {"ICU", 3L});
        Table reversed = table(List.of("ward", "n"),
                new Object[] {"ICU", new BigDecimal(3)}, new Object[] {"Maternity", new BigDecimal(5)});
        assertThat(ResultComparator.mismatch(gold, reversed, false)).isEmpty();
        assertThat(ResultComparator.mismatch(gold, reversed, true)).isPresent();
    }

    @Test
    void datesAndTimestampsCompareByDay() {
        Table gold = table(List.of("month", "n"),
                new Object[] {Date.valueOf("2026-05-01"), 2L}, new Object[] {Timestamp.valueOf("2026-06-01 00:00:00"), 4L});
        Table tally = table(List.of("month", "n"),
                new Object[] {"2026-05-01T00:00:00", new BigDecimal(2)}, new Object[] {"2026-06-01", new BigDecimal(4)});
        assertThat(ResultComparator.mismatch(gold, tally, false)).isEmpty();
        Table offByOne = table(List.of("month", "n"),
                new Object[] {"2026-05-02", new BigDecimal(2)}, new Object[] {"2026-06-01", new BigDecimal(4)});
        assertThat(ResultComparator.mismatch(gold, offByOne, false)).isPresent();
    }

    @Test
    void rowCountAndNullsCount() {
        Table gold = table(List.of("x"), new Object[] {null}, new Object[] {1L});
        assertThat(ResultComparator.mismatch(gold, table(List.of("x"), new Object[] {1L}), false))
                .contains("expected 2 rows, got 1");
        assertThat(ResultComparator.mismatch(gold, table(List.of("x"), new Object[] {1L}, new Object[] {null}), false))
                .isEmpty();
        assertThat(ResultComparator.mismatch(gold, table(List.of("x"), new Object[] {1L}, new Object[] {0L}), false))
                .isPresent();
    }

    @Test
    void stringsAreExactAndNotConfusedWithNumbers() {
        Table gold = table(List.of("code"), new Object[] {"1"});
        assertThat(ResultComparator.mismatch(gold, table(List.of("code"), new Object[] {new BigDecimal(1)}), false))
                .isPresent();
        assertThat(ResultComparator.mismatch(gold, table(List.of("code"), new Object[] {"1 "}), false)).isPresent();
    }

    @Test
    void aDuplicateColumnCannotServeTwoGoldColumns() {
        Table gold = table(List.of("a", "b"), new Object[] {1L, 2L});
        assertThat(ResultComparator.mismatch(gold, table(List.of("a"), new Object[] {1L}), false))
                .contains("expected at least 2 columns, got 1");
        assertThat(ResultComparator.mismatch(gold, table(List.of("a", "a2"), new Object[] {1L, 1L}), false))
                .isPresent();
    }
}
