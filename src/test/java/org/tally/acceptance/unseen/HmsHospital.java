package org.tally.acceptance.unseen;

import static org.tally.acceptance.unseen.Dice.w;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * A small hospital's home-grown HMS in the style of a MySQL application schema, synthetic and seeded, lower-case
 * ({@code DATABASE_TO_UPPER=FALSE}): every table prefixed {@code hms_}, abbreviated columns (pat_id, adm_dt, dis_dt,
 * wrd_id, dr_id, amt), small-int statuses {@code sts} 0/1/2 read through hms_status (0 open, 1 closed, 2 cancelled),
 * Y/N flags (pd_flag, occ_flag, abn_flag), soft deletes in {@code del_flag = 'Y'} on every table, some dates kept as
 * VARCHAR 'dd/mm/yyyy' (date of birth, OPD visit date, staff joining date, payment date), discharges in their own
 * table (hms_discharge, one row per discharged admission; an admission still open has none) and duplicate patient
 * registrations merged into the surviving row by {@code merged_into} (the duplicate keeps its earlier activity).
 * Activity runs 2024-01-01 .. 2026-11-29.
 */
final class HmsHospital {

    static final long SEED = 7702L;
    static final String URL_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    private static final LocalDate START = LocalDate.of(2024, 1, 1);
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 9, 0);
    private static final int PATIENTS = 3000;
    private static final DateTimeFormatter DMY = DateTimeFormatter.ofPattern("dd/MM/yyyy");

    static final String DDL = """
            CREATE TABLE hms_status (sts SMALLINT PRIMARY KEY, sts_desc VARCHAR(20) NOT NULL);
            CREATE TABLE hms_ward (wrd_id INT PRIMARY KEY, wrd_nm VARCHAR(40) NOT NULL, wrd_typ VARCHAR(5) NOT NULL,
              no_of_beds INT NOT NULL, flr_no SMALLINT, del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_bed (bed_id INT PRIMARY KEY, wrd_id INT NOT NULL REFERENCES hms_ward(wrd_id),
              bed_no VARCHAR(10) NOT NULL, occ_flag CHAR(1) NOT NULL, del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_staff (stf_id INT PRIMARY KEY, stf_nm VARCHAR(60) NOT NULL, desig VARCHAR(5) NOT NULL,
              dept VARCHAR(6), join_dt VARCHAR(10), mob_no VARCHAR(15), del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_patient (pat_id INT PRIMARY KEY, mrn VARCHAR(12) NOT NULL, pat_fnm VARCHAR(40), pat_lnm VARCHAR(40),
              dob VARCHAR(10), sex CHAR(1), ph_no VARCHAR(15), addr VARCHAR(100), city VARCHAR(30), reg_dt DATE NOT NULL,
              merged_into INT, del_flag CHAR(1) NOT NULL DEFAULT 'N', crt_ts TIMESTAMP NOT NULL);
            CREATE TABLE hms_admission (adm_id INT PRIMARY KEY, pat_id INT NOT NULL REFERENCES hms_patient(pat_id),
              adm_dt TIMESTAMP NOT NULL, wrd_id INT NOT NULL REFERENCES hms_ward(wrd_id), bed_id INT,
              dr_id INT REFERENCES hms_staff(stf_id), adm_typ CHAR(1) NOT NULL, sts SMALLINT NOT NULL REFERENCES hms_status(sts),
              del_flag CHAR(1) NOT NULL DEFAULT 'N', crt_ts TIMESTAMP NOT NULL);
            CREATE TABLE hms_discharge (dis_id INT PRIMARY KEY, adm_id INT NOT NULL REFERENCES hms_admission(adm_id),
              dis_dt TIMESTAMP NOT NULL, dis_typ VARCHAR(4) NOT NULL, dr_id INT, del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_opd_visit (opd_id INT PRIMARY KEY, pat_id INT NOT NULL REFERENCES hms_patient(pat_id),
              vst_dt VARCHAR(10) NOT NULL, dr_id INT, dept VARCHAR(6) NOT NULL, sts SMALLINT NOT NULL,
              fee_amt DECIMAL(8,2), del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_lab_test (test_cd VARCHAR(8) PRIMARY KEY, test_nm VARCHAR(60) NOT NULL, unit VARCHAR(12),
              ref_lo DECIMAL(8,2), ref_hi DECIMAL(8,2), rate DECIMAL(8,2));
            CREATE TABLE hms_lab_order (ord_id INT PRIMARY KEY, pat_id INT NOT NULL REFERENCES hms_patient(pat_id),
              adm_id INT, opd_id INT, ord_dt TIMESTAMP NOT NULL, test_cd VARCHAR(8) NOT NULL REFERENCES hms_lab_test(test_cd),
              dr_id INT, sts SMALLINT NOT NULL, del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_lab_result (res_id INT PRIMARY KEY, ord_id INT NOT NULL REFERENCES hms_lab_order(ord_id),
              res_val DECIMAL(10,2), res_dt TIMESTAMP NOT NULL, abn_flag CHAR(1) NOT NULL, del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_bill (bill_id INT PRIMARY KEY, pat_id INT NOT NULL REFERENCES hms_patient(pat_id), adm_id INT,
              opd_id INT, bill_dt DATE NOT NULL, amt DECIMAL(10,2) NOT NULL, disc_amt DECIMAL(10,2) NOT NULL,
              pd_flag CHAR(1) NOT NULL, del_flag CHAR(1) NOT NULL DEFAULT 'N');
            CREATE TABLE hms_payment (pay_id INT PRIMARY KEY, bill_id INT NOT NULL REFERENCES hms_bill(bill_id),
              pay_dt VARCHAR(10) NOT NULL, amt DECIMAL(10,2) NOT NULL, pay_mode VARCHAR(5) NOT NULL,
              del_flag CHAR(1) NOT NULL DEFAULT 'N');
            """;

    private static final List<Object[]> STATUSES = List.of(new Object[] {0, "Open"}, new Object[] {1, "Closed"},
            new Object[] {2, "Cancelled"});
    /** Wards: id, name, type, beds, floor. */
    private static final Object[][] WARDS = {{1, "General Ward A", "GEN", 24, 1}, {2, "General Ward B", "GEN", 20, 1},
        {3, "ICU", "ICU", 8, 2}, {4, "Maternity Ward", "MAT", 14, 2}, {5, "Paediatric Ward", "PED", 12, 3},
        {6, "Surgical Ward", "SURG", 18, 3}, {7, "Private Rooms", "PVT", 10, 4}, {8, "Old Isolation Ward", "ISO", 6, 0}};
    private static final double[] WARD_WEIGHTS = {30, 22, 7, 12, 9, 15, 5, 0};
    private static final String[] DEPTS = {"MED", "SURG", "OBG", "PED", "ORTHO", "ENT"};
    /** Lab tests: code, name, unit, low, high, rate, mean, sd, weight. */
    private static final Object[][] TESTS = {
        {"HB", "Haemoglobin", "g/dL", 12.0, 16.0, 150.0, 12.4, 1.9, 22.0},
        {"FBS", "Fasting Blood Sugar", "mg/dL", 70.0, 110.0, 100.0, 118.0, 35.0, 16.0},
        {"CREAT", "Serum Creatinine", "mg/dL", 0.6, 1.3, 250.0, 1.1, 0.4, 12.0},
        {"TSH", "Thyroid Stimulating Hormone", "mIU/L", 0.4, 4.0, 450.0, 2.6, 1.6, 6.0},
        {"WBC", "Total Leucocyte Count", "10^3/uL", 4.0, 11.0, 120.0, 8.6, 3.0, 19.0},
        {"PLT", "Platelet Count", "10^3/uL", 150.0, 450.0, 120.0, 260.0, 80.0, 9.0},
        {"NA", "Serum Sodium", "mmol/L", 135.0, 145.0, 200.0, 138.5, 4.0, 8.0},
        {"HBA1C", "Glycated Haemoglobin", "%", 4.0, 5.6, 550.0, 6.4, 1.3, 4.5}};
    private static final String[] FIRST_M = {"Rahul", "Amit", "Suresh", "Vikram", "Arjun", "Rajesh", "Imran", "Joseph",
        "Ravi", "Sanjay"};
    private static final String[] FIRST_F = {"Priya", "Anita", "Sunita", "Kavya", "Fatima", "Meera", "Lakshmi", "Neha",
        "Pooja", "Mary"};
    private static final String[] LAST = {"Sharma", "Verma", "Reddy", "Nair", "Khan", "Iyer", "Das", "Patil", "Singh",
        "Menon", "Joshi", "Thomas", "Gupta", "Rao"};
    private static final String[] CITIES = {"Pune", "Nashik", "Satara", "Kolhapur", "Mumbai"};

    private final Dice dice;
    private final List<Object[]> beds = new ArrayList<>();
    private final List<Object[]> staff = new ArrayList<>();
    private final List<Integer> doctors = new ArrayList<>();
    private final List<String> doctorDept = new ArrayList<>();
    private final List<Object[]> patients = new ArrayList<>();
    private final List<LocalDate> registered = new ArrayList<>();
    private final List<Object[]> admissions = new ArrayList<>();
    private final List<Object[]> discharges = new ArrayList<>();
    private final List<Object[]> opdVisits = new ArrayList<>();
    private final List<Object[]> labOrders = new ArrayList<>();
    private final List<Object[]> labResults = new ArrayList<>();
    private final List<Object[]> bills = new ArrayList<>();
    private final List<Object[]> payments = new ArrayList<>();

    private HmsHospital(long seed) {
        dice = new Dice(seed);
    }

    static void write(Path base) throws SQLException {
        write(base, SEED);
    }

    static void write(Path base, long seed) throws SQLException {
        HmsHospital h = new HmsHospital(seed);
        h.wardsAndStaff();
        h.patients();
        h.admissions();
        h.opdVisits();
        h.occupancy();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            h.store(db);
        }
    }

    private LocalDate day(LocalDate from, LocalDate to) {
        return from.plusDays(dice.between(0, (int) Math.max(0, ChronoUnit.DAYS.between(from, to))));
    }

    private String del() {
        return dice.below(0.02) ? "Y" : "N";
    }

    private static BigDecimal money(double v) {
        return BigDecimal.valueOf(Math.round(v * 100), 2);
    }

    private void wardsAndStaff() {
        int bedId = 1;
        for (Object[] ward : WARDS) {
            int n = (int) ward[3];
            for (int b = 1; b <= n; b++) {
                beds.add(new Object[] {bedId++, ward[0], ward[2] + "-" + String.format("%02d", b), "N",
                    (int) ward[0] == 8 ? "Y" : "N"});
            }
        }
        int id = 1;
        String[][] plan = {{"DR", "MED", "6"}, {"DR", "SURG", "4"}, {"DR", "OBG", "3"}, {"DR", "PED", "2"},
            {"DR", "ORTHO", "2"}, {"DR", "ENT", "1"}, {"NRS", null, "38"}, {"LAB", "LAB", "7"}, {"ADM", "ADM", "9"}};
        for (String[] p : plan) {
            for (int j = 0; j < Integer.parseInt(p[2]); j++) {
                boolean female = dice.below(0.5) || p[0].equals("NRS") && dice.below(0.7);
                String name = (p[0].equals("DR") ? "Dr. " : "") + dice.oneOf(female ? FIRST_F : FIRST_M) + " "
                        + dice.oneOf(LAST);
                String deleted = j == 0 && p[0].equals("DR") && p[1].equals("MED") ? "Y" : "N";
                String dept = p[1] == null ? dice.oneOf(DEPTS) : p[1];
                staff.add(new Object[] {id, name, p[0], dept, day(LocalDate.of(2008, 1, 1), LocalDate.of(2026, 10, 1))
                    .format(DMY), String.format("98%08d", dice.between(10_000_000, 99_999_999)), deleted});
                if (p[0].equals("DR") && deleted.equals("N")) {
                    doctors.add(id);
                    doctorDept.add(dept);
                }
                id++;
            }
        }
    }

    private int doctor(String dept) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < doctors.size(); i++) {
            if (doctorDept.get(i).equals(dept)) {
                ids.add(doctors.get(i));
            }
        }
        return dice.oneOf(ids);
    }

    private void patients() {
        for (int id = 1; id <= PATIENTS; id++) {
            boolean female = dice.below(0.52);
            int age = dice.oneOf(dice.between(0, 14), dice.between(15, 45), dice.between(15, 45), dice.between(46, 85));
            LocalDate dob = LocalDate.of(2026, 6, 30).minusDays(age * 365L + dice.between(0, 364));
            LocalDate reg = day(LocalDate.of(2015, 1, 1), TODAY);
            Integer merged = null;
            if (id > 100 && dice.below(0.04)) {
                merged = dice.between(1, id - 1);
                Object[] survivor = patients.get(merged - 1);
                if (survivor[10] != null || "Y".equals(survivor[11])) {
                    merged = null;
                }
            }
            patients.add(new Object[] {id, String.format("HMS%06d", 100_000 + id), dice.oneOf(female ? FIRST_F : FIRST_M),
                dice.oneOf(LAST), dice.below(0.03) ? null : dob.format(DMY), dice.below(0.01) ? null : female ? "F" : "M",
                String.format("9%09d", dice.between(100_000_000, 999_999_999)), dice.between(1, 400) + " MG Road",
                dice.oneOf(CITIES), reg, merged, merged == null ? del() : "N", reg.atTime(dice.between(8, 20), 0)});
            registered.add(reg);
        }
    }

    /** A patient registered by the day (any row, a merged duplicate included: its activity predates the merge). */
    private int patient(LocalDate day, boolean womanOrChild, boolean child) {
        while (true) {
            int id = dice.between(1, PATIENTS);
            Object[] p = patients.get(id - 1);
            if (registered.get(id - 1).isAfter(day) || "Y".equals(p[11])) {
                continue;
            }
            if (womanOrChild && !child && !"F".equals(p[5])) {
                continue;
            }
            if (child && p[4] != null && LocalDate.parse((String) p[4], DMY).isBefore(day.minusYears(14))) {
                continue;
            }
            return id;
        }
    }

    private void admissions() {
        int admId = 1;
        int disId = 1;
        for (LocalDate d = START; !d.isAfter(TODAY); d = d.plusDays(1)) {
            int n = dice.between(1, 5) + (d.getMonthValue() == 1 || d.getMonthValue() == 12 ? 1 : 0);
            for (int k = 0; k < n; k++) {
                int ward = 0;
                double x = dice.uniform(0, 100);
                while (x >= WARD_WEIGHTS[ward]) {
                    x -= WARD_WEIGHTS[ward];
                    ward++;
                }
                int wardId = ward + 1;
                String dept = wardId == 4 ? "OBG" : wardId == 5 ? "PED" : wardId == 6 ? dice.oneOf("SURG", "ORTHO", "ENT")
                        : dice.oneOf("MED", "MED", "SURG");
                int pat = patient(d, wardId == 4, wardId == 5);
                LocalDateTime admit = d.atTime(dice.between(0, 23), dice.between(0, 59));
                if (admit.isAfter(NOW)) {
                    admit = NOW.minusHours(dice.between(1, 8));
                }
                char type = wardId == 4 ? (dice.below(0.3) ? 'E' : 'P') : wardId == 6 ? (dice.below(0.35) ? 'E' : 'P')
                        : (dice.below(0.7) ? 'E' : 'P');
                double hours = wardId == 3 ? dice.exponential(120) + 24 : wardId == 4 ? dice.exponential(50) + 20
                        : dice.exponential(100) + 6;
                LocalDateTime dis = admit.plusMinutes(Math.round(hours * 60));
                boolean open = dis.isAfter(NOW);
                String deleted = del();
                int dr = doctor(dept);
                admissions.add(new Object[] {admId, pat, admit, wardId, null, dr, String.valueOf(type), open ? 0 : 1,
                    deleted, admit.plusMinutes(dice.between(1, 30))});
                if (!open) {
                    String kind = wardId == 3 && dice.below(0.12) ? "DTH" : dice.below(0.015) ? "DTH"
                            : dice.below(0.04) ? "LAMA" : dice.below(0.05) ? "REF" : "NRM";
                    discharges.add(new Object[] {disId++, admId, dis, kind, dr, deleted});
                }
                labsAndBill(pat, admId, null, admit, open ? NOW : dis, dept, true);
                admId++;
            }
        }
    }

    private void opdVisits() {
        int opdId = 1;
        for (LocalDate d = START; !d.isAfter(TODAY); d = d.plusDays(1)) {
            if (d.getDayOfWeek().getValue() == 7) {
                continue;
            }
            int n = dice.between(4, 12);
            for (int k = 0; k < n; k++) {
                String dept = dice.pick(List.of(w("MED", 38), w("SURG", 12), w("OBG", 16), w("PED", 14), w("ORTHO", 11),
                        w("ENT", 9)));
                int pat = patient(d, dept.equals("OBG"), dept.equals("PED"));
                int sts = d.isAfter(TODAY.minusDays(1)) ? 0 : dice.below(0.08) ? 2 : 1;
                String deleted = del();
                double fee = dept.equals("MED") ? 300 : 500;
                opdVisits.add(new Object[] {opdId, pat, d.format(DMY), doctor(dept), dept, sts, money(fee), deleted});
                if (sts == 1) {
                    LocalDateTime t = d.atTime(dice.between(9, 16), dice.between(0, 59));
                    labsAndBill(pat, null, opdId, t, t.plusHours(2), dept, false);
                }
                opdId++;
            }
        }
    }

    private void labsAndBill(int pat, Integer admId, Integer opdId, LocalDateTime from, LocalDateTime to, String dept,
                             boolean inpatient) {
        int n = inpatient ? dice.between(0, 4) : dice.below(0.3) ? dice.between(1, 2) : 0;
        double labTotal = 0;
        for (int i = 0; i < n; i++) {
            int t = 0;
            double x = dice.uniform(0, 96.5);
            while (t < TESTS.length - 1 && x >= (double) TESTS[t][8]) {
                x -= (double) TESTS[t][8];
                t++;
            }
            Object[] test = TESTS[t];
            LocalDateTime ordered = dice.moment(from, to.isAfter(from) ? to : from);
            if (ordered.isAfter(NOW)) {
                ordered = NOW.minusHours(1);
            }
            int sts = dice.below(0.05) ? 2 : ordered.isAfter(NOW.minusHours(30)) && dice.below(0.5) ? 0 : 1;
            int ordId = labOrders.size() + 1;
            String deleted = del();
            labOrders.add(new Object[] {ordId, pat, admId, opdId, ordered, test[0], doctor(dept), sts, deleted});
            labTotal += (double) test[5];
            if (sts == 1) {
                double v = Math.max(0.1, dice.gauss((double) test[6], (double) test[7]));
                BigDecimal value = money(v);
                boolean abnormal = v < (double) test[3] || v > (double) test[4];
                labResults.add(new Object[] {labResults.size() + 1, ordId, value,
                    ordered.plusMinutes(dice.between(40, 600)), abnormal ? "Y" : "N", deleted});
            }
        }
        if (inpatient && to.equals(NOW)) {
            return; // an open admission is billed at discharge
        }
        double amount = inpatient ? 2500 + ChronoUnit.HOURS.between(from, to) / 24.0 * 1800 + labTotal
                : (dept.equals("MED") ? 300 : 500) + labTotal;
        LocalDate billed = to.toLocalDate();
        if (billed.isAfter(TODAY)) {
            billed = TODAY;
        }
        double discount = dice.below(0.15) ? Math.round(amount * 0.1) : 0;
        boolean paid = billed.isBefore(TODAY.minusDays(20)) ? dice.below(0.93) : dice.below(0.4);
        int billId = bills.size() + 1;
        String deleted = del();
        bills.add(new Object[] {billId, pat, admId, opdId, billed, money(amount), money(discount), paid ? "Y" : "N",
            deleted});
        if (paid) {
            double due = amount - discount;
            String mode = dice.pick(List.of(w("CASH", 34), w("UPI", 30), w("CARD", 21), w("INS", 15)));
            LocalDate payDay = billed.plusDays(dice.below(0.6) ? 0 : dice.between(1, 15));
            if (payDay.isAfter(TODAY)) {
                payDay = TODAY;
            }
            if (inpatient && dice.below(0.3)) {
                double first = Math.round(due * 0.5);
                payments.add(new Object[] {payments.size() + 1, billId, billed.format(DMY), money(first), mode, deleted});
                payments.add(new Object[] {payments.size() + 1, billId, payDay.format(DMY), money(due - first), mode,
                    deleted});
            } else {
                payments.add(new Object[] {payments.size() + 1, billId, payDay.format(DMY), money(due), mode, deleted});
            }
        }
    }

    /** Beds occupied now: one per open admission (not deleted) on its ward, while the ward has beds left. */
    private void occupancy() {
        for (Object[] a : admissions) {
            if ((int) a[7] != 0 || "Y".equals(a[8])) {
                continue;
            }
            for (Object[] b : beds) {
                if (b[1].equals(a[3]) && "N".equals(b[3]) && "N".equals(b[4])) {
                    b[3] = "Y";
                    a[4] = b[0];
                    break;
                }
            }
        }
        for (Object[] a : admissions) {
            if (a[4] == null) {
                for (Object[] b : beds) {
                    if (b[1].equals(a[3])) {
                        a[4] = b[0];
                        break;
                    }
                }
            }
        }
    }

    private void store(H2Script db) throws SQLException {
        db.insert("hms_status", List.of("sts", "sts_desc"), STATUSES);
        List<Object[]> wards = new ArrayList<>();
        for (Object[] ward : WARDS) {
            wards.add(new Object[] {ward[0], ward[1], ward[2], ward[3], ward[4], (int) ward[0] == 8 ? "Y" : "N"});
        }
        db.insert("hms_ward", List.of("wrd_id", "wrd_nm", "wrd_typ", "no_of_beds", "flr_no", "del_flag"), wards);
        db.insert("hms_bed", List.of("bed_id", "wrd_id", "bed_no", "occ_flag", "del_flag"), beds);
        db.insert("hms_staff", List.of("stf_id", "stf_nm", "desig", "dept", "join_dt", "mob_no", "del_flag"), staff);
        db.insert("hms_patient", List.of("pat_id", "mrn", "pat_fnm", "pat_lnm", "dob", "sex", "ph_no", "addr", "city",
                "reg_dt", "merged_into", "del_flag", "crt_ts"), patients);
        db.insert("hms_admission", List.of("adm_id", "pat_id", "adm_dt", "wrd_id", "bed_id", "dr_id", "adm_typ", "sts",
                "del_flag", "crt_ts"), admissions);
        db.insert("hms_discharge", List.of("dis_id", "adm_id", "dis_dt", "dis_typ", "dr_id", "del_flag"), discharges);
        db.insert("hms_opd_visit", List.of("opd_id", "pat_id", "vst_dt", "dr_id", "dept", "sts", "fee_amt", "del_flag"),
                opdVisits);
        List<Object[]> tests = new ArrayList<>();
        for (Object[] t : TESTS) {
            tests.add(new Object[] {t[0], t[1], t[2], t[3], t[4], t[5]});
        }
        db.insert("hms_lab_test", List.of("test_cd", "test_nm", "unit", "ref_lo", "ref_hi", "rate"), tests);
        db.insert("hms_lab_order", List.of("ord_id", "pat_id", "adm_id", "opd_id", "ord_dt", "test_cd", "dr_id", "sts",
                "del_flag"), labOrders);
        db.insert("hms_lab_result", List.of("res_id", "ord_id", "res_val", "res_dt", "abn_flag", "del_flag"), labResults);
        db.insert("hms_bill", List.of("bill_id", "pat_id", "adm_id", "opd_id", "bill_dt", "amt", "disc_amt", "pd_flag",
                "del_flag"), bills);
        db.insert("hms_payment", List.of("pay_id", "bill_id", "pay_dt", "amt", "pay_mode", "del_flag"), payments);
    }
}
