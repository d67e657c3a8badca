package org.tally.core.safety;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.RealDatabases;

/**
 * The rewritten plain reads run on the real databases (H2, PostgreSQL 14, MariaDB 10.11) with the allow-list read
 * from each database by {@link SourceTables}: the bound the policy writes is valid syntax there, and the result
 * never exceeds the cap. SQL Server has no server here; its corpus lines are checked by parsing only.
 */
class PlainReadsExecuteTest {

    private static final String[] TABLES = {
        "CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(50), floor_no INT)",
        "CREATE TABLE patients (id INT PRIMARY KEY, full_name VARCHAR(100), birth_date DATE, sex CHAR(1))",
        "CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT, ward_id INT, admitted_at %TS%,"
                + " discharged_at %TS%, reason VARCHAR(100))",
        "CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT, delivered_at %TS%, delivery_mode VARCHAR(20),"
                + " birth_weight_g INT)",
        "INSERT INTO wards VALUES (1, 'Maternity', 2), (2, 'Surgery', 3)",
        "INSERT INTO patients VALUES (1, 'Ada', DATE '1985-03-01', 'F'), (2, 'Bo', DATE '1958-07-12', 'M'),"
                + " (3, 'Cy', DATE '2001-01-30', 'F')",
        "INSERT INTO admissions VALUES (1, 1, 1, TIMESTAMP '2026-01-05 10:00:00', TIMESTAMP '2026-01-07 09:00:00',"
                + " 'delivery'), (2, 2, 2, TIMESTAMP '2026-02-01 08:00:00', NULL, 'fall at home'),"
                + " (3, 3, 1, TIMESTAMP '2026-02-03 12:00:00', TIMESTAMP '2026-02-04 12:00:00', 'delivery')",
        "INSERT INTO deliveries VALUES (1, 1, TIMESTAMP '2026-01-06 03:00:00', 'vaginal', 3400),"
                + " (2, 3, TIMESTAMP '2026-02-03 20:00:00', 'caesarean', 2300)"};

    private final SqlSafetyPolicy policy = new SqlSafetyPolicy();

    @Test
    void onH2() throws Exception {
        runAll(Dialect.H2, "jdbc:h2:mem:plainreads;DB_CLOSE_DELAY=-1", "TIMESTAMP");
    }

    @Test
    void onPostgres() throws Exception {
        runAll(Dialect.POSTGRES, RealDatabases.newPostgresDatabase(), "TIMESTAMP");
    }

    @Test
    void onMariaDb() throws Exception {
        runAll(Dialect.MYSQL, RealDatabases.newMariaDbDatabase(), "DATETIME");
    }

    private void runAll(Dialect dialect, String url, String timestampType) throws SQLException {
        List<SafetyCorpus> reads = SafetyCorpus.load("plain-reads.tsv").stream()
                .filter(c -> c.dialect() == dialect).toList();
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement()) {
                for (String ddl : TABLES) {
                    s.execute(ddl.replace("%TS%", timestampType));
                }
            }
            AllowedRelations allowed = SourceTables.of(c, dialect);
            assertThat(allowed.names()).extracting(String::toLowerCase)
                    .containsExactlyInAnyOrder("wards", "patients", "admissions", "deliveries");
            for (SafetyCorpus read : reads) {
                // the MySQL corpus names its default database "hospital"; here it is the test database
                String sql = dialect == Dialect.MYSQL ? read.sql().replace("hospital.", c.getCatalog() + ".")
                        : read.sql();
                SafetyVerdict verdict = policy.check(sql, dialect, allowed, 2);
                assertThat(verdict.allowed()).as("%s: %s", read, verdict.reason()).isTrue();
                try (PreparedStatement ps = c.prepareStatement(verdict.rewritten())) {
                    if (ps.getParameterMetaData().getParameterCount() == 1) {
                        ps.setInt(1, 1);
                    }
                    int rows = 0;
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            rows++;
                        }
                    }
                    assertThat(rows).as(verdict.rewritten()).isLessThanOrEqualTo(2);
                } catch (SQLException e) {
                    throw new AssertionError(dialect + " rejected " + verdict.rewritten() + ": " + e.getMessage(), e);
                }
            }
        }
    }
}
