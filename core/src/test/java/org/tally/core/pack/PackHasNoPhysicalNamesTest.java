package org.tally.core.pack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The pack speaks of concepts, roles, words and value spellings; never of a physical table or column. Two checks:
 * (1) no string in the pack is shaped like a physical identifier (snake_case, a CamelCase name ending in Master, Dtl,
 * Hdr or Tbl, anything with "tbl"), outside the fields that hold the pack's own ids and affix lists; (2) no string
 * contains a known physical name of the demo schemas. The list below is a snapshot of the demo hospital's compound
 * table and column names (single English words such as "status" or "patients" are vocabulary by nature and are not
 * listed); it is meant to be kept in step with the demo generator.
 */
class PackHasNoPhysicalNamesTest {

    /** Fields whose values are the pack's own ids, role names, enum words or name affixes, not names of anything. */
    private static final Set<String> ID_FIELDS = Set.of("id", "concept", "concepts", "serviceLines", "roles",
            "requiredRoles", "fromRole", "toRole", "kind", "classes", "includes", "valueClasses", "link", "op",
            "direction", "tablePrefixes", "tableSuffixes", "gluedPrefixes", "group", "pack");

    private static final Pattern SNAKE = Pattern.compile("[A-Za-z0-9]+_[A-Za-z0-9_]+");
    private static final Pattern TABLE_LIKE = Pattern.compile("(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*(Master|Mstr|Dtl|Hdr|Tbl)(?![a-z])");
    private static final Pattern TBL = Pattern.compile("(?i)tbl");

    static final List<String> FORBIDDEN_PHYSICAL_NAMES = List.of(
            // demo hospital tables (both naming schemes)
            "Dept_Master", "WardMaster", "Bed_Master", "PatientMaster", "IPD_Admission", "PatientVisit",
            "diagnosis_codes", "lab_tests", "icu_stays", "triage_assessments", "vital_signs",
            "medication_administrations", "lab_orders", "lab_results",
            // demo hospital columns (both naming schemes)
            "AbnormalFlag", "ActiveYN", "AdmDateTime", "AdmType", "AdminDT", "AdminStatus", "AdmissionID",
            "AllergyID", "AllergySeverity", "AmountPaid", "AnaesthesiaType", "ApptDT", "ApptID", "ApptStatus",
            "ArrivalDT", "BP_Diastolic", "BP_Systolic", "BabyID", "BabySex", "BedCapacity", "BedID", "BedNo",
            "BedType", "BirthOutcome", "BirthWtGms", "BookingDT", "CheckInDT", "CheckOutDT", "ClinicalYN",
            "ContactNo", "ControlledYN", "CritHigh", "CritLow", "CriticalFlag", "DateOfDeath", "DateOfJoining",
            "DeliveryDT", "DeliveryID", "DeptCode", "DeptID", "DeptName", "DiagDT", "DiagID", "DischDateTime",
            "DischargeStatus", "DosageForm", "DoseGiven", "DoseNo", "DrugID", "DrugName", "DurationDays",
            "EmergencyYN", "FloorNo", "GestAgeWks", "GivenDate", "HarmLevel", "HospitalNo", "ICDChapter", "ICDCode",
            "ICDDescription", "ICUInDT", "ICUOutDT", "ICUStayID", "ImmID", "IncidentID", "IncidentType", "InvoiceAmt",
            "InvoiceDT", "InvoiceNo", "InvoiceStatus", "KnifeEndDT", "KnifeStartDT", "NationalIDNo", "NormalHigh",
            "NormalLow", "ObsDT", "ObsID", "PatientID", "PayMode", "PayerType", "PresentingComplaint", "PrimaryYN",
            "ProcedureName", "ReceiptDT", "ReceiptNo", "RecordedDate", "ReferralDT", "ReferralID", "ReferralStatus",
            "RegDate", "ReportedDT", "RequestDT", "RequestID", "RequestStatus", "RespRate", "ResultID", "ResultValue",
            "RxDT", "RxID", "RxStatus", "SampleType", "SpO2", "StaffID", "TempC", "TestCode", "TestID", "TestName",
            "TheatreNo", "TransferDT", "TransferID", "TriageCategory", "TriageID", "UnitCost", "VaccineName",
            "VentilatedYN", "VisitClass", "VisitID", "VisitType", "WardCategory", "WardID", "WardName",
            "acuity_level", "administered_at", "administered_on", "admission_type", "admitted_at", "anaesthesia_type",
            "apgar_1min", "apgar_5min", "arrived_at", "bed_type", "billed_at", "birth_date", "birth_weight_grams",
            "booked_at", "chief_complaint", "critical_high", "critical_low", "death_date", "delivered_at",
            "delivery_mode", "diagnosed_at", "diagnosis_code", "diastolic_bp", "discharge_disposition",
            "discharged_at", "dose_given", "dose_number", "duration_days", "encounter_type", "ended_at",
            "gestation_weeks", "heart_rate", "hired_on", "is_abnormal", "is_active", "is_clinical", "is_controlled",
            "is_critical", "is_emergency", "is_primary", "mode_of_delivery", "national_id", "ordered_at", "paid_at",
            "prescribed_at", "procedure_name", "recorded_at", "recorded_on", "ref_high", "ref_low", "referred_at",
            "registered_at", "reported_at", "respiratory_rate", "resulted_at", "scheduled_at", "started_at",
            "systolic_bp", "temperature_c", "total_amount", "transferred_at", "unit_price", "value_numeric",
            "visit_type", "ward_type", "was_ventilated",
            "spo2", "apgar1", "apgar5",
            // typical legacy names, so the check bites even before the demo list is complete
            "tbl_patient", "tblPatient", "PATIENT_MSTR", "pat_id", "adm_dtl", "AdmissionDtl");

    private record Text(String path, String field, String value) {
    }

    private static List<Text> strings() throws IOException {
        JsonNode root;
        try (InputStream in = PackHasNoPhysicalNamesTest.class.getResourceAsStream("/org/tally/core/pack/hospital.json")) {
            root = new ObjectMapper().readTree(in);
        }
        List<Text> out = new ArrayList<>();
        collect(root, "", "", out);
        return out;
    }

    private static void collect(JsonNode node, String path, String field, List<Text> out) {
        if (node.isTextual()) {
            out.add(new Text(path, field, node.asText()));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                collect(node.get(i), path + "[" + i + "]", field, out);
            }
        } else if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                // object keys (abbreviations, irregular plurals) are words too
                out.add(new Text(path + "." + e.getKey() + "#key", "key", e.getKey()));
                collect(e.getValue(), path + "." + e.getKey(), e.getKey(), out);
            }
        }
    }

    @Test
    void noStringIsShapedLikeAPhysicalIdentifier() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (Text t : strings()) {
            if (ID_FIELDS.contains(t.field())) {
                continue;
            }
            if (SNAKE.matcher(t.value()).find() || TABLE_LIKE.matcher(t.value()).find()
                    || TBL.matcher(t.value()).find()) {
                offenders.add(t.path() + " = " + t.value());
            }
        }
        assertThat(offenders).isEmpty();
    }

    @Test
    void noStringContainsAKnownPhysicalName() throws IOException {
        List<String> offenders = new ArrayList<>();
        List<Text> texts = strings();
        for (String name : FORBIDDEN_PHYSICAL_NAMES) {
            for (Text t : texts) {
                if (mentions(t.value(), name)) {
                    offenders.add(t.path() + " = " + t.value() + " (contains " + name + ")");
                }
            }
        }
        assertThat(offenders).isEmpty();
    }

    /** The name appears in the text, case-insensitively, not as part of a longer identifier. */
    private static boolean mentions(String text, String name) {
        return Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(name.toLowerCase(Locale.ROOT)) + "(?![A-Za-z0-9_])")
                .matcher(text.toLowerCase(Locale.ROOT)).find();
    }

    @Test
    void theChecksBite() {
        assertThat(mentions("the IPD_Admission table", "IPD_Admission")).isTrue();
        assertThat(mentions("ipd_admission", "IPD_Admission")).isTrue();
        assertThat(mentions("ipd admission", "IPD_Admission")).isFalse();
        assertThat(mentions("old_IPD_Admission", "IPD_Admission")).isFalse();
        assertThat(SNAKE.matcher("birth_weight").find()).isTrue();
        assertThat(TABLE_LIKE.matcher("see PatientMaster here").find()).isTrue();
        assertThat(TABLE_LIKE.matcher("IPD_AdmissionDtl").find()).isTrue();
        assertThat(TBL.matcher("tblAppt").find()).isTrue();
        assertThat(SNAKE.matcher("mode of delivery").find()).isFalse();
        assertThat(TABLE_LIKE.matcher("master").find()).isFalse();
    }
}
