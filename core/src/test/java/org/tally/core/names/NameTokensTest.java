package org.tally.core.names;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tally.core.pack.PackLoader;

/** Identifiers in many naming styles, tokenised with the hospital pack's word tables. Expectations are by hand. */
class NameTokensTest {

    private static final NameTokens NAMES = PackLoader.hospital().nameTokens();

    private static List<String> tokens(String spaceSeparated) {
        return Arrays.asList(spaceSeparated.trim().split("\\s+"));
    }

    @ParameterizedTest(name = "table {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "tbl_patient              | patient",
            "tblPatientMaster         | patient",
            "PATIENT_MSTR             | patient",
            "tblpatient               | patient",
            "tblAppt                  | appointment",
            "t_admissions             | admission",
            "dim_patient              | patient",
            "dim_dept                 | department",
            "fact_admissions          | admission",
            "fact_bill_payments       | bill payment",
            "vw_lab_results           | lab result",
            "v_patient_statuses       | patient status",
            "stg_lab_analyses         | lab analysis",
            "Dept_Master              | department",
            "WardMaster               | ward",
            "Bed_Master               | bed",
            "IcuStayMaster            | icu stay",
            "LabTestMaster            | lab test",
            "PatientVisit             | patient visit",
            "IPD_Admission            | inpatient admission",
            "IPD_AdmissionDtl         | inpatient admission detail",
            "bill_hdr                 | bill",
            "bill_dtl                 | bill detail",
            "BillDetails              | bill detail",
            "ICUStay                  | icu stay",
            "icu_stays                | icu stay",
            "lab_results              | lab result",
            "lab_data                 | lab",
            "diagnoses                | diagnosis",
            "patient_diagnoses        | patient diagnosis",
            "deliveries               | delivery",
            "mat_deliveries           | maternity delivery",
            "OB_Delivery              | obstetric delivery",
            "newborns                 | newborn",
            "APPT_SCHEDULE            | appointment schedule",
            "rx_orders                | prescription order",
            "MedAdminRecords          | medication administration record",
            "pt_allergies             | patient allergy",
            "imm_history              | immunization history",
            "pmt_receipts             | payment receipt",
            "ins_claims               | insurance claim",
            "incident_reports         | incident report",
            "mortality_register       | mortality register",
            "ReferralsIn              | referral in",
            "clinical_notes           | clinical note",
            "stock_batches            | stock batch",
            "ADT_EVENTS               | admission event",
            "enc_vitals               | encounter vital",
            "ED_Triage                | emergency triage",
            "er_visits                | emergency visit",
            "OPD_Visit                | outpatient visit",
            "XferLog                  | transfer log",
            "ward_transfers           | ward transfer",
            "DIAG_CODES_ICD10         | diagnosis code icd 10",
            "proc_codes               | procedure code",
            "Surgery Schedule         | surgery schedule",
            "surgical_cases           | surgical case",
            "ClinicNoShows            | clinic no show",
            "labOrdersPending         | lab order pending",
            "HL7Messages              | hl 7 message",
            "Patient2                 | patient 2",
            "prescriptions_v2         | prescription v 2",
            "Staff                    | staff",
            "tbl                      | tbl",
            "master                   | master",
    })
    void tableNames(String identifier, String expected) {
        assertThat(NAMES.table(identifier).tokens()).isEqualTo(tokens(expected));
    }

    @ParameterizedTest(name = "column {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "DOB                 | birth date",
            "patient_dob         | patient birth date",
            "AdmDateTime         | admission date time",
            "DischDateTime       | discharge date time",
            "admit_dttm          | admission date time",
            "TransferDT          | transfer date",
            "ICUInDT             | icu in date",
            "KnifeStartDT        | knife start date",
            "ReportedDT          | reported date",
            "BirthWtGms          | birth weight gram",
            "birth_weight_grams  | birth weight gram",
            "GestAgeWks          | gestation age week",
            "apgar_1min          | apgar 1 min",
            "Apgar5              | apgar 5",
            "total_amt           | total amount",
            "InvoiceAmt          | invoice amount",
            "qty_on_hand         | quantity on hand",
            "is_abnormal         | is abnormal",
            "AbnormalFlag        | abnormal flag",
            "VentilatedYN        | ventilated flag",
            "MRN                 | identifier",
            "patient_mrn         | patient identifier",
            "HospitalNo          | hospital no",
            "no_show_flag        | no show flag",
            "NoShowFlg           | no show flag",
            "noshow              | no show",
            "ApptStatus          | appointment status",
            "RxStatus            | prescription status",
            "spo2                | oxygen saturation 2",
            "SpO2                | sp o 2",
            "BP_Systolic         | blood pressure systolic",
            "TempC               | temperature c",
            "heart_rate          | heart rate",
            "DateOfDeath         | date of death",
            "NationalIDNo        | national id no",
            "DeptID              | department id",
            "ICDCode             | icd code",
            "mode_of_delivery    | mode of delivery",
            "delivery_mode       | delivery mode",
            "updatedAt           | updated at",
            "fname               | given name",
            "lname               | family name",
            "FName               | f name",
            "unit_price          | unit price",
            "Amount Paid         | amount paid",
            "t_start             | t start",
            "data_source         | data source",
    })
    void columnNames(String identifier, String expected) {
        assertThat(NAMES.column(identifier).tokens()).isEqualTo(tokens(expected));
    }

    @Test
    void keepsTheRawSplitAndTheAffixesItStripped() {
        NameTokens.Tokenized t = NAMES.table("tblPatientMaster");
        assertThat(t.raw()).containsExactly("tbl", "patient", "master");
        assertThat(t.strippedAffixes()).containsExactly("tbl", "master");
        assertThat(t.identifier()).isEqualTo("tblPatientMaster");
        assertThat(NAMES.table("dim_dept").strippedAffixes()).containsExactly("dim");
    }

    @Test
    void splitsEveryNamingStyle() {
        assertThat(NameTokens.split("IPD_AdmissionDtl")).containsExactly("ipd", "admission", "dtl");
        assertThat(NameTokens.split("tblPatientMaster")).containsExactly("tbl", "patient", "master");
        assertThat(NameTokens.split("PATIENT_MSTR")).containsExactly("patient", "mstr");
        assertThat(NameTokens.split("ICUStay")).containsExactly("icu", "stay");
        assertThat(NameTokens.split("patient-id.v2")).containsExactly("patient", "id", "v", "2");
        assertThat(NameTokens.split("__")).isEmpty();
        assertThat(NameTokens.split("")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"diagnoses,diagnosis", "deliveries,delivery", "statuses,status", "analyses,analysis",
            "admissions,admission", "batches,batch", "classes,class", "addresses,address", "processes,process",
            "viruses,virus", "causes,cause", "doses,dose", "nurses,nurse", "houses,house", "boxes,box",
            "branches,branch", "searches,search", "headaches,headache", "approaches,approach", "washes,wash",
            "vitals,vital", "codes,code", "allergies,allergy", "surgeries,surgery", "children,child",
            "indices,index", "diabetes,diabetes", "series,series", "news,news", "lens,lens", "status,status",
            "analysis,analysis", "sepsis,sepsis", "bus,bus", "obs,obs", "gas,gas", "ward,ward"})
    void singularises(String plural, String singular) {
        assertThat(NAMES.singular(plural)).isEqualTo(singular);
    }

    @Test
    void withoutRulesItOnlySplitsAndSingularises() {
        NameTokens bare = new NameTokens(NameRules.none());
        assertThat(bare.table("tbl_patient_dob").tokens()).containsExactly("tbl", "patient", "dob");
        assertThat(bare.column("Deliveries").tokens()).containsExactly("delivery");
    }

    @Test
    void rulesAreCopiedDefensively() {
        Map<String, List<String>> abbreviations = new java.util.HashMap<>(Map.of("pt", List.of("patient")));
        NameRules rules = new NameRules(abbreviations, Set.of(), Set.of(), Set.of(), Map.of(), Set.of());
        abbreviations.put("dx", List.of("diagnosis"));
        assertThat(new NameTokens(rules).phrase("pt dx")).containsExactly("patient", "dx");
    }
    // ---- run-together names -------------------------------------------------------------------------------------

    private static final NameTokens PACK_NAMES = org.tally.core.pack.PackLoader.hospital().nameTokens();

    @Test
    void runTogetherColumnNamesSplitIntoKnownWords() {
        assertThat(PACK_NAMES.column("admittime").tokens()).containsExactly("admission", "time");
        assertThat(PACK_NAMES.column("dischtime").tokens()).containsExactly("discharge", "time");
        assertThat(PACK_NAMES.column("deathtime").tokens()).containsExactly("death", "time");
        assertThat(PACK_NAMES.column("chartdate").tokens()).containsExactly("chart", "date");
        assertThat(PACK_NAMES.column("startdate").tokens()).containsExactly("start", "date");
        assertThat(PACK_NAMES.column("enddate").tokens()).containsExactly("end", "date");
        assertThat(PACK_NAMES.column("intime").tokens()).containsExactly("in", "time");
        assertThat(PACK_NAMES.column("outtime").tokens()).containsExactly("out", "time");
        assertThat(PACK_NAMES.column("storetime").tokens()).containsExactly("store", "time");
        assertThat(PACK_NAMES.column("DATECREATED").tokens()).containsExactly("date", "created");
        assertThat(PACK_NAMES.column("dob").tokens()).containsExactly("birth", "date");
        assertThat(PACK_NAMES.table("icustays").tokens()).containsExactly("icu", "stay");
    }

    @Test
    void aWordOrANameWithAnUnknownPartStaysWhole() {
        assertThat(PACK_NAMES.column("inpatient").tokens()).containsExactly("inpatient");
        assertThat(PACK_NAMES.column("discharge").tokens()).containsExactly("discharge");
        assertThat(PACK_NAMES.column("datetime").tokens()).containsExactly("date", "time"); // an abbreviation
        assertThat(PACK_NAMES.column("capacity").tokens()).containsExactly("capacity");
        assertThat(PACK_NAMES.column("hadm").tokens()).containsExactly("hadm");
        assertThat(PACK_NAMES.column("edregtime").tokens()).containsExactly("edregtime"); // 'reg' is no word here
        assertThat(PACK_NAMES.column("onset").tokens()).containsExactly("onset");
    }

    @Test
    void twoEquallyShortReadingsKeepTheNameWhole() {
        NameRules rules = new NameRules(Map.of(), Set.of(), Set.of(), Set.of(), Map.of(), Set.of(),
                Set.of("ab", "cde", "abc", "de"));
        assertThat(new NameTokens(rules).column("abcde").tokens()).containsExactly("abcde");
        NameRules one = new NameRules(Map.of(), Set.of(), Set.of(), Set.of(), Map.of(), Set.of(),
                Set.of("ab", "cde"));
        assertThat(new NameTokens(one).column("abcde").tokens()).containsExactly("ab", "cde");
    }

    /** The demo names keep their tokens; the one that changes was a run-together abbreviation plus a key word. */
    @Test
    void demoIdentifiersKeepTheirTokens() {
        NameTokens plain = new NameTokens(new NameRules(PACK_NAMES.rules().abbreviations(),
                PACK_NAMES.rules().prefixes(), PACK_NAMES.rules().suffixes(), PACK_NAMES.rules().gluedPrefixes(),
                PACK_NAMES.rules().irregularPlurals(), PACK_NAMES.rules().invariantWords()));
        Map<String, List<String>> changed = new java.util.TreeMap<>();
        for (org.tally.core.demo.DemoTable<?> t : org.tally.core.demo.DemoTables.ALL) {
            for (org.tally.core.source.DemoSchema schema : org.tally.core.source.DemoSchema.values()) {
                if (!PACK_NAMES.table(t.name(schema)).tokens().equals(plain.table(t.name(schema)).tokens())) {
                    changed.put(t.name(schema), PACK_NAMES.table(t.name(schema)).tokens());
                }
                for (org.tally.core.demo.DemoColumn<?> c : t.columns(schema)) {
                    if (!PACK_NAMES.column(c.name(schema)).tokens().equals(plain.column(c.name(schema)).tokens())) {
                        changed.put(c.name(schema), PACK_NAMES.column(c.name(schema)).tokens());
                    }
                }
            }
        }
        assertThat(changed).isEqualTo(Map.of("MARID", List.of("medication", "administration", "id")));
    }
}
