package org.tally.core.rung;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Overrides;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.CostLimits;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.testing.RealDatabases;
import org.tally.core.testing.TestBindings;

/**
 * A question whose query the database could not finish is said so in plain words, naming the index an administrator
 * could add (PostgreSQL does not index a foreign key by itself). The preflight's rejection is the deterministic way
 * to get there: every estimate is above a limit this small.
 */
class TooSlowQuestionTest {

    @Test
    void aQueryTooCostlyToRunNamesTheMissingIndex() throws Exception {
        String url = RealDatabases.newPostgresDatabase();
        try (Connection admin = DriverManager.getConnection(url); Statement s = admin.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES patients(id),"
                    + " ward_id INT NOT NULL REFERENCES wards(id), admitted_at TIMESTAMP NOT NULL,"
                    + " discharged_at TIMESTAMP)");
            s.execute("CREATE INDEX admissions_by_ward ON admissions (ward_id)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity')");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01'), (2, 'M', DATE '1980-01-01')");
            s.execute("INSERT INTO admissions VALUES (1, 1, 1, TIMESTAMP '2026-10-01 08:00:00', NULL),"
                    + " (2, 1, 1, TIMESTAMP '2026-11-01 08:00:00', NULL)");
        }
        DomainPack pack = PackLoader.hospital();
        try (Connection c = DriverManager.getConnection(url + "&readOnlyMode=always")) {
            Binding binding = new Binder(pack).bind(TestBindings.refresh(c, "too-slow", Dialect.POSTGRES),
                    Overrides.NONE, List.of());
            GrammarRung rung = GrammarRung.standard(c, Dialect.POSTGRES, binding, pack, LocalDate.of(2026, 11, 29),
                    ExecutorSettings.DEFAULTS.withMaxCost(CostLimits.everywhere(0.001)));

            Rung.Attempt attempt = rung.attempt("How many patients were admitted more than once?");

            assertThat(attempt).isInstanceOf(Rung.Attempt.Done.class);
            Answer answer = ((Rung.Attempt.Done) attempt).answer();
            assertThat(answer.status()).isEqualTo(AnswerStatus.ERROR);
            assertThat(answer.message()).startsWith("This question needs a query the database estimates it could not"
                    + " finish in 30 s; it was not run. Ask an administrator about an index on admissions.patient_id.");
        }
    }
}
