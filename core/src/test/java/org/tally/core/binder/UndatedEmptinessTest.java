package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Overrides;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * "Still in hospital" is an empty end time. Where an administrator gave the end-time role to a column that is not a
 * date (a warehouse's yyyymmdd key, -1 while the stay is open and never NULL), emptiness is refused rather than
 * counted: IS NULL there finds nobody although 2 stays are open.
 */
class UndatedEmptinessTest {

    private static Connection db;
    private static Binding binding;
    private static final DomainPack PACK = PackLoader.hospital();

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:undated_emptiness_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE patients (patient_id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE admissions (admission_id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES"
                    + " patients(patient_id), admitted_at TIMESTAMP NOT NULL, discharge_date_key INT NOT NULL,"
                    + " discharged_at TIMESTAMP)");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1970-01-01'), (2, 'M', DATE '1980-01-01'),"
                    + " (3, 'F', DATE '1990-01-01')");
            s.execute("INSERT INTO admissions VALUES (1, 1, TIMESTAMP '2026-11-01 08:00:00', 20261105,"
                    + " TIMESTAMP '2026-11-05 10:00:00'), (2, 2, TIMESTAMP '2026-11-20 08:00:00', -1, NULL),"
                    + " (3, 3, TIMESTAMP '2026-11-25 08:00:00', -1, NULL)");
        }
        binding = TestBindings.bind(db, "undated-emptiness-test", PACK);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static BindResult bind(Binding b, QuerySpec spec) {
        return Binds.bind(b, spec);
    }

    private static QuerySpec stillAdmitted() {
        return QuerySpec.builder("Admission", Shape.SCALAR).measure(Measure.count())
                .filter(new Filter.IsNull(ColumnRef.of("Admission", ColumnRole.END_TIME))).build();
    }

    @Test
    void anEmptyEndTimeThatIsADateIsCounted() throws SQLException {
        BindResult r = bind(binding, stillAdmitted());
        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Bound.class);
        assertThat(QueryRows.run(db, ((BindResult.Bound) r).query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM admissions WHERE discharged_at IS NULL")).isEqualTo(QueryRows.hand(db, "SELECT 2"));
    }

    @Test
    void anEndTimeKeptAsANumberIsNotTestedForEmptiness() throws SQLException {
        Overrides dateKey = new Overrides(Map.of(), Map.of("admissions.discharge_date_key",
                new Overrides.ColumnOverride(ColumnRole.END_TIME, null, null), "admissions.discharged_at",
                new Overrides.ColumnOverride(ColumnRole.UNKNOWN, null, null)));
        Binding overridden = new Binder(PACK).bind(TestBindings.refresh(db, "undated-emptiness-test", Dialect.H2),
                dateKey, List.of());

        BindResult r = bind(overridden, stillAdmitted());

        assertThat(r).as(r.toString()).isInstanceOf(BindResult.Failed.class);
        assertThat(((BindResult.Failed) r).failure().reason()).contains("discharge date key")
                .contains("not stored as a date or time");
    }
}
