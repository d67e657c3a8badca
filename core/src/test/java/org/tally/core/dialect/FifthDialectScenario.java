package org.tally.core.dialect;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Overrides;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SourceTables;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoDatabaseProvider;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceCheck;
import org.tally.core.source.SourceChecker;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.core.testing.TestBindings;

/**
 * What {@link FifthDialectTest} runs inside a class loader where {@link Dialect} has a fifth constant, {@code STANDARD}
 * (a dialect class of the test's, compiled with the enum; nothing else changed): the whole product path on that
 * dialect, from connecting to answering. The database behind it is an in-memory H2 spoken to in standard SQL (double
 * quotes, {@code FETCH NEXT n ROWS ONLY}, no EXPLAIN, no session envelope, no statistics). Every answer must equal the
 * one the H2 dialect gives on the same data, and the hand-counted truth.
 */
public final class FifthDialectScenario {

    /** Question → the true answer's rows, counted by hand from {@link #DATA}. */
    static final Map<String, List<List<Object>>> QUESTIONS = new LinkedHashMap<>();

    static {
        QUESTIONS.put("How many patients are there?", List.of(List.of(4L)));
        QUESTIONS.put("How many admissions were there by ward?",
                List.of(List.of("Cardiology", 2L), List.of("Maternity", 3L)));
        QUESTIONS.put("Which ward had the most admissions?", List.of(List.of("Maternity", 3L)));
        QUESTIONS.put("How many patients were admitted more than once?", List.of(List.of(1L)));
        QUESTIONS.put("How many patients have never been admitted?", List.of(List.of(1L)));
    }

    private static final String[] DATA = {
        "CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)",
        "CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)",
        "CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES patients(id),"
                + " ward_id INT NOT NULL REFERENCES wards(id), admitted_at TIMESTAMP NOT NULL, discharged_at TIMESTAMP)",
        "INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Cardiology')",
        "INSERT INTO patients VALUES (1, 'F', DATE '1980-01-01'), (2, 'M', DATE '1975-06-01'),"
                + " (3, 'F', DATE '1990-03-03'), (4, 'M', DATE '2001-12-12')",
        "INSERT INTO admissions VALUES (1, 1, 1, TIMESTAMP '2026-10-01 08:00:00', TIMESTAMP '2026-10-03 08:00:00'),"
                + " (2, 1, 1, TIMESTAMP '2026-11-01 08:00:00', NULL),"
                + " (3, 2, 2, TIMESTAMP '2026-09-01 08:00:00', TIMESTAMP '2026-09-02 08:00:00'),"
                + " (4, 3, 1, TIMESTAMP '2026-08-01 08:00:00', TIMESTAMP '2026-08-05 08:00:00'),"
                + " (5, 1, 2, TIMESTAMP '2026-07-01 08:00:00', TIMESTAMP '2026-07-02 08:00:00')",
    };

    private FifthDialectScenario() {
    }

    /** Runs the scenario; returns one line per check that failed (empty: all held). */
    public static List<String> run() throws Exception {
        List<String> failures = new ArrayList<>();
        Dialect standard = Dialect.valueOf("STANDARD");
        check(failures, Dialect.fromId("standard").orElse(null) == standard, "--dialect standard finds the dialect");

        String url = "jdbc:h2:mem:fifth_dialect_" + System.nanoTime() + ";DB_CLOSE_DELAY=-1";
        try (Connection admin = DriverManager.getConnection(url); Statement s = admin.createStatement()) {
            for (String statement : DATA) {
                s.execute(statement);
            }
        }
        SourceRef.Jdbc source = new SourceRef.Jdbc(url, standard);
        SourceCheck access = new SourceChecker(5).check(source, Credentials.NONE);
        check(failures, access.reachable(), "the source check reaches the database: " + access.summary());

        SqlSafetyPolicy policy = new SqlSafetyPolicy();
        DomainPack pack = PackLoader.hospital();
        try (Connection c = new SourceConnector(new NoDemos()).open(source, Credentials.NONE, Progress.NONE);
             Connection h2 = new SourceConnector(new NoDemos()).open(new SourceRef.Jdbc(url, Dialect.H2),
                     Credentials.NONE, Progress.NONE)) {
            AllowedRelations tables = SourceTables.of(c, standard);
            SafetyVerdict bounded = policy.check("SELECT name FROM wards", standard, tables, 100);
            check(failures, bounded.allowed() && bounded.rewritten().endsWith("FETCH NEXT 100 ROWS ONLY"),
                    "the policy bounds rows in the dialect's own syntax: " + bounded);
            SafetyVerdict limit = policy.check("SELECT name FROM wards LIMIT 5", standard, tables, 100);
            check(failures, !limit.allowed() && limit.reason().contains("has no LIMIT"),
                    "LIMIT is refused where the dialect has none: " + limit);

            GrammarRung onStandard = rung(c, standard, pack);
            GrammarRung onH2 = rung(h2, Dialect.H2, pack);
            for (Map.Entry<String, List<List<Object>>> q : QUESTIONS.entrySet()) {
                Answer a = answer(onStandard, q.getKey());
                Answer b = answer(onH2, q.getKey());
                check(failures, a.status() == AnswerStatus.ANSWERED && sorted(a.rows()).equals(sorted(q.getValue())),
                        q.getKey() + " answers the truth " + q.getValue() + " on the fifth dialect: " + a.status()
                                + " " + a.rows() + " " + a.message() + " (" + a.sql() + ")");
                check(failures, a.rows().equals(b.rows()), q.getKey() + " agrees with H2: " + b.rows());
                check(failures, !a.sql().equals(b.sql()) || !a.sql().contains("LIMIT"),
                        q.getKey() + " is not H2's statement: " + a.sql());
                check(failures, a.sql() != null && !a.sql().contains(" LIMIT "),
                        q.getKey() + " is written in the dialect's own row-limit syntax: " + a.sql());
            }
        }
        return failures;
    }

    private static GrammarRung rung(Connection c, Dialect dialect, DomainPack pack) throws SQLException {
        Binding binding = new Binder(pack).bind(TestBindings.refresh(c, "fifth-" + dialect.id(), dialect),
                Overrides.NONE, List.of());
        return GrammarRung.standard(c, dialect, binding, pack, LocalDate.of(2026, 11, 29), ExecutorSettings.DEFAULTS);
    }

    private static Answer answer(GrammarRung rung, String question) {
        Rung.Attempt attempt = rung.attempt(question);
        if (attempt instanceof Rung.Attempt.Done done) {
            return done.answer();
        }
        return Answer.error(question, List.of(), "missed: " + ((Rung.Attempt.Miss) attempt).reason());
    }

    private static List<String> sorted(List<List<Object>> rows) {
        return rows.stream().map(String::valueOf).sorted().toList();
    }

    private static void check(List<String> failures, boolean held, String what) {
        if (!held) {
            failures.add(what);
        }
    }

    private static final class NoDemos implements DemoDatabaseProvider {
        @Override
        public String jdbcUrl(DemoSchema schema, Progress progress) {
            throw new IllegalStateException("no demo here");
        }

        @Override
        public LocalDate referenceDate() {
            return LocalDate.of(2026, 11, 29);
        }
    }
}
