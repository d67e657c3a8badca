package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.spec.ColumnRole.AMOUNT;
import static org.tally.core.spec.ColumnRole.BIRTH_DATE;
import static org.tally.core.spec.ColumnRole.CATEGORY;
import static org.tally.core.spec.ColumnRole.CODE;
import static org.tally.core.spec.ColumnRole.DEATH_DATE;
import static org.tally.core.spec.ColumnRole.DEPARTMENT_REF;
import static org.tally.core.spec.ColumnRole.DESCRIPTION;
import static org.tally.core.spec.ColumnRole.DURATION;
import static org.tally.core.spec.ColumnRole.ENCOUNTER_REF;
import static org.tally.core.spec.ColumnRole.END_TIME;
import static org.tally.core.spec.ColumnRole.EVENT_TIME;
import static org.tally.core.spec.ColumnRole.FAMILY_NAME;
import static org.tally.core.spec.ColumnRole.FLAG;
import static org.tally.core.spec.ColumnRole.FOREIGN_REF;
import static org.tally.core.spec.ColumnRole.FULL_NAME;
import static org.tally.core.spec.ColumnRole.GENDER;
import static org.tally.core.spec.ColumnRole.GIVEN_NAME;
import static org.tally.core.spec.ColumnRole.LOCATION;
import static org.tally.core.spec.ColumnRole.MEASURE;
import static org.tally.core.spec.ColumnRole.NAME;
import static org.tally.core.spec.ColumnRole.PATIENT_REF;
import static org.tally.core.spec.ColumnRole.PRIMARY_KEY;
import static org.tally.core.spec.ColumnRole.PRIORITY;
import static org.tally.core.spec.ColumnRole.PROVIDER_REF;
import static org.tally.core.spec.ColumnRole.QUANTITY;
import static org.tally.core.spec.ColumnRole.SEVERITY;
import static org.tally.core.spec.ColumnRole.START_TIME;
import static org.tally.core.spec.ColumnRole.STATUS;
import static org.tally.core.spec.ColumnRole.TYPE;
import static org.tally.core.spec.ColumnRole.WARD_REF;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRole;
import org.tally.core.source.DemoSchema;

/**
 * Both demo schemas bind every table to the intended concept and the columns questions use to the intended role,
 * with no overrides. Every expectation below is written by hand from docs/demo-schemas.md.
 */
class DemoBindingTest {

    /** DEV table, ALT table, concept. */
    private static final String[][] TABLES = {
        {"departments", "Dept_Master", "Department"}, {"wards", "WardMaster", "Ward"},
        {"beds", "Bed_Master", "Bed"}, {"providers", "Staff", "Provider"},
        {"patients", "PatientMaster", "Patient"}, {"diagnosis_codes", "ICD10_Master", "DiagnosisCode"},
        {"medications", "Drug_Master", "Medication"}, {"lab_tests", "LabTestMaster", "LabTest"},
        {"admissions", "IPD_Admission", "Admission"}, {"transfers", "IPD_Transfer", "Transfer"},
        {"icu_stays", "ICU_Stay", "IcuStay"}, {"appointments", "OPD_Appointment", "Appointment"},
        {"encounters", "PatientVisit", "Encounter"}, {"triage_assessments", "ER_Triage", "Triage"},
        {"vital_signs", "Nursing_Obs", "VitalSign"}, {"diagnoses", "Patient_Diagnosis", "Diagnosis"},
        {"prescriptions", "Rx_Order", "Prescription"},
        {"medication_administrations", "MAR_Entry", "MedicationAdministration"},
        {"lab_orders", "Lab_Request", "LabOrder"}, {"lab_results", "Lab_Result", "LabResult"},
        {"deliveries", "OB_Delivery", "Delivery"}, {"newborns", "OB_Newborn", "Newborn"},
        {"surgeries", "OT_Procedure", "Surgery"}, {"bills", "Billing_Invoice", "Bill"},
        {"payments", "Billing_Receipt", "Payment"}, {"incidents", "QA_Incident", "Incident"},
        {"allergies", "Pt_Allergy", "Allergy"}, {"immunizations", "Immunisation", "Immunization"},
        {"referrals", "Referral_Register", "Referral"},
    };

    /** Columns questions use: table.column in DEV, in ALT, and the role (or roles a question's hint accepts). */
    private static final Object[][] COLUMNS = {
        {"departments.id", "Dept_Master.DeptID", PRIMARY_KEY},
        {"departments.name", "Dept_Master.DeptName", NAME},
        {"departments.code", "Dept_Master.DeptCode", CODE},
        {"departments.is_clinical", "Dept_Master.ClinicalYN", FLAG},
        {"wards.name", "WardMaster.WardName", NAME},
        {"wards.ward_type", "WardMaster.WardCategory", Set.of(TYPE, CATEGORY)},
        {"wards.department_id", "WardMaster.DeptID", DEPARTMENT_REF},
        {"wards.capacity", "WardMaster.BedCapacity", QUANTITY},
        {"beds.ward_id", "Bed_Master.WardID", WARD_REF},
        {"beds.bed_type", "Bed_Master.BedType", TYPE},
        {"beds.is_active", "Bed_Master.ActiveYN", FLAG},
        {"providers.role", "Staff.Designation", Set.of(CATEGORY, TYPE)},
        {"providers.specialty", "Staff.Speciality", CATEGORY},
        {"providers.department_id", "Staff.DeptID", DEPARTMENT_REF},
        {"providers.is_active", "Staff.ActiveYN", FLAG},
        {"patients.birth_date", "PatientMaster.DOB", BIRTH_DATE},
        {"patients.gender", "PatientMaster.Sex", GENDER},
        {"patients.death_date", "PatientMaster.DateOfDeath", DEATH_DATE},
        {"patients.district", "PatientMaster.District", LOCATION},
        {"patients.city", "PatientMaster.City", LOCATION},
        {"patients.registered_at", "PatientMaster.RegDate", EVENT_TIME},
        {"diagnosis_codes.code", "ICD10_Master.ICDCode", CODE},
        {"diagnosis_codes.description", "ICD10_Master.ICDDescription", DESCRIPTION},
        {"diagnosis_codes.chapter", "ICD10_Master.ICDChapter", CATEGORY},
        {"medications.name", "Drug_Master.DrugName", NAME},
        {"medications.form", "Drug_Master.DosageForm", CATEGORY},
        {"medications.is_controlled", "Drug_Master.ControlledYN", FLAG},
        {"medications.unit_price", "Drug_Master.UnitCost", AMOUNT},
        {"lab_tests.name", "LabTestMaster.TestName", NAME},
        {"lab_tests.code", "LabTestMaster.TestCode", CODE},
        {"lab_tests.price", "LabTestMaster.Charge", AMOUNT},
        {"admissions.patient_id", "IPD_Admission.PatientID", PATIENT_REF},
        {"admissions.ward_id", "IPD_Admission.WardID", WARD_REF},
        {"admissions.bed_id", "IPD_Admission.BedID", FOREIGN_REF},
        {"admissions.attending_provider_id", "IPD_Admission.AttendingDrID", PROVIDER_REF},
        {"admissions.admission_type", "IPD_Admission.AdmType", Set.of(TYPE, CATEGORY)},
        {"admissions.admitted_at", "IPD_Admission.AdmDateTime", START_TIME},
        {"admissions.discharged_at", "IPD_Admission.DischDateTime", END_TIME},
        {"admissions.discharge_disposition", "IPD_Admission.DischargeStatus", Set.of(CATEGORY, STATUS)},
        {"transfers.admission_id", "IPD_Transfer.AdmissionID", ENCOUNTER_REF},
        {"transfers.from_ward_id", "IPD_Transfer.FromWardID", WARD_REF},
        {"transfers.to_ward_id", "IPD_Transfer.ToWardID", WARD_REF},
        {"transfers.transferred_at", "IPD_Transfer.TransferDT", EVENT_TIME},
        {"icu_stays.admission_id", "ICU_Stay.AdmissionID", ENCOUNTER_REF},
        {"icu_stays.ward_id", "ICU_Stay.WardID", WARD_REF},
        {"icu_stays.started_at", "ICU_Stay.ICUInDT", START_TIME},
        {"icu_stays.ended_at", "ICU_Stay.ICUOutDT", END_TIME},
        {"icu_stays.was_ventilated", "ICU_Stay.VentilatedYN", FLAG},
        {"appointments.patient_id", "OPD_Appointment.PatientID", PATIENT_REF},
        {"appointments.department_id", "OPD_Appointment.ClinicID", DEPARTMENT_REF},
        {"appointments.provider_id", "OPD_Appointment.DoctorID", PROVIDER_REF},
        {"appointments.scheduled_at", "OPD_Appointment.ApptDT", EVENT_TIME},
        {"appointments.status", "OPD_Appointment.ApptStatus", STATUS},
        {"appointments.visit_type", "OPD_Appointment.VisitType", TYPE},
        {"encounters.patient_id", "PatientVisit.PatientID", PATIENT_REF},
        {"encounters.department_id", "PatientVisit.DeptID", DEPARTMENT_REF},
        {"encounters.provider_id", "PatientVisit.ConsultantID", PROVIDER_REF},
        {"encounters.encounter_type", "PatientVisit.VisitClass", Set.of(TYPE, CATEGORY)},
        {"encounters.started_at", "PatientVisit.CheckInDT", START_TIME},
        {"encounters.ended_at", "PatientVisit.CheckOutDT", END_TIME},
        {"triage_assessments.encounter_id", "ER_Triage.VisitID", ENCOUNTER_REF},
        {"triage_assessments.arrived_at", "ER_Triage.ArrivalDT", EVENT_TIME},
        {"triage_assessments.acuity_level", "ER_Triage.TriageCategory", Set.of(PRIORITY, CATEGORY)},
        {"triage_assessments.chief_complaint", "ER_Triage.PresentingComplaint", CATEGORY},
        {"triage_assessments.nurse_id", "ER_Triage.TriageNurseID", PROVIDER_REF},
        {"vital_signs.patient_id", "Nursing_Obs.PatientID", PATIENT_REF},
        {"vital_signs.recorded_at", "Nursing_Obs.ObsDT", EVENT_TIME},
        {"vital_signs.heart_rate", "Nursing_Obs.Pulse", MEASURE},
        {"vital_signs.systolic_bp", "Nursing_Obs.BP_Systolic", MEASURE},
        {"vital_signs.temperature_c", "Nursing_Obs.TempC", MEASURE},
        {"diagnoses.patient_id", "Patient_Diagnosis.PatientID", PATIENT_REF},
        {"diagnoses.admission_id", "Patient_Diagnosis.AdmissionID", ENCOUNTER_REF},
        {"diagnoses.encounter_id", "Patient_Diagnosis.VisitID", ENCOUNTER_REF},
        {"diagnoses.diagnosis_code", "Patient_Diagnosis.ICDCode", CODE},
        {"diagnoses.diagnosed_at", "Patient_Diagnosis.DiagDT", EVENT_TIME},
        {"diagnoses.is_primary", "Patient_Diagnosis.PrimaryYN", FLAG},
        {"prescriptions.patient_id", "Rx_Order.PatientID", PATIENT_REF},
        {"prescriptions.medication_id", "Rx_Order.DrugID", FOREIGN_REF},
        {"prescriptions.prescriber_id", "Rx_Order.PrescriberID", PROVIDER_REF},
        {"prescriptions.prescribed_at", "Rx_Order.RxDT", EVENT_TIME},
        {"prescriptions.frequency", "Rx_Order.Freq", CATEGORY},
        {"prescriptions.duration_days", "Rx_Order.DurationDays", DURATION},
        {"prescriptions.quantity", "Rx_Order.Qty", QUANTITY},
        {"prescriptions.status", "Rx_Order.RxStatus", STATUS},
        {"medication_administrations.prescription_id", "MAR_Entry.RxID", FOREIGN_REF},
        {"medication_administrations.administered_at", "MAR_Entry.AdminDT", EVENT_TIME},
        {"medication_administrations.nurse_id", "MAR_Entry.GivenByID", PROVIDER_REF},
        {"medication_administrations.status", "MAR_Entry.AdminStatus", STATUS},
        {"lab_orders.patient_id", "Lab_Request.PatientID", PATIENT_REF},
        {"lab_orders.ordered_by", "Lab_Request.RequestedBy", PROVIDER_REF},
        {"lab_orders.ordered_at", "Lab_Request.RequestDT", EVENT_TIME},
        {"lab_orders.priority", "Lab_Request.Priority", PRIORITY},
        {"lab_orders.status", "Lab_Request.RequestStatus", STATUS},
        {"lab_results.lab_order_id", "Lab_Result.RequestID", FOREIGN_REF},
        {"lab_results.lab_test_id", "Lab_Result.TestID", FOREIGN_REF},
        {"lab_results.resulted_at", "Lab_Result.ReportedDT", EVENT_TIME},
        {"lab_results.value_numeric", "Lab_Result.ResultValue", MEASURE},
        {"lab_results.is_abnormal", "Lab_Result.AbnormalFlag", FLAG},
        {"lab_results.is_critical", "Lab_Result.CriticalFlag", FLAG},
        {"deliveries.patient_id", "OB_Delivery.MotherID", PATIENT_REF},
        {"deliveries.admission_id", "OB_Delivery.AdmissionID", ENCOUNTER_REF},
        {"deliveries.ward_id", "OB_Delivery.WardID", WARD_REF},
        {"deliveries.delivered_by", "OB_Delivery.ConductedBy", PROVIDER_REF},
        {"deliveries.delivered_at", "OB_Delivery.DeliveryDT", EVENT_TIME},
        {"deliveries.delivery_mode", "OB_Delivery.mode_of_delivery", Set.of(CATEGORY, TYPE)},
        {"deliveries.outcome", "OB_Delivery.BirthOutcome", Set.of(CATEGORY, STATUS)},
        {"deliveries.gestation_weeks", "OB_Delivery.GestAgeWks", Set.of(MEASURE, DURATION, QUANTITY)},
        {"newborns.delivery_id", "OB_Newborn.DeliveryID", FOREIGN_REF},
        {"newborns.sex", "OB_Newborn.BabySex", GENDER},
        {"newborns.birth_weight_grams", "OB_Newborn.BirthWtGms", MEASURE},
        {"newborns.apgar_5min", "OB_Newborn.Apgar5", MEASURE},
        {"surgeries.patient_id", "OT_Procedure.PatientID", PATIENT_REF},
        {"surgeries.procedure_name", "OT_Procedure.ProcedureName", NAME},
        {"surgeries.theatre", "OT_Procedure.TheatreNo", LOCATION},
        {"surgeries.surgeon_id", "OT_Procedure.SurgeonID", PROVIDER_REF},
        {"surgeries.anaesthesia_type", "OT_Procedure.AnaesthesiaType", Set.of(TYPE, CATEGORY)},
        {"surgeries.started_at", "OT_Procedure.KnifeStartDT", START_TIME},
        {"surgeries.ended_at", "OT_Procedure.KnifeEndDT", END_TIME},
        {"surgeries.is_emergency", "OT_Procedure.EmergencyYN", FLAG},
        {"bills.patient_id", "Billing_Invoice.PatientID", PATIENT_REF},
        {"bills.admission_id", "Billing_Invoice.AdmissionID", ENCOUNTER_REF},
        {"bills.billed_at", "Billing_Invoice.InvoiceDT", EVENT_TIME},
        {"bills.payer", "Billing_Invoice.PayerType", Set.of(CATEGORY, TYPE)},
        {"bills.total_amount", "Billing_Invoice.InvoiceAmt", AMOUNT},
        {"bills.status", "Billing_Invoice.InvoiceStatus", STATUS},
        {"payments.bill_id", "Billing_Receipt.InvoiceNo", FOREIGN_REF},
        {"payments.paid_at", "Billing_Receipt.ReceiptDT", EVENT_TIME},
        {"payments.amount", "Billing_Receipt.AmountPaid", AMOUNT},
        {"payments.method", "Billing_Receipt.PayMode", Set.of(CATEGORY, TYPE)},
        {"incidents.ward_id", "QA_Incident.WardID", WARD_REF},
        {"incidents.patient_id", "QA_Incident.PatientID", PATIENT_REF},
        {"incidents.reported_by", "QA_Incident.ReportedBy", PROVIDER_REF},
        {"incidents.reported_at", "QA_Incident.ReportedDT", EVENT_TIME},
        {"incidents.category", "QA_Incident.IncidentType", Set.of(CATEGORY, TYPE)},
        {"incidents.severity", "QA_Incident.HarmLevel", SEVERITY},
        {"allergies.patient_id", "Pt_Allergy.PatientID", PATIENT_REF},
        {"allergies.allergen", "Pt_Allergy.Allergen", NAME},
        {"allergies.severity", "Pt_Allergy.AllergySeverity", SEVERITY},
        {"allergies.recorded_on", "Pt_Allergy.RecordedDate", EVENT_TIME},
        {"immunizations.patient_id", "Immunisation.PatientID", PATIENT_REF},
        {"immunizations.vaccine", "Immunisation.VaccineName", NAME},
        {"immunizations.administered_on", "Immunisation.GivenDate", EVENT_TIME},
        {"immunizations.administered_by", "Immunisation.GivenByID", PROVIDER_REF},
        {"referrals.patient_id", "Referral_Register.PatientID", PATIENT_REF},
        {"referrals.from_department_id", "Referral_Register.FromDeptID", DEPARTMENT_REF},
        {"referrals.to_department_id", "Referral_Register.ToDeptID", DEPARTMENT_REF},
        {"referrals.referred_at", "Referral_Register.ReferralDT", EVENT_TIME},
        {"referrals.urgency", "Referral_Register.Urgency", PRIORITY},
        {"referrals.status", "Referral_Register.ReferralStatus", STATUS},
    };

    /** Display columns (role Name or, for people, their name columns). */
    private static final String[][] DISPLAY = {
        {"departments", "name", "Dept_Master", "DeptName"}, {"wards", "name", "WardMaster", "WardName"},
        {"medications", "name", "Drug_Master", "DrugName"}, {"lab_tests", "name", "LabTestMaster", "TestName"},
        {"providers", "family_name", "Staff", "StaffName"},
    };

    static Map<String, String> expectedConcepts(DemoSchema schema) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String[] row : TABLES) {
            m.put(schema == DemoSchema.DEV ? row[0] : row[1], row[2]);
        }
        return m;
    }

    private static Binding binding(DemoSchema schema) throws Exception {
        return BindingFixtures.bind(BindingFixtures.demo(schema));
    }

    @Test
    void everyDevTableBindsToItsConcept() throws Exception {
        assertConcepts(DemoSchema.DEV);
    }

    @Test
    void everyAltTableBindsToItsConcept() throws Exception {
        assertConcepts(DemoSchema.ALT);
    }

    private static void assertConcepts(DemoSchema schema) throws Exception {
        Binding b = binding(schema);
        Map<String, String> actual = new LinkedHashMap<>();
        b.tables().forEach(t -> actual.put(t.table(), t.concept()));
        assertThat(actual).isEqualTo(expectedConcepts(schema));
        assertThat(b.unbound()).isEmpty();
        for (TableBinding t : b.tables()) {
            assertThat(t.confidence()).as(t.table()).isGreaterThanOrEqualTo(Binder.MIN_CONFIDENCE);
            assertThat(t.reasons()).as(t.table()).isNotEmpty();
        }
    }

    @Test
    void devColumnsHaveTheirRoles() throws Exception {
        assertRoles(DemoSchema.DEV, 0);
    }

    @Test
    void altColumnsHaveTheirRoles() throws Exception {
        assertRoles(DemoSchema.ALT, 1);
    }

    @SuppressWarnings("unchecked")
    private static void assertRoles(DemoSchema schema, int index) throws Exception {
        Binding b = binding(schema);
        for (Object[] row : COLUMNS) {
            String[] name = ((String) row[index]).split("\\.");
            Set<ColumnRole> accepted = row[2] instanceof Set ? (Set<ColumnRole>) row[2] : Set.of((ColumnRole) row[2]);
            ColumnBinding c = b.table(name[0]).orElseThrow().column(name[1]).orElseThrow();
            assertThat(c.role()).as(row[index] + " " + c.reasons()).isIn(accepted);
        }
    }

    @Test
    void eachTableHasAtMostOneEventTime() throws Exception {
        for (DemoSchema schema : DemoSchema.values()) {
            for (TableBinding t : binding(schema).tables()) {
                assertThat(t.columnsWithRole(EVENT_TIME)).as(t.table()).hasSizeLessThanOrEqualTo(1);
                assertThat(t.columnsWithRole(START_TIME)).as(t.table()).hasSizeLessThanOrEqualTo(1);
            }
        }
    }

    @Test
    void personNamesAreRecognisedAndPersonal() throws Exception {
        Binding dev = binding(DemoSchema.DEV);
        Binding alt = binding(DemoSchema.ALT);
        for (String table : List.of("patients", "providers")) {
            assertThat(dev.table(table).orElseThrow().column("given_name").orElseThrow().role()).isEqualTo(GIVEN_NAME);
            assertThat(dev.table(table).orElseThrow().column("family_name").orElseThrow().role())
                    .isEqualTo(FAMILY_NAME);
        }
        assertThat(alt.table("PatientMaster").orElseThrow().column("PatientName").orElseThrow().role())
                .isEqualTo(FULL_NAME);
        assertThat(alt.table("Staff").orElseThrow().column("StaffName").orElseThrow().role()).isEqualTo(FULL_NAME);
    }

    @Test
    void displayColumnsNameTheRow() throws Exception {
        Binding dev = binding(DemoSchema.DEV);
        Binding alt = binding(DemoSchema.ALT);
        for (String[] row : DISPLAY) {
            assertThat(dev.table(row[0]).orElseThrow().displayColumn()).as(row[0]).isEqualTo(row[1]);
            assertThat(alt.table(row[2]).orElseThrow().displayColumn()).as(row[2]).isEqualTo(row[3]);
        }
    }
}
