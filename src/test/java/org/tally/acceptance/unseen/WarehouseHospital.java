package org.tally.acceptance.unseen;

import static org.tally.acceptance.unseen.Dice.w;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.tally.acceptance.unseen.Dice.Weighted;

/**
 * A hospital reporting warehouse in Kimball style, synthetic and seeded (a Java port of the stress run's
 * gen_warehouse.py): unquoted names (H2 stores them upper case); four facts (inpatient spells, ED attendances,
 * outpatient appointments, lab results) around dimensions with surrogate keys; dim_date keyed by yyyymmdd integers;
 * an 'Unknown' member with key -1 in every dimension, which facts point at when the source sent nothing (an open
 * spell's discharge date and ward key are -1); dim_patient and dim_consultant as SCD type 2 (valid_from, valid_to =
 * 9999-12-31, is_current 'Y'/'N'), a fact pointing at the version valid on its day; CHAR(1) 'Y'/'N' flags; ETL audit
 * columns. Inpatient and outpatient facts carry only date keys, ED and lab facts timestamps as well. Activity runs
 * 2024-01-01 .. 2026-11-29; outpatient bookings run to 2027-01-31 ('Booked' when in the future).
 */
final class WarehouseHospital {

    static final long SEED = 20261131L; // the Python original used 20261129; this seed leaves no ranking tied (see everyRankingHasOneAnswer)
    static final String URL_SETTINGS = "";
    private static final LocalDate START = LocalDate.of(2024, 1, 1);
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 9, 0);
    private static final LocalDate HIGH = LocalDate.of(9999, 12, 31);
    private static final LocalDateTime ETL = LocalDateTime.of(2026, 11, 29, 2, 15);

    static final String DDL = """
            CREATE TABLE dim_date (
              date_key INT PRIMARY KEY, full_date DATE, day_of_month SMALLINT, day_name VARCHAR(10), month_number SMALLINT,
              month_name VARCHAR(10), calendar_quarter SMALLINT, calendar_year SMALLINT, financial_year VARCHAR(7),
              is_weekend CHAR(1) NOT NULL);
            CREATE TABLE dim_patient (
              patient_key INT PRIMARY KEY, patient_id VARCHAR(12) NOT NULL, nhs_number VARCHAR(10), patient_name VARCHAR(80),
              date_of_birth DATE, gender VARCHAR(10) NOT NULL, ethnic_group VARCHAR(40), postcode_district VARCHAR(5),
              gp_practice_code VARCHAR(6), date_of_death DATE, valid_from DATE NOT NULL, valid_to DATE NOT NULL,
              is_current CHAR(1) NOT NULL, etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE dim_ward (
              ward_key INT PRIMARY KEY, ward_code VARCHAR(8) NOT NULL, ward_name VARCHAR(40) NOT NULL, site_name VARCHAR(40),
              ward_type VARCHAR(20), bed_count SMALLINT, etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE dim_specialty (
              specialty_key INT PRIMARY KEY, specialty_code VARCHAR(3) NOT NULL, specialty_name VARCHAR(40) NOT NULL,
              division_name VARCHAR(30), etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE dim_consultant (
              consultant_key INT PRIMARY KEY, consultant_code VARCHAR(8) NOT NULL, consultant_name VARCHAR(60) NOT NULL,
              main_specialty_name VARCHAR(40), valid_from DATE NOT NULL, valid_to DATE NOT NULL, is_current CHAR(1) NOT NULL,
              etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE dim_diagnosis (
              diagnosis_key INT PRIMARY KEY, icd10_code VARCHAR(6) NOT NULL, icd10_description VARCHAR(90) NOT NULL,
              icd10_chapter VARCHAR(60), etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE dim_procedure (
              procedure_key INT PRIMARY KEY, opcs_code VARCHAR(5) NOT NULL, opcs_description VARCHAR(90) NOT NULL,
              etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE dim_admission_method (
              admission_method_key INT PRIMARY KEY, admission_method_code VARCHAR(2) NOT NULL,
              admission_method_name VARCHAR(60) NOT NULL, admission_category VARCHAR(12) NOT NULL,
              etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE dim_lab_test (
              lab_test_key INT PRIMARY KEY, test_code VARCHAR(8) NOT NULL, test_name VARCHAR(40) NOT NULL, units VARCHAR(12),
              etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE fact_inpatient_spell (
              spell_key INT PRIMARY KEY, spell_number VARCHAR(10) NOT NULL,
              patient_key INT NOT NULL REFERENCES dim_patient(patient_key),
              admission_method_key INT NOT NULL REFERENCES dim_admission_method(admission_method_key),
              specialty_key INT NOT NULL REFERENCES dim_specialty(specialty_key),
              consultant_key INT NOT NULL REFERENCES dim_consultant(consultant_key),
              admit_ward_key INT NOT NULL REFERENCES dim_ward(ward_key),
              discharge_ward_key INT NOT NULL REFERENCES dim_ward(ward_key),
              primary_diagnosis_key INT NOT NULL REFERENCES dim_diagnosis(diagnosis_key),
              primary_procedure_key INT NOT NULL REFERENCES dim_procedure(procedure_key),
              admit_date_key INT NOT NULL REFERENCES dim_date(date_key),
              discharge_date_key INT NOT NULL REFERENCES dim_date(date_key),
              length_of_stay_days INT, spell_cost DECIMAL(12,2), day_case_flag CHAR(1) NOT NULL, died_flag CHAR(1) NOT NULL,
              readmitted_30d_flag CHAR(1) NOT NULL, etl_batch_id INT NOT NULL, etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE fact_ed_attendance (
              ed_attendance_key INT PRIMARY KEY, attendance_number VARCHAR(10) NOT NULL,
              patient_key INT NOT NULL REFERENCES dim_patient(patient_key),
              arrival_date_key INT NOT NULL REFERENCES dim_date(date_key),
              arrival_datetime TIMESTAMP NOT NULL, departure_datetime TIMESTAMP,
              arrival_mode VARCHAR(12) NOT NULL, triage_category SMALLINT, attendance_disposal VARCHAR(30) NOT NULL,
              primary_diagnosis_key INT NOT NULL REFERENCES dim_diagnosis(diagnosis_key),
              wait_to_be_seen_minutes INT, total_time_minutes INT, breach_4hr_flag CHAR(1) NOT NULL,
              admitted_flag CHAR(1) NOT NULL, etl_batch_id INT NOT NULL, etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE fact_outpatient_appointment (
              op_appointment_key INT PRIMARY KEY, appointment_number VARCHAR(10) NOT NULL,
              patient_key INT NOT NULL REFERENCES dim_patient(patient_key),
              appointment_date_key INT NOT NULL REFERENCES dim_date(date_key),
              specialty_key INT NOT NULL REFERENCES dim_specialty(specialty_key),
              consultant_key INT NOT NULL REFERENCES dim_consultant(consultant_key),
              attendance_status VARCHAR(25) NOT NULL, first_appointment_flag CHAR(1) NOT NULL,
              referral_to_appointment_days INT, tariff_cost DECIMAL(10,2), etl_batch_id INT NOT NULL,
              etl_load_datetime TIMESTAMP NOT NULL);
            CREATE TABLE fact_lab_result (
              lab_result_key INT PRIMARY KEY, patient_key INT NOT NULL REFERENCES dim_patient(patient_key),
              lab_test_key INT NOT NULL REFERENCES dim_lab_test(lab_test_key),
              ward_key INT NOT NULL REFERENCES dim_ward(ward_key),
              result_date_key INT NOT NULL REFERENCES dim_date(date_key),
              collected_datetime TIMESTAMP NOT NULL, result_value DECIMAL(10,2), abnormal_flag CHAR(1) NOT NULL,
              etl_batch_id INT NOT NULL, etl_load_datetime TIMESTAMP NOT NULL);
            """;

    private record Ward(String code, String name, String site, String type, int beds) {
    }

    private static final List<Ward> WARDS = List.of(
            new Ward("AMU", "Acute Medical Unit", "City Hospital", "Medical", 32),
            new Ward("W10", "Ward 10 Cardiology", "City Hospital", "Medical", 24),
            new Ward("W11", "Ward 11 Respiratory", "City Hospital", "Medical", 26),
            new Ward("W12", "Elderly Care", "City Hospital", "Medical", 28),
            new Ward("SAU", "Surgical Assessment Unit", "City Hospital", "Surgical", 18),
            new Ward("W20", "Ward 20 General Surgery", "City Hospital", "Surgical", 30),
            new Ward("W21", "Ward 21 Orthopaedics", "Northgate Hospital", "Surgical", 28),
            new Ward("DSU", "Day Surgery Unit", "Northgate Hospital", "Day Case", 20),
            new Ward("ICU", "Intensive Care Unit", "City Hospital", "Critical Care", 14),
            new Ward("MAT", "Maternity Ward", "City Hospital", "Maternity", 22),
            new Ward("PAE", "Children's Ward", "City Hospital", "Paediatric", 20),
            new Ward("W30", "Stroke Unit", "Northgate Hospital", "Medical", 18));

    private record Specialty(String code, String name, String division) {
    }

    private static final List<Specialty> SPECS = List.of(new Specialty("100", "General Surgery", "Surgery"),
            new Specialty("110", "Trauma and Orthopaedics", "Surgery"),
            new Specialty("300", "General Internal Medicine", "Medicine"), new Specialty("320", "Cardiology", "Medicine"),
            new Specialty("340", "Respiratory Medicine", "Medicine"),
            new Specialty("430", "Geriatric Medicine", "Medicine"),
            new Specialty("501", "Obstetrics", "Women and Children"),
            new Specialty("420", "Paediatrics", "Women and Children"),
            new Specialty("328", "Stroke Medicine", "Medicine"),
            new Specialty("192", "Critical Care Medicine", "Surgery"));
    /** Specialty index to the indexes of the wards it admits to. */
    private static final Map<Integer, List<Integer>> SPEC_WARDS = Map.of(0, List.of(4, 5), 1, List.of(6, 7),
            2, List.of(0, 3), 3, List.of(1, 0), 4, List.of(2, 0), 5, List.of(3), 6, List.of(9), 7, List.of(10),
            8, List.of(11), 9, List.of(8));
    private static final List<String> SURNAMES = List.of("Patel", "Smith", "Jones", "Khan", "Williams", "Brown",
            "Taylor", "Davies", "Evans", "Wilson", "Thomas", "Roberts", "Johnson", "Walker", "Wright", "Robinson",
            "Thompson", "White", "Hughes", "Edwards", "Green", "Hall", "Wood", "Harris", "Lewis", "Martin", "Jackson",
            "Clarke", "Clark", "Turner", "Hill", "Scott", "Cooper", "Morris", "Ward", "Moore", "King", "Watson",
            "Baker", "Harrison", "Morgan", "Ahmed", "Ali");
    private static final List<String> FIRST_M = List.of("James", "John", "David", "Mohammed", "Oliver", "Harry",
            "George", "Jack", "Peter", "Paul", "Mark", "Adam");
    private static final List<String> FIRST_F = List.of("Mary", "Sarah", "Emma", "Olivia", "Amelia", "Fatima",
            "Grace", "Sophie", "Emily", "Priya", "Ruth", "Jane");

    private record Dx(String code, String description, String chapter) {
    }

    private static final String CIRC = "Diseases of the circulatory system";
    private static final String RESP = "Diseases of the respiratory system";
    private static final String GU = "Diseases of the genitourinary system";
    private static final String DIG = "Diseases of the digestive system";
    private static final String INJ = "Injury, poisoning and external causes";
    private static final String PREG = "Pregnancy, childbirth and the puerperium";
    private static final String SYM = "Symptoms, signs and abnormal findings";
    private static final List<Dx> DX = List.of(
            new Dx("I21.4", "Acute subendocardial myocardial infarction", CIRC),
            new Dx("I50.9", "Heart failure, unspecified", CIRC),
            new Dx("I48.9", "Atrial fibrillation and atrial flutter, unspecified", CIRC),
            new Dx("I63.9", "Cerebral infarction, unspecified", CIRC),
            new Dx("J18.9", "Pneumonia, unspecified", RESP),
            new Dx("J44.1", "COPD with acute exacerbation, unspecified", RESP),
            new Dx("A41.9", "Sepsis, unspecified", "Certain infectious and parasitic diseases"),
            new Dx("N39.0", "Urinary tract infection, site not specified", GU),
            new Dx("N17.9", "Acute renal failure, unspecified", GU),
            new Dx("E11.9", "Type 2 diabetes mellitus without complications",
                    "Endocrine, nutritional and metabolic diseases"),
            new Dx("K35.8", "Acute appendicitis, other and unspecified", DIG),
            new Dx("K80.2", "Calculus of gallbladder without cholecystitis", DIG),
            new Dx("S72.0", "Fracture of neck of femur", INJ),
            new Dx("M17.1", "Other primary gonarthrosis", "Diseases of the musculoskeletal system"),
            new Dx("O80.0", "Spontaneous vertex delivery", PREG),
            new Dx("O82.0", "Delivery by elective caesarean section", PREG),
            new Dx("J06.9", "Acute upper respiratory infection, unspecified", RESP),
            new Dx("R07.4", "Chest pain, unspecified", SYM),
            new Dx("R55", "Syncope and collapse", SYM),
            new Dx("S06.0", "Concussion", INJ),
            new Dx("S52.5", "Fracture of lower end of radius", INJ),
            new Dx("C34.9", "Malignant neoplasm of bronchus or lung, unspecified", "Neoplasms"),
            new Dx("U07.1", "COVID-19, virus identified", "Codes for special purposes"));
    /** Specialty index to the indexes of its primary diagnoses. */
    private static final Map<Integer, List<Integer>> SPEC_DX = Map.of(0, List.of(10, 11), 1, List.of(12, 13),
            2, List.of(4, 6, 7, 8, 9, 17, 18, 22, 21), 3, List.of(0, 1, 2, 17), 4, List.of(4, 5, 22, 21),
            5, List.of(7, 8, 1, 18, 4), 6, List.of(14, 15), 7, List.of(16, 4), 8, List.of(3), 9, List.of(6, 4));
    private static final List<String[]> PROCS = List.of(
            new String[] {"H01.1", "Emergency excision of abnormal appendix"},
            new String[] {"J18.3", "Total cholecystectomy"},
            new String[] {"W37.1", "Primary total prosthetic replacement of hip joint using cement"},
            new String[] {"W40.1", "Primary total prosthetic replacement of knee joint using cement"},
            new String[] {"W46.1", "Primary prosthetic replacement of head of femur using cement"},
            new String[] {"K75.1",
                "Percutaneous transluminal balloon angioplasty and insertion of stent into coronary artery"},
            new String[] {"K63.1", "Contrast radiology of coronary artery"},
            new String[] {"R17.1", "Elective lower uterine segment caesarean delivery"},
            new String[] {"R18.1", "Emergency lower uterine segment caesarean delivery"},
            new String[] {"E85.1", "Invasive ventilation"},
            new String[] {"X29.2", "Continuous infusion of therapeutic substance"},
            new String[] {"U05.1", "Computed tomography of head"});
    /** Specialty index to the indexes of its procedures (specialties not listed have none). */
    private static final Map<Integer, List<Integer>> SPEC_PROC = Map.of(0, List.of(0, 1), 1, List.of(2, 3, 4),
            3, List.of(5, 6), 6, List.of(7, 8), 9, List.of(9), 2, List.of(10, 11), 8, List.of(11));
    private static final List<String[]> ADM = List.of(new String[] {"11", "Elective - waiting list", "Elective"},
            new String[] {"12", "Elective - booked", "Elective"}, new String[] {"13", "Elective - planned", "Elective"},
            new String[] {"21", "Emergency - A&E", "Emergency"}, new String[] {"22", "Emergency - GP", "Emergency"},
            new String[] {"23", "Emergency - bed bureau", "Emergency"},
            new String[] {"24", "Emergency - consultant clinic", "Emergency"},
            new String[] {"28", "Emergency - other", "Emergency"},
            new String[] {"31", "Maternity - ante partum", "Maternity"},
            new String[] {"81", "Transfer from other hospital", "Other"});

    private record Test(String code, String name, String units, double low, double high, double mean, double sd) {
    }

    private static final List<Test> TESTS = List.of(new Test("NA", "Sodium", "mmol/L", 135, 145, 140, 4),
            new Test("K", "Potassium", "mmol/L", 3.5, 5.3, 4.3, 0.6),
            new Test("CREA", "Creatinine", "umol/L", 60, 110, 95, 40),
            new Test("HB", "Haemoglobin", "g/L", 120, 170, 130, 20),
            new Test("CRP", "C-reactive protein", "mg/L", 0, 5, 20, 30),
            new Test("TROP", "Troponin T", "ng/L", 0, 14, 12, 25),
            new Test("GLU", "Glucose", "mmol/L", 3.9, 7.8, 6.5, 2.5),
            new Test("WBC", "White cell count", "10^9/L", 4, 11, 8.5, 3.5));
    private static final List<Weighted<String>> ETHNIC = List.of(w("White - British", 60), w("White - Other", 8),
            w("Asian - Indian", 7), w("Asian - Pakistani", 6), w("Black - African", 5), w("Black - Caribbean", 3),
            w("Mixed", 4), w("Other", 3), w("Not stated", 4));
    private static final List<String> DISTRICTS = List.of("LS1", "LS2", "LS6", "LS7", "LS8", "LS9", "LS11", "LS12",
            "LS15", "LS17", "BD1", "BD3", "WF1");
    private static final List<Weighted<Integer>> SPEC_WEIGHTS = List.of(w(0, 12), w(1, 10), w(2, 20), w(3, 10),
            w(4, 9), w(5, 10), w(6, 8), w(7, 6), w(8, 5), w(9, 3));
    private static final List<Weighted<Integer>> OP_SPECS = List.of(w(0, 12), w(1, 15), w(2, 6), w(3, 14), w(4, 10),
            w(5, 8), w(6, 12), w(7, 9), w(8, 4));
    private static final List<Integer> ED_DX = List.of(4, 5, 7, 16, 17, 18, 19, 20, 12, 0, 3, 6);
    private static final int PATIENTS = 3000;
    private static final String[] DAY_NAMES = {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
        "Sunday"};
    private static final String[] MONTH_NAMES = {"January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"};

    /** One SCD2 version of a consultant or patient: its surrogate key and the days it is valid on. */
    private record Version(int key, LocalDate from, LocalDate to) {
        boolean validOn(LocalDate day) {
            return !day.isBefore(from) && !day.isAfter(to);
        }
    }

    private record PatientInfo(int age, String gender, LocalDate death, List<Version> versions) {
    }

    /** A spell before its key is known (keys follow the admission day, as in the ETL that loaded them). */
    private static final class Spell {
        Object[] row;
        int patient;
        LocalDate admit;
        LocalDate discharge; // null while in hospital
    }

    private final Dice dice;
    private final List<Object[]> consultants = new ArrayList<>();
    private final Map<Integer, List<Version>> consultantsBySpecialty = new HashMap<>();
    private final List<Object[]> patientRows = new ArrayList<>();
    private final List<PatientInfo> patients = new ArrayList<>();
    private final List<Object[]> spells = new ArrayList<>();
    private final List<Object[]> edAttendances = new ArrayList<>();
    private final List<Object[]> outpatients = new ArrayList<>();
    private final List<Object[]> labResults = new ArrayList<>();

    private WarehouseHospital(long seed) {
        dice = new Dice(seed);
    }

    /** Writes the warehouse into a fresh H2 file database at {@code base} (without the .mv.db suffix). */
    static void write(Path base) throws SQLException {
        write(base, SEED);
    }

    /** As {@link #write(Path)} with another seed (to look for one that leaves no ranking tied). */
    static void write(Path base, long seed) throws SQLException {
        WarehouseHospital h = new WarehouseHospital(seed);
        h.consultants();
        h.patients();
        h.spells();
        h.edAttendances();
        h.outpatients();
        h.labResults();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            h.store(db);
        }
    }

    static int dateKey(LocalDate d) {
        return d == null ? -1 : d.getYear() * 10000 + d.getMonthValue() * 100 + d.getDayOfMonth();
    }

    private LocalDate day(LocalDate from, LocalDate to) {
        return from.plusDays(dice.between(0, (int) ChronoUnit.DAYS.between(from, to)));
    }

    private static BigDecimal money(double value, int scale) {
        return BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_EVEN);
    }

    private void consultants() {
        int key = 1;
        for (int s = 0; s < SPECS.size(); s++) {
            for (int j = 0; j < (s < 6 ? 3 : 2); j++) {
                String code = String.format("C%07d", dice.between(1_000_000, 9_999_998));
                List<String> firsts = new ArrayList<>(FIRST_M);
                firsts.addAll(FIRST_F);
                String name = "Dr " + dice.oneOf(firsts).charAt(0) + " " + dice.oneOf(SURNAMES);
                LocalDate since = LocalDate.of(2020, 1, 1);
                if (dice.below(0.15)) { // moved specialty on a day: two versions
                    LocalDate change = day(LocalDate.of(2025, 1, 1), LocalDate.of(2026, 6, 30));
                    int other = (s + 1) % SPECS.size();
                    consultants.add(new Object[] {key, code, name, SPECS.get(other).name(), since,
                        change.minusDays(1), "N", ETL});
                    consultantsBySpecialty.computeIfAbsent(other, k -> new ArrayList<>())
                            .add(new Version(key, since, change.minusDays(1)));
                    key++;
                    since = change;
                }
                consultants.add(new Object[] {key, code, name, SPECS.get(s).name(), since, HIGH, "Y", ETL});
                consultantsBySpecialty.computeIfAbsent(s, k -> new ArrayList<>()).add(new Version(key, since, HIGH));
                key++;
            }
        }
    }

    private int consultantFor(int specialty, LocalDate day) {
        List<Integer> valid = consultantsBySpecialty.getOrDefault(specialty, List.of()).stream()
                .filter(v -> v.validOn(day)).map(Version::key).toList();
        return valid.isEmpty() ? -1 : dice.oneOf(valid);
    }

    private void patients() {
        int key = 1;
        for (int i = 0; i < PATIENTS; i++) {
            String gender = dice.pick(List.of(w("Male", 48.0), w("Female", 51.0), w("Unknown", 1.0)));
            int age = dice.oneOf(dice.between(0, 17), dice.between(18, 64), dice.between(18, 64),
                    dice.between(65, 95), dice.between(65, 95));
            LocalDate dob = LocalDate.of(2026, 6, 30).minusDays(age * 365L + dice.between(0, 364));
            String name = dice.oneOf(gender.equals("Male") ? FIRST_M : FIRST_F) + " " + dice.oneOf(SURNAMES);
            String nhs = String.format("%010d", 4_000_000_000L + (long) (dice.chance() * 5_999_999_999L));
            String id = String.format("MRN%07d", 1_000_000 + i * 7);
            String ethnic = dice.pick(ETHNIC);
            String gp = String.format("B%05d", dice.between(80_000, 89_998));
            LocalDate death = age > 70 && dice.below(0.12)
                    ? day(LocalDate.of(2024, 3, 1), LocalDate.of(2026, 11, 27)) : null;
            int count = dice.pick(List.of(w(1, 75.0), w(2, 20.0), w(3, 5.0)));
            List<LocalDate> starts = new ArrayList<>();
            for (int c = 1; c < count; c++) {
                starts.add(day(LocalDate.of(2024, 2, 1), LocalDate.of(2026, 10, 31)));
            }
            starts.sort(Comparator.naturalOrder());
            starts.add(0, LocalDate.of(2015, 1, 1));
            List<Version> versions = new ArrayList<>();
            for (int v = 0; v < count; v++) {
                LocalDate from = starts.get(v);
                LocalDate to = v + 1 < count ? starts.get(v + 1).minusDays(1) : HIGH;
                boolean current = v + 1 == count;
                // the date of death is only known on the rows loaded after it
                LocalDate knownDeath = death != null && (current || !to.isBefore(death)) ? death : null;
                patientRows.add(new Object[] {key, id, nhs, name, dob, gender, ethnic, dice.oneOf(DISTRICTS), gp,
                    knownDeath, from, to, current ? "Y" : "N", ETL});
                versions.add(new Version(key, from, to));
                key++;
            }
            patients.add(new PatientInfo(age, gender, death, versions));
        }
    }

    private int patientKey(int patient, LocalDate day) {
        List<Version> versions = patients.get(patient).versions();
        return versions.stream().filter(v -> v.validOn(day)).map(Version::key).findFirst()
                .orElse(versions.get(versions.size() - 1).key());
    }

    /** A patient alive on the day: "adult_f" a woman of 18-45, "child" under 18, null mostly adults. */
    private int alivePatient(LocalDate day, String want) {
        while (true) {
            int i = dice.between(0, PATIENTS - 1);
            PatientInfo p = patients.get(i);
            if (p.death() != null && p.death().isBefore(day)) {
                continue;
            }
            if ("adult_f".equals(want) && (!p.gender().equals("Female") || p.age() < 18 || p.age() > 45)) {
                continue;
            }
            if ("child".equals(want) && p.age() >= 18) {
                continue;
            }
            if (want == null && p.age() < 18 && dice.below(0.7)) {
                continue;
            }
            return i;
        }
    }

    private void spells() {
        List<Spell> raw = new ArrayList<>();
        for (int n = 0; n < 6500; n++) {
            int s = dice.pick(SPEC_WEIGHTS);
            LocalDate admit = day(START, TODAY);
            int p = alivePatient(admit, s == 6 ? "adult_f" : s == 7 ? "child" : null);
            int method;
            if (s == 6) {
                method = dice.below(0.8) ? 8 : 1;
            } else if ((s == 0 || s == 1) && dice.below(0.5)) {
                method = dice.between(0, 2);
            } else if (dice.below(0.05)) {
                method = 9;
            } else {
                method = dice.pick(List.of(w(3, 60.0), w(4, 20.0), w(5, 5.0), w(6, 8.0), w(7, 7.0)));
            }
            boolean elective = ADM.get(method)[2].equals("Elective");
            boolean dayCase = elective && dice.below(0.45);
            int los = dayCase ? 0 : Math.min(60, (int) dice.exponential(5.5) + (dice.below(0.8) ? 1 : 0));
            LocalDate discharge = admit.plusDays(los);
            LocalDate death = patients.get(p).death();
            String died = "N";
            if (death != null && !admit.isAfter(death) && !death.isAfter(discharge)) {
                discharge = death;
                los = (int) ChronoUnit.DAYS.between(admit, death);
                died = "Y";
            } else if (dice.below(0.02) && !elective) {
                died = "Y";
            }
            List<Integer> wards = SPEC_WARDS.get(s);
            int admitWard = dice.oneOf(wards) + 1;
            if (s == 2 && dice.below(0.6)) {
                admitWard = 1;
            }
            int dischargeWard = dice.oneOf(wards) + 1;
            if (dice.below(0.04)) {
                admitWard = -1; // the source system sent no ward
            }
            boolean open = !discharge.isBefore(TODAY) && died.equals("N") && !dayCase;
            int diagnosis = dice.oneOf(SPEC_DX.get(s)) + 1;
            int procedure = SPEC_PROC.containsKey(s) && dice.below(0.6) ? dice.oneOf(SPEC_PROC.get(s)) + 1 : -1;
            BigDecimal cost = open ? null
                    : money(420 + los * dice.uniform(330, 460) + (procedure != -1 ? 1800 : 0), 2);
            Spell spell = new Spell();
            spell.row = new Object[] {null, null, patientKey(p, admit), method + 1, s + 1, consultantFor(s, admit),
                admitWard, open ? -1 : dischargeWard, diagnosis, procedure, dateKey(admit),
                open ? -1 : dateKey(discharge), open ? null : los, cost, dayCase ? "Y" : "N", died, "N",
                1000 + (int) (ChronoUnit.DAYS.between(START, admit) / 7), ETL};
            spell.patient = p;
            spell.admit = admit;
            spell.discharge = open ? null : discharge;
            raw.add(spell);
        }
        raw.sort(Comparator.comparing((Spell x) -> x.admit).thenComparingInt(x -> x.patient));
        Map<Integer, LocalDate> lastDischarge = new HashMap<>();
        for (int k = 0; k < raw.size(); k++) {
            Spell spell = raw.get(k);
            spell.row[0] = k + 1;
            spell.row[1] = String.format("SP%07d", 200_000 + k);
            LocalDate previous = lastDischarge.get(spell.patient);
            if (previous != null) {
                long gap = ChronoUnit.DAYS.between(previous, spell.admit);
                if (gap >= 0 && gap <= 30) {
                    spell.row[16] = "Y";
                }
            }
            if (spell.discharge != null) {
                lastDischarge.put(spell.patient, spell.discharge);
            }
            spells.add(spell.row);
        }
    }

    private void edAttendances() {
        List<Weighted<Integer>> hours = IntStream.range(0, 24).mapToObj(h -> w(h, h >= 9 && h <= 22 ? 2.0 : 1.0))
                .toList();
        for (int n = 0; n < 8000; n++) {
            LocalDate day = day(START, TODAY);
            Integer p = dice.below(0.97) ? alivePatient(day, null) : null;
            LocalDateTime arrival = day.atTime(dice.pick(hours), dice.between(0, 59), dice.between(0, 59));
            if (arrival.isAfter(NOW)) {
                arrival = NOW.minusHours(dice.between(30, 50));
                day = arrival.toLocalDate();
            }
            int triage = dice.pick(List.of(w(1, 3.0), w(2, 15.0), w(3, 45.0), w(4, 30.0), w(5, 7.0)));
            int total = (int) Math.min(1400, dice.logNormal(5.3, 0.45));
            int wait = total > 10 ? (int) Math.min(total - 5, dice.exponential(55)) : 1;
            String mode = dice.pick(List.of(w("Ambulance", 30.0), w("Walk-in", 65.0), w("Police", 2.0),
                    w("Other", 3.0)));
            String disposal = dice.pick(List.of(w("Admitted", 26.0), w("Discharged - no follow up", 40.0),
                    w("Discharged - GP follow up", 18.0), w("Referred to clinic", 8.0),
                    w("Left before treatment", 6.0), w("Transferred", 2.0)));
            if (triage <= 2 && dice.below(0.5)) {
                disposal = "Admitted";
            }
            LocalDateTime departure = arrival.plusMinutes(total);
            int diagnosis = dice.below(0.9) ? dice.oneOf(ED_DX) + 1 : -1;
            edAttendances.add(new Object[] {null, null, p == null ? -1 : patientKey(p, day), dateKey(day), arrival,
                departure, mode, triage, disposal, diagnosis, wait, total, total > 240 ? "Y" : "N",
                disposal.equals("Admitted") ? "Y" : "N", 5000 + (int) (ChronoUnit.DAYS.between(START, day) / 7), ETL});
        }
        edAttendances.sort(Comparator.comparing(r -> (LocalDateTime) r[4]));
        for (int k = 0; k < edAttendances.size(); k++) {
            edAttendances.get(k)[0] = k + 1;
            edAttendances.get(k)[1] = String.format("ED%07d", 500_000 + k);
        }
    }

    private void outpatients() {
        List<Weighted<String>> outcomes = List.of(w("Attended", 80.0), w("DNA", 8.0), w("Cancelled by Patient", 6.0),
                w("Cancelled by Hospital", 6.0));
        for (int n = 0; n < 12000; n++) {
            LocalDate day = day(START, LocalDate.of(2027, 1, 31));
            int s = dice.pick(OP_SPECS);
            LocalDate referenceDay = day.isAfter(TODAY) ? TODAY : day;
            int p = alivePatient(referenceDay, s == 6 ? "adult_f" : s == 7 ? "child" : null);
            String status = day.isAfter(TODAY) ? "Booked" : dice.pick(outcomes);
            boolean first = dice.below(0.35);
            int wait = first ? dice.between(5, 120) : dice.between(20, 200);
            BigDecimal cost = status.equals("Attended") ? money((first ? 160.0 : 95.0) * dice.uniform(0.9, 1.3), 2)
                    : null;
            outpatients.add(new Object[] {null, null, patientKey(p, referenceDay), dateKey(day), s + 1,
                consultantFor(s, referenceDay), status, first ? "Y" : "N", wait, cost,
                7000 + (int) (ChronoUnit.DAYS.between(START, referenceDay) / 7), ETL});
        }
        outpatients.sort(Comparator.comparingInt(r -> (Integer) r[3]));
        for (int k = 0; k < outpatients.size(); k++) {
            outpatients.get(k)[0] = k + 1;
            outpatients.get(k)[1] = String.format("OP%07d", 700_000 + k);
        }
    }

    private void labResults() {
        for (int n = 0; n < 15000; n++) {
            int t = dice.between(0, TESTS.size() - 1);
            Test test = TESTS.get(t);
            LocalDateTime collected = day(START, TODAY).atTime(LocalTime.MIDNIGHT).plusMinutes(dice.between(0, 1439));
            if (collected.isAfter(NOW)) {
                collected = NOW.minusHours(dice.between(10, 40));
            }
            LocalDate day = collected.toLocalDate();
            int p = alivePatient(day, null);
            BigDecimal value = money(Math.max(0.1, dice.gauss(test.mean(), test.sd())), t == 1 || t == 6 || t == 7 ? 2 : 1);
            LocalDate resultDay = collected.plusHours(dice.between(1, 30)).toLocalDate();
            int ward = dice.below(0.92) ? dice.between(1, 12) : -1;
            double v = value.doubleValue();
            labResults.add(new Object[] {n + 1, patientKey(p, day), t + 1, ward, dateKey(resultDay), collected, value,
                v < test.low() || v > test.high() ? "Y" : "N", 9000 + (int) (ChronoUnit.DAYS.between(START, day) / 7),
                ETL});
        }
    }

    private void store(H2Script db) throws SQLException {
        List<Object[]> dates = new ArrayList<>();
        dates.add(new Object[] {-1, null, null, "Unknown", null, "Unknown", null, null, "Unknown", "N"});
        for (LocalDate d = LocalDate.of(2023, 1, 1); !d.isAfter(LocalDate.of(2027, 12, 31)); d = d.plusDays(1)) {
            int fy = d.getMonthValue() >= 4 ? d.getYear() : d.getYear() - 1;
            int weekday = d.getDayOfWeek().getValue() - 1;
            dates.add(new Object[] {dateKey(d), d, d.getDayOfMonth(), DAY_NAMES[weekday], d.getMonthValue(),
                MONTH_NAMES[d.getMonthValue() - 1], (d.getMonthValue() - 1) / 3 + 1, d.getYear(),
                String.format("%d/%02d", fy, (fy + 1) % 100), weekday >= 5 ? "Y" : "N"});
        }
        db.insert("dim_date", List.of("date_key", "full_date", "day_of_month", "day_name", "month_number", "month_name",
                "calendar_quarter", "calendar_year", "financial_year", "is_weekend"), dates);
        List<Object[]> wards = new ArrayList<>();
        wards.add(new Object[] {-1, "UNK", "Unknown", "Unknown", "Unknown", null, ETL});
        for (Ward x : WARDS) {
            wards.add(new Object[] {wards.size(), x.code(), x.name(), x.site(), x.type(), x.beds(), ETL});
        }
        db.insert("dim_ward", List.of("ward_key", "ward_code", "ward_name", "site_name", "ward_type", "bed_count",
                "etl_load_datetime"), wards);
        List<Object[]> specialties = new ArrayList<>();
        specialties.add(new Object[] {-1, "UNK", "Unknown", "Unknown", ETL});
        for (Specialty x : SPECS) {
            specialties.add(new Object[] {specialties.size(), x.code(), x.name(), x.division(), ETL});
        }
        db.insert("dim_specialty", List.of("specialty_key", "specialty_code", "specialty_name", "division_name",
                "etl_load_datetime"), specialties);
        List<Object[]> cons = new ArrayList<>();
        cons.add(new Object[] {-1, "UNK", "Unknown", "Unknown", LocalDate.of(1900, 1, 1), HIGH, "Y", ETL});
        cons.addAll(consultants);
        db.insert("dim_consultant", List.of("consultant_key", "consultant_code", "consultant_name",
                "main_specialty_name", "valid_from", "valid_to", "is_current", "etl_load_datetime"), cons);
        List<Object[]> diagnoses = new ArrayList<>();
        diagnoses.add(new Object[] {-1, "R69X", "Unknown", "Unknown", ETL});
        for (Dx x : DX) {
            diagnoses.add(new Object[] {diagnoses.size(), x.code(), x.description(), x.chapter(), ETL});
        }
        db.insert("dim_diagnosis", List.of("diagnosis_key", "icd10_code", "icd10_description", "icd10_chapter",
                "etl_load_datetime"), diagnoses);
        List<Object[]> procedures = new ArrayList<>();
        procedures.add(new Object[] {-1, "X999", "Unknown / no procedure", ETL});
        for (String[] x : PROCS) {
            procedures.add(new Object[] {procedures.size(), x[0], x[1], ETL});
        }
        db.insert("dim_procedure", List.of("procedure_key", "opcs_code", "opcs_description", "etl_load_datetime"),
                procedures);
        List<Object[]> methods = new ArrayList<>();
        methods.add(new Object[] {-1, "99", "Unknown", "Unknown", ETL});
        for (String[] x : ADM) {
            methods.add(new Object[] {methods.size(), x[0], x[1], x[2], ETL});
        }
        db.insert("dim_admission_method", List.of("admission_method_key", "admission_method_code",
                "admission_method_name", "admission_category", "etl_load_datetime"), methods);
        List<Object[]> tests = new ArrayList<>();
        tests.add(new Object[] {-1, "UNK", "Unknown", null, ETL});
        for (Test x : TESTS) {
            tests.add(new Object[] {tests.size(), x.code(), x.name(), x.units(), ETL});
        }
        db.insert("dim_lab_test", List.of("lab_test_key", "test_code", "test_name", "units", "etl_load_datetime"),
                tests);
        List<Object[]> pats = new ArrayList<>();
        pats.add(new Object[] {-1, "UNKNOWN", null, null, null, "Unknown", "Unknown", null, null, null,
            LocalDate.of(1900, 1, 1), HIGH, "Y", ETL});
        pats.addAll(patientRows);
        db.insert("dim_patient", List.of("patient_key", "patient_id", "nhs_number", "patient_name", "date_of_birth",
                "gender", "ethnic_group", "postcode_district", "gp_practice_code", "date_of_death", "valid_from",
                "valid_to", "is_current", "etl_load_datetime"), pats);
        db.insert("fact_inpatient_spell", List.of("spell_key", "spell_number", "patient_key", "admission_method_key",
                "specialty_key", "consultant_key", "admit_ward_key", "discharge_ward_key", "primary_diagnosis_key",
                "primary_procedure_key", "admit_date_key", "discharge_date_key", "length_of_stay_days", "spell_cost",
                "day_case_flag", "died_flag", "readmitted_30d_flag", "etl_batch_id", "etl_load_datetime"), spells);
        db.insert("fact_ed_attendance", List.of("ed_attendance_key", "attendance_number", "patient_key",
                "arrival_date_key", "arrival_datetime", "departure_datetime", "arrival_mode", "triage_category",
                "attendance_disposal", "primary_diagnosis_key", "wait_to_be_seen_minutes", "total_time_minutes",
                "breach_4hr_flag", "admitted_flag", "etl_batch_id", "etl_load_datetime"), edAttendances);
        db.insert("fact_outpatient_appointment", List.of("op_appointment_key", "appointment_number", "patient_key",
                "appointment_date_key", "specialty_key", "consultant_key", "attendance_status",
                "first_appointment_flag", "referral_to_appointment_days", "tariff_cost", "etl_batch_id",
                "etl_load_datetime"), outpatients);
        db.insert("fact_lab_result", List.of("lab_result_key", "patient_key", "lab_test_key", "ward_key",
                "result_date_key", "collected_datetime", "result_value", "abnormal_flag", "etl_batch_id",
                "etl_load_datetime"), labResults);
    }
}
