package org.tally.acceptance.unseen;

import static org.tally.acceptance.unseen.Dice.w;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A hospital EHR's reporting database, synthetic and seeded, in plain snake_case English
 * ({@code DATABASE_TO_UPPER=FALSE}), built around the semantic traps such a database holds:
 * header/line tables whose naive join fans out (invoice + invoice_line, the header's total_amount equal to the sum of
 * its lines; medication_order + medication_administration, several per order; admission + ward_transfer, several per
 * admission), an {@code is_active} 0/1 flag that marks deleted rows (patient, ward, location, clinician), test patients
 * flagged {@code is_test_patient} (with admissions, appointments and lab results of their own), {@code status} values
 * 'cancelled' and 'entered in error' on admissions and medication orders, several date columns on one table
 * (appointment: created_at = when booked, scheduled_for, checked_in_at, seen_at), admissions at any hour (near
 * midnight too) with a NULL discharged_at while open, a status history beside a current status column, several
 * identifiers per patient (MRN, NHS number) and contacts (phones, emails), lab values kept as text ('&lt;5', '4.3')
 * with units and a reference range in other columns, and a location hierarchy (site → building → ward → bed) beside
 * the ward table. Activity runs 2025-01-01 .. 2026-11-29 (appointments booked into December 2026).
 */
final class EhrHospital {

    static final long SEED = 5505L;
    static final String URL_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    private static final LocalDate START = LocalDate.of(2025, 1, 1);
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 8, 30);
    private static final int PATIENTS = 4000;

    static final String DDL = """
            CREATE TABLE location (location_id INT PRIMARY KEY, parent_location_id INT REFERENCES location(location_id),
              location_type VARCHAR(12) NOT NULL, location_name VARCHAR(60) NOT NULL, is_active SMALLINT NOT NULL);
            CREATE TABLE ward (ward_id INT PRIMARY KEY, location_id INT NOT NULL REFERENCES location(location_id),
              ward_code VARCHAR(10) NOT NULL, ward_name VARCHAR(60) NOT NULL, specialty VARCHAR(30) NOT NULL,
              bed_count INT NOT NULL, is_active SMALLINT NOT NULL);
            CREATE TABLE clinician (clinician_id INT PRIMARY KEY, full_name VARCHAR(80) NOT NULL, specialty VARCHAR(30) NOT NULL,
              gmc_number VARCHAR(10), is_active SMALLINT NOT NULL);
            CREATE TABLE patient (patient_id INT PRIMARY KEY, given_name VARCHAR(40) NOT NULL, family_name VARCHAR(40) NOT NULL,
              date_of_birth DATE, sex CHAR(1) NOT NULL, current_status VARCHAR(20) NOT NULL, date_of_death DATE,
              is_test_patient SMALLINT NOT NULL, is_active SMALLINT NOT NULL, created_at TIMESTAMP NOT NULL,
              updated_at TIMESTAMP NOT NULL);
            CREATE TABLE patient_identifier (patient_identifier_id INT PRIMARY KEY,
              patient_id INT NOT NULL REFERENCES patient(patient_id), identifier_type VARCHAR(10) NOT NULL,
              identifier_value VARCHAR(20) NOT NULL, is_primary SMALLINT NOT NULL);
            CREATE TABLE contact (contact_id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES patient(patient_id),
              contact_type VARCHAR(10) NOT NULL, contact_value VARCHAR(80) NOT NULL, is_primary SMALLINT NOT NULL);
            CREATE TABLE patient_status_history (patient_status_history_id INT PRIMARY KEY,
              patient_id INT NOT NULL REFERENCES patient(patient_id), status VARCHAR(20) NOT NULL,
              valid_from TIMESTAMP NOT NULL);
            CREATE TABLE admission (admission_id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES patient(patient_id),
              attending_clinician_id INT NOT NULL REFERENCES clinician(clinician_id),
              admitting_ward_id INT NOT NULL REFERENCES ward(ward_id), admission_type VARCHAR(12) NOT NULL,
              admitted_at TIMESTAMP NOT NULL, discharged_at TIMESTAMP, discharge_disposition VARCHAR(20),
              status VARCHAR(20) NOT NULL, created_at TIMESTAMP NOT NULL);
            CREATE TABLE ward_transfer (ward_transfer_id INT PRIMARY KEY,
              admission_id INT NOT NULL REFERENCES admission(admission_id), from_ward_id INT NOT NULL REFERENCES ward(ward_id),
              to_ward_id INT NOT NULL REFERENCES ward(ward_id), transferred_at TIMESTAMP NOT NULL);
            CREATE TABLE appointment (appointment_id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES patient(patient_id),
              clinician_id INT NOT NULL REFERENCES clinician(clinician_id), clinic VARCHAR(40) NOT NULL,
              created_at TIMESTAMP NOT NULL, scheduled_for TIMESTAMP NOT NULL, checked_in_at TIMESTAMP, seen_at TIMESTAMP,
              status VARCHAR(20) NOT NULL);
            CREATE TABLE medication_order (medication_order_id INT PRIMARY KEY,
              patient_id INT NOT NULL REFERENCES patient(patient_id), admission_id INT REFERENCES admission(admission_id),
              ordering_clinician_id INT NOT NULL REFERENCES clinician(clinician_id), drug_name VARCHAR(40) NOT NULL,
              dose VARCHAR(20) NOT NULL, route VARCHAR(10) NOT NULL, ordered_at TIMESTAMP NOT NULL,
              status VARCHAR(20) NOT NULL);
            CREATE TABLE medication_administration (medication_administration_id INT PRIMARY KEY,
              medication_order_id INT NOT NULL REFERENCES medication_order(medication_order_id),
              administered_at TIMESTAMP NOT NULL, dose_given VARCHAR(20) NOT NULL, administered_by VARCHAR(40) NOT NULL);
            CREATE TABLE lab_result (lab_result_id INT PRIMARY KEY, patient_id INT NOT NULL REFERENCES patient(patient_id),
              admission_id INT REFERENCES admission(admission_id), test_code VARCHAR(10) NOT NULL,
              test_name VARCHAR(40) NOT NULL, result_value VARCHAR(20), result_unit VARCHAR(12),
              reference_range VARCHAR(20), abnormal_flag CHAR(1), collected_at TIMESTAMP NOT NULL, resulted_at TIMESTAMP,
              result_status VARCHAR(12) NOT NULL);
            CREATE TABLE invoice (invoice_id INT PRIMARY KEY, invoice_number VARCHAR(12) NOT NULL,
              patient_id INT NOT NULL REFERENCES patient(patient_id), admission_id INT REFERENCES admission(admission_id),
              appointment_id INT REFERENCES appointment(appointment_id), invoice_date DATE NOT NULL,
              total_amount DECIMAL(10,2) NOT NULL, status VARCHAR(10) NOT NULL);
            CREATE TABLE invoice_line (invoice_line_id INT PRIMARY KEY, invoice_id INT NOT NULL REFERENCES invoice(invoice_id),
              line_number INT NOT NULL, service_code VARCHAR(10) NOT NULL, service_description VARCHAR(60) NOT NULL,
              quantity INT NOT NULL, unit_price DECIMAL(10,2) NOT NULL, line_amount DECIMAL(10,2) NOT NULL);
            """;

    /** Wards: id, code, name, specialty, beds, building (1..3), active. */
    private static final Object[][] WARDS = {
        {1, "AMU", "Acute Medical Unit", "General Medicine", 28, 1, 1},
        {2, "W10", "Ward 10 Respiratory", "Respiratory", 22, 1, 1},
        {3, "W11", "Ward 11 Cardiology", "Cardiology", 20, 1, 1},
        {4, "SAU", "Surgical Assessment Unit", "General Surgery", 18, 2, 1},
        {5, "W20", "Ward 20 Orthopaedics", "Trauma and Orthopaedics", 24, 2, 1},
        {6, "ICU", "Intensive Care Unit", "Critical Care", 10, 2, 1},
        {7, "MAT", "Maternity Ward", "Obstetrics", 16, 3, 1},
        {8, "CHW", "Children's Ward", "Paediatrics", 14, 3, 1},
        {9, "W05", "Ward 5 (closed)", "General Medicine", 12, 1, 0}};
    private static final double[] WARD_WEIGHTS = {30, 14, 12, 15, 11, 4, 9, 5, 0};
    private static final String[] CLINICS = {"Cardiology Clinic", "Diabetes Clinic", "Fracture Clinic",
        "Respiratory Clinic", "Antenatal Clinic", "General Surgery Clinic"};
    private static final double[] CLINIC_WEIGHTS = {22, 18, 16, 14, 17, 13};
    private static final String[] SPECIALTIES = {"General Medicine", "Respiratory", "Cardiology", "General Surgery",
        "Trauma and Orthopaedics", "Critical Care", "Obstetrics", "Paediatrics", "Diabetes"};
    /** Drugs: name, dose, route, weight. */
    private static final Object[][] DRUGS = {
        {"Paracetamol", "1 g", "oral", 30.0}, {"Enoxaparin", "40 mg", "sc", 15.0}, {"Amoxicillin", "500 mg", "oral", 11.0},
        {"Morphine", "10 mg", "iv", 6.0}, {"Omeprazole", "20 mg", "oral", 13.0}, {"Ondansetron", "4 mg", "iv", 5.0},
        {"Metformin", "500 mg", "oral", 8.0}, {"Furosemide", "40 mg", "oral", 7.0}, {"Co-amoxiclav", "1.2 g", "iv", 5.0}};
    /** Doses per day given for each drug (how many administrations an order of some days makes). */
    private static final int[] DOSES_PER_DAY = {4, 1, 3, 2, 1, 2, 2, 1, 3};
    /** Lab tests: code, name, unit, low, high, mean, sd, decimals, weight. CRP is reported '<5' below 5. */
    private static final Object[][] TESTS = {
        {"HB", "Haemoglobin", "g/L", 115.0, 165.0, 128.0, 18.0, 0, 24.0},
        {"K", "Potassium", "mmol/L", 3.5, 5.3, 4.3, 0.55, 1, 18.0},
        {"NA", "Sodium", "mmol/L", 133.0, 146.0, 138.0, 4.0, 0, 18.0},
        {"CREA", "Creatinine", "umol/L", 59.0, 104.0, 92.0, 30.0, 0, 15.0},
        {"CRP", "C-reactive protein", "mg/L", 0.0, 5.0, 22.0, 30.0, 0, 14.0},
        {"WBC", "White cell count", "10^9/L", 4.0, 11.0, 8.9, 3.2, 1, 11.0}};
    private static final String[] SERVICES = {"BED", "Inpatient bed day", "PHARM", "Pharmacy", "LAB", "Laboratory tests",
        "IMG", "Imaging", "THEATRE", "Theatre time", "CONS", "Outpatient consultation"};
    private static final String[] FIRST_F = {"Olivia", "Amelia", "Isla", "Ava", "Emily", "Sophie", "Grace", "Mia",
        "Poppy", "Ella", "Aisha", "Zara"};
    private static final String[] FIRST_M = {"Oliver", "George", "Harry", "Noah", "Jack", "Leo", "Arthur", "Oscar",
        "Charlie", "Jacob", "Mohammed", "Ravi"};
    private static final String[] LAST = {"Smith", "Jones", "Williams", "Taylor", "Brown", "Davies", "Evans", "Wilson",
        "Thomas", "Johnson", "Roberts", "Khan", "Patel", "Walker", "Wright", "Green"};

    private final Dice dice;
    private final List<Object[]> locations = new ArrayList<>();
    private final List<Object[]> wards = new ArrayList<>();
    private final List<Object[]> clinicians = new ArrayList<>();
    private final List<Integer> activeClinicians = new ArrayList<>();
    private final List<Object[]> patients = new ArrayList<>();
    private final List<Object[]> identifiers = new ArrayList<>();
    private final List<Object[]> contacts = new ArrayList<>();
    private final List<Object[]> history = new ArrayList<>();
    private final List<Object[]> admissions = new ArrayList<>();
    private final List<Object[]> transfers = new ArrayList<>();
    private final List<Object[]> appointments = new ArrayList<>();
    private final List<Object[]> orders = new ArrayList<>();
    private final List<Object[]> administrations = new ArrayList<>();
    private final List<Object[]> labs = new ArrayList<>();
    private final List<Object[]> invoices = new ArrayList<>();
    private final List<Object[]> lines = new ArrayList<>();
    private final List<Integer> testPatients = new ArrayList<>();

    private EhrHospital(long seed) {
        dice = new Dice(seed);
    }

    static void write(Path base) throws SQLException {
        EhrHospital h = new EhrHospital(SEED);
        h.locationsAndWards();
        h.clinicians();
        h.patients();
        h.admissions();
        h.appointments();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            h.store(db);
        }
    }

    private static BigDecimal money(double v) {
        return BigDecimal.valueOf(Math.round(v * 100), 2);
    }

    private void locationsAndWards() {
        locations.add(new Object[] {1, null, "site", "St Aidan's Hospital", 1});
        String[] buildings = {"Main Block", "Surgical Block", "Women and Children's Block"};
        for (int b = 0; b < buildings.length; b++) {
            locations.add(new Object[] {2 + b, 1, "building", buildings[b], 1});
        }
        int id = 10;
        for (Object[] w : WARDS) {
            int wardLocation = id++;
            int active = (int) w[6];
            locations.add(new Object[] {wardLocation, 1 + (int) w[5], "ward", w[2], active});
            int beds = (int) w[4];
            for (int b = 1; b <= beds; b++) {
                locations.add(new Object[] {id++, wardLocation, "bed", w[1] + " Bed " + b, active});
            }
            // two beds of an open ward were taken out of use: the location row stays, marked inactive
            if (active == 1 && (int) w[0] <= 2) {
                locations.add(new Object[] {id++, wardLocation, "bed", w[1] + " Bed " + (beds + 1), 0});
            }
            wards.add(new Object[] {w[0], wardLocation, w[1], w[2], w[3], beds, active});
        }
    }

    private void clinicians() {
        int id = 1;
        for (String s : SPECIALTIES) {
            int n = s.equals("General Medicine") ? 6 : s.equals("Critical Care") ? 2 : 3;
            for (int i = 0; i < n; i++) {
                // unique names: (id mod 16, 7 id mod 12) differ for every id below 48
                String[] first = id % 2 == 0 ? FIRST_F : FIRST_M;
                int active = i == n - 1 && s.equals("General Medicine") ? 0 : 1;
                clinicians.add(new Object[] {id, "Dr " + first[(id * 7) % 12] + " " + LAST[id % 16], s,
                    String.valueOf(7_000_000 + dice.between(0, 999_999)), active});
                if (active == 1) {
                    activeClinicians.add(id);
                }
                id++;
            }
        }
    }

    private int clinician(String specialty) {
        List<Integer> ids = new ArrayList<>();
        for (Object[] c : clinicians) {
            if (c[2].equals(specialty) && (int) c[4] == 1) {
                ids.add((int) c[0]);
            }
        }
        // skew: the first clinician of a specialty carries more of its work, so rankings do not tie
        int k = dice.below(0.45) ? 0 : dice.between(0, ids.size() - 1);
        return ids.get(k);
    }

    private void patients() {
        for (int id = 1; id <= PATIENTS; id++) {
            boolean test = id % 97 == 13;
            boolean female = dice.below(0.51);
            int age = dice.oneOf(dice.between(0, 15), dice.between(16, 45), dice.between(30, 70), dice.between(55, 95));
            LocalDate dob = TODAY.minusDays(age * 365L + dice.between(0, 364));
            LocalDateTime created = dice.moment(LocalDateTime.of(2012, 1, 1, 0, 0), LocalDateTime.of(2026, 11, 20, 0, 0));
            int active = !test && dice.below(0.035) ? 0 : 1;
            String status = "registered";
            LocalDate death = null;
            history.add(new Object[] {history.size() + 1, id, "registered", created});
            if (!test && dice.below(0.06)) {
                death = LocalDate.of(2025, 1, 1).plusDays(dice.between(0, 697));
                status = "deceased";
                history.add(new Object[] {history.size() + 1, id, "deceased", death.atTime(dice.between(0, 23), 0)});
            } else if (!test && dice.below(0.05)) {
                status = "moved away";
                LocalDateTime moved = dice.moment(LocalDateTime.of(2025, 1, 1, 0, 0), NOW);
                history.add(new Object[] {history.size() + 1, id, "moved away", moved});
                if (dice.below(0.3)) {
                    status = "registered";
                    history.add(new Object[] {history.size() + 1, id, "registered", moved.plusDays(dice.between(30, 200))});
                }
            }
            String given = test ? "Test" : dice.oneOf(female ? FIRST_F : FIRST_M);
            String family = test ? "Patient" + id : dice.oneOf(LAST);
            patients.add(new Object[] {id, given, family, test ? LocalDate.of(1900, 1, 1) : dice.below(0.01) ? null : dob,
                dice.below(0.004) ? "U" : female ? "F" : "M", status, death, test ? 1 : 0, active, created,
                created.plusDays(dice.between(0, 400))});
            if (test) {
                testPatients.add(id);
            }
            identifiers.add(new Object[] {identifiers.size() + 1, id, "MRN", String.format("SA%07d", 1_000_000 + id), 1});
            if (dice.below(0.05)) {
                identifiers.add(new Object[] {identifiers.size() + 1, id, "MRN", String.format("OLD%06d", id * 7), 0});
            }
            if (!test && dice.below(0.88)) {
                identifiers.add(new Object[] {identifiers.size() + 1, id, "NHS",
                    String.valueOf(4_000_000_000L + dice.between(0, 999_999_999)), 0});
            }
            contacts.add(new Object[] {contacts.size() + 1, id, "mobile",
                String.format("07%09d", dice.between(0, 999_999_999)), 1});
            if (dice.below(0.4)) {
                contacts.add(new Object[] {contacts.size() + 1, id, "home",
                    String.format("0113%07d", dice.between(0, 9_999_999)), 0});
            }
            if (dice.below(0.55)) {
                contacts.add(new Object[] {contacts.size() + 1, id, "email",
                    given.toLowerCase() + "." + family.toLowerCase() + id + "@example.org", 0});
            }
        }
    }

    /** A real patient, not deleted, alive and registered by the time. */
    private int patient(LocalDateTime at, boolean female) {
        while (true) {
            int id = dice.between(1, PATIENTS);
            Object[] p = patients.get(id - 1);
            if ((int) p[7] == 1 || (int) p[8] == 0 || ((LocalDateTime) p[9]).isAfter(at)) {
                continue;
            }
            if (p[6] != null && !((LocalDate) p[6]).isAfter(at.toLocalDate())) {
                continue;
            }
            if (female && !"F".equals(p[4])) {
                continue;
            }
            return id;
        }
    }

    private int wardIndex() {
        double x = dice.uniform(0, 100);
        int i = 0;
        while (i < WARD_WEIGHTS.length - 1 && x >= WARD_WEIGHTS[i]) {
            x -= WARD_WEIGHTS[i];
            i++;
        }
        return WARD_WEIGHTS[i] == 0 ? 0 : i;
    }

    private void admissions() {
        for (LocalDate d = START; !d.isAfter(TODAY); d = d.plusDays(1)) {
            int n = dice.between(2, 6);
            for (int k = 0; k < n; k++) {
                LocalDateTime at = d.atTime(dice.between(0, 23), dice.between(0, 59));
                if (at.isAfter(NOW)) {
                    continue;
                }
                admission(at, null);
            }
            if (d.getDayOfMonth() == 3 || d.getDayOfMonth() == 17) {
                // the EHR team's test patients get a dummy admission now and then
                admission(d.atTime(dice.between(9, 16), 0), dice.oneOf(testPatients));
            }
        }
    }

    private void admission(LocalDateTime at, Integer testPatient) {
        int w = wardIndex();
        Object[] ward = WARDS[w];
        int wardId = (int) ward[0];
        String specialty = (String) ward[3];
        int pat = testPatient != null ? testPatient : patient(at, wardId == 7);
        String type = wardId == 7 ? "maternity" : wardId == 4 || wardId == 5 ? (dice.below(0.55) ? "elective" : "emergency")
                : (dice.below(0.78) ? "emergency" : "elective");
        double hours = wardId == 6 ? dice.exponential(150) + 24 : wardId == 7 ? dice.exponential(40) + 12
                : dice.exponential(110) + 4;
        LocalDateTime out = at.plusMinutes(Math.round(hours * 60));
        String status;
        LocalDateTime discharged = null;
        String disposition = null;
        double x = dice.chance();
        if (testPatient == null && x < 0.02) {
            status = "cancelled"; // booked, the patient never came in: no discharge time
        } else if (testPatient == null && x < 0.035) {
            status = "entered in error";
            discharged = out.isAfter(NOW) ? null : out;
        } else if (out.isAfter(NOW)) {
            status = "active";
        } else {
            status = "discharged";
            discharged = out;
            disposition = wardId == 6 && dice.below(0.12) || dice.below(0.015) ? "died"
                    : dice.below(0.05) ? "care home" : dice.below(0.04) ? "other hospital" : "home";
        }
        int id = admissions.size() + 1;
        admissions.add(new Object[] {id, pat, clinician(specialty), wardId, type, at, discharged, disposition, status,
            at.plusMinutes(dice.between(2, 90))});
        if (!status.equals("active") && !status.equals("discharged")) {
            return;
        }
        LocalDateTime until = discharged == null ? NOW : discharged;
        // ward transfers: up to three moves during the stay
        if (testPatient == null) {
            int moves = dice.below(0.45) ? dice.between(1, 3) : 0;
            int current = wardId;
            for (int m = 0; m < moves; m++) {
                LocalDateTime t = dice.moment(at.plusHours(1), until);
                if (!t.isBefore(until)) {
                    break;
                }
                int next = (int) WARDS[wardIndex()][0];
                if (next == current) {
                    continue;
                }
                transfers.add(new Object[] {transfers.size() + 1, id, current, next, t});
                current = next;
            }
        }
        // lab results of the stay
        int nLabs = dice.between(1, 4);
        for (int i = 0; i < nLabs; i++) {
            lab(pat, id, dice.moment(at, until.isAfter(at) ? until : at));
        }
        if (testPatient != null) {
            return;
        }
        // medication orders and their administrations
        int nOrders = dice.between(0, 4);
        for (int i = 0; i < nOrders; i++) {
            int drug = drug();
            LocalDateTime ordered = dice.moment(at, until);
            String os = dice.below(0.015) ? "entered in error" : dice.below(0.05) ? "cancelled"
                    : discharged == null && dice.below(0.7) ? "active" : "completed";
            int orderId = orders.size() + 1;
            orders.add(new Object[] {orderId, pat, id, clinician(specialty), DRUGS[drug][0], DRUGS[drug][1], DRUGS[drug][2],
                ordered, os});
            if (os.equals("entered in error")) {
                continue;
            }
            int doses = os.equals("cancelled") ? dice.between(0, 1) : Math.max(1, Math.min(12,
                    (int) (ChronoUnit.HOURS.between(ordered, until) / 24.0 * DOSES_PER_DAY[drug])));
            LocalDateTime t = ordered.plusMinutes(dice.between(10, 120));
            for (int j = 0; j < doses && t.isBefore(until) && !t.isAfter(NOW); j++) {
                administrations.add(new Object[] {administrations.size() + 1, orderId, t, DRUGS[drug][1],
                    "RN " + dice.oneOf(LAST)});
                t = t.plusMinutes(24 * 60 / DOSES_PER_DAY[drug] + dice.between(-30, 30));
            }
        }
        if (discharged != null) {
            long days = Math.max(1, ChronoUnit.DAYS.between(at.toLocalDate(), discharged.toLocalDate()));
            List<Object[]> parts = new ArrayList<>();
            parts.add(new Object[] {"BED", (int) days, wardId == 6 ? 1850.0 : 420.0});
            parts.add(new Object[] {"LAB", nLabs, 18.5});
            if (nOrders > 0) {
                parts.add(new Object[] {"PHARM", nOrders, 12.0 + dice.between(0, 40)});
            }
            if (dice.below(0.35)) {
                parts.add(new Object[] {"IMG", 1, 95.0 + dice.between(0, 300)});
            }
            if (wardId == 4 || wardId == 5 || dice.below(0.08)) {
                parts.add(new Object[] {"THEATRE", 1, 1200.0 + dice.between(0, 2400)});
            }
            invoice(pat, id, null, discharged.toLocalDate().plusDays(dice.between(0, 3)), parts);
        }
    }

    private int drug() {
        double total = 0;
        for (Object[] d : DRUGS) {
            total += (double) d[3];
        }
        double x = dice.uniform(0, total);
        int i = 0;
        while (i < DRUGS.length - 1 && x >= (double) DRUGS[i][3]) {
            x -= (double) DRUGS[i][3];
            i++;
        }
        return i;
    }

    private void lab(int pat, Integer admissionId, LocalDateTime collected) {
        double total = 0;
        for (Object[] t : TESTS) {
            total += (double) t[8];
        }
        double x = dice.uniform(0, total);
        int i = 0;
        while (i < TESTS.length - 1 && x >= (double) TESTS[i][8]) {
            x -= (double) TESTS[i][8];
            i++;
        }
        Object[] t = TESTS[i];
        boolean cancelled = dice.below(0.03);
        boolean pending = !cancelled && collected.isAfter(NOW.minusHours(20)) && dice.below(0.6);
        String value = null;
        String flag = null;
        LocalDateTime resulted = null;
        if (!cancelled) {
            double v = Math.max(0.1, dice.gauss((double) t[5], (double) t[6]));
            if (t[0].equals("CRP")) {
                v = dice.below(0.45) ? dice.uniform(0.1, 4.9) : dice.exponential(35) + 5;
            }
            int decimals = (int) t[7];
            double rounded = decimals == 0 ? Math.round(v) : Math.round(v * 10) / 10.0;
            value = t[0].equals("CRP") && v < 5 ? "<5"
                    : decimals == 0 ? String.valueOf((long) rounded) : String.valueOf(rounded);
            double lo = (double) t[3];
            double hi = (double) t[4];
            flag = t[0].equals("CRP") ? (v < 5 ? "N" : "H") : rounded < lo ? "L" : rounded > hi ? "H" : "N";
            resulted = collected.plusMinutes(dice.between(30, 400));
        }
        String range = t[0].equals("CRP") ? "<5" : fmt((double) t[3]) + "-" + fmt((double) t[4]);
        labs.add(new Object[] {labs.size() + 1, pat, admissionId, t[0], t[1], value, t[2], range, flag, collected,
            resulted, cancelled ? "cancelled" : pending ? "preliminary" : "final"});
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    private void invoice(int pat, Integer admissionId, Integer appointmentId, LocalDate day, List<Object[]> parts) {
        if (day.isAfter(TODAY)) {
            day = TODAY;
        }
        int id = invoices.size() + 1;
        double total = 0;
        int ln = 1;
        for (Object[] p : parts) {
            String code = (String) p[0];
            String description = null;
            for (int s = 0; s < SERVICES.length; s += 2) {
                if (SERVICES[s].equals(code)) {
                    description = SERVICES[s + 1];
                }
            }
            int qty = (int) p[1];
            BigDecimal unit = money((double) p[2]);
            BigDecimal amount = unit.multiply(BigDecimal.valueOf(qty));
            total += amount.doubleValue();
            lines.add(new Object[] {lines.size() + 1, id, ln++, code, description, qty, unit, amount});
        }
        String status = dice.below(0.025) ? "void" : day.isBefore(TODAY.minusDays(30)) && dice.below(0.85) ? "paid"
                : "issued";
        invoices.add(new Object[] {id, String.format("INV%07d", 100_000 + id), pat, admissionId, appointmentId, day,
            money(total), status});
    }

    private void appointments() {
        LocalDate last = LocalDate.of(2026, 12, 31);
        for (LocalDate d = START; !d.isAfter(last); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SUNDAY) {
                continue;
            }
            boolean future = d.isAfter(TODAY.minusDays(1));
            int n = d.getDayOfWeek() == DayOfWeek.SATURDAY ? dice.between(2, 6) : dice.between(10, 22);
            if (d.isAfter(TODAY.plusDays(20))) {
                n = n / 2; // fewer booked so far ahead
            }
            for (int k = 0; k < n; k++) {
                int c = 0;
                double x = dice.uniform(0, 100);
                while (c < CLINICS.length - 1 && x >= CLINIC_WEIGHTS[c]) {
                    x -= CLINIC_WEIGHTS[c];
                    c++;
                }
                String clinic = CLINICS[c];
                LocalDateTime slot = d.atTime(dice.between(8, 16), dice.oneOf(0, 15, 30, 45));
                LocalDateTime booked = slot.minusDays(dice.between(3, 90)).withHour(dice.between(8, 17))
                        .withMinute(dice.between(0, 59));
                if (booked.isAfter(NOW)) {
                    booked = NOW.minusHours(dice.between(1, 48));
                }
                int pat = dice.below(0.02) ? dice.oneOf(testPatients) : patient(booked, c == 4);
                String specialty = c == 0 ? "Cardiology" : c == 1 ? "Diabetes" : c == 2 ? "Trauma and Orthopaedics"
                        : c == 3 ? "Respiratory" : c == 4 ? "Obstetrics" : "General Surgery";
                String status;
                LocalDateTime in = null;
                LocalDateTime seen = null;
                double y = dice.chance();
                if (y < 0.09) {
                    status = "cancelled";
                } else if (future || slot.isAfter(NOW)) {
                    status = "booked";
                } else if (y < 0.18) {
                    status = "did not attend";
                } else {
                    status = "attended";
                    in = slot.minusMinutes(dice.between(-10, 25));
                    seen = in.plusMinutes(dice.between(5, 75));
                }
                int id = appointments.size() + 1;
                appointments.add(new Object[] {id, pat, clinician(specialty), clinic, booked, slot, in, seen, status});
                if (status.equals("attended") && !testPatients.contains(pat)) {
                    List<Object[]> parts = new ArrayList<>();
                    parts.add(new Object[] {"CONS", 1, c == 4 ? 95.0 : 160.0});
                    if (dice.below(0.3)) {
                        parts.add(new Object[] {"LAB", dice.between(1, 3), 18.5});
                        lab(pat, null, seen);
                    }
                    if (dice.below(0.12)) {
                        parts.add(new Object[] {"IMG", 1, 95.0 + dice.between(0, 300)});
                    }
                    invoice(pat, null, id, d, parts);
                }
            }
        }
    }

    private void store(H2Script db) throws SQLException {
        db.insert("location", List.of("location_id", "parent_location_id", "location_type", "location_name", "is_active"),
                locations);
        db.insert("ward", List.of("ward_id", "location_id", "ward_code", "ward_name", "specialty", "bed_count",
                "is_active"), wards);
        db.insert("clinician", List.of("clinician_id", "full_name", "specialty", "gmc_number", "is_active"), clinicians);
        db.insert("patient", List.of("patient_id", "given_name", "family_name", "date_of_birth", "sex", "current_status",
                "date_of_death", "is_test_patient", "is_active", "created_at", "updated_at"), patients);
        db.insert("patient_identifier", List.of("patient_identifier_id", "patient_id", "identifier_type",
                "identifier_value", "is_primary"), identifiers);
        db.insert("contact", List.of("contact_id", "patient_id", "contact_type", "contact_value", "is_primary"), contacts);
        db.insert("patient_status_history", List.of("patient_status_history_id", "patient_id", "status", "valid_from"),
                history);
        db.insert("admission", List.of("admission_id", "patient_id", "attending_clinician_id", "admitting_ward_id",
                "admission_type", "admitted_at", "discharged_at", "discharge_disposition", "status", "created_at"),
                admissions);
        db.insert("ward_transfer", List.of("ward_transfer_id", "admission_id", "from_ward_id", "to_ward_id",
                "transferred_at"), transfers);
        db.insert("appointment", List.of("appointment_id", "patient_id", "clinician_id", "clinic", "created_at",
                "scheduled_for", "checked_in_at", "seen_at", "status"), appointments);
        db.insert("medication_order", List.of("medication_order_id", "patient_id", "admission_id",
                "ordering_clinician_id", "drug_name", "dose", "route", "ordered_at", "status"), orders);
        db.insert("medication_administration", List.of("medication_administration_id", "medication_order_id",
                "administered_at", "dose_given", "administered_by"), administrations);
        db.insert("lab_result", List.of("lab_result_id", "patient_id", "admission_id", "test_code", "test_name",
                "result_value", "result_unit", "reference_range", "abnormal_flag", "collected_at", "resulted_at",
                "result_status"), labs);
        db.insert("invoice", List.of("invoice_id", "invoice_number", "patient_id", "admission_id", "appointment_id",
                "invoice_date", "total_amount", "status"), invoices);
        db.insert("invoice_line", List.of("invoice_line_id", "invoice_id", "line_number", "service_code",
                "service_description", "quantity", "unit_price", "line_amount"), lines);
    }
}
