package org.tally.core.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.countRows;
import static org.tally.core.sql.Sql.eq;
import static org.tally.core.sql.Sql.param;
import static org.tally.core.sql.Sql.table;

import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlCompiler;
import org.tally.core.sql.SqlQuery;
import org.tally.core.sql.ValueExpr.AggregateFn;

/** Remembered compilations are the compiler's own result for an equal query and dialect, and stay bounded. */
class CompileMemoryTest {

    /** SELECT COUNT(*) FROM {table} d WHERE d.{column} = ? (the kind of query a binding produces). */
    private static SqlQuery count(String table, String column, String value) {
        return SqlQuery.from(table(table, "d")).where(eq(col("d", column), param(value)))
                .select(countRows(), "n").build();
    }

    @Test
    void anEqualQueryBuiltAgainGetsTheRememberedResult() {
        CompileMemory memory = new CompileMemory(8);

        CompileResult first = memory.compile(count("deliveries", "mode", "CS"), Dialect.POSTGRES);
        CompileResult second = memory.compile(count("deliveries", "mode", "CS"), Dialect.POSTGRES);

        assertThat(second).isSameAs(first).isEqualTo(SqlCompiler.compile(count("deliveries", "mode", "CS"),
                Dialect.POSTGRES));
        assertThat(memory.hits()).isEqualTo(1);
    }

    @Test
    void anotherBindingValueOrDialectIsCompiledAfresh() {
        CompileMemory memory = new CompileMemory(8);
        CompileResult original = memory.compile(count("deliveries", "mode", "CS"), Dialect.POSTGRES);

        // the same spec bound on another catalog version names other tables or columns
        CompileResult renamedTable = memory.compile(count("births", "mode", "CS"), Dialect.POSTGRES);
        CompileResult renamedColumn = memory.compile(count("deliveries", "delivery_mode", "CS"), Dialect.POSTGRES);
        CompileResult otherValue = memory.compile(count("deliveries", "mode", "SVD"), Dialect.POSTGRES);
        CompileResult otherDialect = memory.compile(count("deliveries", "mode", "CS"), Dialect.SQLSERVER);

        assertThat(memory.hits()).isZero();
        assertThat(memory.size()).isEqualTo(5);
        assertThat(sql(renamedTable)).contains("births").doesNotContain("deliveries");
        assertThat(sql(renamedColumn)).contains("delivery_mode");
        assertThat(((CompileResult.Compiled) otherValue).rendered().parameters())
                .isNotEqualTo(((CompileResult.Compiled) original).rendered().parameters());
        assertThat(otherDialect).isEqualTo(SqlCompiler.compile(count("deliveries", "mode", "CS"), Dialect.SQLSERVER));
        assertThat(sql(otherDialect)).isNotEqualTo(sql(original));
    }

    @Test
    void anUnsupportedConstructIsRememberedAsUnsupported() {
        CompileMemory memory = new CompileMemory(8);
        SqlQuery median = SqlQuery.from(table("labs", "l")).select(Sql.agg(AggregateFn.MEDIAN, col("l", "value")), "m")
                .build();

        CompileResult first = memory.compile(median, Dialect.MYSQL);
        CompileResult second = memory.compile(median, Dialect.MYSQL);

        assertThat(first).isInstanceOf(CompileResult.Unsupported.class).isEqualTo(second);
        assertThat(memory.hits()).isEqualTo(1);
    }

    @Test
    void theMemoryHoldsAtMostItsCapacityAndDropsTheLeastRecentlyUsed() {
        CompileMemory memory = new CompileMemory(2);
        memory.compile(count("t0", "c", "v"), Dialect.H2);
        memory.compile(count("t1", "c", "v"), Dialect.H2);
        memory.compile(count("t0", "c", "v"), Dialect.H2); // t0 becomes the most recently used
        memory.compile(count("t2", "c", "v"), Dialect.H2); // t1 goes

        memory.compile(count("t0", "c", "v"), Dialect.H2);
        assertThat(memory.hits()).isEqualTo(2);
        memory.compile(count("t1", "c", "v"), Dialect.H2);
        assertThat(memory.hits()).as("t1 was dropped").isEqualTo(2);
        assertThat(memory.size()).isEqualTo(2);
        assertThatThrownBy(() -> new CompileMemory(0)).isInstanceOf(IllegalArgumentException.class);
    }

    private static String sql(CompileResult r) {
        return ((CompileResult.Compiled) r).rendered().sql();
    }
}
