package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tally.core.dialect.Dialect;

/** Walks every keyset page of a query and returns the first column of all rows in page order. */
final class KeysetPagingRun {

    private KeysetPagingRun() {
    }

    /**
     * @param firstSortColumn index of the select column holding the first ORDER BY value; the following ORDER BY
     *                        values are the select columns named by {@code tieBreakerColumn} (one tie-breaker)
     */
    static List<Object> pages(Dialect db, SqlQuery query, int pageSize, int tieBreakerColumn, int firstSortColumn)
            throws Exception {
        List<Object> seen = new ArrayList<>();
        SqlQuery page = query.toBuilder().limit(pageSize).build();
        for (int n = 0; n < 20; n++) {
            List<List<Object>> rows = HospitalFixture.run(db, page);
            assertThat(rows.size()).isLessThanOrEqualTo(pageSize);
            rows.forEach(r -> seen.add(first(r.get(0))));
            if (rows.size() < pageSize) {
                return seen;
            }
            List<Object> last = rows.get(rows.size() - 1);
            KeysetCursor cursor = new KeysetCursor(List.of(value(last.get(firstSortColumn)), value(last.get(tieBreakerColumn))));
            page = KeysetPaging.after(query, cursor).toBuilder().limit(pageSize).build();
        }
        throw new AssertionError("paging did not end");
    }

    private static Object first(Object v) {
        return v instanceof BigDecimal b ? (Object) b.intValueExact() : v;
    }

    private static Optional<SqlValue> value(Object v) {
        if (v == null) {
            return Optional.empty();
        }
        if (v instanceof BigDecimal b) {
            return Optional.of(SqlValue.of(b));
        }
        if (v instanceof String s) {
            return Optional.of(SqlValue.of(s));
        }
        if (v instanceof LocalDateTime t) {
            return Optional.of(SqlValue.of(t));
        }
        if (v instanceof LocalDate d) {
            return Optional.of(SqlValue.of(d));
        }
        if (v instanceof Boolean b) {
            return Optional.of(SqlValue.of(b));
        }
        throw new AssertionError("cursor value of type " + v.getClass());
    }
}
