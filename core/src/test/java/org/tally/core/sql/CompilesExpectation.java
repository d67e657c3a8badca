package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.tally.core.dialect.Dialect;

/**
 * Side-by-side expectations for one query: {@code compiles(q).postgres("…").mysql("…").sqlServer("…").h2("…")}.
 * Each expected string is compared exactly, and both the executed and the inlined SQL must parse with JSqlParser
 * for that dialect as exactly one statement.
 */
final class CompilesExpectation {

    private final SqlQuery query;

    private CompilesExpectation(SqlQuery query) {
        this.query = query;
    }

    static CompilesExpectation compiles(SqlQuery query) {
        return new CompilesExpectation(query);
    }

    CompilesExpectation postgres(String sql) {
        return expect(Dialect.POSTGRES, sql);
    }

    CompilesExpectation mysql(String sql) {
        return expect(Dialect.MYSQL, sql);
    }

    CompilesExpectation sqlServer(String sql) {
        return expect(Dialect.SQLSERVER, sql);
    }

    CompilesExpectation h2(String sql) {
        return expect(Dialect.H2, sql);
    }

    /**
     * The SQL Server text only, without the parse check: JSqlParser 5.4 cannot read a doubled {@code ]]} inside a
     * bracketed identifier, which is nevertheless how T-SQL escapes it (the validator will refuse such a name).
     */
    CompilesExpectation sqlServerTextOnly(String sql) {
        assertThat(rendered(Dialect.SQLSERVER).sql()).as("sqlserver SQL").isEqualTo(sql);
        return this;
    }

    /** The dialect refuses: the result is Unsupported and its message mentions {@code fragment}. */
    CompilesExpectation unsupported(Dialect dialect, String fragment) {
        CompileResult r = SqlCompiler.compile(query, dialect);
        assertThat(r).as("%s result", dialect.id()).isInstanceOf(CompileResult.Unsupported.class);
        assertThat(((CompileResult.Unsupported) r).message()).contains(fragment).contains(dialect.id());
        return this;
    }

    /** The bound parameters, in placeholder order (the same on every dialect that compiles). */
    CompilesExpectation parameters(SqlValue... values) {
        for (Dialect d : Dialect.values()) {
            CompileResult r = SqlCompiler.compile(query, d);
            if (r instanceof CompileResult.Compiled c) {
                assertThat(c.rendered().parameters()).as("%s parameters", d.id()).isEqualTo(List.of(values));
            }
        }
        return this;
    }

    /** The display copy on one dialect. */
    CompilesExpectation inlined(Dialect dialect, String sql) {
        Rendered r = rendered(dialect);
        assertThat(r.inlined()).as("%s inlined", dialect.id()).isEqualTo(sql);
        return this;
    }

    CompilesExpectation expect(Dialect dialect, String sql) {
        Rendered r = rendered(dialect);
        assertThat(r.sql()).as("%s SQL", dialect.id()).isEqualTo(sql);
        assertThat(r.sql().chars().filter(ch -> ch == '?').count()).as("placeholders vs parameters")
                .isEqualTo(r.parameters().size());
        assertThat(SqlParsing.statementCount(r.sql(), dialect)).isEqualTo(1);
        assertThat(SqlParsing.statementCount(r.inlined(), dialect)).isEqualTo(1);
        return this;
    }

    private Rendered rendered(Dialect dialect) {
        CompileResult r = SqlCompiler.compile(query, dialect);
        assertThat(r).as("%s result: %s", dialect.id(), r).isInstanceOf(CompileResult.Compiled.class);
        return ((CompileResult.Compiled) r).rendered();
    }
}
