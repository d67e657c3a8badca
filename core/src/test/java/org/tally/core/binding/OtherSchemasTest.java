package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.Catalog;
import org.tally.core.spec.ColumnRole;

/**
 * Schemas in naming styles unlike both demos bind without overrides; tables that mean nothing stay unbound; a table
 * that fits two concepts equally, or two tables that claim one concept equally, stay unbound with the reason.
 */
class OtherSchemasTest {

    /** UPPER_SNAKE with abbreviations and master/detail suffixes. */
    static Catalog upperSnake() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE PT_MSTR (PT_ID INT PRIMARY KEY, MRN_NO VARCHAR(12), PT_FNAME VARCHAR(40),"
                        + " PT_LNAME VARCHAR(40), DOB DATE, SEX_CD CHAR(1))",
                "INSERT INTO PT_MSTR SELECT X, 'M' || X, 'Ann', 'Lee', DATE '1980-01-01', CASE WHEN MOD(X, 2) = 0"
                        + " THEN 'M' ELSE 'F' END FROM SYSTEM_RANGE(1, 60)",
                "CREATE TABLE WRD_MSTR (WRD_ID INT PRIMARY KEY, WRD_NM VARCHAR(40), WRD_TYP VARCHAR(10))",
                "INSERT INTO WRD_MSTR VALUES (1, 'North', 'MED'), (2, 'South', 'SURG')",
                "CREATE TABLE ADM_DTL (ADM_ID INT PRIMARY KEY, PT_ID INT, WRD_ID INT, ADM_DT TIMESTAMP,"
                        + " DISCH_DT TIMESTAMP, ADM_TYP VARCHAR(4), DISCH_STS VARCHAR(8))",
                "INSERT INTO ADM_DTL SELECT X, MOD(X, 60) + 1, MOD(X, 2) + 1, TIMESTAMP '2026-01-01 08:00:00',"
                        + " NULL, 'EMER', 'HOME' FROM SYSTEM_RANGE(1, 100)",
                "CREATE TABLE LAB_RSLT (RSLT_ID INT PRIMARY KEY, ADM_ID INT, TST_CD VARCHAR(8), RSLT_VAL DECIMAL(8,2),"
                        + " ABN_FLG CHAR(1), RSLT_DTTM TIMESTAMP)",
                "INSERT INTO LAB_RSLT SELECT X, MOD(X, 100) + 1, 'HB', 12.5, CASE WHEN MOD(X, 5) = 0 THEN 'Y' ELSE"
                        + " 'N' END, TIMESTAMP '2026-01-02 08:00:00' FROM SYSTEM_RANGE(1, 200)",
                "CREATE TABLE RX_ORD (RX_ID INT PRIMARY KEY, PT_ID INT, ADM_ID INT, DRUG_NM VARCHAR(40),"
                        + " DOSE_QTY INT, ORD_DTTM TIMESTAMP)",
                "INSERT INTO RX_ORD SELECT X, MOD(X, 60) + 1, MOD(X, 100) + 1, 'Paracetamol', 2,"
                        + " TIMESTAMP '2026-01-03 08:00:00' FROM SYSTEM_RANGE(1, 50)",
                "CREATE TABLE SYS_CONFIG (CFG_KEY VARCHAR(40) PRIMARY KEY, CFG_VALUE VARCHAR(200))",
                "CREATE TABLE ETL_LOG (RUN_ID INT PRIMARY KEY, STARTED_AT TIMESTAMP, ROWS_LOADED INT,"
                        + " RUN_STATUS VARCHAR(10))",
                "CREATE TABLE TMP_X (A INT, B VARCHAR(10))");
    }

    /** A CamelCase legacy design with Hungarian prefixes and surrogate "Key" columns. */
    static Catalog camelLegacy() throws Exception {
        return BindingFixtures.h2(
                "CREATE TABLE \"tblPatient\" (\"PatientKey\" INT PRIMARY KEY, \"strFirstName\" VARCHAR(40),"
                        + " \"strSurname\" VARCHAR(40), \"dteBirth\" DATE, \"strGender\" VARCHAR(6))",
                "INSERT INTO \"tblPatient\" SELECT X, 'Ann', 'Lee', DATE '1980-01-01', 'Female'"
                        + " FROM SYSTEM_RANGE(1, 60)",
                "CREATE TABLE \"tblInpatientEpisode\" (\"EpisodeKey\" INT PRIMARY KEY, \"PatientKey\" INT,"
                        + " \"dteAdmit\" TIMESTAMP, \"dteDischarge\" TIMESTAMP, \"strWard\" VARCHAR(20),"
                        + " \"curCharges\" DECIMAL(12,2))",
                "INSERT INTO \"tblInpatientEpisode\" SELECT X, MOD(X, 60) + 1, TIMESTAMP '2026-01-01 08:00:00',"
                        + " NULL, 'North', 100 FROM SYSTEM_RANGE(1, 90)",
                "CREATE TABLE \"tblOutpatientAppt\" (\"ApptKey\" INT PRIMARY KEY, \"PatientKey\" INT,"
                        + " \"dteAppt\" TIMESTAMP, \"strStatus\" VARCHAR(10), \"strClinic\" VARCHAR(20))",
                "INSERT INTO \"tblOutpatientAppt\" SELECT X, MOD(X, 60) + 1, TIMESTAMP '2026-02-01 09:00:00',"
                        + " CASE WHEN MOD(X, 7) = 0 THEN 'DNA' ELSE 'Seen' END, 'Cardiology' FROM SYSTEM_RANGE(1, 80)",
                "CREATE TABLE \"tblLabResult\" (\"ResultKey\" INT PRIMARY KEY, \"EpisodeKey\" INT,"
                        + " \"strTestName\" VARCHAR(30), \"dblValue\" DOUBLE, \"dteResulted\" TIMESTAMP)",
                "INSERT INTO \"tblLabResult\" SELECT X, MOD(X, 90) + 1, 'Sodium', 140, TIMESTAMP '2026-01-02 10:00:00'"
                        + " FROM SYSTEM_RANGE(1, 120)");
    }

    private static Map<String, String> concepts(Binding b) {
        Map<String, String> m = new LinkedHashMap<>();
        b.tables().forEach(t -> m.put(t.table(), t.concept()));
        return m;
    }

    private static ColumnRole role(Binding b, String table, String column) {
        return b.table(table).orElseThrow().column(column).orElseThrow().role();
    }

    @Test
    void upperSnakeWithAbbreviationsBinds() throws Exception {
        Binding b = BindingFixtures.bind(upperSnake());
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("ADM_DTL", "Admission");
        expected.put("ETL_LOG", null);
        expected.put("LAB_RSLT", "LabResult");
        expected.put("PT_MSTR", "Patient");
        expected.put("RX_ORD", "Prescription");
        expected.put("SYS_CONFIG", null);
        expected.put("TMP_X", null);
        expected.put("WRD_MSTR", "Ward");
        assertThat(concepts(b)).isEqualTo(expected);

        assertThat(role(b, "PT_MSTR", "PT_FNAME")).isEqualTo(ColumnRole.GIVEN_NAME);
        assertThat(role(b, "PT_MSTR", "PT_LNAME")).isEqualTo(ColumnRole.FAMILY_NAME);
        assertThat(role(b, "PT_MSTR", "DOB")).isEqualTo(ColumnRole.BIRTH_DATE);
        assertThat(role(b, "PT_MSTR", "SEX_CD")).isEqualTo(ColumnRole.GENDER);
        assertThat(role(b, "PT_MSTR", "MRN_NO")).isEqualTo(ColumnRole.IDENTIFIER);
        assertThat(role(b, "WRD_MSTR", "WRD_NM")).isEqualTo(ColumnRole.NAME);
        assertThat(role(b, "ADM_DTL", "PT_ID")).isEqualTo(ColumnRole.PATIENT_REF);
        assertThat(role(b, "ADM_DTL", "WRD_ID")).isEqualTo(ColumnRole.WARD_REF);
        assertThat(role(b, "ADM_DTL", "ADM_DT")).isEqualTo(ColumnRole.START_TIME);
        assertThat(role(b, "ADM_DTL", "DISCH_DT")).isEqualTo(ColumnRole.END_TIME);
        assertThat(role(b, "ADM_DTL", "ADM_TYP")).isEqualTo(ColumnRole.TYPE);
        assertThat(role(b, "ADM_DTL", "DISCH_STS")).isEqualTo(ColumnRole.STATUS);
        assertThat(role(b, "LAB_RSLT", "ADM_ID")).isEqualTo(ColumnRole.ENCOUNTER_REF);
        assertThat(role(b, "LAB_RSLT", "RSLT_VAL")).isEqualTo(ColumnRole.MEASURE);
        assertThat(role(b, "LAB_RSLT", "ABN_FLG")).isEqualTo(ColumnRole.FLAG);
        assertThat(role(b, "LAB_RSLT", "RSLT_DTTM")).isEqualTo(ColumnRole.EVENT_TIME);
        assertThat(role(b, "RX_ORD", "DOSE_QTY")).isEqualTo(ColumnRole.QUANTITY);
        // nothing in the schema is declared: every reference is inferred and says so
        assertThat(b.links()).allMatch(Link::inferred);
        assertThat(b.patientPath("LabResult")).extracting(Link::toString).containsExactly(
                "LAB_RSLT.ADM_ID -> ADM_DTL.ADM_ID (inferred)", "ADM_DTL.PT_ID -> PT_MSTR.PT_ID (inferred)");
    }

    @Test
    void nonsenseTablesStayUnboundWithAReason() throws Exception {
        Binding b = BindingFixtures.bind(upperSnake());
        for (String table : List.of("SYS_CONFIG", "ETL_LOG", "TMP_X")) {
            TableBinding t = b.table(table).orElseThrow();
            assertThat(t.status()).as(table).isEqualTo(TableBinding.Status.UNBOUND);
            assertThat(t.reasons()).as(table).isNotEmpty();
            assertThat(t.patientPath()).isEmpty();
        }
        assertThat(b.unbound()).extracting(TableBinding::table)
                .containsExactlyInAnyOrder("SYS_CONFIG", "ETL_LOG", "TMP_X");
    }

    @Test
    void camelCaseLegacyBinds() throws Exception {
        Binding b = BindingFixtures.bind(camelLegacy());
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("tblInpatientEpisode", "Admission");
        expected.put("tblLabResult", "LabResult");
        expected.put("tblOutpatientAppt", "Appointment");
        expected.put("tblPatient", "Patient");
        assertThat(concepts(b)).isEqualTo(expected);
        assertThat(role(b, "tblPatient", "strFirstName")).isEqualTo(ColumnRole.GIVEN_NAME);
        assertThat(role(b, "tblPatient", "strSurname")).isEqualTo(ColumnRole.FAMILY_NAME);
        assertThat(role(b, "tblPatient", "dteBirth")).isEqualTo(ColumnRole.BIRTH_DATE);
        assertThat(role(b, "tblPatient", "strGender")).isEqualTo(ColumnRole.GENDER);
        assertThat(role(b, "tblInpatientEpisode", "PatientKey")).isEqualTo(ColumnRole.PATIENT_REF);
        assertThat(role(b, "tblInpatientEpisode", "dteAdmit")).isEqualTo(ColumnRole.START_TIME);
        assertThat(role(b, "tblInpatientEpisode", "dteDischarge")).isEqualTo(ColumnRole.END_TIME);
        assertThat(role(b, "tblInpatientEpisode", "curCharges")).isEqualTo(ColumnRole.AMOUNT);
        assertThat(role(b, "tblOutpatientAppt", "strStatus")).isEqualTo(ColumnRole.STATUS);
        assertThat(role(b, "tblOutpatientAppt", "dteAppt")).isEqualTo(ColumnRole.EVENT_TIME);
        assertThat(role(b, "tblLabResult", "EpisodeKey")).isEqualTo(ColumnRole.ENCOUNTER_REF);
        assertThat(role(b, "tblLabResult", "dblValue")).isEqualTo(ColumnRole.MEASURE);
        assertThat(b.table("tblLabResult").orElseThrow().column("EpisodeKey").orElseThrow().reference())
                .satisfies(l -> {
                    assertThat(l.inferred()).isTrue();
                    assertThat(l.toTable()).isEqualTo("tblInpatientEpisode");
                    assertThat(l.reason()).contains("same name as the key");
                });
        assertThat(b.table("tblOutpatientAppt").orElseThrow().column("strStatus").orElseThrow().values())
                .extracting(v -> v.value() + "=" + v.count()).containsExactly("Seen=69", "DNA=11");
    }

    @Test
    void aTableThatFitsTwoConceptsEquallyStaysUnboundNamingBoth() throws Exception {
        Catalog catalog = BindingFixtures.h2(
                "CREATE TABLE patients (id INT PRIMARY KEY, birth_date DATE)",
                "CREATE TABLE delivery_newborn_link (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                        + " recorded_at TIMESTAMP, status VARCHAR(10))");
        TableBinding t = BindingFixtures.bind(catalog).table("delivery_newborn_link").orElseThrow();
        assertThat(t.status()).isEqualTo(TableBinding.Status.UNBOUND);
        assertThat(t.reasons()).anySatisfy(r -> assertThat(r).startsWith("ambiguous").contains("Delivery")
                .contains("Newborn"));
    }

    @Test
    void twoTablesClaimingOneConcept() throws Exception {
        Catalog catalog = BindingFixtures.h2(
                "CREATE TABLE patients (id INT PRIMARY KEY, birth_date DATE)",
                "CREATE TABLE inpatient_admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                        + " admitted_at TIMESTAMP, discharged_at TIMESTAMP)",
                "CREATE TABLE admission_log (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                        + " admitted_at TIMESTAMP, discharged_at TIMESTAMP)",
                "CREATE TABLE ward_a (id INT PRIMARY KEY, name VARCHAR(20))",
                "CREATE TABLE ward_b (id INT PRIMARY KEY, name VARCHAR(20))");
        Binding b = BindingFixtures.bind(catalog);
        assertThat(b.tableOf("Admission").orElseThrow().table()).isEqualToIgnoringCase("inpatient_admissions");
        TableBinding loser = b.table("admission_log").orElseThrow();
        assertThat(loser.status()).isEqualTo(TableBinding.Status.UNBOUND);
        assertThat(loser.reasons()).anySatisfy(r -> assertThat(r).containsIgnoringCase("bound to inpatient_admissions"));
        // equally good claims: neither wins
        assertThat(b.tableOf("Ward")).isEmpty();
        assertThat(b.table("ward_a").orElseThrow().reasons())
                .anySatisfy(r -> assertThat(r).startsWith("ambiguous").containsIgnoringCase("ward_b"));
    }
    /** A person table that a patient table extends by its key holds staff too: it is not the Patient table. */
    @Test
    void aTableThatThePatientTableExtendsByItsKeyIsNotThePatients() throws Exception {
        Binding b = BindingFixtures.bind(BindingFixtures.h2(
                "CREATE TABLE PERSON (PERSON_ID INT PRIMARY KEY, GENDER VARCHAR(1), BIRTHDATE DATE, DEAD SMALLINT)",
                "INSERT INTO PERSON SELECT X, 'F', DATE '1970-01-01', 0 FROM SYSTEM_RANGE(1, 40)",
                "CREATE TABLE PATIENT (PATIENT_ID INT PRIMARY KEY, CREATOR INT, FOREIGN KEY (PATIENT_ID)"
                        + " REFERENCES PERSON(PERSON_ID))",
                "INSERT INTO PATIENT SELECT X, 1 FROM SYSTEM_RANGE(1, 30)"));
        TableBinding person = b.table("PERSON").orElseThrow();
        assertThat(person.status()).isEqualTo(TableBinding.Status.UNBOUND);
        assertThat(person.reasons()).anyMatch(r -> r.contains("extends this table by its key"));
        assertThat(b.tableOf("Patient")).isEmpty();
    }
}
