package org.tally.core.demo;

import java.math.BigDecimal;
import java.util.List;
import org.tally.core.demo.Fact.Department;
import org.tally.core.demo.Fact.DiagnosisCode;
import org.tally.core.demo.Fact.LabTest;
import org.tally.core.demo.Fact.Medication;

/** The fixed reference data of the demo hospital: departments, ward plan, codes, drugs, tests, names, places. */
final class Catalogue {

    private Catalogue() {
    }

    static final int EMERGENCY = 1;
    static final int MEDICINE = 2;
    static final int SURGERY = 3;
    static final int OBSTETRICS = 4;
    static final int PAEDIATRICS = 5;
    static final int CRITICAL_CARE = 6;
    static final int CARDIOLOGY = 7;
    static final int ORTHOPAEDICS = 8;
    static final int NEUROLOGY = 9;
    static final int ONCOLOGY = 10;
    static final int LABORATORY = 11;
    static final int PHARMACY = 12;
    static final int FINANCE = 13;
    static final int ADMINISTRATION = 14;

    static final List<Department> DEPARTMENTS = List.of(
            new Department(EMERGENCY, "EMED", "Emergency Medicine", true),
            new Department(MEDICINE, "IMED", "Internal Medicine", true),
            new Department(SURGERY, "GSUR", "General Surgery", true),
            new Department(OBSTETRICS, "OBGY", "Obstetrics and Gynaecology", true),
            new Department(PAEDIATRICS, "PAED", "Paediatrics", true),
            new Department(CRITICAL_CARE, "CRIT", "Critical Care", true),
            new Department(CARDIOLOGY, "CARD", "Cardiology", true),
            new Department(ORTHOPAEDICS, "ORTH", "Orthopaedics", true),
            new Department(NEUROLOGY, "NEUR", "Neurology", true),
            new Department(ONCOLOGY, "ONCO", "Oncology", true),
            new Department(LABORATORY, "LABM", "Laboratory Medicine", true),
            new Department(PHARMACY, "PHAR", "Pharmacy", false),
            new Department(FINANCE, "FINA", "Finance", false),
            new Department(ADMINISTRATION, "ADMN", "Administration", false));

    /** Outpatient clinics are run by these departments. */
    static final int[] CLINICS = {MEDICINE, SURGERY, OBSTETRICS, PAEDIATRICS, CARDIOLOGY, ORTHOPAEDICS, NEUROLOGY,
        ONCOLOGY};

    /** A ward of the fixed plan; beds per ward grow with the scale. */
    record WardPlan(int id, String name, String type, int departmentId, int floor, int bedsAtScaleOne) { }

    static final int ICU = 1;
    static final int CARDIAC_ICU = 2;
    static final int MATERNITY = 3;
    static final int LABOUR_SUITE = 4;
    static final int SURGICAL_1 = 5;
    static final int SURGICAL_2 = 6;
    static final int MEDICAL_1 = 7;
    static final int MEDICAL_2 = 8;
    static final int CARDIOLOGY_WARD = 9;
    static final int CHILDRENS = 10;
    static final int NEONATAL = 11;
    static final int ONCOLOGY_WARD = 12;

    static final List<WardPlan> WARDS = List.of(
            new WardPlan(ICU, "Intensive Care Unit", "icu", CRITICAL_CARE, 2, 8),
            new WardPlan(CARDIAC_ICU, "Cardiac ICU", "icu", CARDIOLOGY, 2, 6),
            new WardPlan(MATERNITY, "Maternity Ward", "maternity", OBSTETRICS, 3, 16),
            new WardPlan(LABOUR_SUITE, "Labour Suite", "maternity", OBSTETRICS, 3, 6),
            new WardPlan(SURGICAL_1, "Surgical Ward 1", "surgical", SURGERY, 4, 20),
            new WardPlan(SURGICAL_2, "Orthopaedic Ward", "surgical", ORTHOPAEDICS, 4, 18),
            new WardPlan(MEDICAL_1, "Medical Ward 1", "medical", MEDICINE, 5, 24),
            new WardPlan(MEDICAL_2, "Medical Ward 2", "medical", MEDICINE, 5, 24),
            new WardPlan(CARDIOLOGY_WARD, "Cardiology Ward", "medical", CARDIOLOGY, 6, 16),
            new WardPlan(CHILDRENS, "Children's Ward", "paediatric", PAEDIATRICS, 1, 14),
            new WardPlan(NEONATAL, "Neonatal Unit", "neonatal", PAEDIATRICS, 1, 10),
            new WardPlan(ONCOLOGY_WARD, "Oncology Ward", "medical", ONCOLOGY, 6, 16));

    static WardPlan ward(int id) {
        return WARDS.get(id - 1);
    }

    static final List<DiagnosisCode> DIAGNOSIS_CODES = List.of(
            new DiagnosisCode("J18.9", "Pneumonia, unspecified organism", "Respiratory"),
            new DiagnosisCode("J44.1", "Chronic obstructive pulmonary disease with acute exacerbation", "Respiratory"),
            new DiagnosisCode("J45.9", "Asthma, unspecified", "Respiratory"),
            new DiagnosisCode("J06.9", "Acute upper respiratory infection, unspecified", "Respiratory"),
            new DiagnosisCode("J10.1", "Influenza with other respiratory manifestations", "Respiratory"),
            new DiagnosisCode("U07.1", "COVID-19", "Respiratory"),
            new DiagnosisCode("I21.9", "Acute myocardial infarction, unspecified", "Circulatory"),
            new DiagnosisCode("I50.9", "Heart failure, unspecified", "Circulatory"),
            new DiagnosisCode("I10", "Essential (primary) hypertension", "Circulatory"),
            new DiagnosisCode("I48.9", "Atrial fibrillation, unspecified", "Circulatory"),
            new DiagnosisCode("I63.9", "Cerebral infarction, unspecified", "Circulatory"),
            new DiagnosisCode("R07.4", "Chest pain, unspecified", "Symptoms"),
            new DiagnosisCode("R50.9", "Fever, unspecified", "Symptoms"),
            new DiagnosisCode("E11.9", "Type 2 diabetes mellitus without complications", "Endocrine"),
            new DiagnosisCode("E10.9", "Type 1 diabetes mellitus without complications", "Endocrine"),
            new DiagnosisCode("N39.0", "Urinary tract infection, site not specified", "Genitourinary"),
            new DiagnosisCode("N18.9", "Chronic kidney disease, unspecified", "Genitourinary"),
            new DiagnosisCode("A41.9", "Sepsis, unspecified organism", "Infectious"),
            new DiagnosisCode("A09", "Infectious gastroenteritis and colitis, unspecified", "Infectious"),
            new DiagnosisCode("L03.9", "Cellulitis, unspecified", "Skin"),
            new DiagnosisCode("K35.8", "Acute appendicitis, other and unspecified", "Digestive"),
            new DiagnosisCode("K80.2", "Calculus of gallbladder without cholecystitis", "Digestive"),
            new DiagnosisCode("K40.9", "Unilateral inguinal hernia, without obstruction or gangrene", "Digestive"),
            new DiagnosisCode("S72.0", "Fracture of neck of femur", "Injury"),
            new DiagnosisCode("S52.5", "Fracture of lower end of radius", "Injury"),
            new DiagnosisCode("C50.9", "Malignant neoplasm of breast, unspecified", "Neoplasms"),
            new DiagnosisCode("C34.9", "Malignant neoplasm of bronchus or lung, unspecified", "Neoplasms"),
            new DiagnosisCode("C18.9", "Malignant neoplasm of colon, unspecified", "Neoplasms"),
            new DiagnosisCode("D64.9", "Anaemia, unspecified", "Blood"),
            new DiagnosisCode("F32.9", "Depressive episode, unspecified", "Mental"),
            new DiagnosisCode("G40.9", "Epilepsy, unspecified", "Nervous"),
            new DiagnosisCode("M54.5", "Low back pain", "Musculoskeletal"),
            new DiagnosisCode("O80", "Single spontaneous delivery", "Pregnancy"),
            new DiagnosisCode("O81", "Single delivery by forceps and vacuum extractor", "Pregnancy"),
            new DiagnosisCode("O82", "Single delivery by caesarean section", "Pregnancy"),
            new DiagnosisCode("O14.1", "Severe pre-eclampsia", "Pregnancy"),
            new DiagnosisCode("O24.4", "Diabetes mellitus arising in pregnancy", "Pregnancy"),
            new DiagnosisCode("P95", "Fetal death of unspecified cause", "Perinatal"),
            new DiagnosisCode("Z34.9", "Supervision of normal pregnancy, unspecified", "Factors"),
            new DiagnosisCode("Z00.0", "General adult medical examination", "Factors"));

    static final String[] RESPIRATORY = {"J18.9", "J44.1", "J45.9", "J10.1", "U07.1"};
    static final String[] MEDICAL = {"I50.9", "E11.9", "N39.0", "A41.9", "A09", "L03.9", "D64.9", "I63.9", "N18.9",
        "E10.9"};
    static final String[] CARDIAC = {"I21.9", "I50.9", "I48.9", "R07.4"};
    static final String[] SURGICAL = {"K35.8", "K80.2", "K40.9"};
    static final String[] ORTHOPAEDIC = {"S72.0", "S52.5"};
    static final String[] CANCER = {"C50.9", "C34.9", "C18.9"};
    static final String[] CRITICAL = {"A41.9", "J18.9", "I21.9", "I63.9"};
    static final String[] CHILD = {"J45.9", "A09", "J06.9", "J18.9", "G40.9", "R50.9"};
    static final String[] OUTPATIENT = {"I10", "E11.9", "M54.5", "F32.9", "J06.9", "N18.9", "Z00.0", "I48.9",
        "G40.9"};
    static final String[] COMORBID = {"I10", "E11.9", "D64.9", "N18.9"};

    static String procedureFor(String code) {
        return switch (code) {
            case "K35.8" -> "Laparoscopic appendicectomy";
            case "K80.2" -> "Laparoscopic cholecystectomy";
            case "K40.9" -> "Inguinal hernia repair";
            case "S72.0" -> "Hip hemiarthroplasty";
            case "S52.5" -> "Open reduction internal fixation of radius";
            case "C50.9" -> "Mastectomy";
            case "C34.9" -> "Lobectomy";
            case "C18.9" -> "Hemicolectomy";
            default -> "Diagnostic laparoscopy";
        };
    }

    static final String CAESAREAN_PROCEDURE = "Caesarean section";
    static final String[] GENERAL_THEATRES = {"Theatre 1", "Theatre 2", "Theatre 3"};
    static final String OBSTETRIC_THEATRE = "Theatre 4";

    private static BigDecimal money(String s) {
        return new BigDecimal(s);
    }

    static final List<Medication> MEDICATIONS = List.of(
            new Medication(1, "Paracetamol", "tablet", "500 mg", false, money("0.05")),
            new Medication(2, "Ibuprofen", "tablet", "400 mg", false, money("0.08")),
            new Medication(3, "Amoxicillin", "capsule", "500 mg", false, money("0.20")),
            new Medication(4, "Co-amoxiclav", "tablet", "625 mg", false, money("0.45")),
            new Medication(5, "Ceftriaxone", "injection", "1 g", false, money("3.10")),
            new Medication(6, "Piperacillin-tazobactam", "injection", "4.5 g", false, money("9.80")),
            new Medication(7, "Metformin", "tablet", "500 mg", false, money("0.04")),
            new Medication(8, "Insulin glargine", "injection", "100 units/mL", false, money("12.50")),
            new Medication(9, "Amlodipine", "tablet", "5 mg", false, money("0.06")),
            new Medication(10, "Ramipril", "capsule", "5 mg", false, money("0.07")),
            new Medication(11, "Bisoprolol", "tablet", "2.5 mg", false, money("0.06")),
            new Medication(12, "Atorvastatin", "tablet", "20 mg", false, money("0.09")),
            new Medication(13, "Aspirin", "tablet", "75 mg", false, money("0.03")),
            new Medication(14, "Clopidogrel", "tablet", "75 mg", false, money("0.15")),
            new Medication(15, "Enoxaparin", "injection", "40 mg", false, money("4.20")),
            new Medication(16, "Furosemide", "tablet", "40 mg", false, money("0.05")),
            new Medication(17, "Salbutamol", "inhaler", "100 mcg", false, money("2.40")),
            new Medication(18, "Prednisolone", "tablet", "5 mg", false, money("0.10")),
            new Medication(19, "Omeprazole", "capsule", "20 mg", false, money("0.06")),
            new Medication(20, "Morphine sulfate", "injection", "10 mg", true, money("1.90")),
            new Medication(21, "Oxycodone", "tablet", "5 mg", true, money("0.60")),
            new Medication(22, "Tramadol", "capsule", "50 mg", true, money("0.25")),
            new Medication(23, "Diazepam", "tablet", "5 mg", true, money("0.12")),
            new Medication(24, "Oxytocin", "injection", "10 units", false, money("1.50")),
            new Medication(25, "Ferrous sulfate", "tablet", "200 mg", false, money("0.03")),
            new Medication(26, "Sertraline", "tablet", "50 mg", false, money("0.11")),
            new Medication(27, "Levetiracetam", "tablet", "500 mg", false, money("0.35")),
            new Medication(28, "Ondansetron", "injection", "4 mg", false, money("0.90")),
            new Medication(29, "Sodium chloride 0.9%", "infusion", "1000 mL", false, money("1.20")),
            new Medication(30, "Oseltamivir", "capsule", "75 mg", false, money("2.10")));

    private static BigDecimal dec(String s) {
        return s == null ? null : new BigDecimal(s);
    }

    static final List<LabTest> LAB_TESTS = List.of(
            new LabTest(1, "HB", "Haemoglobin", "blood", "g/dL", dec("12.0"), dec("16.0"), dec("7.0"), dec("20.0"), dec("4.00")),
            new LabTest(2, "WBC", "White cell count", "blood", "10^9/L", dec("4.0"), dec("11.0"), dec("2.0"), dec("30.0"), dec("4.00")),
            new LabTest(3, "PLT", "Platelet count", "blood", "10^9/L", dec("150"), dec("400"), dec("50"), dec("1000"), dec("4.00")),
            new LabTest(4, "NA", "Sodium", "serum", "mmol/L", dec("135"), dec("145"), dec("120"), dec("160"), dec("3.00")),
            new LabTest(5, "K", "Potassium", "serum", "mmol/L", dec("3.5"), dec("5.1"), dec("2.8"), dec("6.2"), dec("3.00")),
            new LabTest(6, "CREA", "Creatinine", "serum", "umol/L", dec("60"), dec("110"), null, dec("500"), dec("3.00")),
            new LabTest(7, "GLU", "Glucose", "plasma", "mmol/L", dec("3.9"), dec("7.8"), dec("2.5"), dec("25.0"), dec("2.50")),
            new LabTest(8, "CRP", "C-reactive protein", "serum", "mg/L", dec("0"), dec("5"), null, null, dec("6.00")),
            new LabTest(9, "TROP", "Troponin T high-sensitivity", "serum", "ng/L", dec("0"), dec("14"), null, dec("100"), dec("18.00")),
            new LabTest(10, "HBA1C", "Haemoglobin A1c", "blood", "%", dec("4.0"), dec("6.0"), null, null, dec("9.00")),
            new LabTest(11, "ALT", "Alanine aminotransferase", "serum", "U/L", dec("7"), dec("56"), null, dec("1000"), dec("3.00")),
            new LabTest(12, "INR", "International normalised ratio", "plasma", "ratio", dec("0.8"), dec("1.2"), null, dec("5.0"), dec("5.00")),
            new LabTest(13, "LAC", "Lactate", "blood", "mmol/L", dec("0.5"), dec("2.2"), null, dec("4.0"), dec("7.00")),
            new LabTest(14, "TSH", "Thyroid stimulating hormone", "serum", "mU/L", dec("0.4"), dec("4.0"), null, null, dec("8.00")));

    static final String[] FEMALE_NAMES = {"Amara", "Beatrice", "Chloe", "Daniela", "Elena", "Fatima", "Grace", "Hana",
        "Ines", "Joy", "Keira", "Leila", "Maya", "Nadia", "Olivia", "Priya", "Rosa", "Sofia", "Tara", "Uma", "Vera",
        "Wanjiru", "Yara", "Zainab", "Aisha", "Clara", "Esther", "Freya", "Lucia", "Mariam"};
    static final String[] MALE_NAMES = {"Aaron", "Bruno", "Carlos", "David", "Emeka", "Farid", "George", "Hugo",
        "Ivan", "James", "Kofi", "Liam", "Marco", "Nikhil", "Omar", "Pavel", "Rafael", "Samuel", "Tomas", "Umar",
        "Victor", "William", "Yusuf", "Zane", "Adam", "Daniel", "Elias", "Joseph", "Musa", "Noah"};
    static final String[] FAMILY_NAMES = {"Abara", "Becker", "Costa", "Dlamini", "Evans", "Fernandes", "Garcia",
        "Haddad", "Ibrahim", "Jensen", "Kamau", "Lindqvist", "Mensah", "Novak", "Okafor", "Petrov", "Quinn", "Rossi",
        "Santos", "Tanaka", "Usman", "Varga", "Walsh", "Xu", "Yilmaz", "Zapata", "Achieng", "Brennan", "Chen",
        "Diallo", "Eriksen", "Fischer", "Gomez", "Hoffmann", "Iyer", "Kowalski", "Lopez", "Moreau", "Nakamura",
        "Osei"};

    /** District and the city it belongs to: all invented. */
    static final String[][] DISTRICTS = {{"Northgate", "Alderford"}, {"Riverside", "Alderford"},
        {"Old Town", "Alderford"}, {"Hillcrest", "Alderford"}, {"Marsh End", "Brookhaven"},
        {"Station Quarter", "Brookhaven"}, {"Eastfield", "Brookhaven"}, {"Kingsmoor", "Carrow"},
        {"Linden Vale", "Carrow"}, {"Saltpans", "Dunmere"}};

    static final String[] CHIEF_COMPLAINTS = {"Chest pain", "Shortness of breath", "Abdominal pain", "Fever", "Fall",
        "Headache", "Laceration", "Back pain", "Vomiting", "Collapse", "Cough", "Limb injury"};
    static final String[] ALLERGENS = {"Penicillin", "Peanuts", "Latex", "Sulfonamides", "Aspirin", "Shellfish",
        "Codeine", "Egg"};
    static final String[] REACTIONS = {"Rash", "Anaphylaxis", "Hives", "Swelling", "Nausea"};
}
