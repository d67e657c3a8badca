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
import org.tally.acceptance.unseen.Dice.Weighted;
import org.tally.acceptance.unseen.H2Script;

/**
 * A Nordic health region's patient record warehouse, synthetic and seeded: lower-case Swedish-style abbreviated names
 * ({@code DATABASE_TO_UPPER=FALSE}: vardtillfalle, besok, akutbesok, forlossning, lab_svar, lakemedel_ord); every coded
 * value an INTEGER read through one shared code table {@code kodverk} keyed by (kv_id, kod), so the same integer means
 * something else in each code system (kv_id 1 sex, 2 admission method, 3 discharge method, 4 visit status, 5 triage
 * colour, 6 delivery method, 7 visit type, 8 profession, 9 diagnosis type, 10 unit type, 11 order status); one
 * organisation table {@code region_enhet} for hospitals, wards, clinics and emergency departments (a parent
 * column, a unit type code, a closed geriatric ward); personal identity numbers (YYYYMMDD-NNNN); 'J'/'N' flags; test
 * patients flagged {@code testpat = 'J'} with activity of their own; voided rows {@code makulerad = 'J'} on every
 * clinical table; two dates on an episode (inskr_tid the admission, reg_tid when the clerk keyed it in, days later at
 * times) and on a lab result (provtid sampled, svarstid reported). Activity runs 2023-01-01 .. 2026-11-28; outpatient
 * bookings run on to 2027-01-31. Reference date 2026-11-29.
 */
final class NordicRegion {

    static final String URL_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    static final String USER = "sa";
    static final String PASSWORD = "";

    private static final long SEED = 20261202L;
    private static final LocalDate START = LocalDate.of(2023, 1, 1);
    private static final LocalDate LAST_DAY = LocalDate.of(2026, 11, 28);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 0, 0);
    private static final LocalDate BOOKED_UNTIL = LocalDate.of(2027, 1, 31);
    private static final LocalDate GERIATRIC_CLOSED = LocalDate.of(2025, 3, 1);
    private static final int PATIENTS = 3000;
    private static final int TEST_PATIENTS = 30;

    static final String DDL = """
            CREATE TABLE kodverk_typ (kv_id INTEGER PRIMARY KEY, kv_namn VARCHAR(20) NOT NULL, kv_beskr VARCHAR(60) NOT NULL);
            CREATE TABLE kodverk (kv_id INTEGER NOT NULL REFERENCES kodverk_typ(kv_id), kod INTEGER NOT NULL,
              benamning VARCHAR(40) NOT NULL, PRIMARY KEY (kv_id, kod));
            CREATE TABLE region_enhet (enh_id INTEGER PRIMARY KEY, enh_namn VARCHAR(40) NOT NULL, enh_typ INTEGER NOT NULL,
              overordnad INTEGER, vardplatser INTEGER, aktiv CHAR(1) NOT NULL);
            CREATE TABLE person (pat_id INTEGER PRIMARY KEY, personnr CHAR(13) NOT NULL, fornamn VARCHAR(30) NOT NULL,
              efternamn VARCHAR(30) NOT NULL, fodd DATE NOT NULL, kon INTEGER NOT NULL, kommun VARCHAR(30) NOT NULL,
              reg_tid TIMESTAMP NOT NULL, avliden DATE, testpat CHAR(1) NOT NULL);
            CREATE TABLE personal (pers_id INTEGER PRIMARY KEY, fornamn VARCHAR(30) NOT NULL, efternamn VARCHAR(30) NOT NULL,
              yrke INTEGER NOT NULL, enh_id INTEGER NOT NULL, anst_dat DATE NOT NULL, avslutad DATE);
            CREATE TABLE diagnoskod (icd10 VARCHAR(6) PRIMARY KEY, benamning VARCHAR(60) NOT NULL, kapitel VARCHAR(30) NOT NULL);
            CREATE TABLE analys_katalog (analys VARCHAR(10) PRIMARY KEY, benamning VARCHAR(40) NOT NULL,
              enhet VARCHAR(10) NOT NULL, ref_lag DECIMAL(8,1) NOT NULL, ref_hog DECIMAL(8,1) NOT NULL);
            CREATE TABLE vardtillfalle (vtf_id INTEGER PRIMARY KEY, pat_id INTEGER NOT NULL, enh_id INTEGER NOT NULL,
              ansv_lak INTEGER NOT NULL, inskr_tid TIMESTAMP NOT NULL, utskr_tid TIMESTAMP, inskr_satt INTEGER NOT NULL,
              utskr_satt INTEGER, reg_tid TIMESTAMP NOT NULL, makulerad CHAR(1) NOT NULL);
            CREATE TABLE akutbesok (akb_id INTEGER PRIMARY KEY, pat_id INTEGER NOT NULL, enh_id INTEGER NOT NULL,
              ankomst_tid TIMESTAMP NOT NULL, prio INTEGER NOT NULL, sokorsak VARCHAR(30) NOT NULL, avfard_tid TIMESTAMP NOT NULL,
              vtf_id INTEGER, makulerad CHAR(1) NOT NULL);
            CREATE TABLE besok (besok_id INTEGER PRIMARY KEY, pat_id INTEGER NOT NULL, enh_id INTEGER NOT NULL,
              pers_id INTEGER NOT NULL, bokat_tid TIMESTAMP NOT NULL, besok_tid TIMESTAMP NOT NULL, besokstyp INTEGER NOT NULL,
              status INTEGER NOT NULL, makulerad CHAR(1) NOT NULL);
            CREATE TABLE diagnos (diag_id INTEGER PRIMARY KEY, pat_id INTEGER NOT NULL, vtf_id INTEGER, besok_id INTEGER,
              icd10 VARCHAR(6) NOT NULL REFERENCES diagnoskod(icd10), diag_typ INTEGER NOT NULL, diag_dat DATE NOT NULL,
              makulerad CHAR(1) NOT NULL);
            CREATE TABLE forlossning (forl_id INTEGER PRIMARY KEY, pat_id INTEGER NOT NULL, vtf_id INTEGER NOT NULL,
              forl_tid TIMESTAMP NOT NULL, forl_satt INTEGER NOT NULL, grav_v INTEGER NOT NULL, vikt_g INTEGER NOT NULL,
              levande CHAR(1) NOT NULL, makulerad CHAR(1) NOT NULL);
            CREATE TABLE lab_svar (svar_id INTEGER PRIMARY KEY, pat_id INTEGER NOT NULL, vtf_id INTEGER,
              analys VARCHAR(10) NOT NULL REFERENCES analys_katalog(analys), provtid TIMESTAMP NOT NULL,
              svarstid TIMESTAMP NOT NULL, varde DECIMAL(8,1) NOT NULL, avvik CHAR(1));
            CREATE TABLE lakemedel_ord (ord_id INTEGER PRIMARY KEY, pat_id INTEGER NOT NULL, vtf_id INTEGER, atc VARCHAR(8) NOT NULL,
              preparat VARCHAR(30) NOT NULL, forskr_id INTEGER NOT NULL, ord_tid TIMESTAMP NOT NULL, utsatt_tid TIMESTAMP,
              ordstatus INTEGER NOT NULL)
            """;

    private static final String[][] CODE_SYSTEMS = {
        {"1", "KON", "Kön"}, {"2", "INSKRSATT", "Inskrivningssätt"}, {"3", "UTSKRSATT", "Utskrivningssätt"},
        {"4", "BESOKSTATUS", "Besöksstatus"}, {"5", "PRIO", "Triageprioritet (RETTS)"}, {"6", "FORLSATT", "Förlossningssätt"},
        {"7", "BESOKTYP", "Besökstyp"}, {"8", "YRKE", "Yrkeskategori"}, {"9", "DIAGTYP", "Diagnostyp"},
        {"10", "ENHTYP", "Enhetstyp"}, {"11", "ORDSTATUS", "Ordinationsstatus"}};

    private static final Object[][] CODES = {
        {1, 1, "Man"}, {1, 2, "Kvinna"}, {1, 9, "Okänt"},
        {2, 1, "Akut"}, {2, 2, "Planerad"}, {2, 3, "Överflyttning"},
        {3, 1, "Hem"}, {3, 2, "Annat sjukhus"}, {3, 3, "Särskilt boende"}, {3, 4, "Avliden"},
        {4, 1, "Bokad"}, {4, 2, "Genomförd"}, {4, 3, "Uteblev"}, {4, 4, "Avbokad av patient"}, {4, 5, "Avbokad av mottagning"},
        {5, 1, "Röd"}, {5, 2, "Orange"}, {5, 3, "Gul"}, {5, 4, "Grön"}, {5, 5, "Blå"},
        {6, 1, "Vaginal"}, {6, 2, "Kejsarsnitt"}, {6, 3, "Sugklocka"},
        {7, 1, "Nybesök"}, {7, 2, "Återbesök"}, {7, 3, "Telefonkontakt"}, {7, 4, "Videobesök"},
        {8, 1, "Läkare"}, {8, 2, "Sjuksköterska"}, {8, 3, "Barnmorska"}, {8, 4, "Undersköterska"}, {8, 5, "Sekreterare"},
        {9, 1, "Huvuddiagnos"}, {9, 2, "Bidiagnos"},
        {10, 1, "Sjukhus"}, {10, 2, "Vårdavdelning"}, {10, 3, "Mottagning"}, {10, 4, "Akutmottagning"},
        {11, 1, "Aktiv"}, {11, 2, "Utsatt"}, {11, 3, "Makulerad"}};

    private record Unit(int id, String name, int type, Integer parent, Integer beds, boolean active) {
    }

    private static final List<Unit> UNITS = List.of(
            new Unit(1, "Norrviks sjukhus", 1, null, null, true), new Unit(2, "Fjällby lasarett", 1, null, null, true),
            new Unit(11, "Avd 11 Medicin", 2, 1, 24, true), new Unit(12, "Avd 12 Kirurgi", 2, 1, 20, true),
            new Unit(13, "Avd 13 Ortopedi", 2, 1, 18, true), new Unit(14, "BB Förlossning", 2, 1, 16, true),
            new Unit(15, "IVA", 2, 1, 8, true), new Unit(21, "Avd 21 Medicin Fjällby", 2, 2, 20, true),
            new Unit(22, "Avd 22 Geriatrik", 2, 2, 14, false),
            new Unit(31, "Diabetesmottagningen", 3, 1, null, true), new Unit(32, "Hjärtmottagningen", 3, 1, null, true),
            new Unit(33, "Ortopedmottagningen", 3, 1, null, true), new Unit(34, "Barnmorskemottagningen", 3, 2, null, true),
            new Unit(35, "Vårdcentral Fjällby", 3, 2, null, true),
            new Unit(41, "Akutmottagningen Norrvik", 4, 1, null, true), new Unit(42, "Akuten Fjällby", 4, 2, null, true));

    /** Diagnosis codes with the ward that usually treats them (0: outpatient only). */
    private static final Object[][] DIAGNOSES = {
        {"I21.9", "Akut hjärtinfarkt", "Cirkulationsorganen", 11}, {"I50.9", "Hjärtsvikt", "Cirkulationsorganen", 21},
        {"I48.9", "Förmaksflimmer", "Cirkulationsorganen", 11}, {"I63.9", "Hjärninfarkt", "Cirkulationsorganen", 21},
        {"J18.9", "Pneumoni", "Andningsorganen", 11}, {"J44.1", "KOL med akut exacerbation", "Andningsorganen", 21},
        {"U07.1", "Covid-19", "Särskilda koder", 11}, {"A41.9", "Sepsis", "Infektioner", 15},
        {"N39.0", "Urinvägsinfektion", "Urinorganen", 22}, {"K35.8", "Akut appendicit", "Matsmältningsorganen", 12},
        {"K80.2", "Gallsten", "Matsmältningsorganen", 12}, {"S72.0", "Collumfraktur", "Skador", 13},
        {"M17.1", "Knäledsartros", "Muskuloskeletala", 13}, {"E11.9", "Diabetes typ 2", "Endokrina", 0},
        {"E10.9", "Diabetes typ 1", "Endokrina", 0}, {"I10", "Essentiell hypertoni", "Cirkulationsorganen", 0},
        {"F32.9", "Depression", "Psykiska", 0}, {"O80", "Normal förlossning", "Graviditet", 14},
        {"O82", "Förlossning med kejsarsnitt", "Graviditet", 14}, {"Z34.9", "Normal graviditet", "Graviditet", 0}};

    private static final Object[][] ANALYSES = {
        {"B-Hb", "Hemoglobin", "g/L", 117.0, 170.0, 135.0, 18.0}, {"P-CRP", "C-reaktivt protein", "mg/L", 0.0, 5.0, 12.0, 25.0},
        {"P-Krea", "Kreatinin", "umol/L", 45.0, 100.0, 85.0, 30.0}, {"P-K", "Kalium", "mmol/L", 3.5, 4.6, 4.1, 0.45},
        {"P-Glukos", "Glukos", "mmol/L", 4.0, 6.0, 6.4, 2.0}, {"B-HbA1c", "HbA1c", "mmol/mol", 27.0, 42.0, 52.0, 12.0}};

    private static final Object[][] DRUGS = {
        {"N02BE01", "Alvedon"}, {"J01CE02", "Kåvepenin"}, {"B01AC06", "Trombyl"}, {"C07AB02", "Seloken ZOC"},
        {"C03CA01", "Furix"}, {"A10BA02", "Metformin"}, {"N02AA05", "OxyNorm"}, {"B01AB05", "Klexane"},
        {"J01DD04", "Ceftriaxon"}, {"A02BC01", "Omeprazol"}};

    private static final List<String> COMPLAINTS = List.of("Bröstsmärta", "Buksmärta", "Andnöd", "Fall", "Feber",
            "Yrsel", "Huvudvärk", "Sårskada", "Ryggsmärta");
    private static final List<String> TOWNS = List.of("Norrvik", "Fjällby", "Sjöstad", "Bergsby", "Älvdalen");
    private static final List<String> GIVEN_F = List.of("Anna", "Maria", "Karin", "Sara", "Emma", "Ingrid", "Linnea", "Elsa");
    private static final List<String> GIVEN_M = List.of("Erik", "Lars", "Karl", "Johan", "Anders", "Nils", "Olof", "Per");
    private static final List<String> FAMILY = List.of("Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson",
            "Larsson", "Olsson", "Persson", "Lindberg", "Berg", "Holm", "Lund");

    private record Patient(int id, LocalDate born, int sex, boolean test) {
    }

    private final Dice dice = new Dice(SEED);
    private final Rows rows = new Rows();
    private final List<Patient> patients = new ArrayList<>();
    private final List<Object[]> people = new ArrayList<>();
    private final List<Patient> women = new ArrayList<>();
    private final List<Integer> doctors = new ArrayList<>();
    private final List<Integer> clinicStaff = new ArrayList<>();
    private final LocalDate[] diedOn = new LocalDate[PATIENTS + TEST_PATIENTS + 1];
    private int episodeNo = 100_000;
    private int edNo = 500_000;
    private int visitNo = 700_000;
    private int diagnosisNo = 1;
    private int deliveryNo = 1;
    private int resultNo = 1;
    private int orderNo = 1;

    static void write(Path base) throws SQLException {
        NordicRegion r = new NordicRegion();
        r.declare();
        r.reference();
        r.staff();
        r.people();
        for (LocalDate d = START; !d.isAfter(LAST_DAY); d = d.plusDays(1)) {
            r.day(d);
        }
        for (LocalDate d = LAST_DAY.plusDays(1); !d.isAfter(BOOKED_UNTIL); d = d.plusDays(1)) {
            r.outpatient(d, true);
        }
        r.deaths();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            r.rows.writeTo(db);
        }
    }

    static String readOnlyUrl(Path base) {
        return "jdbc:h2:" + base.toAbsolutePath() + URL_SETTINGS + ";ACCESS_MODE_DATA=r";
    }

    private void declare() {
        rows.declare("kodverk_typ", "kv_id", "kv_namn", "kv_beskr");
        rows.declare("kodverk", "kv_id", "kod", "benamning");
        rows.declare("region_enhet", "enh_id", "enh_namn", "enh_typ", "overordnad", "vardplatser", "aktiv");
        rows.declare("personal", "pers_id", "fornamn", "efternamn", "yrke", "enh_id", "anst_dat", "avslutad");
        rows.declare("diagnoskod", "icd10", "benamning", "kapitel");
        rows.declare("analys_katalog", "analys", "benamning", "enhet", "ref_lag", "ref_hog");
        rows.declare("person", "pat_id", "personnr", "fornamn", "efternamn", "fodd", "kon", "kommun", "reg_tid", "avliden",
                "testpat");
        rows.declare("vardtillfalle", "vtf_id", "pat_id", "enh_id", "ansv_lak", "inskr_tid", "utskr_tid", "inskr_satt",
                "utskr_satt", "reg_tid", "makulerad");
        rows.declare("akutbesok", "akb_id", "pat_id", "enh_id", "ankomst_tid", "prio", "sokorsak", "avfard_tid", "vtf_id",
                "makulerad");
        rows.declare("besok", "besok_id", "pat_id", "enh_id", "pers_id", "bokat_tid", "besok_tid", "besokstyp", "status",
                "makulerad");
        rows.declare("diagnos", "diag_id", "pat_id", "vtf_id", "besok_id", "icd10", "diag_typ", "diag_dat", "makulerad");
        rows.declare("forlossning", "forl_id", "pat_id", "vtf_id", "forl_tid", "forl_satt", "grav_v", "vikt_g", "levande",
                "makulerad");
        rows.declare("lab_svar", "svar_id", "pat_id", "vtf_id", "analys", "provtid", "svarstid", "varde", "avvik");
        rows.declare("lakemedel_ord", "ord_id", "pat_id", "vtf_id", "atc", "preparat", "forskr_id", "ord_tid", "utsatt_tid",
                "ordstatus");
    }

    private void reference() {
        for (String[] s : CODE_SYSTEMS) {
            rows.add("kodverk_typ", Integer.parseInt(s[0]), s[1], s[2]);
        }
        for (Object[] c : CODES) {
            rows.add("kodverk", c);
        }
        for (Unit u : UNITS) {
            rows.add("region_enhet", u.id(), u.name(), u.type(), u.parent(), u.beds(), u.active() ? "J" : "N");
        }
        for (Object[] d : DIAGNOSES) {
            rows.add("diagnoskod", d[0], d[1], d[2]);
        }
        for (Object[] a : ANALYSES) {
            rows.add("analys_katalog", a[0], a[1], a[2], dec(a[3]), dec(a[4]));
        }
    }

    private void staff() {
        int[] wardsAndClinics = {11, 12, 13, 14, 15, 21, 22, 31, 32, 33, 34, 35, 41, 42};
        for (int id = 1; id <= 90; id++) {
            int profession = id <= 30 ? 1 : id <= 60 ? 2 : id <= 70 ? 3 : id <= 84 ? 4 : 5;
            int unit = profession == 3 ? dice.oneOf(14, 34) : wardsAndClinics[dice.between(0, wardsAndClinics.length - 1)];
            boolean female = dice.below(0.6);
            LocalDate hired = LocalDate.of(1995, 1, 1).plusDays(dice.between(0, 11_000));
            LocalDate left = dice.below(0.12) ? LocalDate.of(2023, 3, 1).plusDays(dice.between(0, 1300)) : null;
            rows.add("personal", id, dice.oneOf(female ? GIVEN_F : GIVEN_M), dice.oneOf(FAMILY), profession, unit, hired, left);
            if (profession == 1) {
                doctors.add(id);
            }
            if (profession <= 3) {
                clinicStaff.add(id);
            }
        }
    }

    private void people() {
        for (int id = 1; id <= PATIENTS + TEST_PATIENTS; id++) {
            boolean test = id > PATIENTS;
            int sex = dice.below(0.01) ? 9 : dice.below(0.52) ? 2 : 1;
            LocalDate born = LocalDate.of(1930, 1, 1).plusDays(dice.between(0, 33_000));
            String pnr = born.toString().replace("-", "") + "-" + String.format("%04d", dice.between(0, 9999));
            String given = test ? "Test" : dice.oneOf(sex == 2 ? GIVEN_F : GIVEN_M);
            String family = test ? "Testsson" + (id - PATIENTS) : dice.oneOf(FAMILY);
            LocalDateTime registered = LocalDateTime.of(2005, 1, 1, 8, 0).plusMinutes(dice.between(0, 11_000_000));
            Patient p = new Patient(id, born, sex, test);
            patients.add(p);
            if (sex == 2 && born.isAfter(LocalDate.of(1978, 1, 1)) && born.isBefore(LocalDate.of(2006, 1, 1))) {
                women.add(p);
            }
            people.add(new Object[] {id, pnr, given, family, born, sex, dice.oneOf(TOWNS), ts(registered), null,
                test ? "J" : "N"});
        }
    }

    private Patient patient() {
        return dice.below(0.012) ? patients.get(PATIENTS + dice.between(0, TEST_PATIENTS - 1))
                : patients.get(dice.between(0, PATIENTS - 1));
    }

    private void day(LocalDate d) {
        int edVisits = dice.between(6, 14);
        for (int i = 0; i < edVisits; i++) {
            emergency(d);
        }
        int planned = dice.between(0, 3);
        for (int i = 0; i < planned; i++) {
            int ward = dice.pick(List.of(w(12, 4.0), w(13, 4.0), w(11, 1.0)));
            episode(patient(), ward, 2, d.atTime(dice.between(7, 11), dice.between(0, 59)), null);
        }
        if (dice.below(0.8)) {
            delivery(d);
        }
        outpatient(d, false);
    }

    private void emergency(LocalDate d) {
        Patient p = patient();
        int unit = dice.below(0.65) ? 41 : 42;
        LocalDateTime arrived = d.atStartOfDay().plusMinutes(dice.between(0, 1439));
        int prio = dice.pick(List.of(w(1, 0.05), w(2, 0.2), w(3, 0.4), w(4, 0.3), w(5, 0.05)));
        LocalDateTime left = arrived.plusMinutes(dice.between(40, 60 * (prio <= 2 ? 5 : 7)));
        boolean admitted = dice.below(prio <= 2 ? 0.7 : 0.15) && !left.isAfter(NOW);
        Integer episode = null;
        if (admitted) {
            Integer ward = unit == 41 ? dice.pick(List.of(w(11, 5.0), w(12, 2.0), w(13, 2.0), w(15, prio == 1 ? 3.0 : 0.3)))
                    : dice.below(0.6) || !d.isBefore(GERIATRIC_CLOSED) ? Integer.valueOf(21) : Integer.valueOf(22);
            episode = episode(p, ward, 1, left, null);
        }
        if (left.isAfter(NOW)) {
            left = NOW.minusMinutes(dice.between(1, 30));
        }
        rows.add("akutbesok", edNo++, p.id(), unit, ts(arrived), prio, dice.oneOf(COMPLAINTS), ts(left), episode,
                dice.below(0.01) ? "J" : "N");
    }

    /** An inpatient episode from {@code admitted}; returns its number. */
    private int episode(Patient p, int ward, int method, LocalDateTime admitted, LocalDateTime fixedDischarge) {
        int id = episodeNo++;
        LocalDateTime discharged = fixedDischarge != null ? fixedDischarge
                : admitted.plusMinutes((long) (60 * 24 * Math.max(0.3, dice.exponential(ward == 15 ? 3.0 : 4.5))));
        Integer how = null;
        if (discharged.isAfter(NOW)) {
            discharged = null;
        } else {
            boolean old = admitted.toLocalDate().getYear() - p.born().getYear() > 75;
            how = dice.pick(List.of(w(1, 80.0), w(2, 5.0), w(3, old ? 10.0 : 1.0), w(4, ward == 15 ? 12.0 : old ? 4.0 : 1.0)));
            if (how == 4) {
                if (diedOn[p.id()] != null) {
                    how = 1;
                } else {
                    diedOn[p.id()] = discharged.toLocalDate();
                }
            }
        }
        LocalDateTime keyed = admitted.plusMinutes(dice.below(0.7) ? dice.between(5, 240) : dice.between(600, 6000));
        boolean voided = dice.below(0.02);
        rows.add("vardtillfalle", id, p.id(), ward, dice.oneOf(doctors), ts(admitted), ts(discharged), method, how, ts(keyed),
                voided ? "J" : "N");
        diagnoses(p, id, null, ward, admitted.toLocalDate());
        LocalDateTime until = discharged == null ? NOW.minusHours(2) : discharged;
        int labs = dice.between(0, 4);
        for (int i = 0; i < labs; i++) {
            lab(p, id, dice.moment(admitted, until), dice.oneOf(ANALYSES));
        }
        int orders = dice.between(0, 3);
        for (int i = 0; i < orders; i++) {
            Object[] drug = dice.oneOf(DRUGS);
            LocalDateTime ordered = dice.moment(admitted, until);
            boolean cancelled = dice.below(0.05);
            LocalDateTime stopped = cancelled ? ordered.plusMinutes(10) : discharged;
            int status = cancelled ? 3 : discharged == null ? 1 : 2;
            rows.add("lakemedel_ord", orderNo++, p.id(), id, drug[0], drug[1], dice.oneOf(doctors), ts(ordered), ts(stopped),
                    status);
        }
        return id;
    }

    private void diagnoses(Patient p, Integer episode, Integer visit, int unit, LocalDate on) {
        List<Weighted<Object[]>> fitting = new ArrayList<>();
        for (Object[] d : DIAGNOSES) {
            int home = (Integer) d[3];
            boolean fits = episode != null ? home == unit || (unit == 22 && home == 21) || (unit == 15 && home == 11)
                    : home == 0 || unit == 32 && ((String) d[0]).startsWith("I");
            boolean obstetric = ((String) d[0]).startsWith("O");
            if (fits && !(obstetric && unit != 14) && !(unit == 14 && !obstetric)) {
                fitting.add(w(d, 1.0));
            }
        }
        if (unit == 14 || fitting.isEmpty()) {
            return;
        }
        rows.add("diagnos", diagnosisNo++, p.id(), episode, visit, dice.pick(fitting)[0], 1, on, dice.below(0.01) ? "J" : "N");
        if (dice.below(0.4)) {
            rows.add("diagnos", diagnosisNo++, p.id(), episode, visit, dice.oneOf(DIAGNOSES)[0].equals("O80") ? "I10"
                    : dice.oneOf("I10", "E11.9", "F32.9", "I48.9"), 2, on, "N");
        }
    }

    private void delivery(LocalDate d) {
        Patient mother = women.get(dice.between(0, women.size() - 1));
        LocalDateTime admitted = d.atStartOfDay().plusMinutes(dice.between(0, 1439));
        int method = dice.pick(List.of(w(1, 76.0), w(2, 18.0), w(3, 6.0)));
        LocalDateTime born = admitted.plusMinutes(dice.between(60, 900));
        LocalDateTime home = born.plusHours(method == 2 ? dice.between(60, 110) : dice.between(12, 60));
        if (born.isAfter(NOW)) {
            return;
        }
        int episode = episode(mother, 14, 1, admitted, home);
        rows.add("diagnos", diagnosisNo++, mother.id(), episode, null, method == 2 ? "O82" : "O80", 1, born.toLocalDate(), "N");
        int weeks = dice.pick(List.of(w(dice.between(30, 36), 7.0), w(dice.between(37, 41), 90.0), w(42, 3.0)));
        int grams = Math.max(900, (int) dice.gauss(3500 - (40 - weeks) * 180, 420));
        boolean live = !dice.below(0.004);
        rows.add("forlossning", deliveryNo++, mother.id(), episode, ts(born), method, weeks, grams, live ? "J" : "N",
                dice.below(0.01) ? "J" : "N");
    }

    private void outpatient(LocalDate d, boolean future) {
        if (d.getDayOfWeek().getValue() >= 6) {
            return;
        }
        int visits = dice.between(8, 18);
        for (int i = 0; i < visits; i++) {
            Patient p = patient();
            int clinic = dice.pick(List.of(w(31, 3.0), w(32, 3.0), w(33, 2.0), w(34, 1.5), w(35, 4.0)));
            if (clinic == 34 && p.sex() != 2) {
                clinic = 35;
            }
            LocalDateTime at = d.atTime(dice.between(8, 15), dice.oneOf(0, 15, 30, 45));
            LocalDateTime booked = at.minusDays(dice.between(1, 90)).withHour(dice.between(8, 16));
            int type = dice.pick(List.of(w(1, 3.0), w(2, 5.0), w(3, 1.5), w(4, 0.5)));
            int status = future ? 1 : dice.pick(List.of(w(2, 82.0), w(3, 7.0), w(4, 6.0), w(5, 5.0)));
            int id = visitNo++;
            rows.add("besok", id, p.id(), clinic, dice.oneOf(clinicStaff), ts(booked), ts(at), type, status,
                    dice.below(0.015) ? "J" : "N");
            if (status == 2) {
                if (dice.below(0.6)) {
                    diagnoses(p, null, id, clinic, d);
                }
                if (clinic == 31 && dice.below(0.7)) {
                    lab(p, null, at.minusDays(dice.between(1, 7)), ANALYSES[5]);
                }
            }
        }
    }

    private void lab(Patient p, Integer episode, LocalDateTime sampled, Object[] analysis) {
        double value = dice.gauss((Double) analysis[5], (Double) analysis[6]);
        value = Math.max(0.1, value);
        BigDecimal v = BigDecimal.valueOf(value).setScale(1, RoundingMode.HALF_UP);
        String flag = v.compareTo(dec(analysis[3])) < 0 ? "L" : v.compareTo(dec(analysis[4])) > 0 ? "H" : null;
        LocalDateTime reported = sampled.plusMinutes(dice.between(30, 600));
        if (reported.isAfter(NOW)) {
            reported = NOW.minusMinutes(1);
        }
        rows.add("lab_svar", resultNo++, p.id(), episode, analysis[0], ts(sampled), ts(reported), v, flag);
    }

    /** The person rows, with the death dates found while the episodes were drawn. */
    private void deaths() {
        for (Object[] person : people) {
            person[8] = diedOn[(Integer) person[0]];
            rows.add("person", person);
        }
    }

    private static BigDecimal dec(Object v) {
        return BigDecimal.valueOf((Double) v).setScale(1, RoundingMode.HALF_UP);
    }

    private static Timestamp ts(LocalDateTime t) {
        return t == null ? null : Timestamp.valueOf(t);
    }
}
