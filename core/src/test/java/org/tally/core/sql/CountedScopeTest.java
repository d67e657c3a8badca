package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.sql.Sql.col;
import static org.tally.core.sql.Sql.table;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.RealDatabases;

/**
 * A counted related scope written as a grouped semi-join selects exactly the rows the correlated count selects, on
 * every database, for every kind of bound, alone and under NOT, with NULL keys on both sides; and it keeps the
 * correlated count where the scope is tied to the outer query in any other way.
 */
class CountedScopeTest {

    private static final String[] SCHEMA = {
        "CREATE TABLE person (id INT, name VARCHAR(10) NOT NULL)",
        "CREATE TABLE visit (id INT PRIMARY KEY, person_id INT, kind VARCHAR(1) NOT NULL)",
        "INSERT INTO person VALUES (1, 'p1'), (2, 'p2'), (3, 'p3'), (4, 'p4'), (NULL, 'nobody')",
        "INSERT INTO visit VALUES (1, 1, 'a'), (2, 1, 'a'), (3, 1, 'b'), (4, 2, 'a'), (5, 3, 'b'), (6, 3, 'b'),"
                + " (7, NULL, 'a'), (8, NULL, 'a')",
    };

    /** Bounds as (at least, at most); null is open. */
    private static final Integer[][] BOUNDS = {
        {1, null}, {2, null}, {3, null}, {2, 2}, {1, 2}, {null, 1}, {0, 1}, {0, 0}, {null, 0}, {0, 2},
    };

    static Stream<Dialect> databases() {
        return Stream.of(Dialect.H2, Dialect.POSTGRES, Dialect.MYSQL);
    }

    @ParameterizedTest
    @MethodSource("databases")
    void theGroupedFormSelectsWhatTheCorrelatedCountSelects(Dialect dialect) throws Exception {
        try (Connection c = DriverManager.getConnection(url(dialect))) {
            try (Statement s = c.createStatement()) {
                for (String statement : SCHEMA) {
                    s.execute(statement);
                }
            }
            for (Integer[] bound : BOUNDS) {
                for (boolean onlyA : new boolean[] {false, true}) {
                    for (boolean negated : new boolean[] {false, true}) {
                        Predicate scope = counted(bound[0], bound[1], onlyA);
                        SqlQuery q = SqlQuery.from(table("person", "p")).select(col("p", "name"), "name")
                                .where(negated ? Sql.not(scope) : scope).build();
                        Rendered rendered = ((CompileResult.Compiled) SqlCompiler.compile(q, dialect)).rendered();
                        String what = dialect.id() + " at least " + bound[0] + ", at most " + bound[1]
                                + (onlyA ? ", kind a" : "") + (negated ? ", negated" : "") + ": " + rendered.sql();
                        assertThat(rendered.sql()).as(what).contains(" GROUP BY ").doesNotContain("(SELECT COUNT(*)");
                        assertThat(names(c, rendered)).as(what)
                                .isEqualTo(names(c, correlated(dialect, bound[0], bound[1], onlyA, negated)));
                    }
                }
            }
        }
    }

    @Test
    void aScopeTiedToTheOuterQueryOtherwiseKeepsTheCorrelatedCount() {
        Predicate later = Sql.and(Sql.eq(col("v", "person_id"), col("p", "id")),
                Sql.compare(col("v", "id"), Predicate.CompareOp.GT, col("p", "id")));
        SqlQuery q = SqlQuery.from(table("person", "p")).select(col("p", "name"), "name")
                .where(new Predicate.Exists(table("visit", "v"), List.of(), later, false, 2, null)).build();

        String sql = ((CompileResult.Compiled) SqlCompiler.compile(q, Dialect.H2)).rendered().sql();

        assertThat(sql).contains("(SELECT COUNT(*) FROM \"visit\" AS \"v\" WHERE").doesNotContain("GROUP BY");
    }

    private static Predicate counted(Integer atLeast, Integer atMost, boolean onlyA) {
        Predicate correlation = Sql.eq(col("v", "person_id"), col("p", "id"));
        Predicate where = onlyA ? Sql.and(correlation, Sql.eq(col("v", "kind"), Sql.param("a"))) : correlation;
        return new Predicate.Exists(table("visit", "v"), List.of(), where, false, atLeast, atMost);
    }

    /** The correlated count, written by hand: what the grouped form must agree with. */
    private static Rendered correlated(Dialect dialect, Integer atLeast, Integer atMost, boolean onlyA,
                                       boolean negated) {
        String count = "(SELECT COUNT(*) FROM visit v WHERE v.person_id = p.id" + (onlyA ? " AND v.kind = 'a'" : "")
                + ")";
        List<String> conditions = new ArrayList<>();
        if (atLeast != null) {
            conditions.add(count + " >= " + atLeast);
        }
        if (atMost != null) {
            conditions.add(count + " <= " + atMost);
        }
        String condition = "(" + String.join(" AND ", conditions) + ")";
        return new Rendered("SELECT p.name FROM person p WHERE " + (negated ? "NOT " : "") + condition, List.of(), "");
    }

    private static List<String> names(Connection c, Rendered rendered) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(rendered.sql())) {
            for (int i = 0; i < rendered.parameters().size(); i++) {
                ps.setObject(i + 1, ((SqlValue.Text) rendered.parameters().get(i)).value());
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out.stream().sorted().toList();
    }

    private static String url(Dialect dialect) {
        return switch (dialect) {
            case H2 -> "jdbc:h2:mem:counted_scope_" + System.nanoTime() + ";DATABASE_TO_LOWER=TRUE";
            case POSTGRES -> RealDatabases.newPostgresDatabase();
            case MYSQL -> RealDatabases.newMariaDbDatabase();
            case SQLSERVER -> throw new IllegalArgumentException("no SQL Server here");
        };
    }
}
