package org.tally.core.binder;

import org.tally.core.rung.GrammarRung;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tally.core.Progress;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Overrides;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.UuidV7;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.SqlParameter;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.SqlCompiler;
import org.tally.core.sql.SqlQuery;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.RealDatabases;

/**
 * A small hospital built so that labels mislead: two surgeons are both called Ann Lee, two wards are both called
 * Annex, two diagnosis codes share one description, and two staff members have only one name part each. Grouping
 * by the label alone merges rows that are different people, wards or codes; grouping by the referenced key does not.
 * Loaded once per database (H2, real PostgreSQL, real MariaDB) and bound with the shipped pack.
 */
final class NamesakeHospital {

    static final List<Dialect> DATABASES = List.of(Dialect.H2, Dialect.POSTGRES, Dialect.MYSQL);
    static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    static final DomainPack PACK = PackLoader.hospital();

    private static final Map<Dialect, NamesakeHospital> OPEN = new EnumMap<>(Dialect.class);

    final Dialect dialect;
    final Connection connection;
    final Binding binding;
    final GrammarRung rung;
    final SpecBinder binder;

    private NamesakeHospital(Dialect dialect, Connection connection, Binding binding) {
        this.dialect = dialect;
        this.connection = connection;
        this.binding = binding;
        this.rung = GrammarRung.standard(connection, dialect, binding, PACK, TODAY, ExecutorSettings.DEFAULTS);
        ZoneId zone = ZoneId.systemDefault();
        this.binder = new SpecBinder(binding, PACK, Clock.fixed(TODAY.atStartOfDay(zone).toInstant(), zone));
    }

    static synchronized NamesakeHospital on(Dialect dialect) throws SQLException {
        NamesakeHospital h = OPEN.get(dialect);
        if (h == null) {
            String url = switch (dialect) {
                case H2 -> "jdbc:h2:mem:namesake_hospital;DB_CLOSE_DELAY=-1";
                case POSTGRES -> RealDatabases.newPostgresDatabase();
                case MYSQL -> RealDatabases.newMariaDbDatabase();
                case SQLSERVER -> throw new IllegalArgumentException("no SQL Server is available to tests");
            };
            try (Connection c = DriverManager.getConnection(url)) {
                load(c, dialect);
            }
            Connection c = DriverManager.getConnection(url);
            h = new NamesakeHospital(dialect, c, bind(dialect, c));
            OPEN.put(dialect, h);
        }
        return h;
    }

    private static void load(Connection c, Dialect dialect) throws SQLException {
        // MariaDB's TIMESTAMP auto-updates and is zoned; DATETIME is the plain local timestamp the others call TIMESTAMP
        String ts = dialect == Dialect.MYSQL ? "DATETIME" : "TIMESTAMP";
        String[] sql = {
            "CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)",
            "CREATE TABLE patients (id INT PRIMARY KEY, given_name VARCHAR(40), family_name VARCHAR(40),"
                + " birth_date DATE, gender VARCHAR(1))",
            "CREATE TABLE providers (id INT PRIMARY KEY, given_name VARCHAR(40), family_name VARCHAR(40),"
                + " role VARCHAR(20), phone VARCHAR(20))",
            "CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                + " ward_id INT REFERENCES wards(id), attending_provider_id INT REFERENCES providers(id),"
                + " admitted_at " + ts + ")",
            "CREATE TABLE surgeries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                + " surgeon_id INT REFERENCES providers(id), procedure_name VARCHAR(60), started_at " + ts + ")",
            "CREATE TABLE diagnosis_codes (code VARCHAR(8) PRIMARY KEY, description VARCHAR(100))",
            "CREATE TABLE diagnoses (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                + " diagnosis_code VARCHAR(8) REFERENCES diagnosis_codes(code), diagnosed_at " + ts + ")",
            "INSERT INTO wards VALUES (1, 'ICU'), (2, 'Annex'), (3, 'Annex')",
            "INSERT INTO patients VALUES (1, 'Mary', 'Okoye', DATE '1980-02-03', 'F'),"
                + " (2, 'John', 'Doe', DATE '1975-06-07', 'M'), (3, 'Mary', 'Okoye', DATE '1990-11-12', 'F')",
            // two Ann Lees; one surname only, one given name only; one who never operated
            "INSERT INTO providers VALUES (1, 'Ann', 'Lee', 'doctor', '0100'), (2, 'Ann', 'Lee', 'doctor', '0101'),"
                + " (3, NULL, 'Okafor', 'doctor', '0102'), (4, 'Sam', NULL, 'nurse', NULL),"
                + " (5, 'Zoe', 'Park', 'nurse', '0104')",
            "INSERT INTO admissions VALUES (1, 1, 1, 1, TIMESTAMP '2026-10-01 08:00:00'),"
                + " (2, 2, 2, 2, TIMESTAMP '2026-10-02 09:00:00'), (3, 3, 3, 1, TIMESTAMP '2026-10-03 10:00:00'),"
                + " (4, 1, 3, 3, TIMESTAMP '2026-10-04 11:00:00'), (5, 2, 2, 1, TIMESTAMP '2026-10-05 12:00:00')",
            "INSERT INTO surgeries VALUES (1, 1, 1, 'Appendicectomy', TIMESTAMP '2026-10-01 08:00:00'),"
                + " (2, 2, 1, 'Appendicectomy', TIMESTAMP '2026-10-02 08:00:00'),"
                + " (3, 3, 1, 'Hernia repair', TIMESTAMP '2026-10-03 08:00:00'),"
                + " (4, 1, 2, 'Hernia repair', TIMESTAMP '2026-10-04 08:00:00'),"
                + " (5, 2, 2, 'Cholecystectomy', TIMESTAMP '2026-10-05 08:00:00'),"
                + " (6, 3, 3, 'Cholecystectomy', TIMESTAMP '2026-10-06 08:00:00'),"
                + " (7, 1, 4, 'Appendicectomy', TIMESTAMP '2026-10-07 08:00:00')",
            "INSERT INTO diagnosis_codes VALUES ('R50.9', 'Fever, unspecified'), ('R50.8', 'Fever, unspecified'),"
                + " ('J45.9', 'Asthma, unspecified')",
            "INSERT INTO diagnoses VALUES (1, 1, 'R50.9', TIMESTAMP '2026-10-01 08:00:00'),"
                + " (2, 2, 'R50.9', TIMESTAMP '2026-10-02 08:00:00'), (3, 3, 'R50.9', TIMESTAMP '2026-10-03 08:00:00'),"
                + " (4, 1, 'J45.9', TIMESTAMP '2026-10-04 08:00:00'), (5, 2, 'J45.9', TIMESTAMP '2026-10-05 08:00:00'),"
                + " (6, 3, 'R50.8', TIMESTAMP '2026-10-06 08:00:00')",
        };
        try (Statement s = c.createStatement()) {
            for (String x : sql) {
                s.execute(x);
            }
        }
    }

    private static Binding bind(Dialect dialect, Connection c) throws SQLException {
        try (StateDatabase state = StateDatabase.open("jdbc:h2:mem:namesake_state_" + dialect.id())) {
            return new Binder(PACK).bind(new CatalogRefresher(new CatalogStore(state),
                    new UuidV7(Clock.systemUTC(), new SecureRandom()), Clock.systemUTC()).refresh(
                    "namesake-" + dialect.id(), dialect, c, RefreshOptions.defaults(), Progress.NONE).catalog(),
                    Overrides.NONE, List.of());
        }
    }

    /** Hand-written reference SQL, run as it is; numbers become longs or plain decimals, text stays text. */
    List<List<Object>> hand(String sql) throws SQLException {
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rows(rs);
        }
    }

    /** A bound query compiled for this database and run with its parameters. */
    List<List<Object>> run(SqlQuery query) throws SQLException {
        CompileResult c = SqlCompiler.compile(query, dialect);
        if (!(c instanceof CompileResult.Compiled)) {
            throw new AssertionError(c.toString());
        }
        Rendered r = ((CompileResult.Compiled) c).rendered();
        try (PreparedStatement ps = connection.prepareStatement(r.sql())) {
            SqlParameter.bindAll(ps, SqlParameter.fromCompiled(r.parameters()));
            try (ResultSet rs = ps.executeQuery()) {
                return rows(rs);
            }
        }
    }

    private static List<List<Object>> rows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                row.add(normal(rs.getObject(i)));
            }
            out.add(row);
        }
        return out;
    }

    /** Answer values and JDBC values in one form: integral numbers as Long, other numbers as BigDecimal. */
    static Object normal(Object v) {
        if (v instanceof Number n) {
            BigDecimal d = new BigDecimal(n.toString());
            return d.stripTrailingZeros().scale() <= 0 ? (Object) d.longValueExact() : d;
        }
        return v;
    }

    /** A person's name as the demo schemas document it: given, one space, family; the part alone when one is NULL. */
    static String joined(Object given, Object family) {
        if (given == null) {
            return (String) family;
        }
        return family == null ? (String) given : given + " " + family;
    }
}
