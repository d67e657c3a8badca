package org.tally.core.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binding.Binding;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.meta.MetaRung;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;

/**
 * A small hospital in an in-memory H2 database (wards, patients, deliveries, incidents, triage) with an answer engine
 * over it as the product builds one (meta and grammar rungs), today 2026-11-29. Expected answers in the tests are
 * hand-written SQL over the same tables ({@link #count}).
 */
public final class SmallHospital implements AutoCloseable {

    public static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final AtomicInteger DATABASES = new AtomicInteger();

    public final Connection db;
    public final Binding binding;
    public final DomainPack pack = PackLoader.hospital();
    private final String url;

    public SmallHospital() throws SQLException {
        url = "jdbc:h2:mem:small_hospital_" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
        db = DriverManager.getConnection(url);
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite'), (3, 'Surgical Ward')");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01'), (2, 'F', DATE '1991-02-02'),"
                    + " (3, 'M', DATE '1970-03-03'), (4, 'F', DATE '1985-04-04')");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            s.execute("INSERT INTO deliveries VALUES"
                    + " (1, 1, 1, 'caesarean', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 1, 2, 'caesarean', TIMESTAMP '2026-10-21 01:00:00'),"
                    + " (4, 4, 1, 'assisted', TIMESTAMP '2026-10-25 09:00:00'),"
                    + " (5, 2, 1, 'spontaneous', TIMESTAMP '2025-10-09 09:00:00'),"
                    + " (6, 4, 2, 'caesarean', TIMESTAMP '2025-10-19 09:00:00'),"
                    + " (7, 1, 1, 'spontaneous', TIMESTAMP '2026-03-02 09:00:00')");
            s.execute("CREATE TABLE incidents (id INT PRIMARY KEY, ward_id INT REFERENCES wards(id),"
                    + " category VARCHAR(20), reported_at TIMESTAMP)");
            s.execute("INSERT INTO incidents VALUES (1, 1, 'fall', TIMESTAMP '2026-02-01 10:00:00'),"
                    + " (2, 3, 'fall', TIMESTAMP '2026-05-01 10:00:00'), (3, 3, 'medication', TIMESTAMP '2026-06-01 10:00:00'),"
                    + " (4, 2, 'pressure ulcer', TIMESTAMP '2026-07-01 10:00:00')");
            s.execute("CREATE TABLE triage_assessments (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " chief_complaint VARCHAR(30), acuity_level INT, arrived_at TIMESTAMP)");
            s.execute("INSERT INTO triage_assessments VALUES (1, 3, 'fall', 2, TIMESTAMP '2026-04-01 10:00:00'),"
                    + " (2, 4, 'chest pain', 1, TIMESTAMP '2026-04-02 10:00:00'),"
                    + " (3, 2, 'fever', 3, TIMESTAMP '2026-04-03 10:00:00')");
        }
        binding = TestBindings.bind(db, "small-hospital", pack);
    }

    /** An engine as the product opens one: greetings and the grammar, on its own connection. */
    public AnswerEngine engine() throws SQLException {
        Connection own = DriverManager.getConnection(url);
        GrammarRung grammar = GrammarRung.standard(own, Dialect.H2, binding, pack, TODAY, ExecutorSettings.DEFAULTS);
        return new AnswerLadder(List.of(new MetaRung("small-hospital"), grammar), System::nanoTime, own::close);
    }

    /** A hand-written count over the test tables. */
    public long count(String sql) throws SQLException {
        try (Statement s = db.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Override
    public void close() throws SQLException {
        try (Statement s = db.createStatement()) {
            s.execute("SHUTDOWN");
        }
    }
}
