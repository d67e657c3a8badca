package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.pack.PackLoader;
import org.tally.core.testing.RealDatabases;
import org.tally.core.testing.TestBindings;

/**
 * On real PostgreSQL (which, unlike H2 and InnoDB, does not index a foreign key by itself): the advice names the
 * foreign keys Tally joins on that no index leads, with a CREATE INDEX that works, and nothing once it has run.
 */
class IndexAdviceTest {

    @Test
    void anUnindexedForeignKeyIsNamedWithTheIndexThatWouldServeIt() throws Exception {
        String url = RealDatabases.newPostgresDatabase();
        try (Connection c = DriverManager.getConnection(url)) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
                s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
                s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES patients(id),"
                        + " ward_id INT NOT NULL REFERENCES wards(id), admitted_at TIMESTAMP NOT NULL,"
                        + " discharged_at TIMESTAMP)");
                s.execute("CREATE INDEX admissions_by_ward ON admissions (ward_id, admitted_at)");
                s.execute("INSERT INTO wards VALUES (1, 'Maternity')");
                s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01')");
                s.execute("INSERT INTO admissions VALUES (1, 1, 1, TIMESTAMP '2026-10-01 08:00:00', NULL)");
            }
            Binding binding = new Binder(PackLoader.hospital()).bind(
                    TestBindings.refresh(c, "index-advice", Dialect.POSTGRES), Overrides.NONE, List.of());

            List<IndexAdvice.Advice> advice = IndexAdvice.of(binding, c, Dialect.POSTGRES);

            assertThat(advice).extracting(a -> a.table() + "." + a.column()).containsExactly("admissions.patient_id");
            assertThat(advice.get(0).createIndex())
                    .isEqualTo("CREATE INDEX \"ix_admissions_patient_id\" ON \"admissions\" (\"patient_id\")");
            assertThat(IndexAdvice.lines(advice)).anyMatch(l -> l.contains("admissions.patient_id (references patients)"));
            try (Statement s = c.createStatement()) {
                s.execute(advice.get(0).createIndex());
            }
            assertThat(IndexAdvice.of(binding, c, Dialect.POSTGRES)).isEmpty();
            assertThat(IndexAdvice.lines(List.of())).contains("  every foreign key Tally joins on is indexed");
        }
    }
}
