package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.table;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;

class OrderingPassesTest {

    private static final ValueExpr ID = col("a", "id");

    private static SqlQuery list(OrderItem... order) {
        return SqlQuery.from(table("admission", "a")).select(ID, "id").select(col("a", "severity"), "severity").orderBy(order).build();
    }

    @Test
    void theTieBreakerIsAppendedOnceAndKeepsTheRequestedOrderFirst() {
        SqlQuery q = TotalOrder.withTieBreaker(list(OrderItem.desc(col("a", "severity"))), List.of(ID));
        assertThat(q.orderBy()).containsExactly(OrderItem.desc(col("a", "severity")), OrderItem.asc(ID));
        assertThat(TotalOrder.withTieBreaker(q, List.of(ID))).isEqualTo(q);
        assertThat(TotalOrder.withTieBreaker(list(OrderItem.desc(ID)), List.of(ID)).orderBy()).containsExactly(OrderItem.desc(ID));
    }

    @Test
    void groupedQueriesBreakTiesOnTheirGroupColumnsOnly() {
        SqlQuery grouped = SqlQuery.from(table("admission", "a")).select(col("a", "ward_id"), "ward").select(Sql.countRows(), "n")
                .groupBy(col("a", "ward_id")).orderBy(OrderItem.desc(Sql.countRows())).build();
        assertThat(TotalOrder.byGroups(grouped).orderBy()).containsExactly(OrderItem.desc(Sql.countRows()), OrderItem.asc(col("a", "ward_id")));
        assertThatThrownBy(() -> TotalOrder.withTieBreaker(grouped, List.of(ID))).hasMessageContaining("byGroups");
    }

    @Test
    void aNullCursorValueOnADescendingKeyLeavesOnlyTheTieBreakerComparison() {
        // NULLs sort last when descending, so after a NULL only other NULLs with a larger id can follow
        SqlQuery q = TotalOrder.withTieBreaker(list(OrderItem.desc(col("a", "severity"))), List.of(ID));
        SqlQuery next = KeysetPaging.after(q, new KeysetCursor(List.of(Optional.empty(), Optional.of(SqlValue.of(6)))));
        Rendered r = ((CompileResult.Compiled) SqlCompiler.compile(next, Dialect.H2)).rendered();
        assertThat(r.sql()).contains("WHERE \"a\".\"severity\" IS NULL AND \"a\".\"id\" > ? ORDER BY");
        assertThat(r.parameters()).containsExactly(SqlValue.of(6));
    }

    @Test
    void aDescendingKeyAdmitsTheNullsThatSortAfterIt() {
        SqlQuery q = TotalOrder.withTieBreaker(list(OrderItem.desc(col("a", "severity"))), List.of(ID));
        SqlQuery next = KeysetPaging.after(q, new KeysetCursor(List.of(Optional.of(SqlValue.of(3)), Optional.of(SqlValue.of(1)))));
        Rendered r = ((CompileResult.Compiled) SqlCompiler.compile(next, Dialect.MYSQL)).rendered();
        assertThat(r.sql()).contains("WHERE `a`.`severity` < ? OR `a`.`severity` IS NULL OR (`a`.`severity` = ? AND `a`.`id` > ?)");
    }

    @Test
    void aggregatedPagesFilterInHaving() {
        SqlQuery grouped = TotalOrder.byGroups(SqlQuery.from(table("admission", "a")).select(col("a", "ward_id"), "ward")
                .select(Sql.countRows(), "n").groupBy(col("a", "ward_id")).orderBy(OrderItem.desc(Sql.countRows())).build());
        SqlQuery next = KeysetPaging.after(grouped, new KeysetCursor(List.of(Optional.of(SqlValue.of(3)), Optional.of(SqlValue.of(2)))));
        assertThat(next.where()).isEmpty();
        assertThat(next.having()).isPresent();
    }

    @Test
    void cursorsMustMatchTheOrder() {
        SqlQuery q = TotalOrder.withTieBreaker(list(OrderItem.asc(col("a", "severity"))), List.of(ID));
        assertThatThrownBy(() -> KeysetPaging.after(q, new KeysetCursor(List.of(Optional.of(SqlValue.of(1))))))
                .hasMessageContaining("ORDER BY has 2 keys");
        assertThatThrownBy(() -> KeysetPaging.after(q.toBuilder().orderByList(List.of()).build(),
                new KeysetCursor(List.of(Optional.of(SqlValue.of(1)))))).hasMessageContaining("needs an ORDER BY");
    }
}
