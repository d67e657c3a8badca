package org.tally.core.demo;

import static org.tally.core.demo.SqlType.bool;
import static org.tally.core.demo.SqlType.date;
import static org.tally.core.demo.SqlType.decimal;
import static org.tally.core.demo.SqlType.integer;
import static org.tally.core.demo.SqlType.timestamp;
import static org.tally.core.demo.SqlType.varchar;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.tally.core.demo.Fact.Admission;
import org.tally.core.demo.Fact.Allergy;
import org.tally.core.demo.Fact.Appointment;
import org.tally.core.demo.Fact.Bed;
import org.tally.core.demo.Fact.Bill;
import org.tally.core.demo.Fact.Delivery;
import org.tally.core.demo.Fact.Department;
import org.tally.core.demo.Fact.Diagnosis;
import org.tally.core.demo.Fact.DiagnosisCode;
import org.tally.core.demo.Fact.Encounter;
import org.tally.core.demo.Fact.IcuStay;
import org.tally.core.demo.Fact.Immunization;
import org.tally.core.demo.Fact.Incident;
import org.tally.core.demo.Fact.LabOrder;
import org.tally.core.demo.Fact.LabResult;
import org.tally.core.demo.Fact.LabTest;
import org.tally.core.demo.Fact.Medication;
import org.tally.core.demo.Fact.MedicationAdministration;
import org.tally.core.demo.Fact.Newborn;
import org.tally.core.demo.Fact.Patient;
import org.tally.core.demo.Fact.Payment;
import org.tally.core.demo.Fact.Prescription;
import org.tally.core.demo.Fact.Provider;
import org.tally.core.demo.Fact.Referral;
import org.tally.core.demo.Fact.Surgery;
import org.tally.core.demo.Fact.Transfer;
import org.tally.core.demo.Fact.Triage;
import org.tally.core.demo.Fact.VitalSign;
import org.tally.core.source.DemoSchema;

/**
 * Both physical schemas of the demo hospital, declared side by side: for each table and column its DEV name,
 * ALT name, type, meaning, spellings and keys. The writer, the tests and docs/demo-schemas.md all read this.
 */
public final class DemoTables {

    private DemoTables() {
    }

    private static final String PATIENTS = "patients";
    private static final String ADMISSIONS = "admissions";
    private static final String ENCOUNTERS = "encounters";
    private static final String PROVIDERS = "providers";
    private static final String DEPARTMENTS = "departments";
    private static final String WARDS = "wards";

    /** The name as staff and patients see it in ALT: given name, a space, family name. */
    static String fullName(String given, String family) {
        return given + " " + family;
    }

    public static final List<DemoTable<?>> ALL = List.of(
            DemoTable.of(Department.class, DEPARTMENTS, "Dept_Master", "Hospital departments, clinical and support.")
                    .pk("id", "DeptID", Department::id, "Department id.")
                    .col("code", "DeptCode", varchar(8), Department::code, "Short department code, e.g. OBGY.")
                    .col("name", "DeptName", varchar(60), Department::name, "Department name.")
                    .col("is_clinical", "ClinicalYN", bool(), Department::clinical,
                            "Whether the department treats patients.").yesNo()
                    .build(),
            DemoTable.of(Fact.Ward.class, WARDS, "WardMaster", "Inpatient wards.")
                    .pk("id", "WardID", Fact.Ward::id, "Ward id.")
                    .col("name", "WardName", varchar(60), Fact.Ward::name, "Ward name, e.g. Labour Suite.")
                    .col("ward_type", "WardCategory", varchar(20), Fact.Ward::wardType, "Kind of ward.")
                    .spelled(DemoSpellings.WARD_TYPE)
                    .ref("department_id", "DeptID", Fact.Ward::departmentId, DEPARTMENTS, "Owning department.")
                    .undeclaredInAlt()
                    .col("floor", "FloorNo", integer(), Fact.Ward::floor, "Floor of the building.")
                    .col("capacity", "BedCapacity", integer(), Fact.Ward::capacity,
                            "Number of beds of the ward (active or not).")
                    .build(),
            DemoTable.of(Bed.class, "beds", "Bed_Master", "Beds, each in one ward.")
                    .pk("id", "BedID", Bed::id, "Bed id.")
                    .ref("ward_id", "WardID", Bed::wardId, WARDS, "Ward of the bed.")
                    .col("label", "BedNo", varchar(20), Bed::label, "Bed label shown on the ward, e.g. LS-004.")
                    .col("bed_type", "BedType", varchar(20), Bed::bedType, "Kind of bed.")
                    .spelled(DemoSpellings.BED_TYPE)
                    .col("is_active", "ActiveYN", bool(), Bed::active, "False for beds out of service.").yesNo()
                    .build(),
            DemoTable.of(Provider.class, PROVIDERS, "Staff", "Clinical and support staff.")
                    .pk("id", "StaffID", Provider::id, "Staff member id.")
                    .devOnly("given_name", varchar(40), Provider::givenName, "Given (first) name.")
                    .devOnly("family_name", varchar(40), Provider::familyName, "Family (last) name.")
                    .altOnly("StaffName", varchar(82), p -> fullName(p.givenName(), p.familyName()),
                            "Full name: given name, a space, family name (DEV given_name + ' ' + family_name).")
                    .col("role", "Designation", varchar(20), Provider::role, "Job role.")
                    .spelled(DemoSpellings.STAFF_ROLE)
                    .col("specialty", "Speciality", varchar(40), Provider::specialty,
                            "Medical specialty of doctors; NULL for every other role.").nullable()
                    .ref("department_id", "DeptID", Provider::departmentId, DEPARTMENTS, "Home department.")
                    .undeclaredInAlt()
                    .col("hired_on", "DateOfJoining", date(), Provider::hiredOn, "Date of hire.")
                    .col("is_active", "ActiveYN", bool(), Provider::active, "False for staff who have left.")
                    .yesNo()
                    .build(),
            DemoTable.of(Patient.class, PATIENTS, "PatientMaster", "Registered patients (synthetic people).")
                    .pk("id", "PatientID", Patient::id, "Patient id.")
                    .col("mrn", "HospitalNo", varchar(12), Patient::mrn, "Medical record number, e.g. MRN0000042.")
                    .devOnly("given_name", varchar(40), Patient::givenName, "Given (first) name.")
                    .devOnly("family_name", varchar(40), Patient::familyName, "Family (last) name.")
                    .altOnly("PatientName", varchar(82), p -> fullName(p.givenName(), p.familyName()),
                            "Full name: given name, a space, family name (DEV given_name + ' ' + family_name).")
                    .col("birth_date", "DOB", date(), Patient::birthDate, "Date of birth.")
                    .col("gender", "Sex", varchar(7), Patient::gender, "Administrative gender; about 2% unknown.")
                    .spelled(DemoSpellings.GENDER)
                    .col("national_id", "NationalIDNo", varchar(12), Patient::nationalId,
                            "National identity number, 9 digits, unique.")
                    .col("phone", "ContactNo", varchar(20), Patient::phone,
                            "Phone number; NULL for about 14% of patients.").nullable()
                    .col("district", "District", varchar(30), Patient::district, "Home district.")
                    .col("city", "City", varchar(30), Patient::city, "Home city (each district is in one city).")
                    .col("registered_at", "RegDate", timestamp(), Patient::registeredAt,
                            "When the patient was first registered (2012 onwards).")
                    .col("death_date", "DateOfDeath", date(), Patient::deathDate,
                            "Date of death (only in-hospital deaths are known); NULL when alive.").nullable()
                    .build(),
            DemoTable.of(DiagnosisCode.class, "diagnosis_codes", "ICD10_Master", "ICD-10-like diagnosis code table.")
                    .pk("code", "ICDCode", varchar(8), DiagnosisCode::code, "The code, e.g. J18.9 (primary key).")
                    .col("description", "ICDDescription", varchar(100), DiagnosisCode::description, "What it means.")
                    .col("chapter", "ICDChapter", varchar(20), DiagnosisCode::chapter,
                            "Broad group, e.g. Respiratory, Pregnancy.")
                    .build(),
            DemoTable.of(Medication.class, "medications", "Drug_Master", "Medication catalogue.")
                    .pk("id", "DrugID", Medication::id, "Medication id.")
                    .col("name", "DrugName", varchar(40), Medication::name, "Generic name.")
                    .col("form", "DosageForm", varchar(12), Medication::form, "Dosage form.")
                    .spelled(DemoSpellings.DOSAGE_FORM)
                    .col("strength", "Strength", varchar(20), Medication::strength, "Strength, e.g. 500 mg.")
                    .col("is_controlled", "ControlledYN", bool(), Medication::controlled,
                            "Controlled drug (opioids, benzodiazepines).").yesNo()
                    .col("unit_price", "UnitCost", decimal(10, 2), Medication::unitPrice, "Price per unit.")
                    .build(),
            DemoTable.of(LabTest.class, "lab_tests", "LabTestMaster", "Laboratory test catalogue with ranges.")
                    .pk("id", "TestID", LabTest::id, "Test id.")
                    .col("code", "TestCode", varchar(10), LabTest::code, "Short code, e.g. HB.")
                    .col("name", "TestName", varchar(40), LabTest::name, "Test name.")
                    .col("specimen", "SampleType", varchar(10), LabTest::specimen, "Specimen type.")
                    .spelled(DemoSpellings.SPECIMEN)
                    .col("unit", "Units", varchar(10), LabTest::unit, "Unit of the result value.")
                    .col("ref_low", "NormalLow", decimal(10, 2), LabTest::refLow, "Lower limit of normal.")
                    .col("ref_high", "NormalHigh", decimal(10, 2), LabTest::refHigh, "Upper limit of normal.")
                    .col("critical_low", "CritLow", decimal(10, 2), LabTest::criticalLow,
                            "At or below: critical; NULL when there is no low critical limit.").nullable()
                    .col("critical_high", "CritHigh", decimal(10, 2), LabTest::criticalHigh,
                            "At or above: critical; NULL when there is no high critical limit.").nullable()
                    .col("price", "Charge", decimal(10, 2), LabTest::price, "Price of one result.")
                    .build(),
            DemoTable.of(Admission.class, ADMISSIONS, "IPD_Admission", "Inpatient stays.")
                    .pk("id", "AdmissionID", Admission::id, "Admission id.")
                    .ref("patient_id", "PatientID", Admission::patientId, PATIENTS, "The patient.").undeclaredInAlt()
                    .ref("ward_id", "WardID", Admission::wardId, WARDS,
                            "Admitting ward. Later moves are in transfers; stays still open have no transfers, so "
                            + "for them this is also the current ward.")
                    .ref("bed_id", "BedID", Admission::bedId, "beds",
                            "Bed; NULL for an open stay when the ward had no free bed.").nullable().undeclaredInAlt()
                    .ref("attending_provider_id", "AttendingDrID", Admission::attendingProviderId, PROVIDERS,
                            "Attending doctor.").undeclaredInAlt()
                    .col("admission_type", "AdmType", varchar(10), Admission::admissionType,
                            "Emergency or elective (planned).").spelled(DemoSpellings.ADMISSION_TYPE)
                    .col("admitted_at", "AdmDateTime", timestamp(), Admission::admittedAt, "Admission time.")
                    .col("discharged_at", "DischDateTime", timestamp(), Admission::dischargedAt,
                            "Discharge time; NULL while the patient is still admitted.").nullable()
                    .col("discharge_disposition", "DischargeStatus", varchar(30), Admission::dischargeDisposition,
                            "Where the patient went (died = in-hospital death); NULL while still admitted.")
                    .spelled(DemoSpellings.DISCHARGE_DISPOSITION).nullable()
                    .col("discharge_note", "DischSummaryText", varchar(1000), DemoNarratives::discharge,
                            "The discharge summary (free text); NULL while still admitted.").nullable()
                    .build(),
            DemoTable.of(Transfer.class, "transfers", "IPD_Transfer", "Moves of an admitted patient between wards.")
                    .pk("id", "TransferID", Transfer::id, "Transfer id.")
                    .ref("admission_id", "AdmissionID", Transfer::admissionId, ADMISSIONS, "The stay.")
                    .ref("from_ward_id", "FromWardID", Transfer::fromWardId, WARDS, "Ward left.").undeclaredInAlt()
                    .ref("to_ward_id", "ToWardID", Transfer::toWardId, WARDS, "Ward entered.").undeclaredInAlt()
                    .col("transferred_at", "TransferDT", timestamp(), Transfer::transferredAt, "Time of the move.")
                    .build(),
            DemoTable.of(IcuStay.class, "icu_stays", "ICU_Stay", "Periods an admitted patient spent in an ICU ward.")
                    .pk("id", "ICUStayID", IcuStay::id, "ICU stay id.")
                    .ref("admission_id", "AdmissionID", IcuStay::admissionId, ADMISSIONS, "The stay.")
                    .undeclaredInAlt()
                    .ref("ward_id", "WardID", IcuStay::wardId, WARDS, "The ICU ward.").undeclaredInAlt()
                    .col("started_at", "ICUInDT", timestamp(), IcuStay::startedAt, "Entered ICU.")
                    .col("ended_at", "ICUOutDT", timestamp(), IcuStay::endedAt,
                            "Left ICU; NULL while still in ICU.").nullable()
                    .col("was_ventilated", "VentilatedYN", bool(), IcuStay::ventilated,
                            "Mechanically ventilated during the ICU stay.").yesNo()
                    .build(),
            DemoTable.of(Appointment.class, "appointments", "OPD_Appointment", "Outpatient clinic appointments.")
                    .pk("id", "ApptID", Appointment::id, "Appointment id.")
                    .ref("patient_id", "PatientID", Appointment::patientId, PATIENTS, "The patient.")
                    .ref("department_id", "ClinicID", Appointment::departmentId, DEPARTMENTS,
                            "Clinic, i.e. the department running it.").undeclaredInAlt()
                    .ref("provider_id", "DoctorID", Appointment::providerId, PROVIDERS, "Doctor seen.")
                    .undeclaredInAlt()
                    .col("booked_at", "BookingDT", timestamp(), Appointment::bookedAt, "When it was booked.")
                    .col("scheduled_at", "ApptDT", timestamp(), Appointment::scheduledAt,
                            "Scheduled time; booked ones run up to 60 days after the reference date.")
                    .col("status", "ApptStatus", varchar(10), Appointment::status,
                            "booked (future only), completed, cancelled or no_show (did not attend).")
                    .spelled(DemoSpellings.APPOINTMENT_STATUS)
                    .col("visit_type", "VisitType", varchar(10), Appointment::visitType,
                            "First appointment of the patient or a follow-up.").spelled(DemoSpellings.VISIT_TYPE)
                    .build(),
            DemoTable.of(Encounter.class, ENCOUNTERS, "PatientVisit",
                            "Outpatient visits (one per completed appointment) and emergency department visits.")
                    .pk("id", "VisitID", Encounter::id, "Encounter id.")
                    .ref("patient_id", "PatientID", Encounter::patientId, PATIENTS, "The patient.")
                    .undeclaredInAlt()
                    .ref("appointment_id", "ApptID", Encounter::appointmentId, "appointments",
                            "The appointment attended; NULL for emergency visits.").nullable().undeclaredInAlt()
                    .ref("department_id", "DeptID", Encounter::departmentId, DEPARTMENTS,
                            "Clinic department, or Emergency Medicine.").undeclaredInAlt()
                    .ref("provider_id", "ConsultantID", Encounter::providerId, PROVIDERS, "Doctor seen.")
                    .undeclaredInAlt()
                    .col("encounter_type", "VisitClass", varchar(12), Encounter::encounterType,
                            "outpatient or emergency.").spelled(DemoSpellings.ENCOUNTER_TYPE)
                    .col("started_at", "CheckInDT", timestamp(), Encounter::startedAt,
                            "Start (arrival for emergency visits).")
                    .col("ended_at", "CheckOutDT", timestamp(), Encounter::endedAt,
                            "End; for an emergency visit that led to admission, the admission time.")
                    .build(),
            DemoTable.of(Triage.class, "triage_assessments", "ER_Triage", "Emergency department triage, one per ED visit.")
                    .pk("id", "TriageID", Triage::id, "Triage id.")
                    .ref("encounter_id", "VisitID", Triage::encounterId, ENCOUNTERS, "The emergency visit.")
                    .ref("patient_id", "PatientID", Triage::patientId, PATIENTS, "The patient.").undeclaredInAlt()
                    .col("arrived_at", "ArrivalDT", timestamp(), Triage::arrivedAt, "Arrival time.")
                    .col("acuity_level", "TriageCategory", integer(), Triage::acuityLevel,
                            "Acuity 1 (most urgent) to 5 (least urgent).")
                    .col("chief_complaint", "PresentingComplaint", varchar(40), Triage::chiefComplaint,
                            "Presenting complaint.")
                    .ref("nurse_id", "TriageNurseID", Triage::nurseId, PROVIDERS, "Triage nurse.").undeclaredInAlt()
                    .col("triage_note", "TriageNote", varchar(1000), DemoNarratives::triage,
                            "The triage nurse's note (free text).")
                    .build(),
            DemoTable.of(VitalSign.class, "vital_signs", "Nursing_Obs",
                            "Vital sign observations, in an admission or an encounter.")
                    .pk("id", "ObsID", VitalSign::id, "Observation id.")
                    .ref("patient_id", "PatientID", VitalSign::patientId, PATIENTS, "The patient.")
                    .undeclaredInAlt()
                    .ref("admission_id", "AdmissionID", VitalSign::admissionId, ADMISSIONS,
                            "The stay, or NULL.").nullable().undeclaredInAlt()
                    .ref("encounter_id", "VisitID", VitalSign::encounterId, ENCOUNTERS,
                            "The encounter, or NULL.").nullable().undeclaredInAlt()
                    .col("recorded_at", "ObsDT", timestamp(), VitalSign::recordedAt, "Time recorded.")
                    .col("temperature_c", "TempC", decimal(4, 1), VitalSign::temperatureC,
                            "Body temperature, degrees Celsius.")
                    .col("heart_rate", "Pulse", integer(), VitalSign::heartRate, "Heart rate, beats per minute.")
                    .col("systolic_bp", "BP_Systolic", integer(), VitalSign::systolicBp, "Systolic pressure, mmHg.")
                    .col("diastolic_bp", "BP_Diastolic", integer(), VitalSign::diastolicBp,
                            "Diastolic pressure, mmHg.")
                    .col("respiratory_rate", "RespRate", integer(), VitalSign::respiratoryRate, "Breaths per minute.")
                    .col("spo2", "SpO2", integer(), VitalSign::spo2,
                            "Oxygen saturation, percent; NULL when not measured.").nullable()
                    .build(),
            DemoTable.of(Diagnosis.class, "diagnoses", "Patient_Diagnosis", "Diagnoses made in stays and encounters.")
                    .pk("id", "DiagID", Diagnosis::id, "Diagnosis id.")
                    .ref("patient_id", "PatientID", Diagnosis::patientId, PATIENTS, "The patient.")
                    .undeclaredInAlt()
                    .ref("admission_id", "AdmissionID", Diagnosis::admissionId, ADMISSIONS,
                            "The stay, or NULL.").nullable()
                    .ref("encounter_id", "VisitID", Diagnosis::encounterId, ENCOUNTERS,
                            "The encounter, or NULL.").nullable().undeclaredInAlt()
                    .col("diagnosis_code", "ICDCode", varchar(8), Diagnosis::code, "The code.")
                    .refersTo("diagnosis_codes")
                    .col("diagnosed_at", "DiagDT", timestamp(), Diagnosis::diagnosedAt, "When recorded.")
                    .col("is_primary", "PrimaryYN", bool(), Diagnosis::primary,
                            "Principal diagnosis of its stay or encounter (one per stay).").yesNo()
                    .build(),
            DemoTable.of(Prescription.class, "prescriptions", "Rx_Order", "Medication orders.")
                    .pk("id", "RxID", Prescription::id, "Prescription id.")
                    .ref("patient_id", "PatientID", Prescription::patientId, PATIENTS, "The patient.")
                    .undeclaredInAlt()
                    .ref("admission_id", "AdmissionID", Prescription::admissionId, ADMISSIONS,
                            "The stay (inpatient order), or NULL.").nullable().undeclaredInAlt()
                    .ref("encounter_id", "VisitID", Prescription::encounterId, ENCOUNTERS,
                            "The encounter (outpatient/ED order), or NULL.").nullable().undeclaredInAlt()
                    .ref("medication_id", "DrugID", Prescription::medicationId, "medications", "The medication.")
                    .ref("prescriber_id", "PrescriberID", Prescription::prescriberId, PROVIDERS, "Prescriber.")
                    .undeclaredInAlt()
                    .col("prescribed_at", "RxDT", timestamp(), Prescription::prescribedAt, "When prescribed.")
                    .col("dose", "Dose", varchar(20), Prescription::dose, "Dose per administration, e.g. 500 mg.")
                    .col("frequency", "Freq", varchar(20), Prescription::frequency, "How often.")
                    .spelled(DemoSpellings.FREQUENCY)
                    .col("duration_days", "DurationDays", integer(), Prescription::durationDays, "Course length, days.")
                    .col("quantity", "Qty", integer(), Prescription::quantity, "Units to dispense.")
                    .col("status", "RxStatus", varchar(10), Prescription::status,
                            "active (open stays), completed or cancelled.")
                    .spelled(DemoSpellings.PRESCRIPTION_STATUS)
                    .build(),
            DemoTable.of(MedicationAdministration.class, "medication_administrations", "MAR_Entry",
                            "Doses charted on the medication administration record (inpatient orders only).")
                    .pk("id", "MARID", MedicationAdministration::id, "Administration id.")
                    .ref("prescription_id", "RxID", MedicationAdministration::prescriptionId, "prescriptions",
                            "The order.")
                    .ref("patient_id", "PatientID", MedicationAdministration::patientId, PATIENTS, "The patient.")
                    .undeclaredInAlt()
                    .col("administered_at", "AdminDT", timestamp(), MedicationAdministration::administeredAt,
                            "When charted.")
                    .ref("nurse_id", "GivenByID", MedicationAdministration::nurseId, PROVIDERS,
                            "Nurse or midwife charting it.").undeclaredInAlt()
                    .col("dose_given", "DoseGiven", varchar(20), MedicationAdministration::doseGiven, "Dose.")
                    .col("status", "AdminStatus", varchar(10), MedicationAdministration::status,
                            "given, held or refused.").spelled(DemoSpellings.ADMINISTRATION_STATUS)
                    .build(),
            DemoTable.of(LabOrder.class, "lab_orders", "Lab_Request", "Laboratory orders (one panel each).")
                    .pk("id", "RequestID", LabOrder::id, "Order id.")
                    .ref("patient_id", "PatientID", LabOrder::patientId, PATIENTS, "The patient.").undeclaredInAlt()
                    .ref("admission_id", "AdmissionID", LabOrder::admissionId, ADMISSIONS,
                            "The stay, or NULL.").nullable().undeclaredInAlt()
                    .ref("encounter_id", "VisitID", LabOrder::encounterId, ENCOUNTERS,
                            "The encounter, or NULL.").nullable().undeclaredInAlt()
                    .ref("ordered_by", "RequestedBy", LabOrder::orderedBy, PROVIDERS, "Ordering doctor.")
                    .undeclaredInAlt()
                    .col("ordered_at", "RequestDT", timestamp(), LabOrder::orderedAt, "When ordered.")
                    .col("priority", "Priority", varchar(10), LabOrder::priority, "routine, urgent or stat.")
                    .spelled(DemoSpellings.LAB_PRIORITY)
                    .col("status", "RequestStatus", varchar(10), LabOrder::status,
                            "completed (has results), cancelled or pending (no results yet).")
                    .spelled(DemoSpellings.LAB_ORDER_STATUS)
                    .build(),
            DemoTable.of(LabResult.class, "lab_results", "Lab_Result", "One result value per test of a completed order.")
                    .pk("id", "ResultID", LabResult::id, "Result id.")
                    .ref("lab_order_id", "RequestID", LabResult::labOrderId, "lab_orders", "The order.")
                    .ref("lab_test_id", "TestID", LabResult::labTestId, "lab_tests", "The test.")
                    .col("resulted_at", "ReportedDT", timestamp(), LabResult::resultedAt, "When reported.")
                    .col("value_numeric", "ResultValue", decimal(10, 2), LabResult::value,
                            "Result in the test's unit.")
                    .col("is_abnormal", "AbnormalFlag", bool(), LabResult::abnormal,
                            "Outside the test's normal range (ref_low..ref_high).").yesNo()
                    .col("is_critical", "CriticalFlag", bool(), LabResult::critical,
                            "At or beyond a critical limit (always also abnormal).").yesNo()
                    .build(),
            DemoTable.of(Delivery.class, "deliveries", "OB_Delivery", "Births (singletons only), one per maternity stay.")
                    .pk("id", "DeliveryID", Delivery::id, "Delivery id.")
                    .ref("patient_id", "MotherID", Delivery::motherPatientId, PATIENTS, "The mother.")
                    .undeclaredInAlt()
                    .ref("admission_id", "AdmissionID", Delivery::admissionId, ADMISSIONS, "The maternity stay.")
                    .undeclaredInAlt()
                    .ref("ward_id", "WardID", Delivery::wardId, WARDS, "Ward of the birth.").undeclaredInAlt()
                    .ref("delivered_by", "ConductedBy", Delivery::deliveredBy, PROVIDERS,
                            "Midwife (spontaneous) or obstetrician (caesarean, assisted).").undeclaredInAlt()
                    .col("delivered_at", "DeliveryDT", timestamp(), Delivery::deliveredAt, "Time of birth.")
                    .col("delivery_mode", "mode_of_delivery", varchar(20), Delivery::deliveryMode, "How.")
                    .spelled(DemoSpellings.DELIVERY_MODE)
                    .col("outcome", "BirthOutcome", varchar(12), Delivery::outcome, "live_birth or stillbirth.")
                    .spelled(DemoSpellings.BIRTH_OUTCOME)
                    .col("gestation_weeks", "GestAgeWks", integer(), Delivery::gestationWeeks,
                            "Completed weeks of gestation (under 37 = preterm).")
                    .build(),
            DemoTable.of(Newborn.class, "newborns", "OB_Newborn", "The baby of each delivery (live or stillborn).")
                    .pk("id", "BabyID", Newborn::id, "Newborn id.")
                    .ref("delivery_id", "DeliveryID", Newborn::deliveryId, "deliveries", "The delivery.")
                    .col("sex", "BabySex", varchar(7), Newborn::sex, "Sex of the baby.")
                    .spelled(DemoSpellings.NEWBORN_SEX)
                    .col("birth_weight_grams", "BirthWtGms", integer(), Newborn::birthWeightGrams, "Grams.")
                    .col("apgar_1min", "Apgar1", integer(), Newborn::apgar1, "Apgar score at 1 minute (0 stillborn).")
                    .col("apgar_5min", "Apgar5", integer(), Newborn::apgar5,
                            "Apgar score at 5 minutes; NULL when not recorded.").nullable()
                    .build(),
            DemoTable.of(Surgery.class, "surgeries", "OT_Procedure", "Operations in theatre, caesareans included.")
                    .pk("id", "OTID", Surgery::id, "Surgery id.")
                    .ref("patient_id", "PatientID", Surgery::patientId, PATIENTS, "The patient.").undeclaredInAlt()
                    .ref("admission_id", "AdmissionID", Surgery::admissionId, ADMISSIONS, "The stay.")
                    .undeclaredInAlt()
                    .col("procedure_name", "ProcedureName", varchar(60), Surgery::procedureName, "Procedure.")
                    .col("theatre", "TheatreNo", varchar(12), Surgery::theatre,
                            "Operating theatre (Theatre 4 is the obstetric theatre).").spelled(DemoSpellings.THEATRE)
                    .ref("surgeon_id", "SurgeonID", Surgery::surgeonId, PROVIDERS, "Lead surgeon.").undeclaredInAlt()
                    .col("anaesthesia_type", "AnaesthesiaType", varchar(10), Surgery::anaesthesiaType,
                            "Anaesthesia.").spelled(DemoSpellings.ANAESTHESIA)
                    .col("started_at", "KnifeStartDT", timestamp(), Surgery::startedAt, "Start.")
                    .col("ended_at", "KnifeEndDT", timestamp(), Surgery::endedAt, "End.")
                    .col("is_emergency", "EmergencyYN", bool(), Surgery::emergency,
                            "Done during an emergency admission.").yesNo()
                    .build(),
            DemoTable.of(Bill.class, "bills", "Billing_Invoice",
                            "Invoices: one per finished stay and one per outpatient or non-admitted ED visit.")
                    .pk("id", "InvoiceNo", Bill::id, "Bill id.")
                    .ref("patient_id", "PatientID", Bill::patientId, PATIENTS, "The patient.").undeclaredInAlt()
                    .ref("admission_id", "AdmissionID", Bill::admissionId, ADMISSIONS,
                            "The stay billed, or NULL.").nullable().undeclaredInAlt()
                    .ref("encounter_id", "VisitID", Bill::encounterId, ENCOUNTERS,
                            "The encounter billed, or NULL.").nullable().undeclaredInAlt()
                    .col("billed_at", "InvoiceDT", timestamp(), Bill::billedAt, "When issued.")
                    .col("payer", "PayerType", varchar(12), Bill::payer, "Who pays.").spelled(DemoSpellings.PAYER)
                    .col("total_amount", "InvoiceAmt", decimal(12, 2), Bill::totalAmount, "Amount billed.")
                    .col("status", "InvoiceStatus", varchar(16), Bill::status,
                            "paid, partially_paid or unpaid, from the payments received before the reference date; "
                            + "outstanding balance = total_amount - sum of its payments.")
                    .spelled(DemoSpellings.BILL_STATUS)
                    .build(),
            DemoTable.of(Payment.class, "payments", "Billing_Receipt", "Payments received against bills.")
                    .pk("id", "ReceiptNo", Payment::id, "Payment id.")
                    .ref("bill_id", "InvoiceNo", Payment::billId, "bills", "The bill.")
                    .col("paid_at", "ReceiptDT", timestamp(), Payment::paidAt, "When received.")
                    .col("amount", "AmountPaid", decimal(12, 2), Payment::amount, "Amount received.")
                    .col("method", "PayMode", varchar(16), Payment::method, "How it was paid.")
                    .spelled(DemoSpellings.PAYMENT_METHOD)
                    .build(),
            DemoTable.of(Incident.class, "incidents", "QA_Incident", "Patient safety incident reports.")
                    .pk("id", "IncidentID", Incident::id, "Incident id.")
                    .ref("ward_id", "WardID", Incident::wardId, WARDS, "Where it happened.").undeclaredInAlt()
                    .ref("patient_id", "PatientID", Incident::patientId, PATIENTS,
                            "Patient involved, or NULL.").nullable().undeclaredInAlt()
                    .ref("reported_by", "ReportedBy", Incident::reportedBy, PROVIDERS, "Reporter.").undeclaredInAlt()
                    .col("reported_at", "ReportedDT", timestamp(), Incident::reportedAt, "When reported.")
                    .col("category", "IncidentType", varchar(20), Incident::category, "Kind of incident.")
                    .spelled(DemoSpellings.INCIDENT_CATEGORY)
                    .col("severity", "HarmLevel", varchar(10), Incident::severity, "Harm caused.")
                    .spelled(DemoSpellings.INCIDENT_SEVERITY)
                    .col("narrative", "IncidentNarrative", varchar(1000), DemoNarratives::incident,
                            "What happened, in the reporter's words (free text).")
                    .build(),
            DemoTable.of(Allergy.class, "allergies", "Pt_Allergy", "Recorded allergies.")
                    .pk("id", "AllergyID", Allergy::id, "Allergy id.")
                    .ref("patient_id", "PatientID", Allergy::patientId, PATIENTS, "The patient.").undeclaredInAlt()
                    .col("allergen", "Allergen", varchar(30), Allergy::allergen, "Substance.")
                    .col("reaction", "Reaction", varchar(30), Allergy::reaction, "Reaction observed.")
                    .col("severity", "AllergySeverity", varchar(10), Allergy::severity, "Severity.")
                    .spelled(DemoSpellings.ALLERGY_SEVERITY)
                    .col("recorded_on", "RecordedDate", date(), Allergy::recordedOn, "Date recorded.")
                    .build(),
            DemoTable.of(Immunization.class, "immunizations", "Immunisation", "Vaccines given.")
                    .pk("id", "ImmID", Immunization::id, "Immunization id.")
                    .ref("patient_id", "PatientID", Immunization::patientId, PATIENTS, "The patient.")
                    .undeclaredInAlt()
                    .col("vaccine", "VaccineName", varchar(40), Immunization::vaccine, "Vaccine.")
                    .col("dose_number", "DoseNo", integer(), Immunization::doseNumber, "Dose in the series.")
                    .col("administered_on", "GivenDate", date(), Immunization::administeredOn, "Date given.")
                    .ref("administered_by", "GivenByID", Immunization::administeredBy, PROVIDERS, "Nurse.")
                    .undeclaredInAlt()
                    .build(),
            DemoTable.of(Referral.class, "referrals", "Referral_Register", "Referrals between clinics.")
                    .pk("id", "ReferralID", Referral::id, "Referral id.")
                    .ref("patient_id", "PatientID", Referral::patientId, PATIENTS, "The patient.").undeclaredInAlt()
                    .ref("from_department_id", "FromDeptID", Referral::fromDepartmentId, DEPARTMENTS,
                            "Referring clinic.").undeclaredInAlt()
                    .ref("to_department_id", "ToDeptID", Referral::toDepartmentId, DEPARTMENTS,
                            "Receiving clinic.").undeclaredInAlt()
                    .col("referred_at", "ReferralDT", timestamp(), Referral::referredAt, "When referred.")
                    .col("urgency", "Urgency", varchar(16), Referral::urgency, "Urgency.")
                    .spelled(DemoSpellings.REFERRAL_URGENCY)
                    .col("status", "ReferralStatus", varchar(12), Referral::status, "Where the referral stands.")
                    .spelled(DemoSpellings.REFERRAL_STATUS)
                    .build());

    private static final Map<Class<?>, DemoTable<?>> BY_FACT = ALL.stream()
            .collect(Collectors.toUnmodifiableMap(DemoTable::factClass, Function.identity()));

    /** The table that holds facts of {@code factClass}. */
    public static DemoTable<?> forFact(Class<? extends Fact> factClass) {
        DemoTable<?> table = BY_FACT.get(factClass);
        if (table == null) {
            throw new IllegalArgumentException("no demo table holds " + factClass.getSimpleName());
        }
        return table;
    }

    /** The table whose DEV name is {@code devName}. */
    public static DemoTable<?> byDevName(String devName) {
        return ALL.stream().filter(t -> t.name(DemoSchema.DEV).equals(devName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no demo table " + devName));
    }
}
