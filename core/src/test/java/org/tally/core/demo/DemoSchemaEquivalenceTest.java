package org.tally.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.source.DemoSchema;

/**
 * The two schemas hold the same facts: hand-written SQL per schema gives the same answer. Where a column is
 * enumerated, the DEV answer is translated with {@link DemoSpellings} before comparing.
 */
class DemoSchemaEquivalenceTest {

    /** A question in both schemas; {@code spelling} translates DEV values of the first column, or null. */
    record Pair(String question, String dev, String alt, Map<String, String> spelling) {
        @Override
        public String toString() {
            return question;
        }
    }

    static final String DEV_OUTSTANDING = "SELECT SUM(b.total_amount - COALESCE(p.paid, 0)) FROM bills b LEFT JOIN "
            + "(SELECT bill_id, SUM(amount) AS paid FROM payments GROUP BY bill_id) p ON p.bill_id = b.id";
    static final String ALT_OUTSTANDING = "SELECT SUM(i.InvoiceAmt - COALESCE(r.paid, 0)) FROM Billing_Invoice i "
            + "LEFT JOIN (SELECT InvoiceNo, SUM(AmountPaid) AS paid FROM Billing_Receipt GROUP BY InvoiceNo) r "
            + "ON r.InvoiceNo = i.InvoiceNo";

    static Stream<Pair> pairs() {
        return Stream.of(
                new Pair("how many patients", "SELECT COUNT(*) FROM patients",
                        "SELECT COUNT(*) FROM PatientMaster", null),
                new Pair("patients by gender", "SELECT gender, COUNT(*) FROM patients GROUP BY gender",
                        "SELECT Sex, COUNT(*) FROM PatientMaster GROUP BY Sex", DemoSpellings.GENDER),
                new Pair("patients without a phone", "SELECT COUNT(*) FROM patients WHERE phone IS NULL",
                        "SELECT COUNT(*) FROM PatientMaster WHERE ContactNo IS NULL", null),
                new Pair("patients named Okafor", "SELECT COUNT(*) FROM patients WHERE family_name = 'Okafor'",
                        "SELECT COUNT(*) FROM PatientMaster WHERE PatientName LIKE '% Okafor'", null),
                new Pair("currently admitted", "SELECT COUNT(*) FROM admissions WHERE discharged_at IS NULL",
                        "SELECT COUNT(*) FROM IPD_Admission WHERE DischDateTime IS NULL", null),
                new Pair("currently admitted by ward",
                        "SELECT w.name, COUNT(*) FROM admissions a JOIN wards w ON w.id = a.ward_id "
                                + "WHERE a.discharged_at IS NULL GROUP BY w.name",
                        "SELECT w.WardName, COUNT(*) FROM IPD_Admission a JOIN WardMaster w ON w.WardID = a.WardID "
                                + "WHERE a.DischDateTime IS NULL GROUP BY w.WardName", null),
                new Pair("admissions by discharge disposition",
                        "SELECT discharge_disposition, COUNT(*) FROM admissions WHERE discharged_at IS NOT NULL "
                                + "GROUP BY discharge_disposition",
                        "SELECT DischargeStatus, COUNT(*) FROM IPD_Admission WHERE DischDateTime IS NOT NULL "
                                + "GROUP BY DischargeStatus", DemoSpellings.DISCHARGE_DISPOSITION),
                new Pair("emergency admissions per month of year",
                        "SELECT EXTRACT(MONTH FROM admitted_at), COUNT(*) FROM admissions "
                                + "WHERE admission_type = 'emergency' GROUP BY EXTRACT(MONTH FROM admitted_at)",
                        "SELECT EXTRACT(MONTH FROM AdmDateTime), COUNT(*) FROM IPD_Admission WHERE AdmType = 'EMER' "
                                + "GROUP BY EXTRACT(MONTH FROM AdmDateTime)", null),
                new Pair("stillbirths", "SELECT COUNT(*) FROM deliveries WHERE outcome = 'stillbirth'",
                        "SELECT COUNT(*) FROM OB_Delivery WHERE BirthOutcome = 'SB'", null),
                new Pair("deliveries by mode in 2025",
                        "SELECT delivery_mode, COUNT(*) FROM deliveries WHERE delivered_at >= DATE '2025-01-01' "
                                + "AND delivered_at < DATE '2026-01-01' GROUP BY delivery_mode",
                        "SELECT mode_of_delivery, COUNT(*) FROM OB_Delivery WHERE DeliveryDT >= DATE '2025-01-01' "
                                + "AND DeliveryDT < DATE '2026-01-01' GROUP BY mode_of_delivery",
                        DemoSpellings.DELIVERY_MODE),
                new Pair("caesareans by ward",
                        "SELECT w.name, COUNT(*) FROM deliveries d JOIN wards w ON w.id = d.ward_id "
                                + "WHERE d.delivery_mode = 'caesarean' GROUP BY w.name",
                        "SELECT w.WardName, COUNT(*) FROM OB_Delivery d JOIN WardMaster w ON w.WardID = d.WardID "
                                + "WHERE d.mode_of_delivery = 'C-Section' GROUP BY w.WardName", null),
                new Pair("total birth weight of live-born girls",
                        "SELECT SUM(n.birth_weight_grams) FROM newborns n JOIN deliveries d ON d.id = n.delivery_id "
                                + "WHERE d.outcome = 'live_birth' AND n.sex = 'F'",
                        "SELECT SUM(n.BirthWtGms) FROM OB_Newborn n JOIN OB_Delivery d ON d.DeliveryID = n.DeliveryID "
                                + "WHERE d.BirthOutcome = 'LB' AND n.BabySex = 'Female'", null),
                new Pair("outstanding balance", DEV_OUTSTANDING, ALT_OUTSTANDING, null),
                new Pair("bills by status", "SELECT status, COUNT(*), SUM(total_amount) FROM bills GROUP BY status",
                        "SELECT InvoiceStatus, COUNT(*), SUM(InvoiceAmt) FROM Billing_Invoice GROUP BY InvoiceStatus",
                        DemoSpellings.BILL_STATUS),
                new Pair("payments by method", "SELECT method, SUM(amount) FROM payments GROUP BY method",
                        "SELECT PayMode, SUM(AmountPaid) FROM Billing_Receipt GROUP BY PayMode",
                        DemoSpellings.PAYMENT_METHOD),
                new Pair("no-shows per year",
                        "SELECT EXTRACT(YEAR FROM scheduled_at), COUNT(*) FROM appointments WHERE status = 'no_show' "
                                + "GROUP BY EXTRACT(YEAR FROM scheduled_at)",
                        "SELECT EXTRACT(YEAR FROM ApptDT), COUNT(*) FROM OPD_Appointment WHERE ApptStatus = 'DNA' "
                                + "GROUP BY EXTRACT(YEAR FROM ApptDT)", null),
                new Pair("appointments by status", "SELECT status, COUNT(*) FROM appointments GROUP BY status",
                        "SELECT ApptStatus, COUNT(*) FROM OPD_Appointment GROUP BY ApptStatus",
                        DemoSpellings.APPOINTMENT_STATUS),
                new Pair("critical lab results by test",
                        "SELECT t.code, COUNT(*) FROM lab_results r JOIN lab_tests t ON t.id = r.lab_test_id "
                                + "WHERE r.is_critical = TRUE GROUP BY t.code",
                        "SELECT t.TestCode, COUNT(*) FROM Lab_Result r JOIN LabTestMaster t ON t.TestID = r.TestID "
                                + "WHERE r.CriticalFlag = 'Y' GROUP BY t.TestCode", null),
                new Pair("triage acuity distribution",
                        "SELECT acuity_level, COUNT(*) FROM triage_assessments GROUP BY acuity_level",
                        "SELECT TriageCategory, COUNT(*) FROM ER_Triage GROUP BY TriageCategory", null),
                new Pair("top primary diagnoses of stays",
                        "SELECT c.description, COUNT(*) FROM diagnoses d JOIN diagnosis_codes c "
                                + "ON c.code = d.diagnosis_code WHERE d.is_primary = TRUE AND d.admission_id IS NOT NULL "
                                + "GROUP BY c.description",
                        "SELECT c.ICDDescription, COUNT(*) FROM Patient_Diagnosis d JOIN ICD10_Master c "
                                + "ON c.ICDCode = d.ICDCode WHERE d.PrimaryYN = 'Y' AND d.AdmissionID IS NOT NULL "
                                + "GROUP BY c.ICDDescription", null),
                new Pair("ventilated ICU stays", "SELECT COUNT(*) FROM icu_stays WHERE was_ventilated = TRUE",
                        "SELECT COUNT(*) FROM ICU_Stay WHERE VentilatedYN = 'Y'", null),
                new Pair("transfers into ICU",
                        "SELECT COUNT(*) FROM transfers t JOIN wards w ON w.id = t.to_ward_id WHERE w.ward_type = 'icu'",
                        "SELECT COUNT(*) FROM IPD_Transfer t JOIN WardMaster w ON w.WardID = t.ToWardID "
                                + "WHERE w.WardCategory = 'ICU'", null),
                new Pair("caesareans in the obstetric theatre",
                        "SELECT COUNT(*) FROM surgeries WHERE theatre = 'Theatre 4'",
                        "SELECT COUNT(*) FROM OT_Procedure WHERE TheatreNo = 'OT-4'", null),
                new Pair("refused doses", "SELECT COUNT(*) FROM medication_administrations WHERE status = 'refused'",
                        "SELECT COUNT(*) FROM MAR_Entry WHERE AdminStatus = 'R'", null),
                new Pair("incidents by severity",
                        "SELECT severity, COUNT(*) FROM incidents WHERE category = 'fall' GROUP BY severity",
                        "SELECT HarmLevel, COUNT(*) FROM QA_Incident WHERE IncidentType = 'FALL' GROUP BY HarmLevel",
                        DemoSpellings.INCIDENT_SEVERITY),
                new Pair("in-hospital deaths", "SELECT COUNT(*) FROM patients WHERE death_date IS NOT NULL",
                        "SELECT COUNT(*) FROM PatientMaster WHERE DateOfDeath IS NOT NULL", null),
                // completed, not active: the few stays open on the reference day hold no controlled drug
                new Pair("completed prescriptions of controlled drugs",
                        "SELECT COUNT(*) FROM prescriptions p JOIN medications m ON m.id = p.medication_id "
                                + "WHERE p.status = 'completed' AND m.is_controlled = TRUE",
                        "SELECT COUNT(*) FROM Rx_Order p JOIN Drug_Master m ON m.DrugID = p.DrugID "
                                + "WHERE p.RxStatus = 'C' AND m.ControlledYN = 'Y'", null),
                new Pair("doctors per department",
                        "SELECT d.name, COUNT(*) FROM providers p JOIN departments d ON d.id = p.department_id "
                                + "WHERE p.role = 'doctor' GROUP BY d.name",
                        "SELECT d.DeptName, COUNT(*) FROM Staff s JOIN Dept_Master d ON d.DeptID = s.DeptID "
                                + "WHERE s.Designation = 'DR' GROUP BY d.DeptName", null),
                new Pair("pending referrals", "SELECT COUNT(*) FROM referrals WHERE status = 'pending'",
                        "SELECT COUNT(*) FROM Referral_Register WHERE ReferralStatus = 'PENDING'", null));
    }

    /** Rows sorted, with the first column of DEV rows spelled the ALT way when the pair says so. */
    static List<List<String>> comparable(List<List<String>> rows, Map<String, String> spelling) {
        List<List<String>> out = new ArrayList<>();
        for (List<String> row : rows) {
            List<String> copy = new ArrayList<>(row);
            if (spelling != null) {
                assertThat(spelling).containsKey(copy.get(0));
                copy.set(0, spelling.get(copy.get(0)));
            }
            out.add(copy);
        }
        out.sort(Comparator.comparing(Object::toString));
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairs")
    void bothSchemasGiveTheSameAnswer(Pair pair) throws Exception {
        List<List<String>> dev = DemoFixtures.rows(DemoFixtures.h2(DemoSchema.DEV), pair.dev());
        List<List<String>> alt = DemoFixtures.rows(DemoFixtures.h2(DemoSchema.ALT), pair.alt());
        assertThat(dev).isNotEmpty();
        assertThat(dev.get(0).get(dev.get(0).size() - 1)).as("a question with a non-trivial answer").isNotIn("0", null);
        assertThat(comparable(alt, null)).isEqualTo(comparable(dev, pair.spelling()));
    }
}
