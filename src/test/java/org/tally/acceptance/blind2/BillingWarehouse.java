package org.tally.acceptance.blind2;

import static org.tally.acceptance.unseen.Dice.w;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.tally.acceptance.unseen.Dice;
import org.tally.acceptance.unseen.H2Script;

/**
 * A US hospital's revenue-cycle data warehouse, synthetic and seeded, in a billing-centred star schema with lower-case
 * names ({@code DATABASE_TO_UPPER=FALSE}): facts of encounters, charge lines (CPT codes, units, charge amounts, a
 * service date and a later posting date), claims (billed amount, status PAID / DENIED / PENDING / VOID, a CARC denial
 * code) and remittances (insurance and patient payments, negative reversal rows), around dimensions with surrogate
 * keys; dim_patient, dim_payer and dim_provider are SCD type 2 (valid_from, valid_to NULL on the current row,
 * is_current), each fact pointing at the version valid when it happened, so one patient has several patient_sk;
 * dim_date carries the fiscal year (starting October 1); soft-deleted fact rows ({@code is_deleted}, with
 * deleted_at); voided charge lines (charge_status 'VOID'); test patients ({@code is_test_patient}) with encounters;
 * UB-04 discharge disposition codes ('01' home, '20' expired …); an ETL audit table. Activity runs
 * 2024-01-01 .. 2026-11-28; reference date 2026-11-29.
 */
final class BillingWarehouse {

    static final String URL_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    static final String USER = "sa";
    static final String PASSWORD = "";

    private static final long SEED = 8675309L;
    private static final LocalDate START = LocalDate.of(2024, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(2026, 11, 28);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 0, 0);
    private static final int PATIENTS = 2500;
    private static final int TEST_PATIENTS = 25;

    static final String DDL = """
            CREATE TABLE dim_date (date_key DATE PRIMARY KEY, calendar_year INTEGER NOT NULL, calendar_month INTEGER NOT NULL,
              month_name VARCHAR(10) NOT NULL, fiscal_year INTEGER NOT NULL, fiscal_quarter INTEGER NOT NULL,
              day_of_week VARCHAR(10) NOT NULL, is_weekend BOOLEAN NOT NULL);
            CREATE TABLE dim_patient (patient_sk INTEGER PRIMARY KEY, mrn VARCHAR(10) NOT NULL, first_name VARCHAR(30) NOT NULL,
              last_name VARCHAR(30) NOT NULL, birth_date DATE NOT NULL, sex CHAR(1) NOT NULL, zip_code VARCHAR(5) NOT NULL,
              state_code CHAR(2) NOT NULL, ssn_last4 CHAR(4), is_test_patient BOOLEAN NOT NULL, valid_from DATE NOT NULL,
              valid_to DATE, is_current BOOLEAN NOT NULL);
            CREATE TABLE dim_payer (payer_sk INTEGER PRIMARY KEY, payer_code VARCHAR(8) NOT NULL, payer_name VARCHAR(40) NOT NULL,
              financial_class VARCHAR(20) NOT NULL, valid_from DATE NOT NULL, valid_to DATE, is_current BOOLEAN NOT NULL);
            CREATE TABLE dim_provider (provider_sk INTEGER PRIMARY KEY, npi CHAR(10) NOT NULL, provider_name VARCHAR(50) NOT NULL,
              specialty VARCHAR(30) NOT NULL, provider_type VARCHAR(10) NOT NULL, valid_from DATE NOT NULL, valid_to DATE,
              is_current BOOLEAN NOT NULL);
            CREATE TABLE dim_department (department_sk INTEGER PRIMARY KEY, department_code VARCHAR(8) NOT NULL,
              department_name VARCHAR(40) NOT NULL, facility_name VARCHAR(40) NOT NULL, service_line VARCHAR(30) NOT NULL);
            CREATE TABLE dim_procedure (procedure_sk INTEGER PRIMARY KEY, cpt_code VARCHAR(5) NOT NULL,
              cpt_description VARCHAR(60) NOT NULL, work_rvu DECIMAL(6,2) NOT NULL, list_price DECIMAL(10,2) NOT NULL);
            CREATE TABLE dim_diagnosis (diagnosis_sk INTEGER PRIMARY KEY, icd10_code VARCHAR(8) NOT NULL,
              icd10_description VARCHAR(60) NOT NULL);
            CREATE TABLE fact_encounter (encounter_sk INTEGER PRIMARY KEY, csn VARCHAR(12) NOT NULL, patient_sk INTEGER NOT NULL,
              department_sk INTEGER NOT NULL, attending_provider_sk INTEGER NOT NULL, encounter_class VARCHAR(12) NOT NULL,
              admit_ts TIMESTAMP NOT NULL, discharge_ts TIMESTAMP, primary_diagnosis_sk INTEGER NOT NULL,
              discharge_disposition CHAR(2), is_deleted BOOLEAN NOT NULL, deleted_at TIMESTAMP);
            CREATE TABLE fact_charge (charge_sk INTEGER PRIMARY KEY, encounter_sk INTEGER NOT NULL, patient_sk INTEGER NOT NULL,
              procedure_sk INTEGER NOT NULL, department_sk INTEGER NOT NULL, rendering_provider_sk INTEGER NOT NULL,
              service_date DATE NOT NULL, post_date DATE NOT NULL, units INTEGER NOT NULL, charge_amount DECIMAL(12,2) NOT NULL,
              charge_status VARCHAR(8) NOT NULL, is_deleted BOOLEAN NOT NULL, deleted_at TIMESTAMP);
            CREATE TABLE fact_claim (claim_sk INTEGER PRIMARY KEY, claim_number VARCHAR(14) NOT NULL, encounter_sk INTEGER NOT NULL,
              patient_sk INTEGER NOT NULL, payer_sk INTEGER NOT NULL, claim_form VARCHAR(8) NOT NULL, submitted_date DATE NOT NULL,
              billed_amount DECIMAL(12,2) NOT NULL, claim_status VARCHAR(8) NOT NULL, denial_code VARCHAR(6),
              is_deleted BOOLEAN NOT NULL, deleted_at TIMESTAMP);
            CREATE TABLE fact_remittance (remit_sk INTEGER PRIMARY KEY, claim_sk INTEGER, encounter_sk INTEGER NOT NULL,
              payer_sk INTEGER, patient_sk INTEGER NOT NULL, paid_date DATE NOT NULL, paid_amount DECIMAL(12,2) NOT NULL,
              remit_type VARCHAR(10) NOT NULL, is_deleted BOOLEAN NOT NULL, deleted_at TIMESTAMP);
            CREATE TABLE etl_load_audit (load_id INTEGER PRIMARY KEY, table_name VARCHAR(30) NOT NULL, loaded_at TIMESTAMP NOT NULL,
              rows_loaded INTEGER NOT NULL, load_status VARCHAR(10) NOT NULL)
            """;

    private record Department(int sk, String code, String name, String facility, String line, String encounterClass) {
    }

    private static final String MAIN = "St. Brigid Medical Center";
    private static final String PAVILION = "Lakeshore Outpatient Pavilion";
    private static final List<Department> DEPARTMENTS = List.of(
            new Department(1, "ED", "Emergency Department", MAIN, "Emergency", "Emergency"),
            new Department(2, "MEDSURG", "4 West Med/Surg", MAIN, "Medicine", "Inpatient"),
            new Department(3, "CARDIO", "Cardiac Step-Down", MAIN, "Cardiology", "Inpatient"),
            new Department(4, "ICU", "Medical ICU", MAIN, "Critical Care", "Inpatient"),
            new Department(5, "LD", "Labor & Delivery", MAIN, "Women's Health", "Inpatient"),
            new Department(6, "ORTHO", "Orthopedic Surgery Unit", MAIN, "Orthopedics", "Inpatient"),
            new Department(7, "OBS", "Observation Unit", MAIN, "Medicine", "Observation"),
            new Department(8, "FMC", "Family Medicine Clinic", PAVILION, "Primary Care", "Outpatient"),
            new Department(9, "CARDC", "Cardiology Clinic", PAVILION, "Cardiology", "Outpatient"),
            new Department(10, "ORTHC", "Orthopedic Clinic", PAVILION, "Orthopedics", "Outpatient"),
            new Department(11, "OBGYN", "OB/GYN Clinic", PAVILION, "Women's Health", "Outpatient"));

    private record Cpt(int sk, String code, String description, double rvu, double price) {
    }

    private static final List<Cpt> CPTS = List.of(
            new Cpt(1, "99213", "Office visit, established, low complexity", 1.3, 165),
            new Cpt(2, "99214", "Office visit, established, moderate complexity", 1.92, 245),
            new Cpt(3, "99203", "Office visit, new patient, low complexity", 1.6, 210),
            new Cpt(4, "99283", "ED visit, moderate severity", 1.6, 620),
            new Cpt(5, "99284", "ED visit, high severity", 2.74, 1150),
            new Cpt(6, "99285", "ED visit, highest severity", 4.0, 1890),
            new Cpt(7, "99222", "Initial hospital care, moderate", 2.61, 480),
            new Cpt(8, "99232", "Subsequent hospital care", 1.59, 230),
            new Cpt(9, "99238", "Hospital discharge day", 1.5, 210),
            new Cpt(10, "99291", "Critical care, first hour", 4.5, 1450),
            new Cpt(11, "59400", "Vaginal delivery, global", 23.06, 6400),
            new Cpt(12, "59510", "Cesarean delivery, global", 26.22, 9800),
            new Cpt(13, "27447", "Total knee arthroplasty", 19.6, 38500),
            new Cpt(14, "27130", "Total hip arthroplasty", 19.6, 41200),
            new Cpt(15, "93000", "Electrocardiogram, complete", 0.17, 95),
            new Cpt(16, "71046", "Chest x-ray, 2 views", 0.22, 180),
            new Cpt(17, "85025", "Complete blood count", 0.0, 45),
            new Cpt(18, "80053", "Comprehensive metabolic panel", 0.0, 70),
            new Cpt(19, "96374", "IV push, single drug", 0.18, 260),
            new Cpt(20, "99218", "Observation care, initial", 1.92, 520));

    private static final String[][] DIAGNOSES = {
        {"I21.4", "NSTEMI"}, {"I50.9", "Heart failure, unspecified"}, {"J18.9", "Pneumonia, unspecified organism"},
        {"J44.1", "COPD with acute exacerbation"}, {"R07.9", "Chest pain, unspecified"}, {"N39.0", "Urinary tract infection"},
        {"A41.9", "Sepsis, unspecified organism"}, {"M17.11", "Primary osteoarthritis, right knee"},
        {"M16.11", "Primary osteoarthritis, right hip"}, {"O80", "Encounter for full-term uncomplicated delivery"},
        {"O82", "Encounter for cesarean delivery"}, {"E11.9", "Type 2 diabetes mellitus without complications"},
        {"I10", "Essential (primary) hypertension"}, {"S52.501A", "Fracture of lower end of right radius"},
        {"Z00.00", "General adult medical examination"}, {"R10.9", "Unspecified abdominal pain"}};

    private record Payer(String code, String name, String financialClass) {
    }

    private static final List<Payer> PAYERS = List.of(new Payer("MCR", "Medicare", "Medicare"),
            new Payer("MCD", "State Medicaid", "Medicaid"), new Payer("BCBS", "Blue Cross Blue Shield", "Commercial"),
            new Payer("AET", "Aetna", "Commercial"), new Payer("UHC", "UnitedHealthcare", "Commercial"),
            new Payer("HUM", "Humana", "Commercial"), new Payer("SELF", "Self Pay", "Self-Pay"));
    /** Humana's plans were reclassified as Medicare Advantage, and Aetna renamed, each as a new payer version. */
    private static final LocalDate HUMANA_RECLASSIFIED = LocalDate.of(2025, 1, 1);
    private static final LocalDate AETNA_RENAMED = LocalDate.of(2025, 7, 1);

    private static final List<String> FIRST = List.of("James", "Mary", "Robert", "Patricia", "John", "Jennifer",
            "Michael", "Linda", "David", "Elizabeth", "Maria", "Jose", "Aisha", "Wei", "Tyrone", "Emily");
    private static final List<String> LAST = List.of("Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller",
            "Davis", "Rodriguez", "Martinez", "Nguyen", "Kowalski", "O'Brien", "Washington");
    private static final String[][] PLACES = {{"60614", "IL"}, {"60657", "IL"}, {"60201", "IL"}, {"46320", "IN"},
        {"53140", "WI"}, {"60091", "IL"}};

    /** One version of a patient: its surrogate key and the days it is valid (to exclusive; null while current). */
    private record Version(int sk, LocalDate from, LocalDate to) {
        boolean validOn(LocalDate d) {
            return !d.isBefore(from) && (to == null || d.isBefore(to));
        }
    }

    private record Person(int no, String mrn, LocalDate born, String sex, List<Version> versions, String payer) {
        int skOn(LocalDate d) {
            return versions.stream().filter(v -> v.validOn(d)).findFirst().orElse(versions.get(0)).sk();
        }
    }

    private final Dice dice = new Dice(SEED);
    private final Rows rows = new Rows();
    private final List<Person> people = new ArrayList<>();
    private final List<Person> women = new ArrayList<>();
    /** provider versions: [sk, department sk, from, to] */
    private final List<Object[]> providerVersions = new ArrayList<>();
    private final List<Object[]> payerVersions = new ArrayList<>();
    private int encounterSk = 1;
    private int chargeSk = 1;
    private int claimSk = 1;
    private int remitSk = 1;
    private final boolean[] died = new boolean[PATIENTS + TEST_PATIENTS + 1];

    static void write(Path base) throws SQLException {
        BillingWarehouse b = new BillingWarehouse();
        b.declare();
        b.dimensions();
        for (LocalDate d = START; !d.isAfter(LAST_DAY); d = d.plusDays(1)) {
            b.day(d);
        }
        b.audit();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            b.rows.writeTo(db);
        }
    }

    static String readOnlyUrl(Path base) {
        return "jdbc:h2:" + base.toAbsolutePath() + URL_SETTINGS + ";ACCESS_MODE_DATA=r";
    }

    private void declare() {
        rows.declare("dim_date", "date_key", "calendar_year", "calendar_month", "month_name", "fiscal_year",
                "fiscal_quarter", "day_of_week", "is_weekend");
        rows.declare("dim_patient", "patient_sk", "mrn", "first_name", "last_name", "birth_date", "sex", "zip_code",
                "state_code", "ssn_last4", "is_test_patient", "valid_from", "valid_to", "is_current");
        rows.declare("dim_payer", "payer_sk", "payer_code", "payer_name", "financial_class", "valid_from", "valid_to",
                "is_current");
        rows.declare("dim_provider", "provider_sk", "npi", "provider_name", "specialty", "provider_type", "valid_from",
                "valid_to", "is_current");
        rows.declare("dim_department", "department_sk", "department_code", "department_name", "facility_name",
                "service_line");
        rows.declare("dim_procedure", "procedure_sk", "cpt_code", "cpt_description", "work_rvu", "list_price");
        rows.declare("dim_diagnosis", "diagnosis_sk", "icd10_code", "icd10_description");
        rows.declare("fact_encounter", "encounter_sk", "csn", "patient_sk", "department_sk", "attending_provider_sk",
                "encounter_class", "admit_ts", "discharge_ts", "primary_diagnosis_sk", "discharge_disposition", "is_deleted",
                "deleted_at");
        rows.declare("fact_charge", "charge_sk", "encounter_sk", "patient_sk", "procedure_sk", "department_sk",
                "rendering_provider_sk", "service_date", "post_date", "units", "charge_amount", "charge_status",
                "is_deleted", "deleted_at");
        rows.declare("fact_claim", "claim_sk", "claim_number", "encounter_sk", "patient_sk", "payer_sk", "claim_form",
                "submitted_date", "billed_amount", "claim_status", "denial_code", "is_deleted", "deleted_at");
        rows.declare("fact_remittance", "remit_sk", "claim_sk", "encounter_sk", "payer_sk", "patient_sk", "paid_date",
                "paid_amount", "remit_type", "is_deleted", "deleted_at");
        rows.declare("etl_load_audit", "load_id", "table_name", "loaded_at", "rows_loaded", "load_status");
    }

    private void dimensions() {
        String[] months = {"January", "February", "March", "April", "May", "June", "July", "August", "September",
            "October", "November", "December"};
        for (LocalDate d = LocalDate.of(2023, 10, 1); d.isBefore(LocalDate.of(2027, 10, 1)); d = d.plusDays(1)) {
            int fy = d.getMonthValue() >= 10 ? d.getYear() + 1 : d.getYear();
            int fq = ((d.getMonthValue() + 2) % 12) / 3 + 1;
            String dow = d.getDayOfWeek().toString().charAt(0) + d.getDayOfWeek().toString().substring(1).toLowerCase();
            rows.add("dim_date", d, d.getYear(), d.getMonthValue(), months[d.getMonthValue() - 1], fy, fq, dow,
                    d.getDayOfWeek().getValue() >= 6);
        }
        int sk = 1;
        for (Payer p : PAYERS) {
            LocalDate change = p.code().equals("HUM") ? HUMANA_RECLASSIFIED : p.code().equals("AET") ? AETNA_RENAMED : null;
            LocalDate from = LocalDate.of(2015, 1, 1);
            rows.add("dim_payer", sk, p.code(), p.name(), p.financialClass(), from, change, change == null);
            payerVersions.add(new Object[] {sk++, p.code(), from, change});
            if (change != null) {
                String name = p.code().equals("AET") ? "Aetna CVS Health" : p.name();
                String fc = p.code().equals("HUM") ? "Medicare" : p.financialClass();
                rows.add("dim_payer", sk, p.code(), name, fc, change, null, true);
                payerVersions.add(new Object[] {sk++, p.code(), change, null});
            }
        }
        for (Department d : DEPARTMENTS) {
            rows.add("dim_department", d.sk(), d.code(), d.name(), d.facility(), d.line());
        }
        for (Cpt c : CPTS) {
            rows.add("dim_procedure", c.sk(), c.code(), c.description(), BigDecimal.valueOf(c.rvu()).setScale(2, RoundingMode.HALF_UP),
                    money(c.price()));
        }
        for (int i = 0; i < DIAGNOSES.length; i++) {
            rows.add("dim_diagnosis", i + 1, DIAGNOSES[i][0], DIAGNOSES[i][1]);
        }
        providers();
        patients();
    }

    private void providers() {
        String[][] specialties = {{"Emergency Medicine", "1"}, {"Hospital Medicine", "2"}, {"Cardiology", "3"},
            {"Critical Care", "4"}, {"Obstetrics & Gynecology", "5"}, {"Orthopedic Surgery", "6"}, {"Hospital Medicine", "7"},
            {"Family Medicine", "8"}, {"Cardiology", "9"}, {"Orthopedic Surgery", "10"}, {"Obstetrics & Gynecology", "11"}};
        int sk = 1;
        for (int n = 0; n < 44; n++) {
            String[] home = specialties[n % specialties.length];
            String npi = String.valueOf(1_000_000_000L + dice.between(0, 899_999_999));
            String name = dice.oneOf(FIRST) + " " + dice.oneOf(LAST) + (n % 5 == 4 ? ", NP" : ", MD");
            String type = n % 5 == 4 ? "NP" : "MD";
            LocalDate from = LocalDate.of(2018, 1, 1);
            if (n % 9 == 3) {
                // moved department mid-way: a second version
                LocalDate moved = LocalDate.of(2025, 1, 1).plusDays(dice.between(0, 300));
                rows.add("dim_provider", sk, npi, name, home[0], type, from, moved, false);
                providerVersions.add(new Object[] {sk++, Integer.parseInt(home[1]), from, moved});
                String[] other = specialties[(n + 3) % specialties.length];
                rows.add("dim_provider", sk, npi, name, other[0], type, moved, null, true);
                providerVersions.add(new Object[] {sk++, Integer.parseInt(other[1]), moved, null});
            } else {
                rows.add("dim_provider", sk, npi, name, home[0], type, from, null, true);
                providerVersions.add(new Object[] {sk++, Integer.parseInt(home[1]), from, null});
            }
        }
    }

    private void patients() {
        int sk = 1;
        for (int n = 1; n <= PATIENTS + TEST_PATIENTS; n++) {
            boolean test = n > PATIENTS;
            String mrn = String.format("E%07d", 100_000 + n * 7);
            String sex = dice.below(0.005) ? "U" : dice.below(0.53) ? "F" : "M";
            LocalDate born = LocalDate.of(1932, 1, 1).plusDays(dice.between(0, 33_500));
            String first = test ? "Zztest" : dice.oneOf(FIRST);
            String last = test ? "Patient" + (n - PATIENTS) : dice.oneOf(LAST);
            String ssn = dice.below(0.8) ? String.format("%04d", dice.between(0, 9999)) : null;
            String payer = dice.pick(List.of(w("MCR", born.isBefore(LocalDate.of(1960, 1, 1)) ? 6.0 : 0.3), w("MCD", 2.0),
                    w("BCBS", 3.0), w("AET", 2.0), w("UHC", 2.0), w("HUM", 1.0), w("SELF", 0.8)));
            List<Version> versions = new ArrayList<>();
            LocalDate from = LocalDate.of(2020, 1, 1);
            int moves = dice.below(0.22) ? (dice.below(0.2) ? 2 : 1) : 0;
            String[] place = PLACES[dice.between(0, PLACES.length - 1)];
            for (int v = 0; v <= moves; v++) {
                LocalDate to = v == moves ? null : LocalDate.of(2024, 3, 1).plusDays(dice.between(0, 900) / (moves - v + 1) * (v + 1));
                if (to != null && !to.isAfter(from)) {
                    to = from.plusDays(30);
                }
                rows.add("dim_patient", sk, mrn, first, last, born, sex, place[0], place[1], ssn, test, from, to, to == null);
                versions.add(new Version(sk++, from, to));
                place = PLACES[dice.between(0, PLACES.length - 1)];
                from = to;
            }
            Person p = new Person(n, mrn, born, sex, List.copyOf(versions), payer);
            people.add(p);
            if (sex.equals("F") && born.isAfter(LocalDate.of(1980, 1, 1)) && born.isBefore(LocalDate.of(2006, 1, 1))) {
                women.add(p);
            }
        }
    }

    private Person person(List<Person> from) {
        for (int tries = 0; tries < 20; tries++) {
            Person p = dice.below(0.01) ? people.get(PATIENTS + dice.between(0, TEST_PATIENTS - 1))
                    : from.get(dice.between(0, from.size() - 1));
            if (!died[p.no()]) {
                return p;
            }
        }
        return from.get(0);
    }

    private void day(LocalDate d) {
        int ed = dice.between(5, 11);
        for (int i = 0; i < ed; i++) {
            LocalDateTime arrived = d.atStartOfDay().plusMinutes(dice.between(0, 1439));
            int level = dice.pick(List.of(w(4, 5.0), w(5, 3.0), w(6, 1.2)));
            Person p = person(people);
            encounter(p, DEPARTMENTS.get(0), arrived, arrived.plusMinutes(dice.between(90, 480)),
                    List.of(level, 17, 18), dice.oneOf(5, 6, 3, 14, 16));
            if (level >= 5 && dice.below(0.45)) {
                inpatient(p, arrived.plusHours(dice.between(2, 8)), false);
            } else if (level == 4 && dice.below(0.05)) {
                LocalDateTime in = arrived.plusHours(4);
                encounter(p, DEPARTMENTS.get(6), in, in.plusHours(dice.between(12, 40)), List.of(20, 17),
                        dice.oneOf(5, 16));
            }
        }
        if (dice.below(0.5)) {
            inpatient(person(people), d.atTime(dice.between(6, 10), 0), true);
        }
        if (dice.below(0.65)) {
            Person mother = person(women);
            LocalDateTime in = d.atStartOfDay().plusMinutes(dice.between(0, 1439));
            boolean cesarean = dice.below(0.32);
            encounter(mother, DEPARTMENTS.get(4), in, in.plusHours(cesarean ? dice.between(60, 100) : dice.between(24, 50)),
                    List.of(cesarean ? 12 : 11, 17), cesarean ? 11 : 10);
        }
        if (d.getDayOfWeek().getValue() <= 5) {
            int visits = dice.between(12, 24);
            for (int i = 0; i < visits; i++) {
                Department clinic = DEPARTMENTS.get(dice.pick(List.of(w(7, 5.0), w(8, 2.0), w(9, 2.0), w(10, 1.5))));
                LocalDateTime at = d.atTime(dice.between(8, 16), dice.oneOf(0, 20, 40));
                int visit = dice.pick(List.of(w(1, 5.0), w(2, 3.0), w(3, 1.5)));
                List<Integer> lines = clinic.sk() == 9 ? List.of(visit, 15) : clinic.sk() == 10 && dice.below(0.3)
                        ? List.of(visit, 16) : List.of(visit);
                int dx = clinic.sk() == 8 ? dice.oneOf(12, 13, 15) : clinic.sk() == 9 ? dice.oneOf(13, 2, 5)
                        : clinic.sk() == 10 ? dice.oneOf(8, 9, 14) : 15;
                encounter(clinic.sk() == 11 ? person(women) : person(people), clinic, at, at.plusMinutes(dice.between(15, 50)),
                        lines, dx);
            }
        }
    }

    private void inpatient(Person p, LocalDateTime in, boolean elective) {
        Department unit = elective ? DEPARTMENTS.get(5) : DEPARTMENTS.get(dice.pick(List.of(w(1, 5.0), w(2, 2.0), w(3, 1.0))));
        int days = Math.max(1, (int) Math.round(dice.exponential(unit.sk() == 4 ? 5 : 3.5)));
        List<Integer> lines = new ArrayList<>(List.of(unit.sk() == 4 ? 10 : 7));
        for (int i = 1; i < Math.min(days, 6); i++) {
            lines.add(8);
        }
        lines.addAll(List.of(17, 18, 9));
        if (elective) {
            lines.add(dice.below(0.55) ? 13 : 14);
        }
        int dx = elective ? (lines.contains(13) ? 8 : 9) : unit.sk() == 3 ? dice.oneOf(1, 2) : unit.sk() == 4 ? 7
                : dice.oneOf(2, 3, 4, 6);
        encounter(p, unit, in, in.plusDays(days).plusHours(dice.between(0, 8)), lines, dx);
    }

    /** One encounter with its charge lines, and when finished its claim and payments. */
    private void encounter(Person p, Department dept, LocalDateTime in, LocalDateTime out, List<Integer> cptSks, int dx) {
        int sk = encounterSk++;
        LocalDate day = in.toLocalDate();
        int patientSk = p.skOn(day);
        int provider = provider(dept.sk(), day);
        boolean open = out.isAfter(NOW);
        boolean inpatient = dept.encounterClass().equals("Inpatient");
        String disposition = null;
        if (!open) {
            int age = day.getYear() - p.born().getYear();
            disposition = inpatient ? dice.pick(List.of(w("01", 80.0), w("03", age > 75 ? 10.0 : 1.0), w("06", 4.0),
                    w("07", 1.5), w("20", dept.sk() == 4 ? 12.0 : age > 75 ? 3.0 : 0.5))) : "01";
            if (disposition.equals("20")) {
                died[p.no()] = true;
            }
        }
        boolean deleted = dice.below(0.015);
        rows.add("fact_encounter", sk, String.format("CSN%09d", 40_000_000 + sk * 3), patientSk, dept.sk(), provider,
                dept.encounterClass(), ts(in), open ? null : ts(out), dx, disposition, deleted,
                deleted ? ts(in.plusDays(dice.between(1, 20))) : null);
        BigDecimal billed = BigDecimal.ZERO.setScale(2);
        LocalDate lastService = open ? LAST_DAY : out.toLocalDate();
        for (int n = 0; n < cptSks.size(); n++) {
            Cpt cpt = CPTS.get(cptSks.get(n) - 1);
            LocalDate service = n == 0 ? day : cpt.sk() == 9 ? lastService : day.plusDays(Math.min(n,
                    Math.max(0, lastService.toEpochDay() - day.toEpochDay())));
            if (service.isAfter(LAST_DAY) || (open && cpt.sk() == 9)) {
                continue;
            }
            LocalDate posted = service.plusDays(dice.between(0, 9));
            if (posted.isAfter(LAST_DAY)) {
                posted = LAST_DAY;
            }
            int units = cpt.sk() == 19 ? dice.between(1, 3) : 1;
            BigDecimal amount = money(cpt.price() * units);
            boolean voided = dice.below(0.03);
            boolean lineDeleted = deleted || dice.below(0.005);
            rows.add("fact_charge", chargeSk++, sk, patientSk, cpt.sk(), dept.sk(), provider, service, posted, units, amount,
                    voided ? "VOID" : "ACTIVE", lineDeleted, lineDeleted ? ts(NOW.minusDays(dice.between(1, 60))) : null);
            if (!voided && !lineDeleted) {
                billed = billed.add(amount);
            }
        }
        if (open || deleted) {
            return;
        }
        claim(p, sk, patientSk, dept, out.toLocalDate(), billed, inpatient);
    }

    private void claim(Person p, int encounter, int patientSk, Department dept, LocalDate out, BigDecimal billed,
                       boolean inpatient) {
        LocalDate submitted = out.plusDays(dice.between(2, 12));
        if (p.payer().equals("SELF")) {
            // self-pay: no claim; the patient pays part of it, sometimes
            if (dice.below(0.55) && submitted.isBefore(LAST_DAY)) {
                LocalDate paid = submitted.plusDays(dice.between(5, 60));
                if (!paid.isAfter(LAST_DAY)) {
                    rows.add("fact_remittance", remitSk++, null, encounter, null, patientSk, paid,
                            money(billed.doubleValue() * dice.uniform(0.1, 0.6)), "PATIENT", false, null);
                }
            }
            return;
        }
        if (submitted.isAfter(LAST_DAY)) {
            return;
        }
        int payerSk = payerOn(p.payer(), submitted);
        int sk = claimSk++;
        double denyRate = p.payer().equals("MCD") ? 0.14 : p.payer().equals("MCR") ? 0.06 : 0.09;
        String status;
        String denial = null;
        LocalDate paid = submitted.plusDays(dice.between(14, 75));
        if (dice.below(0.02)) {
            status = "VOID";
        } else if (dice.below(denyRate)) {
            status = "DENIED";
            denial = dice.pick(List.of(w("CO-16", 3.0), w("CO-197", 2.0), w("CO-50", 2.0), w("CO-97", 1.5), w("CO-29", 1.0)));
        } else if (paid.isAfter(LAST_DAY)) {
            status = "PENDING";
        } else {
            status = "PAID";
        }
        boolean deleted = dice.below(0.01);
        rows.add("fact_claim", sk, String.format("CLM%011d", 7_000_000L + sk * 13L), encounter, patientSk, payerSk,
                inpatient || dept.sk() == 5 ? "UB04" : "CMS1500", submitted, billed, status, denial, deleted,
                deleted ? ts(NOW.minusDays(dice.between(1, 90))) : null);
        if (status.equals("PAID") && !deleted) {
            double share = p.payer().equals("MCD") ? 0.35 : p.payer().equals("MCR") ? 0.45 : 0.6;
            BigDecimal amount = money(billed.doubleValue() * dice.uniform(share - 0.1, share + 0.1));
            rows.add("fact_remittance", remitSk++, sk, encounter, payerSk, patientSk, paid, amount, "INSURANCE", false, null);
            if (dice.below(0.03)) {
                LocalDate reversed = paid.plusDays(dice.between(5, 40));
                if (!reversed.isAfter(LAST_DAY)) {
                    rows.add("fact_remittance", remitSk++, sk, encounter, payerSk, patientSk, reversed, amount.negate(),
                            "REVERSAL", false, null);
                }
            }
            if (dice.below(0.35) && !paid.plusDays(30).isAfter(LAST_DAY)) {
                rows.add("fact_remittance", remitSk++, sk, encounter, null, patientSk, paid.plusDays(dice.between(10, 30)),
                        money(billed.doubleValue() * 0.05), "PATIENT", dice.below(0.02), null);
            }
        }
    }

    private int provider(int department, LocalDate on) {
        List<Integer> fitting = new ArrayList<>();
        for (Object[] v : providerVersions) {
            LocalDate from = (LocalDate) v[2];
            LocalDate to = (LocalDate) v[3];
            if ((Integer) v[1] == department && !on.isBefore(from) && (to == null || on.isBefore(to))) {
                fitting.add((Integer) v[0]);
            }
        }
        return fitting.isEmpty() ? (Integer) providerVersions.get(0)[0] : dice.oneOf(fitting);
    }

    private int payerOn(String code, LocalDate on) {
        for (Object[] v : payerVersions) {
            LocalDate to = (LocalDate) v[3];
            if (v[1].equals(code) && !on.isBefore((LocalDate) v[2]) && (to == null || on.isBefore(to))) {
                return (Integer) v[0];
            }
        }
        throw new IllegalStateException("no version of payer " + code + " on " + on);
    }

    private void audit() {
        int id = 1;
        for (LocalDate d = LAST_DAY.minusDays(30); !d.isAfter(LAST_DAY); d = d.plusDays(1)) {
            for (String t : List.of("fact_encounter", "fact_charge", "fact_claim", "fact_remittance")) {
                rows.add("etl_load_audit", id++, t, ts(d.plusDays(1).atTime(2, dice.between(0, 59))), dice.between(50, 900),
                        dice.below(0.03) ? "FAILED" : "SUCCESS");
            }
        }
    }

    private static BigDecimal money(double v) {
        return BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP);
    }

    private static Timestamp ts(LocalDateTime t) {
        return t == null ? null : Timestamp.valueOf(t);
    }
}
