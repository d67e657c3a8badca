package org.tally.acceptance.blind;

import static org.tally.acceptance.unseen.Dice.w;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tally.acceptance.unseen.Dice;
import org.tally.acceptance.unseen.Dice.Weighted;
import org.tally.acceptance.unseen.H2Script;

/**
 * A regional hospital group's legacy HIS, carried over from an AS/400-era system into a relational database,
 * synthetic and seeded. Its conventions, none of them the demo's: six-letter upper-case table names (PATMAS, ADMREG,
 * WRDSTY, OPAPPT, EDATTN, BIRREG, THRLOG, BILTRN, LABRES) whose columns all carry the table's two-letter prefix
 * (PMPTNO, ADADDT …); dates as DECIMAL(8,0) CCYYMMDD with 0 for "none" and times of day in separate CHAR(4) HHMM
 * columns; every code read through one shared code table CODTAB keyed by (type, code); a record status on the clinical
 * tables ('A' live, 'D' deleted, and on admissions 'X' for a booked admission that was cancelled and never happened);
 * two sites (the acute Regional General Hospital, RGH, and the Castle Mead community hospital, CMH) with a closed ward;
 * hospital numbers as zero-padded CHAR(8); a patient's current ward only in the ward-stay table; twins as two birth
 * rows of one delivery; a billing ledger of charges, reversals, payments and write-offs in integer cents; laboratory
 * results kept as text ('5.4', '&lt;5', 'HAEMOLYSED') with H/L/HH/LL flags; flags as 'Y' or a blank. Activity runs
 * 2023-01-01 .. 2026-11-28; outpatient bookings run on to 2027-01-31.
 */
final class RegionalHis {

    static final long SEED = 4417L;
    /** H2 as shipped: unquoted names fold to upper case, as the old system wrote them. */
    static final String URL_SETTINGS = "";
    static final String USER = "sa";
    static final String PASSWORD = "";

    private static final LocalDate START = LocalDate.of(2023, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(2026, 11, 28);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 7, 30);
    private static final LocalDate BOOKED_UNTIL = LocalDate.of(2027, 1, 31);
    private static final int PATIENTS = 5000;

    static final String DDL = """
            CREATE TABLE CODTAB (CTTYPE CHAR(4) NOT NULL, CTCODE VARCHAR(6) NOT NULL, CTDESC VARCHAR(40) NOT NULL,
              CTSTAT CHAR(1) NOT NULL, PRIMARY KEY (CTTYPE, CTCODE));
            CREATE TABLE SITMAS (SMSITE CHAR(3) PRIMARY KEY, SMNAME VARCHAR(40) NOT NULL, SMTYPE VARCHAR(5) NOT NULL);
            CREATE TABLE WRDMAS (WMWARD CHAR(4) PRIMARY KEY, WMSITE CHAR(3) NOT NULL REFERENCES SITMAS(SMSITE),
              WMNAME VARCHAR(30) NOT NULL, WMSPEC VARCHAR(4) NOT NULL, WMBEDS SMALLINT NOT NULL, WMSTAT CHAR(1) NOT NULL);
            CREATE TABLE CONMAS (CNCODE CHAR(6) PRIMARY KEY, CNSURN VARCHAR(30) NOT NULL, CNINIT VARCHAR(4) NOT NULL,
              CNSPEC VARCHAR(4) NOT NULL, CNSTAT CHAR(1) NOT NULL);
            CREATE TABLE CLNMAS (CLCLIN CHAR(6) PRIMARY KEY, CLNAME VARCHAR(40) NOT NULL, CLSITE CHAR(3) NOT NULL,
              CLSPEC VARCHAR(4) NOT NULL, CLCONS CHAR(6));
            CREATE TABLE PATMAS (PMPTNO CHAR(8) PRIMARY KEY, PMSURN VARCHAR(30) NOT NULL, PMFORE VARCHAR(30) NOT NULL,
              PMSEX CHAR(1) NOT NULL, PMDOB DECIMAL(8,0) NOT NULL, PMPOST VARCHAR(8), PMGPPR CHAR(6), PMRGDT DECIMAL(8,0) NOT NULL,
              PMDTHD DECIMAL(8,0) NOT NULL, PMPAYR VARCHAR(4) NOT NULL, PMRCST CHAR(1) NOT NULL);
            CREATE TABLE ADMREG (ADEPNO INTEGER PRIMARY KEY, ADPTNO CHAR(8) NOT NULL, ADSITE CHAR(3) NOT NULL,
              ADWARD CHAR(4) NOT NULL, ADCONS CHAR(6) NOT NULL, ADSPEC VARCHAR(4) NOT NULL, ADMETH VARCHAR(2) NOT NULL,
              ADEDNO INTEGER NOT NULL, ADADDT DECIMAL(8,0) NOT NULL, ADADTM CHAR(4) NOT NULL, ADDSDT DECIMAL(8,0) NOT NULL,
              ADDSTM CHAR(4) NOT NULL, ADDISD VARCHAR(3) NOT NULL, ADRCST CHAR(1) NOT NULL);
            CREATE TABLE WRDSTY (WSEPNO INTEGER NOT NULL, WSSEQN SMALLINT NOT NULL, WSWARD CHAR(4) NOT NULL,
              WSSTDT DECIMAL(8,0) NOT NULL, WSSTTM CHAR(4) NOT NULL, WSENDT DECIMAL(8,0) NOT NULL, WSENTM CHAR(4) NOT NULL,
              PRIMARY KEY (WSEPNO, WSSEQN));
            CREATE TABLE OPAPPT (OAAPNO INTEGER PRIMARY KEY, OAPTNO CHAR(8) NOT NULL, OACLIN CHAR(6) NOT NULL,
              OAAPDT DECIMAL(8,0) NOT NULL, OAAPTM CHAR(4) NOT NULL, OABKDT DECIMAL(8,0) NOT NULL, OAATTS VARCHAR(2) NOT NULL,
              OANEWF CHAR(1) NOT NULL, OARCST CHAR(1) NOT NULL);
            CREATE TABLE EDATTN (EAATNO INTEGER PRIMARY KEY, EAPTNO CHAR(8) NOT NULL, EASITE CHAR(3) NOT NULL,
              EAARDT DECIMAL(8,0) NOT NULL, EAARTM CHAR(4) NOT NULL, EATRIA SMALLINT NOT NULL, EACOMP VARCHAR(30) NOT NULL,
              EADPDT DECIMAL(8,0) NOT NULL, EADPTM CHAR(4) NOT NULL, EADISP VARCHAR(3) NOT NULL, EARCST CHAR(1) NOT NULL);
            CREATE TABLE BIRREG (BRBRNO INTEGER PRIMARY KEY, BRMOTH CHAR(8) NOT NULL, BREPNO INTEGER NOT NULL,
              BRDTDT DECIMAL(8,0) NOT NULL, BRDTTM CHAR(4) NOT NULL, BRMETH VARCHAR(4) NOT NULL, BRGEST SMALLINT NOT NULL,
              BRWGHT SMALLINT NOT NULL, BRSEX CHAR(1) NOT NULL, BROUTC CHAR(1) NOT NULL, BRRCST CHAR(1) NOT NULL);
            CREATE TABLE THRLOG (TLOPNO INTEGER PRIMARY KEY, TLEPNO INTEGER NOT NULL, TLPTNO CHAR(8) NOT NULL,
              TLSITE CHAR(3) NOT NULL, TLTHTR CHAR(4) NOT NULL, TLPROC VARCHAR(40) NOT NULL, TLSURG CHAR(6) NOT NULL,
              TLOPDT DECIMAL(8,0) NOT NULL, TLSTTM CHAR(4) NOT NULL, TLENTM CHAR(4) NOT NULL, TLURGN CHAR(1) NOT NULL,
              TLRCST CHAR(1) NOT NULL);
            CREATE TABLE BILTRN (BTTRNO INTEGER PRIMARY KEY, BTPTNO CHAR(8) NOT NULL, BTEPNO INTEGER NOT NULL,
              BTAPNO INTEGER NOT NULL, BTTXTY VARCHAR(3) NOT NULL, BTTXDT DECIMAL(8,0) NOT NULL, BTAMNT INTEGER NOT NULL,
              BTPAYR VARCHAR(4) NOT NULL, BTRCST CHAR(1) NOT NULL);
            CREATE TABLE LABRES (LRRSNO INTEGER PRIMARY KEY, LRPTNO CHAR(8) NOT NULL, LREPNO INTEGER NOT NULL,
              LRTEST VARCHAR(6) NOT NULL, LRCLDT DECIMAL(8,0) NOT NULL, LRCLTM CHAR(4) NOT NULL, LRVALU VARCHAR(12) NOT NULL,
              LRFLAG VARCHAR(2) NOT NULL, LRRCST CHAR(1) NOT NULL);
            """;

    /** The shared code table: type → code → description (a retired code is listed with status 'I'). */
    private static final Map<String, String[][]> CODES = new LinkedHashMap<>();

    static {
        CODES.put("SEX", new String[][] {{"M", "Male"}, {"F", "Female"}, {"U", "Not known"}});
        CODES.put("ADMM", new String[][] {{"EL", "Elective (waiting list)"}, {"EM", "Emergency via A&E"},
            {"GP", "Emergency GP referral"}, {"MA", "Maternity"}, {"TR", "Transfer from another hospital"},
            {"BK", "Booked (old code)"}});
        CODES.put("DISD", new String[][] {{"HOM", "Usual place of residence"}, {"DIE", "Died in hospital"},
            {"TRF", "Transferred to another hospital"}, {"SDS", "Self-discharged"}, {"NHM", "Nursing home"}});
        CODES.put("SPEC", new String[][] {{"GMED", "General medicine"}, {"GSUR", "General surgery"},
            {"ORTH", "Trauma and orthopaedics"}, {"OBST", "Obstetrics"}, {"PAED", "Paediatrics"},
            {"CARD", "Cardiology"}, {"ELDM", "Elderly medicine"}, {"OPHT", "Ophthalmology"}});
        CODES.put("ATTS", new String[][] {{"AT", "Attended"}, {"DN", "Did not attend"},
            {"CP", "Cancelled by patient"}, {"CH", "Cancelled by hospital"}, {"BK", "Booked"}});
        CODES.put("EDDS", new String[][] {{"ADM", "Admitted"}, {"DIS", "Discharged home"},
            {"LWB", "Left without being seen"}, {"TRF", "Transferred to another hospital"}});
        CODES.put("PAYR", new String[][] {{"SELF", "Self-pay"}, {"INSR", "Insurance"}, {"GOVT", "Government scheme"}});
        CODES.put("TXTY", new String[][] {{"CHG", "Charge"}, {"REV", "Charge reversal"}, {"PAY", "Payment received"},
            {"ADJ", "Write-off"}});
        CODES.put("BRTH", new String[][] {{"SVD", "Spontaneous vaginal"}, {"ELCS", "Elective caesarean"},
            {"EMCS", "Emergency caesarean"}, {"FORC", "Forceps"}, {"VENT", "Ventouse"}, {"BREE", "Assisted breech"}});
        CODES.put("TEST", new String[][] {{"HB", "Haemoglobin (g/L)"}, {"NA", "Sodium (mmol/L)"},
            {"K", "Potassium (mmol/L)"}, {"CREA", "Creatinine (umol/L)"}, {"CRP", "C-reactive protein (mg/L)"},
            {"WCC", "White cell count (10^9/L)"}, {"GLU", "Glucose (mmol/L)"}});
        CODES.put("URGN", new String[][] {{"E", "Emergency"}, {"U", "Urgent"}, {"P", "Planned"}});
    }

    private record Ward(String code, String site, String name, String spec, int beds, boolean open) {
    }

    private static final List<Ward> WARDS = List.of(
            new Ward("RA01", "RGH", "Ash Ward", "GMED", 28, true), new Ward("RA02", "RGH", "Beech Ward", "GMED", 24, true),
            new Ward("RA03", "RGH", "Cedar Ward", "GSUR", 22, true), new Ward("RA04", "RGH", "Douglas Ward", "ORTH", 20, true),
            new Ward("RA05", "RGH", "Elm Maternity", "OBST", 18, true),
            new Ward("RA06", "RGH", "Fir Children's Ward", "PAED", 16, true),
            new Ward("RA07", "RGH", "Coronary Care Unit", "CARD", 8, true),
            new Ward("RA08", "RGH", "Hazel Ward", "GMED", 20, false),
            new Ward("CM01", "CMH", "Meadow Ward", "ELDM", 18, true), new Ward("CM02", "CMH", "Orchard Ward", "ELDM", 14, true));
    /** Hazel Ward closed on this day; nobody was admitted to it after. */
    private static final LocalDate HAZEL_CLOSED = LocalDate.of(2024, 7, 1);

    /** Clinics: code, name, site, specialty. */
    private static final String[][] CLINICS = {
        {"GMED1A", "General Medicine Clinic", "RGH", "GMED"}, {"DIAB1A", "Diabetes Clinic", "RGH", "GMED"},
        {"GSUR1A", "General Surgery Clinic", "RGH", "GSUR"}, {"ORTH1A", "Fracture Clinic", "RGH", "ORTH"},
        {"ORTH2C", "Joint Replacement Clinic", "CMH", "ORTH"}, {"ANTE1A", "Antenatal Clinic", "RGH", "OBST"},
        {"PAED1A", "Children's Outpatients", "RGH", "PAED"}, {"CARD1A", "Cardiology Clinic", "RGH", "CARD"},
        {"ELDM1C", "Falls Clinic", "CMH", "ELDM"}, {"OPHT1C", "Eye Clinic", "CMH", "OPHT"}};
    private static final double[] CLINIC_WEIGHTS = {16, 9, 12, 14, 6, 11, 8, 12, 5, 7};
    private static final String[] COMPLAINTS = {"Chest pain", "Shortness of breath", "Abdominal pain", "Fall",
        "Head injury", "Limb injury", "Collapse", "Fever", "Headache", "Back pain", "Wound", "Confusion"};
    private static final String[] SURNAMES = {"SMITH", "JONES", "TAYLOR", "BROWN", "WILLIAMS", "WILSON", "JOHNSON",
        "DAVIES", "ROBINSON", "WRIGHT", "THOMPSON", "EVANS", "WALKER", "WHITE", "ROBERTS", "GREEN", "HALL", "WOOD",
        "JACKSON", "CLARKE", "PATEL", "KHAN", "LEWIS", "HUGHES", "MORGAN", "OWEN", "PRICE", "REES"};
    private static final String[] MALE = {"JOHN", "DAVID", "MICHAEL", "PAUL", "ANDREW", "MARK", "JAMES", "PETER",
        "RICHARD", "THOMAS", "OLIVER", "HARRY", "GEORGE", "ARJUN", "OMAR"};
    private static final String[] FEMALE = {"SARAH", "EMMA", "LAURA", "RACHEL", "CLAIRE", "HELEN", "SUSAN", "MARY",
        "OLIVIA", "AMELIA", "SOPHIE", "PRIYA", "AISHA", "JOAN", "MARGARET"};

    /** Procedures: name, specialty, mean minutes, sd. */
    private record Procedure(String name, String spec, int minutes, int sd) {
    }

    private static final List<Procedure> PROCEDURES = List.of(new Procedure("Laparoscopic cholecystectomy", "GSUR", 75, 20),
            new Procedure("Appendicectomy", "GSUR", 55, 15), new Procedure("Inguinal hernia repair", "GSUR", 60, 15),
            new Procedure("Right hemicolectomy", "GSUR", 170, 35), new Procedure("Total hip replacement", "ORTH", 110, 25),
            new Procedure("Total knee replacement", "ORTH", 120, 25), new Procedure("Hip hemiarthroplasty", "ORTH", 95, 20),
            new Procedure("ORIF of wrist", "ORTH", 70, 20), new Procedure("Caesarean section", "OBST", 50, 12),
            new Procedure("Cataract extraction", "OPHT", 25, 8), new Procedure("Carpal tunnel release", "ORTH", 20, 6));

    /** Lab tests: code, low, high, critical low (or NaN), critical high (or NaN), mean, sd, decimals, weight. */
    private static final Object[][] TESTS = {
        {"HB", 115.0, 165.0, 70.0, Double.NaN, 128.0, 20.0, 0, 22.0},
        {"NA", 133.0, 146.0, 120.0, 160.0, 138.0, 4.5, 0, 18.0},
        {"K", 3.5, 5.3, 2.5, 6.5, 4.3, 0.6, 1, 18.0},
        {"CREA", 45.0, 110.0, Double.NaN, 500.0, 95.0, 45.0, 0, 16.0},
        {"CRP", 0.0, 5.0, Double.NaN, Double.NaN, 30.0, 45.0, 0, 12.0},
        {"WCC", 4.0, 11.0, 1.0, 30.0, 8.5, 3.2, 1, 9.0},
        {"GLU", 3.5, 7.8, 2.5, 25.0, 6.8, 2.4, 1, 5.0}};

    private final Dice dice = new Dice(SEED);
    private final List<Object[]> consultants = new ArrayList<>();
    private final Map<String, List<String>> consultantsBySpec = new LinkedHashMap<>();
    private final List<Object[]> patients = new ArrayList<>();
    private final List<Object[]> admissions = new ArrayList<>();
    private final List<Object[]> wardStays = new ArrayList<>();
    private final List<Object[]> appointments = new ArrayList<>();
    private final List<Object[]> attendances = new ArrayList<>();
    private final List<Object[]> births = new ArrayList<>();
    private final List<Object[]> operations = new ArrayList<>();
    private final List<Object[]> ledger = new ArrayList<>();
    private final List<Object[]> results = new ArrayList<>();

    // per patient (index = patient number - 1): birth date, registration date, death date or null
    private final List<LocalDate> born = new ArrayList<>();
    private final List<LocalDate> registered = new ArrayList<>();
    private final List<LocalDate> died = new ArrayList<>();
    /** Until when a patient is in hospital (no other visit or stay starts before then). */
    private final List<LocalDateTime> busyUntil = new ArrayList<>();

    private RegionalHis() {
    }

    /** Writes the hospital into a fresh H2 file database at {@code base} (without the .mv.db suffix). */
    static void write(Path base) throws SQLException {
        RegionalHis h = new RegionalHis();
        h.consultants();
        h.patients();
        for (LocalDate d = START; !d.isAfter(LAST_DAY); d = d.plusDays(1)) {
            h.day(d);
        }
        for (LocalDate d = LAST_DAY.plusDays(1); !d.isAfter(BOOKED_UNTIL); d = d.plusDays(1)) {
            h.bookings(d);
        }
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            h.store(db);
        }
    }

    /** The file opened read-only, as an administrator would give it to Tally. */
    static String readOnlyUrl(Path base) {
        return "jdbc:h2:" + base.toAbsolutePath() + URL_SETTINGS + ";ACCESS_MODE_DATA=r";
    }

    static BigDecimal ymd(LocalDate d) {
        return BigDecimal.valueOf(d.getYear() * 10_000L + d.getMonthValue() * 100L + d.getDayOfMonth());
    }

    private static String hhmm(LocalDateTime t) {
        return String.format("%02d%02d", t.getHour(), t.getMinute());
    }

    private static String ptno(int patient) {
        return String.format("%08d", 100_000 + patient);
    }

    private String deleted(double p) {
        return dice.below(p) ? "D" : "A";
    }

    private void consultants() {
        String[][] plan = {{"GMED", "6"}, {"GSUR", "4"}, {"ORTH", "4"}, {"OBST", "3"}, {"PAED", "3"}, {"CARD", "3"},
            {"ELDM", "3"}, {"OPHT", "2"}};
        int n = 10_230;
        for (String[] p : plan) {
            for (int i = 0; i < Integer.parseInt(p[1]); i++) {
                String code = "C" + (n += dice.between(3, 40));
                boolean left = i == 0 && (p[0].equals("GMED") || p[0].equals("GSUR") || p[0].equals("PAED"));
                consultants.add(new Object[] {code, dice.oneOf(SURNAMES), dice.oneOf("A", "J", "M", "R", "S", "K")
                    + dice.oneOf("", "P", "L", "D"), p[0], left ? "L" : "A"});
                if (!left) {
                    consultantsBySpec.computeIfAbsent(p[0], k -> new ArrayList<>()).add(code);
                }
            }
        }
    }

    private String consultant(String spec) {
        return dice.oneOf(consultantsBySpec.get(spec.equals("OBST") || spec.equals("PAED") ? spec
                : consultantsBySpec.containsKey(spec) ? spec : "GMED"));
    }

    private void patients() {
        for (int i = 1; i <= PATIENTS; i++) {
            double s = dice.chance();
            String sex = s < 0.49 ? "M" : s < 0.985 ? "F" : "U";
            int age = dice.pick(List.of(w(dice.between(0, 15), 16.0), w(dice.between(16, 44), 34.0),
                    w(dice.between(45, 74), 32.0), w(dice.between(75, 98), 18.0)));
            LocalDate dob = LocalDate.of(2026, 11, 29).minusYears(age).minusDays(dice.between(0, 364));
            LocalDate reg = START.minusDays(dice.between(0, 6000));
            if (dice.below(0.12)) {
                reg = START.plusDays(dice.between(0, (int) ChronoUnit.DAYS.between(START, LAST_DAY)));
            }
            if (reg.isBefore(dob)) {
                reg = dob;
            }
            String rcst = dice.below(0.015) ? "D" : "A";
            String payer = dice.pick(List.of(w("SELF", 25.0), w("INSR", 45.0), w("GOVT", 30.0)));
            boolean female = sex.equals("F") || sex.equals("U") && dice.below(0.5);
            patients.add(new Object[] {ptno(i), dice.oneOf(SURNAMES), dice.oneOf(female ? FEMALE : MALE), sex, ymd(dob),
                "RG" + dice.between(1, 42) + " " + dice.between(1, 9) + (char) ('A' + dice.between(0, 25))
                    + (char) ('A' + dice.between(0, 25)), "G" + dice.between(81_001, 81_060), ymd(reg), BigDecimal.ZERO,
                payer, rcst});
            born.add(dob);
            registered.add(reg);
            died.add(null);
            busyUntil.add(LocalDateTime.MIN);
        }
    }

    /** A live patient registered by {@code day}, alive on it, aged from {@code minAge} to {@code maxAge} (female if asked). */
    private int patient(LocalDate day, int minAge, int maxAge, boolean female) {
        for (int tries = 0; tries < 10_000; tries++) {
            int i = dice.between(1, PATIENTS);
            Object[] p = patients.get(i - 1);
            long age = ChronoUnit.YEARS.between(born.get(i - 1), day);
            if (p[10].equals("D") || registered.get(i - 1).isAfter(day) || died.get(i - 1) != null
                    || busyUntil.get(i - 1).isAfter(day.atStartOfDay()) || age < minAge || age > maxAge
                    || female && !p[3].equals("F")) {
                continue;
            }
            return i;
        }
        throw new IllegalStateException("no patient fits " + day + " " + minAge + ".." + maxAge);
    }

    private void day(LocalDate d) {
        boolean weekday = d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY;
        int ed = dice.between(2, 5) + (d.getMonthValue() == 12 || d.getMonthValue() == 1 ? 1 : 0);
        for (int i = 0; i < ed; i++) {
            edAttendance(d);
        }
        for (int i = dice.between(0, 2); i > 0; i--) {
            int p = patient(d, 16, 98, false);
            admit(p, "GP", adultWard(p, d), d.atTime(dice.between(10, 21), dice.between(0, 59)), 0);
        }
        if (weekday) {
            for (int i = dice.between(1, 4); i > 0; i--) {
                int p = patient(d, 18, 90, false);
                Ward ward = dice.below(0.55) ? ward("RA03") : ward("RA04");
                admit(p, "EL", ward, d.atTime(dice.between(7, 9), dice.oneOf(0, 15, 30, 45)), 0);
            }
        }
        if (dice.below(0.26)) {
            admit(patient(d, 17, 44, true), "MA", ward("RA05"), d.atTime(dice.between(0, 23), dice.between(0, 59)), 0);
        }
        if (dice.below(0.45)) {
            admit(patient(d, 70, 98, false), "TR", dice.below(0.55) ? ward("CM01") : ward("CM02"),
                    d.atTime(dice.between(11, 17), dice.between(0, 59)), 0);
        }
        if (weekday) {
            for (int i = dice.between(6, 14); i > 0; i--) {
                appointment(d, true);
            }
            if (dice.below(0.6)) {
                int p = patient(d, 40, 95, false);
                dayCase(p, d);
            }
        }
    }

    private void bookings(LocalDate d) {
        if (d.getDayOfWeek() != DayOfWeek.SATURDAY && d.getDayOfWeek() != DayOfWeek.SUNDAY) {
            for (int i = dice.between(4, 10); i > 0; i--) {
                appointment(d, false);
            }
        }
    }

    private static Ward ward(String code) {
        return WARDS.stream().filter(w -> w.code().equals(code)).findFirst().orElseThrow();
    }

    private Ward adultWard(int patient, LocalDate d) {
        long age = ChronoUnit.YEARS.between(born.get(patient - 1), d);
        if (age < 16) {
            return ward("RA06");
        }
        String code = dice.pick(List.of(w("RA01", 30.0), w("RA02", 24.0), w("RA08", d.isBefore(HAZEL_CLOSED) ? 18.0 : 0),
                w("RA03", 14.0), w("RA04", 12.0), w("RA07", 8.0)));
        return ward(code);
    }

    private void edAttendance(LocalDate d) {
        int p = patient(d, 0, 98, false);
        LocalDateTime arrival = d.atTime(dice.between(0, 23), dice.between(0, 59));
        boolean leftUnseen = dice.below(0.05);
        int triage = leftUnseen && dice.below(0.6) ? 0 : dice.pick(List.of(w(1, 3.0), w(2, 15.0), w(3, 40.0),
                w(4, 30.0), w(5, 12.0)));
        LocalDateTime departure = arrival.plusMinutes(Math.round(Math.min(16 * 60, dice.logNormal(5.2, 0.55))));
        if (departure.isAfter(NOW)) {
            departure = NOW.minusMinutes(dice.between(5, 60));
        }
        String disposal = leftUnseen ? "LWB" : dice.below(triage <= 2 ? 0.55 : 0.2) ? "ADM" : dice.below(0.04) ? "TRF"
                : "DIS";
        int number = attendances.size() + 700_001;
        attendances.add(new Object[] {number, ptno(p), "RGH", ymd(d), hhmm(arrival), triage, dice.oneOf(COMPLAINTS),
            ymd(departure.toLocalDate()), hhmm(departure), disposal, deleted(0.01)});
        if (disposal.equals("ADM")) {
            admit(p, "EM", adultWard(p, departure.toLocalDate()), departure, number);
        }
        if (!leftUnseen && dice.below(0.35)) {
            labs(p, 0, arrival, departure, dice.between(1, 3));
        }
    }

    private void admit(int p, String method, Ward ward, LocalDateTime admitted, int edNumber) {
        if (admitted.isAfter(NOW)) {
            return;
        }
        String spec = ward.spec();
        double meanDays = switch (spec) {
            case "GSUR" -> method.equals("EL") ? 1.6 : 3.5;
            case "ORTH" -> method.equals("EL") ? 3.5 : 7.0;
            case "OBST" -> 2.0;
            case "PAED" -> 1.8;
            case "CARD" -> 3.0;
            case "ELDM" -> 16.0;
            default -> 5.5;
        };
        LocalDateTime discharged = admitted.plusMinutes(Math.max(180, Math.round(dice.exponential(meanDays) * 1440)));
        int number = admissions.size() + 40_001;
        long age = ChronoUnit.YEARS.between(born.get(p - 1), admitted.toLocalDate());
        String status = method.equals("EL") && dice.below(0.04) ? "X" : deleted(0.01);
        boolean open = discharged.isAfter(NOW);
        if (status.equals("X")) {
            admissions.add(new Object[] {number, ptno(p), ward.site(), ward.code(), consultant(spec), spec, method, 0,
                ymd(admitted.toLocalDate()), hhmm(admitted), BigDecimal.ZERO, "", "", "X"});
            return;
        }
        String destination = "";
        if (!open) {
            double death = spec.equals("OBST") || spec.equals("PAED") ? 0.0 : age >= 80 ? 0.09 : age >= 65 ? 0.04 : 0.01;
            destination = dice.below(death) ? "DIE" : age >= 75 && dice.below(0.12) ? "NHM" : dice.below(0.05) ? "TRF"
                    : dice.below(0.025) ? "SDS" : "HOM";
        }
        admissions.add(new Object[] {number, ptno(p), ward.site(), ward.code(), consultant(spec), spec, method, edNumber,
            ymd(admitted.toLocalDate()), hhmm(admitted), open ? BigDecimal.ZERO : ymd(discharged.toLocalDate()),
            open ? "" : hhmm(discharged), destination, status});
        if (status.equals("D")) {
            return; // entered in error: nothing else was recorded against it
        }
        busyUntil.set(p - 1, open ? LocalDateTime.MAX : discharged);
        if (destination.equals("DIE")) {
            died.set(p - 1, discharged.toLocalDate());
            patients.get(p - 1)[8] = ymd(discharged.toLocalDate());
        }
        LocalDateTime end = open ? null : discharged;
        wardStays(number, ward, admitted, end);
        if (spec.equals("OBST")) {
            delivery(p, number, admitted, end);
        } else if ((spec.equals("GSUR") || spec.equals("ORTH")) && dice.below(method.equals("EL") ? 0.88 : 0.4)) {
            operation(p, number, spec, method.equals("EL") ? 'P' : dice.below(0.6) ? 'E' : 'U', admitted, end);
        }
        labs(p, number, admitted, open ? NOW : discharged, dice.between(0, 5));
        if (!open) {
            bill(p, number, 0, discharged.toLocalDate(), 180_000 + Math.round(
                    ChronoUnit.HOURS.between(admitted, discharged) / 24.0 * dice.between(52_000, 68_000)));
        }
    }

    private void wardStays(int episode, Ward ward, LocalDateTime from, LocalDateTime to) {
        LocalDateTime until = to == null ? NOW : to;
        Ward next = switch (ward.code()) {
            case "RA07" -> ward("RA01");
            case "RA01", "RA08" -> ward("RA02");
            case "RA02" -> ward("RA01");
            case "RA03" -> ward("RA04");
            default -> null;
        };
        if (next != null && ChronoUnit.HOURS.between(from, until) > 48 && dice.below(0.3)) {
            LocalDateTime move = from.plusMinutes(dice.between(12 * 60, (int) ChronoUnit.MINUTES.between(from, until) - 60));
            wardStays.add(new Object[] {episode, 1, ward.code(), ymd(from.toLocalDate()), hhmm(from),
                ymd(move.toLocalDate()), hhmm(move)});
            wardStays.add(new Object[] {episode, 2, next.code(), ymd(move.toLocalDate()), hhmm(move),
                to == null ? BigDecimal.ZERO : ymd(to.toLocalDate()), to == null ? "" : hhmm(to)});
        } else {
            wardStays.add(new Object[] {episode, 1, ward.code(), ymd(from.toLocalDate()), hhmm(from),
                to == null ? BigDecimal.ZERO : ymd(to.toLocalDate()), to == null ? "" : hhmm(to)});
        }
    }

    private void delivery(int mother, int episode, LocalDateTime admitted, LocalDateTime discharged) {
        LocalDateTime at = admitted.plusMinutes(dice.between(60, 20 * 60));
        if (discharged != null && !at.isBefore(discharged) || at.isAfter(NOW)) {
            at = admitted.plusMinutes(30);
        }
        String method = dice.pick(List.of(w("SVD", 60.0), w("ELCS", 12.0), w("EMCS", 14.0), w("FORC", 4.0),
                w("VENT", 8.0), w("BREE", 2.0)));
        int gestation = dice.below(0.08) ? dice.between(28, 36) : dice.between(37, 42);
        int babies = dice.below(0.025) ? 2 : 1;
        for (int b = 0; b < babies; b++) {
            int grams = (int) Math.max(700, Math.round(dice.gauss(gestation < 37 ? 2300 : 3400, 450) - (babies - 1) * 500));
            births.add(new Object[] {births.size() + 900_001, ptno(mother), episode, ymd(at.toLocalDate()),
                hhmm(at.plusMinutes(b * 7L)), method, gestation, grams, dice.below(0.51) ? "M" : "F",
                dice.below(0.015) ? "S" : "L", "A"});
        }
        if (method.endsWith("CS")) {
            int minutes = (int) Math.round(Math.max(30, dice.gauss(50, 12)));
            LocalDateTime start = at.minusMinutes(10);
            if (start.getHour() > 21) {
                start = start.withHour(21);
            }
            operations.add(new Object[] {operations.size() + 300_001, episode, ptno(mother), "RGH", "RT04",
                "Caesarean section", consultant("OBST"), ymd(start.toLocalDate()), hhmm(start),
                hhmm(start.plusMinutes(minutes)), method.equals("EMCS") ? "E" : "P", "A"});
        }
    }

    private void operation(int p, int episode, String spec, char urgency, LocalDateTime admitted, LocalDateTime discharged) {
        List<Procedure> fits = PROCEDURES.stream().filter(x -> x.spec().equals(spec) && !x.name().startsWith("Carpal")).toList();
        Procedure proc = dice.oneOf(fits);
        LocalDate day = urgency == 'P' ? admitted.toLocalDate() : admitted.toLocalDate().plusDays(dice.between(0, 1));
        if (discharged != null && day.isAfter(discharged.toLocalDate()) || day.isAfter(LAST_DAY)) {
            day = admitted.toLocalDate();
        }
        int minutes = (int) Math.round(Math.max(15, dice.gauss(proc.minutes(), proc.sd())));
        LocalDateTime start = day.atTime(urgency == 'P' ? dice.between(8, 15) : dice.between(0, 18), dice.between(0, 59));
        operations.add(new Object[] {operations.size() + 300_001, episode, ptno(p), "RGH",
            spec.equals("ORTH") ? "RT02" : dice.oneOf("RT01", "RT03"), proc.name(), consultant(spec), ymd(day), hhmm(start),
            hhmm(start.plusMinutes(minutes)), String.valueOf(urgency), deleted(0.01)});
    }

    private void dayCase(int p, LocalDate d) {
        Procedure proc = dice.below(0.65) ? PROCEDURES.get(9) : PROCEDURES.get(10);
        int minutes = (int) Math.round(Math.max(10, dice.gauss(proc.minutes(), proc.sd())));
        LocalDateTime start = d.atTime(dice.between(9, 15), dice.between(0, 59));
        operations.add(new Object[] {operations.size() + 300_001, 0, ptno(p), "CMH", "CT01", proc.name(),
            consultant(proc.spec()), ymd(d), hhmm(start), hhmm(start.plusMinutes(minutes)), "P", deleted(0.01)});
    }

    private void appointment(LocalDate d, boolean past) {
        int c = 0;
        double x = dice.uniform(0, 100);
        while (c < CLINICS.length - 1 && x >= CLINIC_WEIGHTS[c]) {
            x -= CLINIC_WEIGHTS[c];
            c++;
        }
        String[] clinic = CLINICS[c];
        int p = switch (clinic[3]) {
            case "OBST" -> patient(d, 17, 44, true);
            case "PAED" -> patient(d, 0, 15, false);
            case "ELDM" -> patient(d, 70, 98, false);
            default -> patient(d, 16, 98, false);
        };
        String status = past ? dice.pick(List.of(w("AT", 78.0), w("DN", 9.0), w("CP", 7.0), w("CH", 6.0))) : "BK";
        LocalDateTime at = d.atTime(dice.between(9, 16), dice.oneOf(0, 15, 30, 45));
        LocalDate booked = d.minusDays(dice.between(3, 90));
        if (booked.isAfter(LAST_DAY)) {
            booked = LAST_DAY.minusDays(dice.between(0, 20));
        }
        int number = appointments.size() + 500_001;
        String rcst = deleted(0.01);
        appointments.add(new Object[] {number, ptno(p), clinic[0], ymd(d), hhmm(at), ymd(booked), status,
            dice.below(0.35) ? "Y" : " ", rcst});
        if (status.equals("AT") && rcst.equals("A")) {
            bill(p, 0, number, d, dice.between(120, 250) * 100L);
            if (dice.below(0.1)) {
                labs(p, 0, at, at.plusHours(1), 1);
            }
        }
    }

    /** The ledger of one stay or attendance: its charge (sometimes reversed and raised again), payments, write-offs. */
    private void bill(int p, int episode, int appointment, LocalDate day, long cents) {
        String payer = (String) patients.get(p - 1)[9];
        long charged = cents;
        ledger(p, episode, appointment, "CHG", day, charged, payer);
        if (dice.below(0.05)) {
            LocalDate again = day.plusDays(dice.between(1, 10));
            if (!again.isAfter(LAST_DAY)) {
                ledger(p, episode, appointment, "REV", again, charged, payer);
                charged = Math.round(charged * dice.uniform(0.7, 1.1));
                ledger(p, episode, appointment, "CHG", again, charged, payer);
            }
        }
        long paid = 0;
        double payChance = payer.equals("SELF") ? 0.75 : 0.9;
        LocalDate when = day;
        for (int k = 0; k < 3 && paid < charged && dice.below(payChance); k++) {
            when = when.plusDays(dice.between(0, 40));
            if (when.isAfter(LAST_DAY)) {
                break;
            }
            long amount = k == 2 || dice.below(0.7) ? charged - paid : Math.round((charged - paid) * 0.5);
            ledger(p, episode, appointment, "PAY", when, amount, payer);
            paid += amount;
        }
        if (paid < charged && day.isBefore(LAST_DAY.minusDays(365)) && dice.below(0.25)) {
            ledger(p, episode, appointment, "ADJ", day.plusDays(365), charged - paid, payer);
        }
    }

    private void ledger(int p, int episode, int appointment, String type, LocalDate day, long cents, String payer) {
        ledger.add(new Object[] {ledger.size() + 1_000_001, ptno(p), episode, appointment, type, ymd(day), (int) cents,
            payer, deleted(0.005)});
    }

    private void labs(int p, int episode, LocalDateTime from, LocalDateTime to, int n) {
        List<Weighted<Object[]>> tests = new ArrayList<>();
        for (Object[] t : TESTS) {
            tests.add(w(t, (double) t[8]));
        }
        for (int i = 0; i < n; i++) {
            Object[] t = dice.pick(tests);
            LocalDateTime at = dice.moment(from, to.isAfter(from) ? to : from);
            if (at.isAfter(NOW)) {
                at = NOW.minusMinutes(30);
            }
            double v = Math.max(0.1, dice.gauss((double) t[5], (double) t[6]));
            int decimals = (int) t[7];
            String value = decimals == 0 ? String.valueOf(Math.round(v)) : String.format("%.1f", v);
            v = Double.parseDouble(value);
            String flag = flag(t, v);
            if (t[0].equals("CRP") && v < 5) {
                value = "<5";
                flag = "";
            } else if (t[0].equals("K") && dice.below(0.015)) {
                value = "HAEMOLYSED";
                flag = "";
            } else if (dice.below(0.004)) {
                value = "INSUFF";
                flag = "";
            }
            results.add(new Object[] {results.size() + 2_000_001, ptno(p), episode, t[0], ymd(at.toLocalDate()), hhmm(at),
                value, flag, deleted(0.01)});
        }
    }

    private static String flag(Object[] t, double v) {
        double critLow = (double) t[3];
        double critHigh = (double) t[4];
        if (!Double.isNaN(critLow) && v <= critLow) {
            return "LL";
        }
        if (!Double.isNaN(critHigh) && v >= critHigh) {
            return "HH";
        }
        return v < (double) t[1] ? "L" : v > (double) t[2] ? "H" : "";
    }

    private void store(H2Script db) throws SQLException {
        List<Object[]> codes = new ArrayList<>();
        CODES.forEach((type, rows) -> {
            for (String[] r : rows) {
                codes.add(new Object[] {type, r[0], r[1], r[0].equals("BK") && type.equals("ADMM") ? "I" : "A"});
            }
        });
        db.insert("CODTAB", List.of("CTTYPE", "CTCODE", "CTDESC", "CTSTAT"), codes);
        db.insert("SITMAS", List.of("SMSITE", "SMNAME", "SMTYPE"), List.of(
                new Object[] {"RGH", "Regional General Hospital", "ACUTE"},
                new Object[] {"CMH", "Castle Mead Community Hospital", "COMM"}));
        List<Object[]> wards = new ArrayList<>();
        WARDS.forEach(w -> wards.add(new Object[] {w.code(), w.site(), w.name(), w.spec(), w.beds(), w.open() ? "O" : "C"}));
        db.insert("WRDMAS", List.of("WMWARD", "WMSITE", "WMNAME", "WMSPEC", "WMBEDS", "WMSTAT"), wards);
        db.insert("CONMAS", List.of("CNCODE", "CNSURN", "CNINIT", "CNSPEC", "CNSTAT"), consultants);
        List<Object[]> clinics = new ArrayList<>();
        for (String[] c : CLINICS) {
            clinics.add(new Object[] {c[0], c[1], c[2], c[3], consultant(c[3])});
        }
        db.insert("CLNMAS", List.of("CLCLIN", "CLNAME", "CLSITE", "CLSPEC", "CLCONS"), clinics);
        db.insert("PATMAS", List.of("PMPTNO", "PMSURN", "PMFORE", "PMSEX", "PMDOB", "PMPOST", "PMGPPR", "PMRGDT", "PMDTHD",
                "PMPAYR", "PMRCST"), patients);
        db.insert("ADMREG", List.of("ADEPNO", "ADPTNO", "ADSITE", "ADWARD", "ADCONS", "ADSPEC", "ADMETH", "ADEDNO", "ADADDT",
                "ADADTM", "ADDSDT", "ADDSTM", "ADDISD", "ADRCST"), admissions);
        db.insert("WRDSTY", List.of("WSEPNO", "WSSEQN", "WSWARD", "WSSTDT", "WSSTTM", "WSENDT", "WSENTM"), wardStays);
        db.insert("OPAPPT", List.of("OAAPNO", "OAPTNO", "OACLIN", "OAAPDT", "OAAPTM", "OABKDT", "OAATTS", "OANEWF",
                "OARCST"), appointments);
        db.insert("EDATTN", List.of("EAATNO", "EAPTNO", "EASITE", "EAARDT", "EAARTM", "EATRIA", "EACOMP", "EADPDT", "EADPTM",
                "EADISP", "EARCST"), attendances);
        db.insert("BIRREG", List.of("BRBRNO", "BRMOTH", "BREPNO", "BRDTDT", "BRDTTM", "BRMETH", "BRGEST", "BRWGHT", "BRSEX",
                "BROUTC", "BRRCST"), births);
        db.insert("THRLOG", List.of("TLOPNO", "TLEPNO", "TLPTNO", "TLSITE", "TLTHTR", "TLPROC", "TLSURG", "TLOPDT", "TLSTTM",
                "TLENTM", "TLURGN", "TLRCST"), operations);
        db.insert("BILTRN", List.of("BTTRNO", "BTPTNO", "BTEPNO", "BTAPNO", "BTTXTY", "BTTXDT", "BTAMNT", "BTPAYR",
                "BTRCST"), ledger);
        db.insert("LABRES", List.of("LRRSNO", "LRPTNO", "LREPNO", "LRTEST", "LRCLDT", "LRCLTM", "LRVALU", "LRFLAG",
                "LRRCST"), results);
    }
}
