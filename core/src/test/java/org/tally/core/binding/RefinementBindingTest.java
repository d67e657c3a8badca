package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.tally.core.binder.BindResult;
import org.tally.core.binder.SpecBinder;
import org.tally.core.pack.PackLoader;
import org.tally.core.source.DemoSchema;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * Concepts the pack holds as a kind of another (emergency visits are encounters of emergency type, in-hospital
 * deaths are stays discharged as died) bind as refinements of their base table only when nothing else can: no table
 * of their own, exactly one column carrying the condition, observed values holding the class.
 */
class RefinementBindingTest {

    private static Refinement refinement(Binding b, String concept) {
        return b.refinements().stream().filter(r -> r.concept().equals(concept)).findFirst().orElseThrow();
    }

    private static ColumnRole viewRole(Refinement r, String column) {
        return r.view().column(column).orElseThrow().role();
    }

    private static void demo(DemoSchema schema, String encounters, String type, String emergency, String started,
                             String ended, String admissions, String disposition, String died, String admitted,
                             String discharged) throws Exception {
        Binding b = BindingFixtures.bind(BindingFixtures.demo(schema));
        assertThat(b.tableOf("EmergencyVisit")).isEmpty();
        assertThat(b.tableOf("Mortality")).isEmpty();

        Refinement ed = b.refinementOf("EmergencyVisit").orElseThrow();
        assertThat(ed.baseConcept()).isEqualTo("Encounter");
        assertThat(ed.table()).isEqualTo(encounters);
        assertThat(ed.restrictions()).singleElement().isInstanceOfSatisfying(Restriction.ValueIn.class, v -> {
            assertThat(v.column().column()).isEqualTo(type);
            assertThat(v.values()).containsExactly(emergency);
            assertThat(v.classes()).containsExactly("emergency");
        });
        assertThat(viewRole(ed, started)).isEqualTo(ColumnRole.START_TIME);
        assertThat(viewRole(ed, ended)).isEqualTo(ColumnRole.END_TIME);
        assertThat(b.rowsOf("EmergencyVisit")).containsSame(ed.view());
        assertThat(ed.view().concept()).isEqualTo("EmergencyVisit");
        assertThat(ed.reasons().get(0)).isEqualTo("no table is bound to EmergencyVisit; held as the rows of Encounter ("
                + encounters + ") where " + type + " (" + v(ed) + ") is '" + emergency + "' (value class emergency)");

        Refinement deaths = b.refinementOf("Mortality").orElseThrow();
        assertThat(deaths.table()).isEqualTo(admissions);
        assertThat(deaths.restrictions()).singleElement().isInstanceOfSatisfying(Restriction.ValueIn.class, v -> {
            assertThat(v.column().column()).isEqualTo(disposition);
            assertThat(v.values()).containsExactly(died);
        });
        // a death's time is the stay's end; the admission time is no time of a death
        assertThat(viewRole(deaths, discharged)).isEqualTo(ColumnRole.EVENT_TIME);
        assertThat(viewRole(deaths, admitted)).isEqualTo(ColumnRole.UNKNOWN);
        assertThat(deaths.reasons()).contains("time roles: EventTime = " + discharged + " (Admission EndTime)",
                "not times of Mortality: " + admitted + " (Admission StartTime)");

        // the physical tables are unchanged: the base table is still its own concept's
        assertThat(b.tableOf("Encounter").orElseThrow().table()).isEqualTo(encounters);
        assertThat(b.tableOf("Admission").orElseThrow().column(admitted).orElseThrow().role())
                .isEqualTo(ColumnRole.START_TIME);
        assertThat(b.tables()).noneMatch(t -> "EmergencyVisit".equals(t.concept()) || "Mortality".equals(t.concept()));
    }

    private static String v(Refinement r) {
        return r.restrictions().get(0).column().role().jsonName();
    }

    @Test
    void bothDemoSchemasHoldEmergencyVisitsAndDeathsAsKindsOfTheirBase() throws Exception {
        demo(DemoSchema.DEV, "encounters", "encounter_type", "emergency", "started_at", "ended_at", "admissions",
                "discharge_disposition", "died", "admitted_at", "discharged_at");
        demo(DemoSchema.ALT, "PatientVisit", "VisitClass", "ER", "CheckInDT", "CheckOutDT", "IPD_Admission",
                "DischargeStatus", "EXPIRED", "AdmDateTime", "DischDateTime");
    }

    @Test
    void theBindingJsonShowsTheResolvedCondition() throws Exception {
        Binding b = BindingFixtures.bind(BindingFixtures.demo(DemoSchema.ALT));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> refinements = (List<Map<String, Object>>) BindingJson.toMap(b, false)
                .get("refinements");
        Map<String, Object> ed = refinements.stream().filter(r -> r.get("concept").equals("EmergencyVisit"))
                .findFirst().orElseThrow();
        assertThat(ed).containsEntry("kindOf", "Encounter").containsEntry("table", "PatientVisit")
                .containsEntry("realised", true);
        assertThat(ed.get("condition")).isEqualTo(List.of(Map.of("column", "VisitClass", "role", "Type",
                "values", List.of("ER"), "classes", List.of("emergency"), "test", "visit class ER")));
    }

    private static final String PATIENTS = "CREATE TABLE patients (id INT PRIMARY KEY, birth_date DATE,"
            + " gender VARCHAR(1))";
    private static final String SOME_PATIENTS = "INSERT INTO patients SELECT X, DATE '1980-01-01', 'F'"
            + " FROM SYSTEM_RANGE(1, 30)";

    @Test
    void aTableOfTheConceptsOwnAlwaysWins() throws Exception {
        Binding b = BindingFixtures.bind(BindingFixtures.h2(PATIENTS, SOME_PATIENTS,
                "CREATE TABLE encounters (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                        + " encounter_type VARCHAR(12), started_at TIMESTAMP, ended_at TIMESTAMP)",
                "INSERT INTO encounters SELECT X, MOD(X, 30) + 1, CASE WHEN MOD(X, 3) = 0 THEN 'emergency' ELSE"
                        + " 'outpatient' END, TIMESTAMP '2026-10-01 08:00:00', TIMESTAMP '2026-10-01 10:00:00'"
                        + " FROM SYSTEM_RANGE(1, 60)",
                "CREATE TABLE ed_visits (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                        + " started_at TIMESTAMP, ended_at TIMESTAMP, triage_category INT, disposition VARCHAR(20))",
                "INSERT INTO ed_visits SELECT X, MOD(X, 30) + 1, TIMESTAMP '2026-10-01 08:00:00',"
                        + " TIMESTAMP '2026-10-01 11:00:00', 3, 'home' FROM SYSTEM_RANGE(1, 20)"));
        assertThat(b.tableOf("EmergencyVisit").orElseThrow().table()).isEqualToIgnoringCase("ed_visits");
        assertThat(b.refinementOf("EmergencyVisit")).isEmpty();
        assertThat(b.rowsOf("EmergencyVisit")).isEqualTo(b.tableOf("EmergencyVisit"));
        Refinement ed = refinement(b, "EmergencyVisit");
        assertThat(ed.realised()).isFalse();
        assertThat(ed.reasons()).containsExactly("table ED_VISITS is bound to EmergencyVisit itself, which wins over"
                + " Encounter rows");
        BindResult counted = new SpecBinder(b, PackLoader.hospital(), Clock.systemUTC()).bind(QuerySpec
                .builder("EmergencyVisit", Shape.SCALAR).measure(Measure.count()).build());
        assertThat(counted).isInstanceOfSatisfying(BindResult.Bound.class, bound -> {
            assertThat(bound.tables()).containsExactly("ED_VISITS");
            assertThat(bound.query().where()).isEmpty();
        });
    }

    @Test
    void twoColumnsThatCouldCarryTheConditionLeaveItUnrealisedNamingBoth() throws Exception {
        Binding b = BindingFixtures.bind(BindingFixtures.h2(PATIENTS, SOME_PATIENTS,
                "CREATE TABLE encounters (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                        + " encounter_type VARCHAR(12), visit_class VARCHAR(4), started_at TIMESTAMP,"
                        + " ended_at TIMESTAMP)",
                "INSERT INTO encounters SELECT X, MOD(X, 30) + 1, CASE WHEN MOD(X, 3) = 0 THEN 'emergency' ELSE"
                        + " 'outpatient' END, CASE WHEN MOD(X, 4) = 0 THEN 'ER' ELSE 'OP' END,"
                        + " TIMESTAMP '2026-10-01 08:00:00', TIMESTAMP '2026-10-01 10:00:00' FROM SYSTEM_RANGE(1, 60)"));
        assertThat(b.tableOf("Encounter")).isPresent();
        assertThat(b.refinementOf("EmergencyVisit")).isEmpty();
        assertThat(b.rowsOf("EmergencyVisit")).isEmpty();
        Refinement ed = refinement(b, "EmergencyVisit");
        assertThat(ed.realised()).isFalse();
        assertThat(ed.restrictions()).isEmpty();
        assertThat(ed.reasons()).containsExactly("not held as a kind of Encounter (ENCOUNTERS):",
                "several columns of ENCOUNTERS could carry 'holds emergency': ENCOUNTER_TYPE, VISIT_CLASS; none is"
                        + " taken (an override of the others' roles settles it)");
    }

    @Test
    void aBaseWhoseColumnsHoldNoneOfTheClassOrNoBaseAtAllLeaveItUnrealised() throws Exception {
        Binding b = BindingFixtures.bind(BindingFixtures.h2(PATIENTS, SOME_PATIENTS,
                "CREATE TABLE encounters (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                        + " encounter_type VARCHAR(12), started_at TIMESTAMP, ended_at TIMESTAMP)",
                "INSERT INTO encounters SELECT X, MOD(X, 30) + 1, CASE WHEN MOD(X, 3) = 0 THEN 'inpatient' ELSE"
                        + " 'outpatient' END, TIMESTAMP '2026-10-01 08:00:00', NULL FROM SYSTEM_RANGE(1, 60)"));
        Refinement ed = refinement(b, "EmergencyVisit");
        assertThat(ed.realised()).isFalse();
        assertThat(ed.reasons()).containsExactly("not held as a kind of Encounter (ENCOUNTERS):",
                "no Type or Category column of ENCOUNTERS holds emergency (ENCOUNTER_TYPE: observed outpatient,"
                        + " inpatient)");
        Refinement deaths = refinement(b, "Mortality");
        assertThat(deaths.realised()).isFalse();
        assertThat(deaths.table()).isNull();
        assertThat(deaths.reasons()).containsExactly("no table is bound to Mortality nor to Admission, whose rows"
                + " could hold it");
    }
}
