package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;

/** Row comparison for execution tests: numbers within 1e-4 (dialects differ in division scale), others exactly. */
final class Rows {

    private static final BigDecimal TOLERANCE = new BigDecimal("0.0001");

    private Rows() {
    }

    static void assertRows(String what, List<List<Object>> actual, Object[]... expected) {
        assertThat(actual).as("%s: row count of %s", what, actual).hasSize(expected.length);
        for (int r = 0; r < expected.length; r++) {
            List<Object> row = actual.get(r);
            assertThat(row).as("%s: columns of row %d %s", what, r, row).hasSize(expected[r].length);
            for (int c = 0; c < expected[r].length; c++) {
                Object want = expected[r][c];
                Object got = row.get(c);
                if (want instanceof Number || (want instanceof String s && s.matches("-?\\d+(\\.\\d+)?") && got instanceof BigDecimal)) {
                    assertThat(got).as("%s: row %d col %d of %s", what, r, c, actual).isInstanceOf(BigDecimal.class);
                    BigDecimal diff = ((BigDecimal) got).subtract(new BigDecimal(want.toString())).abs();
                    assertThat(diff).as("%s: row %d col %d is %s, expected %s (all rows %s)", what, r, c, got, want, actual)
                            .isLessThanOrEqualTo(TOLERANCE);
                } else {
                    assertThat(got).as("%s: row %d col %d of %s", what, r, c, actual).isEqualTo(want);
                }
            }
        }
    }

    /** The first column of every row as integers (ids). */
    static List<Integer> ids(List<List<Object>> rows) {
        return rows.stream().map(r -> ((BigDecimal) r.get(0)).intValueExact()).toList();
    }
}
