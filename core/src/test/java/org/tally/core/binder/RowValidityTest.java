package org.tally.core.binder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.OverrideException;
import org.tally.core.binding.OverrideFile;
import org.tally.core.binding.Overrides;
import org.tally.core.binding.SoftDelete;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.dialect.Dialect;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;
import org.tally.core.spec.Shape;
import org.tally.core.testing.QueryRows;
import org.tally.core.testing.TestBindings;

/**
 * Rows that are no records, on a small EHR-like H2 schema whose marks are placed so that the naive count differs from
 * the hand-written one: an inactive patient (is_active = 0) is no patient, a test patient (is_test_patient = 1) is
 * none and neither are their admissions and appointments (left out through the declared key), a cancelled admission
 * never began (the pack's row-validity data), an appointment is dated by its scheduled time, not the check-in; an
 * inactive ward or a cancelled appointment is a fact, counted until an administrator's {@code rowsOut} override says
 * its rows are out; a malformed override is rejected with the entry and the fix.
 */
class RowValidityTest {

    private static final DomainPack PACK = PackLoader.hospital();
    private static Connection db;
    private static Catalog catalog;
    private static Binding binding;

    @BeforeAll
    static void schema() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:row_validity_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (ward_id INT PRIMARY KEY, ward_name VARCHAR(40) NOT NULL,"
                    + " is_active SMALLINT NOT NULL)");
            s.execute("INSERT INTO wards SELECT X, 'Ward ' || X, CASE WHEN X = 4 THEN 0 ELSE 1 END"
                    + " FROM SYSTEM_RANGE(1, 4)");
            s.execute("CREATE TABLE patients (patient_id INT PRIMARY KEY, sex CHAR(1) NOT NULL,"
                    + " date_of_birth DATE NOT NULL, is_test_patient SMALLINT NOT NULL, is_active SMALLINT NOT NULL)");
            // patients 1..40; 38-40 are test patients, 35-37 inactive (deleted) records
            s.execute("INSERT INTO patients SELECT X, CASE MOD(X, 2) WHEN 0 THEN 'F' ELSE 'M' END, DATE '1980-01-01',"
                    + " CASE WHEN X >= 38 THEN 1 ELSE 0 END, CASE WHEN X BETWEEN 35 AND 37 THEN 0 ELSE 1 END"
                    + " FROM SYSTEM_RANGE(1, 40)");
            s.execute("CREATE TABLE admissions (admission_id INT PRIMARY KEY,"
                    + " patient_id INT NOT NULL REFERENCES patients(patient_id),"
                    + " ward_id INT NOT NULL REFERENCES wards(ward_id), admitted_at TIMESTAMP NOT NULL,"
                    + " discharged_at TIMESTAMP, status VARCHAR(20) NOT NULL)");
            // 60 admissions in October 2026: 41-42 entered in error, 51-54 cancelled (no discharge), 55-60 of test
            // patients
            s.execute("INSERT INTO admissions SELECT X, CASE WHEN X > 54 THEN 38 + MOD(X, 3) ELSE MOD(X, 34) + 1 END,"
                    + " MOD(X, 3) + 1, TIMESTAMP '2026-10-01 08:00:00' + X * INTERVAL '6' HOUR,"
                    + " CASE WHEN X BETWEEN 51 AND 54 OR X > 45 AND X <= 50 THEN NULL"
                    + " ELSE TIMESTAMP '2026-10-20 08:00:00' END,"
                    + " CASE WHEN X BETWEEN 51 AND 54 THEN 'cancelled' WHEN X > 45 AND X <= 50 THEN 'active'"
                    + " WHEN X IN (41, 42) THEN 'entered in error'"
                    + " ELSE 'discharged' END FROM SYSTEM_RANGE(1, 60)");
            s.execute("CREATE TABLE appointments (appointment_id INT PRIMARY KEY,"
                    + " patient_id INT NOT NULL REFERENCES patients(patient_id), scheduled_for TIMESTAMP NOT NULL,"
                    + " checked_in_at TIMESTAMP, seen_at TIMESTAMP, status VARCHAR(20) NOT NULL)");
            // 40 appointments in October 2026: 1-10 cancelled and 11-15 not attended (no check-in); 36-40 of test
            // patients
            s.execute("INSERT INTO appointments SELECT X, CASE WHEN X > 35 THEN 38 + MOD(X, 3) ELSE X END,"
                    + " TIMESTAMP '2026-10-02 09:00:00' + X * INTERVAL '12' HOUR,"
                    + " CASE WHEN X <= 15 THEN NULL ELSE TIMESTAMP '2026-10-02 08:50:00' + X * INTERVAL '12' HOUR END,"
                    + " CASE WHEN X <= 15 THEN NULL ELSE TIMESTAMP '2026-10-02 09:10:00' + X * INTERVAL '12' HOUR END,"
                    + " CASE WHEN X <= 10 THEN 'cancelled' WHEN X <= 15 THEN 'did not attend' ELSE 'attended' END"
                    + " FROM SYSTEM_RANGE(1, 40)");
        }
        catalog = TestBindings.refresh(db, "row-validity-test", Dialect.H2);
        binding = new Binder(PACK).bind(catalog, Overrides.NONE, List.of());
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static QuerySpec.Builder count(String concept) {
        return QuerySpec.builder(concept, Shape.SCALAR).measure(Measure.count());
    }

    private static Binding withOverrides(String json) {
        return new Binder(PACK).bind(catalog, OverrideFile.parse(json, "test.json", catalog, PACK), List.of());
    }

    private static TableBinding table(Binding b, String name) {
        return b.table(name).orElseThrow();
    }

    @Test
    void anInactiveFlagOnAPatientIsReadAsValidityAndATestFlagToo() throws SQLException {
        TableBinding patients = table(binding, "patients");
        assertThat(patients.softDeletes()).extracting(d -> d.column().column().toLowerCase(), SoftDelete::reach)
                .contains(tuple("is_active", SoftDelete.Reach.RETIRED),
                        tuple("is_test_patient", SoftDelete.Reach.TEST));
        BindResult.Bound bound = Binds.bound(binding, count("Patient").build());
        assertThat(QueryRows.run(db, bound.query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM patients WHERE is_active = 1 AND is_test_patient = 0"))
                .isNotEqualTo(QueryRows.hand(db, "SELECT COUNT(*) FROM patients WHERE is_test_patient = 0"));
        assertThat(bound.explanation()).contains("not marked is active").contains("marked is test patient");
    }

    @Test
    void anInactiveWardIsAFactNotAMarkUntilAnOverrideSaysSo() throws SQLException {
        TableBinding wards = table(binding, "wards");
        assertThat(wards.softDeletes()).isEmpty();
        assertThat(wards.reasons()).anyMatch(r -> r.contains("rowsOut"));
        assertThat(QueryRows.run(db, Binds.bound(binding, count("Ward").build()).query()))
                .isEqualTo(QueryRows.hand(db, "SELECT COUNT(*) FROM wards"));

        Binding declared = withOverrides("{\"columns\": {\"wards.is_active\": {\"rowsOut\": [0]}}}");
        BindResult.Bound bound = Binds.bound(declared, count("Ward").build());
        assertThat(QueryRows.run(db, bound.query()))
                .isEqualTo(QueryRows.hand(db, "SELECT COUNT(*) FROM wards WHERE is_active = 1"));
        assertThat(bound.explanation()).contains("Left out").contains("is active 0");
        // the rows declared out are still reached from the rows that refer to them (a closed ward's admissions)
        QuerySpec byWard = QuerySpec.builder("Admission", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Ward", ColumnRole.NAME))).build();
        assertThat(QueryRows.run(db, Binds.bound(declared, byWard).query()))
                .containsExactlyInAnyOrderElementsOf(QueryRows.run(db, Binds.bound(binding, byWard).query()));
    }

    @Test
    void aTestPatientsActivityIsLeftOutThroughTheDeclaredKey() throws SQLException {
        TableBinding admissions = table(binding, "admissions");
        assertThat(admissions.softDeletes()).anyMatch(d -> !d.own()
                && d.through().fromColumn().equalsIgnoreCase("patient_id"));
        BindResult.Bound bound = Binds.bound(binding, count("Admission").build());
        assertThat(QueryRows.run(db, bound.query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM admissions a JOIN patients p ON p.patient_id = a.patient_id"
                        + " WHERE p.is_test_patient = 0 AND a.status NOT IN ('cancelled', 'entered in error')"))
                .isNotEqualTo(QueryRows.hand(db, "SELECT COUNT(*) FROM admissions"
                        + " WHERE status NOT IN ('cancelled', 'entered in error')"));
        assertThat(bound.explanation()).contains("admissions of patients marked is test patient");
        // patients admitted: a test patient is no patient, nor is their admission an admission
        QuerySpec admitted = QuerySpec.builder("Patient", Shape.SCALAR).measure(Measure.count())
                .related(RelatedScope.exists("Admission")).build();
        assertThat(QueryRows.run(db, Binds.bound(binding, admitted).query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM patients p WHERE p.is_active = 1 AND p.is_test_patient = 0 AND EXISTS"
                        + " (SELECT 1 FROM admissions a WHERE a.patient_id = p.patient_id"
                        + " AND a.status NOT IN ('cancelled', 'entered in error'))"));
    }

    @Test
    void aCancelledAdmissionIsNoAdmissionUnlessTheQuestionAsksForIt() throws SQLException {
        assertThat(table(binding, "admissions").voidingValues("status"))
                .containsExactlyInAnyOrder("cancelled", "entered in error");
        // currently admitted: no discharge time; a cancelled admission has none either and is not one
        QuerySpec open = count("Admission").filter(new Filter.IsNull(ColumnRef.of("Admission", ColumnRole.END_TIME)))
                .build();
        assertThat(QueryRows.run(db, Binds.bound(binding, open).query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM admissions a JOIN patients p ON p.patient_id = a.patient_id"
                        + " WHERE p.is_test_patient = 0 AND a.status = 'active'"));
        QuerySpec cancelled = count("Admission")
                .filter(Filter.eq(ColumnRef.of("Admission", ColumnRole.STATUS), Literal.of("cancelled"))).build();
        BindResult.Bound asked = Binds.bound(binding, cancelled);
        assertThat(QueryRows.run(db, asked.query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM admissions WHERE status = 'cancelled'"));
        assertThat(asked.explanation()).contains("Included admissions with status cancelled,")
                .contains("Left out admissions with status entered in error");
        // a rate whose numerator names the value reads those rows in both parts, never 0 %; the other voided rows
        // (entered in error) stay out of the denominator
        QuerySpec share = QuerySpec.builder("Admission", Shape.RATE).measure(Measure.rate(
                Filter.eq(ColumnRef.of("Admission", ColumnRole.STATUS), Literal.of("cancelled")))).build();
        assertThat(QueryRows.run(db, Binds.bound(binding, share).query()).get(0).get(0).toString())
                .startsWith(QueryRows.hand(db, "SELECT 100.0 * SUM(CASE WHEN a.status = 'cancelled' THEN 1 ELSE 0"
                        + " END) / COUNT(*) FROM admissions a JOIN patients p ON p.patient_id = a.patient_id"
                        + " WHERE p.is_test_patient = 0 AND a.status <> 'entered in error'").get(0).get(0).toString()
                        .substring(0, 5));
    }

    @Test
    void anAppointmentIsDatedByItsScheduledTimeAndACancelledOneIsStillABooking() throws SQLException {
        TableBinding appointments = table(binding, "appointments");
        assertThat(appointments.column("scheduled_for").orElseThrow().role()).isEqualTo(ColumnRole.EVENT_TIME);
        assertThat(appointments.column("checked_in_at").orElseThrow().role()).isNotIn(ColumnRole.EVENT_TIME,
                ColumnRole.START_TIME);
        assertThat(appointments.voidingValues("status")).isEmpty();
        QuerySpec byStatus = QuerySpec.builder("Appointment", Shape.GROUPED).measure(Measure.count())
                .dimension(Dimension.of(ColumnRef.of("Appointment", ColumnRole.STATUS))).build();
        assertThat(QueryRows.run(db, Binds.bound(binding, byStatus).query())).containsExactlyInAnyOrderElementsOf(
                QueryRows.hand(db, "SELECT a.status, COUNT(*) FROM appointments a JOIN patients p"
                        + " ON p.patient_id = a.patient_id WHERE p.is_test_patient = 0 GROUP BY a.status"));
    }

    @Test
    void anOverrideDeclaresStatusValuesOutAndAnEmptyListTakesThePacksOut() throws SQLException {
        Binding declared = withOverrides("{\"columns\": {\"appointments.status\": {\"rowsOut\": [\"cancelled\"]},"
                + " \"admissions.status\": {\"rowsOut\": []}}}");
        BindResult.Bound bound = Binds.bound(declared, count("Appointment").build());
        assertThat(QueryRows.run(db, bound.query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM appointments a JOIN patients p ON p.patient_id = a.patient_id"
                        + " WHERE p.is_test_patient = 0 AND a.status <> 'cancelled'"));
        assertThat(bound.explanation()).contains("Left out").contains("status cancelled");
        QuerySpec cancelled = count("Appointment")
                .filter(Filter.eq(ColumnRef.of("Appointment", ColumnRole.STATUS), Literal.of("cancelled"))).build();
        assertThat(QueryRows.run(db, Binds.bound(declared, cancelled).query())).isEqualTo(QueryRows.hand(db,
                "SELECT COUNT(*) FROM appointments a JOIN patients p ON p.patient_id = a.patient_id"
                        + " WHERE p.is_test_patient = 0 AND a.status = 'cancelled'"));
        // [] : the administrator says no value of admissions.status marks rows out, whatever the pack's words say
        assertThat(table(declared, "admissions").voidingValues("status")).isEmpty();
        assertThat(QueryRows.run(db, Binds.bound(declared, count("Admission").build()).query())).isEqualTo(
                QueryRows.hand(db, "SELECT COUNT(*) FROM admissions a JOIN patients p ON p.patient_id = a.patient_id"
                        + " WHERE p.is_test_patient = 0"));
    }

    @Test
    void aMalformedRowsOutIsRejectedWithTheEntryAndTheFix() {
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"appointments.status\": {\"rowsOut\": \"cancelled\"}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("columns.appointments.status.rowsOut")
                .hasMessageContaining("must be a list");
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"appointments.status\": {\"rowsOut\": [\"canceled\"]}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("'canceled' is not a value")
                .hasMessageContaining("cancelled");
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"wards.is_active\": {\"rowsOut\": [0, 1]}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("every value");
        assertThatThrownBy(() -> withOverrides("{\"columns\": {\"admissions.admitted_at\": {\"rowsOut\": []}}}"))
                .isInstanceOf(OverrideException.class).hasMessageContaining("takes no rowsOut");
    }
}
