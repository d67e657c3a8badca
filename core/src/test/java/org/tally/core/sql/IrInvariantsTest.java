package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.table;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.ValueExpr.AggregateFn;

/** Trees that would produce wrong or invalid SQL are rejected when built, naming the field and the fix. */
class IrInvariantsTest {

    private static SqlQuery.Builder admissions() {
        return SqlQuery.from(table("admission", "a"));
    }

    @Test
    void anUngroupedColumnInAnAggregatingQueryIsRejected() {
        // MySQL without ONLY_FULL_GROUP_BY would return an arbitrary ward for each row: a wrong answer that executes
        assertThatThrownBy(() -> admissions().select(col("a", "ward_id"), "ward").select(Sql.countRows(), "n").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not in groupBy");
    }

    @Test
    void boundValuesCannotBeGroupedOn() {
        ValueExpr withParam = Sql.arith(col("a", "severity"), ValueExpr.ArithmeticOp.ADD, Sql.param(1));
        assertThatThrownBy(() -> admissions().select(withParam, "s").groupBy(withParam).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("groupBy must not contain bound values");
    }

    @Test
    void anOffsetNeedsAnOrder() {
        assertThatThrownBy(() -> admissions().select(col("a", "id"), "id").limit(new RowLimit(10, 10)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no orderBy");
    }

    @Test
    void aDistinctQuerySortsOnlyBySelectedExpressions() {
        assertThatThrownBy(() -> admissions().distinct(true).select(col("a", "ward_id"), "ward")
                .orderBy(OrderItem.asc(col("a", "id"))).build()).hasMessageContaining("DISTINCT");
    }

    @Test
    void aliasesAndOutputNamesAreUnique() {
        assertThatThrownBy(() -> admissions().join(JoinType.INNER, table("ward", "A"), Sql.eq(col("a", "ward_id"), col("A", "id")),
                Cardinality.MANY_TO_ONE).select(col("a", "id"), "id").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("relation aliases");
        assertThatThrownBy(() -> admissions().select(col("a", "id"), "x").select(col("a", "ward_id"), "X").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("output names");
    }

    @Test
    void aggregatesAreWellFormed() {
        assertThatThrownBy(() -> new ValueExpr.Aggregate(AggregateFn.SUM, false, Optional.empty()))
                .hasMessageContaining("arg is required");
        assertThatThrownBy(() -> new ValueExpr.Aggregate(AggregateFn.SUM, true, Optional.of(col("a", "x"))))
                .hasMessageContaining("distinct");
        assertThatThrownBy(() -> Sql.agg(AggregateFn.MAX, Sql.countRows())).hasMessageContaining("another aggregate");
        assertThatThrownBy(() -> admissions().select(col("a", "id"), "id").where(
                Sql.compare(Sql.countRows(), Predicate.CompareOp.GT, Sql.param(1))).build()).hasMessageContaining("having");
    }

    @Test
    void emptyListsAndBlankNamesAreRejected() {
        assertThatThrownBy(() -> new Predicate.InList(col("a", "x"), List.of(), false)).hasMessageContaining("must not be empty");
        assertThatThrownBy(() -> col("a", " ")).hasMessageContaining("ColumnRef.column");
        assertThatThrownBy(() -> admissions().build()).hasMessageContaining("at least one output column");
    }

    @Test
    void referencesOutsideTheirScopeAreBugsNotSql() {
        SqlQuery unknownAlias = admissions().select(col("w", "name"), "ward").build();
        assertThatThrownBy(() -> SqlCompiler.compile(unknownAlias, Dialect.H2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no FROM or JOIN in scope");
        SqlQuery unknownCte = SqlQuery.from(new Relation.CteRef("missing", "m")).select(col("m", "x"), "x").build();
        assertThatThrownBy(() -> SqlCompiler.compile(unknownCte, Dialect.H2)).hasMessageContaining("WITH clause does not define");
        SqlQuery shadowing = admissions().select(col("a", "id"), "id")
                .where(Sql.exists(table("transfer", "a"), Sql.eq(col("a", "id"), col("a", "id")))).build();
        assertThatThrownBy(() -> SqlCompiler.compile(shadowing, Dialect.H2)).hasMessageContaining("already used by an enclosing query");
    }
}
