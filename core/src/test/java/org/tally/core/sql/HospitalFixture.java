package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tally.core.execute.SqlParameter;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.RealDatabases;

/**
 * A small hospital (3 wards, 6 admissions, 6 transfers, 7 bills) loaded into H2, real PostgreSQL and real MariaDB,
 * once per test JVM. The rows are chosen so every expected number in the execution tests can be worked out by hand:
 *
 * <pre>
 * admission  ward       admitted_at          discharged_at        emergency severity status     transfers bills
 * 1          ICU        2026-05-03 23:30 Sun 2026-05-05 11:30     true      3        discharged 3         100.00, 50.00
 * 2          ICU        2026-05-04 00:10 Mon 2026-05-04 06:10     false     1        discharged 0         20.00
 * 3          Maternity  2026-03-31 22:00 Tue 2026-04-02 22:00     true      2        discharged 2         300.00
 * 4          Maternity  2026-04-01 08:15 Wed (open)               false     5        admitted   1         10.00, 5.50
 * 5          Maternity  2025-12-31 23:59 Wed 2026-01-01 00:29     true      4        discharged 0         -
 * 6          O'Brien \ Annex 2026-05-04 00:50 Mon (open)          NULL      NULL     admitted   0         7.25
 * </pre>
 */
final class HospitalFixture {

    static final List<Dialect> EXECUTABLE = List.of(Dialect.H2, Dialect.POSTGRES, Dialect.MYSQL);

    private static final Map<Dialect, String> URLS = new EnumMap<>(Dialect.class);

    private HospitalFixture() {
    }

    static synchronized Connection connect(Dialect dialect) throws SQLException {
        String url = URLS.get(dialect);
        if (url == null) {
            url = switch (dialect) {
                case H2 -> "jdbc:h2:mem:sqlgen_fixture;DB_CLOSE_DELAY=-1;DATABASE_TO_UPPER=FALSE";
                case POSTGRES -> RealDatabases.newPostgresDatabase();
                case MYSQL -> RealDatabases.newMariaDbDatabase();
                case SQLSERVER -> throw new IllegalArgumentException("no SQL Server is available to tests");
            };
            try (Connection c = DriverManager.getConnection(url)) {
                load(c, dialect);
            }
            URLS.put(dialect, url);
        }
        return DriverManager.getConnection(url);
    }

    private static void load(Connection c, Dialect dialect) throws SQLException {
        // MariaDB's TIMESTAMP auto-updates and is zoned; DATETIME is the plain local timestamp the others call TIMESTAMP
        String ts = dialect == Dialect.MYSQL ? "DATETIME" : "TIMESTAMP";
        String[] ddl = {
            "CREATE TABLE ward (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)",
            "CREATE TABLE admission (id INT PRIMARY KEY, ward_id INT NOT NULL REFERENCES ward(id), admitted_at " + ts
                + " NOT NULL, discharged_at " + ts + " NULL, emergency BOOLEAN NULL, severity INT NULL, status VARCHAR(20) NOT NULL)",
            "CREATE TABLE transfer (id INT PRIMARY KEY, admission_id INT NOT NULL REFERENCES admission(id), moved_at " + ts + " NOT NULL)",
            "CREATE TABLE bill (id INT PRIMARY KEY, admission_id INT NOT NULL REFERENCES admission(id), amount DECIMAL(10,2) NOT NULL)",
        };
        try (Statement s = c.createStatement()) {
            for (String d : ddl) {
                s.execute(d);
            }
        }
        insert(c, "INSERT INTO ward VALUES (?, ?)",
                new Object[] {1, "ICU"}, new Object[] {2, "Maternity"}, new Object[] {3, "O'Brien \\ Annex"});
        insert(c, "INSERT INTO admission VALUES (?, ?, ?, ?, ?, ?, ?)",
                new Object[] {1, 1, at("2026-05-03T23:30"), at("2026-05-05T11:30"), true, 3, "discharged"},
                new Object[] {2, 1, at("2026-05-04T00:10"), at("2026-05-04T06:10"), false, 1, "discharged"},
                new Object[] {3, 2, at("2026-03-31T22:00"), at("2026-04-02T22:00"), true, 2, "discharged"},
                new Object[] {4, 2, at("2026-04-01T08:15"), null, false, 5, "admitted"},
                new Object[] {5, 2, at("2025-12-31T23:59"), at("2026-01-01T00:29"), true, 4, "discharged"},
                new Object[] {6, 3, at("2026-05-04T00:50"), null, null, null, "admitted"});
        insert(c, "INSERT INTO transfer VALUES (?, ?, ?)",
                new Object[] {1, 1, at("2026-05-04T02:00")}, new Object[] {2, 1, at("2026-05-04T08:00")},
                new Object[] {3, 1, at("2026-05-05T09:00")}, new Object[] {4, 3, at("2026-04-01T01:00")},
                new Object[] {5, 3, at("2026-04-02T10:00")}, new Object[] {6, 4, at("2026-04-03T12:00")});
        insert(c, "INSERT INTO bill VALUES (?, ?, ?)",
                new Object[] {1, 1, new BigDecimal("100.00")}, new Object[] {2, 1, new BigDecimal("50.00")},
                new Object[] {3, 2, new BigDecimal("20.00")}, new Object[] {4, 3, new BigDecimal("300.00")},
                new Object[] {5, 4, new BigDecimal("10.00")}, new Object[] {6, 4, new BigDecimal("5.50")},
                new Object[] {7, 6, new BigDecimal("7.25")});
    }

    private static LocalDateTime at(String iso) {
        return LocalDateTime.parse(iso);
    }

    private static void insert(Connection c, String sql, Object[]... rows) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    if (row[i] == null) {
                        ps.setNull(i + 1, i == 3 ? java.sql.Types.TIMESTAMP : i == 4 ? java.sql.Types.BOOLEAN : java.sql.Types.INTEGER);
                    } else {
                        ps.setObject(i + 1, row[i]);
                    }
                }
                ps.executeUpdate();
            }
        }
    }

    /** Compiles (with lowering) for the dialect and runs the statement with bound parameters. */
    static List<List<Object>> run(Dialect dialect, SqlQuery query) throws SQLException {
        CompileResult r = SqlCompiler.compile(query, dialect);
        assertThat(r).as("%s compile result", dialect).isInstanceOf(CompileResult.Compiled.class);
        return run(dialect, ((CompileResult.Compiled) r).rendered());
    }

    static List<List<Object>> run(Dialect dialect, Rendered rendered) throws SQLException {
        try (Connection c = connect(dialect); PreparedStatement ps = c.prepareStatement(rendered.sql())) {
            SqlParameter.bindAll(ps, SqlParameter.fromCompiled(rendered.parameters()));
            return rows(ps.executeQuery());
        }
    }

    /** Runs SQL text with no parameters (hand-written reference SQL, or an inlined rendering in a test). */
    static List<List<Object>> runText(Dialect dialect, String sql) throws SQLException {
        try (Connection c = connect(dialect); Statement s = c.createStatement()) {
            return rows(s.executeQuery(sql));
        }
    }

    private static List<List<Object>> rows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                row.add(normalise(rs.getObject(i)));
            }
            out.add(row);
        }
        return out;
    }

    /** Drivers differ in Java types: numbers become BigDecimal, dates LocalDate, timestamps LocalDateTime. */
    private static Object normalise(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (v instanceof Number n) {
            return new BigDecimal(n.toString());
        }
        return v;
    }
}
