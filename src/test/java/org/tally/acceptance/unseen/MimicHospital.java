package org.tally.acceptance.unseen;

import static org.tally.acceptance.unseen.Dice.w;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.tally.acceptance.unseen.Dice.Weighted;

/**
 * A MIMIC-III-like hospital, synthetic and seeded (a Java port of the stress run's gen_mimic.py): lower-case snake
 * names, subject_id / hadm_id / icustay_id keys, row_id surrogate keys, upper-case enumerations (EMERGENCY,
 * DEAD/EXPIRED), hospital_expire_flag 0/1, lab flag 'abnormal' or NULL, dose_val_rx as text, outpatient lab events
 * with no hadm_id, only some foreign keys declared; subject_id and hadm_id indexed where no key does it (as MIMIC's
 * own index script does, and so that gold queries over patients' events do not scan). Activity runs 2023-01-01 .. 2026-11-28; admissions still open
 * on 2026-11-28 have no dischtime.
 */
final class MimicHospital {

    static final long SEED = 20261129L;
    static final String URL_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    private static final LocalDateTime START = LocalDateTime.of(2023, 1, 1, 0, 0);
    private static final LocalDateTime END = LocalDateTime.of(2026, 11, 28, 23, 59);

    private record Icd(String code, String shortTitle, String longTitle, int weight) {
    }

    private static final List<Icd> ICD = List.of(
            new Icd("I10", "Essential hypertension", "Essential (primary) hypertension", 30),
            new Icd("E11.9", "Type 2 diabetes w/o compl", "Type 2 diabetes mellitus without complications", 18),
            new Icd("E11.65", "Type 2 DM w hyperglycemia", "Type 2 diabetes mellitus with hyperglycemia", 5),
            new Icd("E10.9", "Type 1 diabetes w/o compl", "Type 1 diabetes mellitus without complications", 2),
            new Icd("I50.9", "Heart failure, unspecified", "Heart failure, unspecified", 12),
            new Icd("I48.91", "Atrial fibrillation NOS", "Unspecified atrial fibrillation", 11),
            new Icd("I21.4", "NSTEMI", "Non-ST elevation (NSTEMI) myocardial infarction", 5),
            new Icd("I25.10", "Coronary atherosclerosis",
                    "Atherosclerotic heart disease of native coronary artery without angina pectoris", 10),
            new Icd("I63.9", "Cerebral infarction NOS", "Cerebral infarction, unspecified", 4),
            new Icd("J18.9", "Pneumonia, organism NOS", "Pneumonia, unspecified organism", 10),
            new Icd("J44.9", "COPD, unspecified", "Chronic obstructive pulmonary disease, unspecified", 8),
            new Icd("J96.01", "Acute resp failure w hypoxia", "Acute respiratory failure with hypoxia", 5),
            new Icd("A41.9", "Sepsis, unspecified organism", "Sepsis, unspecified organism", 7),
            new Icd("N17.9", "Acute kidney failure NOS", "Acute kidney failure, unspecified", 9),
            new Icd("N18.3", "Chronic kidney disease, stage 3", "Chronic kidney disease, stage 3 (moderate)", 6),
            new Icd("N39.0", "Urinary tract infection NOS", "Urinary tract infection, site not specified", 8),
            new Icd("E78.5", "Hyperlipidemia NOS", "Hyperlipidemia, unspecified", 14),
            new Icd("E87.1", "Hyposmolality/hyponatremia", "Hypo-osmolality and hyponatremia", 5),
            new Icd("D64.9", "Anemia, unspecified", "Anemia, unspecified", 8),
            new Icd("F10.20", "Alcohol dependence, uncomp", "Alcohol dependence, uncomplicated", 4),
            new Icd("K70.30", "Alcoholic cirrhosis w/o ascites", "Alcoholic cirrhosis of liver without ascites", 2),
            new Icd("C34.90", "Malig neo lung NOS",
                    "Malignant neoplasm of unspecified part of unspecified bronchus or lung", 2),
            new Icd("C18.9", "Malig neo colon NOS", "Malignant neoplasm of colon, unspecified", 1),
            new Icd("K21.9", "GERD w/o esophagitis", "Gastro-esophageal reflux disease without esophagitis", 7),
            new Icd("F32.9", "Major depressive disorder NOS", "Major depressive disorder, single episode, unspecified", 5),
            new Icd("G47.33", "Obstructive sleep apnea", "Obstructive sleep apnea (adult) (pediatric)", 3),
            new Icd("S72.001A", "Fx femoral neck NOS, init",
                    "Fracture of unspecified part of neck of right femur, initial encounter for closed fracture", 2),
            new Icd("Z79.4", "Long term use of insulin", "Long term (current) use of insulin", 5),
            new Icd("Z95.1", "Presence of CABG graft", "Presence of aortocoronary bypass graft", 3),
            new Icd("U07.1", "COVID-19", "COVID-19", 3),
            new Icd("O80", "Normal delivery", "Encounter for full-term uncomplicated delivery", 0),
            new Icd("Z38.00", "Single liveborn, hosp, vag", "Single liveborn infant, delivered vaginally", 0),
            new Icd("P07.39", "Preterm newborn, 36 wks", "Preterm newborn, gestational age 36 completed weeks", 0),
            new Icd("B20", "HIV disease", "Human immunodeficiency virus [HIV] disease", 0), // catalogued, never coded
            new Icd("E66.9", "Obesity, unspecified", "Obesity, unspecified", 6));
    private static final List<String> NEWBORN_CODES = List.of("Z38.00", "P07.39");

    private record Lab(int itemId, String label, String fluid, String category, double mean, double sd, double low,
                       double high, int weight) {
    }

    private static final List<Lab> LABS = List.of(
            new Lab(50912, "Creatinine", "Blood", "Chemistry", 1.2, 0.8, 0.5, 1.2, 14),
            new Lab(50971, "Potassium", "Blood", "Chemistry", 4.2, 0.6, 3.3, 5.1, 14),
            new Lab(50983, "Sodium", "Blood", "Chemistry", 138, 4.5, 133, 145, 14),
            new Lab(50931, "Glucose", "Blood", "Chemistry", 130, 45, 70, 100, 10),
            new Lab(51222, "Hemoglobin", "Blood", "Hematology", 11.5, 2.0, 12.0, 17.5, 12),
            new Lab(51301, "White Blood Cells", "Blood", "Hematology", 9.5, 4.0, 4.0, 11.0, 12),
            new Lab(51265, "Platelet Count", "Blood", "Hematology", 230, 90, 150, 440, 10),
            new Lab(51221, "Hematocrit", "Blood", "Hematology", 34, 6, 36, 51, 8),
            new Lab(50813, "Lactate", "Blood", "Blood Gas", 2.0, 1.3, 0.5, 2.0, 5),
            new Lab(50820, "pH", "Blood", "Blood Gas", 7.38, 0.07, 7.35, 7.45, 4),
            new Lab(51003, "Troponin T", "Blood", "Chemistry", 0.08, 0.2, 0.0, 0.01, 3),
            new Lab(51498, "Specific Gravity", "Urine", "Hematology", 1.015, 0.007, 1.001, 1.035, 2),
            new Lab(51491, "pH", "Urine", "Hematology", 6.0, 0.8, 5.0, 8.0, 2),
            new Lab(50862, "Albumin", "Blood", "Chemistry", 3.4, 0.6, 3.5, 5.2, 0)); // catalogued, never measured
    private static final List<String> POSITIVE_LABS = List.of("Creatinine", "Lactate", "Troponin T",
            "White Blood Cells", "Platelet Count", "Glucose");

    private record Drug(String name, List<String> doses, int weight) {
    }

    private static final List<Drug> DRUGS = List.of(
            new Drug("Heparin", List.of("5000", "5000", "1000"), 12), new Drug("Insulin", List.of("2-10", "0-12", "10"), 10),
            new Drug("Metformin", List.of("500", "1000"), 0), new Drug("Furosemide", List.of("20", "40", "80"), 8),
            new Drug("Vancomycin", List.of("1000", "1250", "750"), 7),
            new Drug("Piperacillin-Tazobactam", List.of("4.5", "3.375"), 5),
            new Drug("Aspirin", List.of("81", "325"), 10), new Drug("Atorvastatin", List.of("40", "80", "20"), 9),
            new Drug("Metoprolol Tartrate", List.of("12.5", "25", "50"), 9),
            new Drug("Lisinopril", List.of("5", "10", "20"), 6),
            new Drug("Acetaminophen", List.of("650", "1000", "325-650"), 14),
            new Drug("Morphine Sulfate", List.of("2", "4", "2-4"), 5), new Drug("Pantoprazole", List.of("40"), 8),
            new Drug("Warfarin", List.of("2", "5", "2.5"), 3), new Drug("Potassium Chloride", List.of("20", "40"), 8),
            new Drug("Ceftriaxone", List.of("1", "2"), 4), new Drug("Sodium Chloride 0.9%", List.of("1000", "500"), 9));

    private static final List<Weighted<String>> ADM_TYPES = List.of(w("EMERGENCY", 62), w("ELECTIVE", 18),
            w("URGENT", 12));
    private static final List<Weighted<String>> INSURANCE = List.of(w("Medicare", 45), w("Private", 32),
            w("Medicaid", 12), w("Government", 5), w("Self Pay", 6));
    private static final Map<String, List<Weighted<String>>> ADM_LOC = Map.of(
            "EMERGENCY", List.of(w("EMERGENCY ROOM ADMIT", 80), w("TRANSFER FROM HOSP/EXTRAM", 12),
                    w("CLINIC REFERRAL/PREMATURE", 8)),
            "URGENT", List.of(w("TRANSFER FROM HOSP/EXTRAM", 60), w("CLINIC REFERRAL/PREMATURE", 40)),
            "ELECTIVE", List.of(w("PHYS REFERRAL/NORMAL DELI", 100)),
            "NEWBORN", List.of(w("PHYS REFERRAL/NORMAL DELI", 100)));
    private static final List<Weighted<String>> DISCH_LOC = List.of(w("HOME", 40), w("HOME HEALTH CARE", 25),
            w("SNF", 15), w("REHAB/DISTINCT PART HOSP", 10), w("LONG TERM CARE HOSPITAL", 4),
            w("SHORT TERM HOSPITAL", 3), w("LEFT AGAINST MEDICAL ADVI", 3));
    private static final List<Weighted<String>> CAREUNITS = List.of(w("MICU", 35), w("SICU", 18), w("CCU", 17),
            w("CSRU", 15), w("TSICU", 10), w("NICU", 0));
    private static final List<Weighted<Integer>> ADMISSIONS_PER_PATIENT = List.of(w(1, 60), w(2, 22), w(3, 11),
            w(4, 5), w(5, 2));

    static final String DDL = """
            CREATE TABLE patients (row_id INT NOT NULL, subject_id INT PRIMARY KEY, gender VARCHAR(5) NOT NULL,
              dob TIMESTAMP NOT NULL, dod TIMESTAMP);
            CREATE TABLE admissions (row_id INT NOT NULL, hadm_id INT PRIMARY KEY, subject_id INT NOT NULL,
              admittime TIMESTAMP NOT NULL, dischtime TIMESTAMP, deathtime TIMESTAMP, admission_type VARCHAR(50) NOT NULL,
              admission_location VARCHAR(50) NOT NULL, discharge_location VARCHAR(50), insurance VARCHAR(255) NOT NULL,
              hospital_expire_flag SMALLINT NOT NULL,
              CONSTRAINT adm_fk_subject FOREIGN KEY (subject_id) REFERENCES patients(subject_id));
            CREATE TABLE icustays (row_id INT NOT NULL, icustay_id INT PRIMARY KEY, subject_id INT NOT NULL,
              hadm_id INT NOT NULL, first_careunit VARCHAR(20) NOT NULL, intime TIMESTAMP NOT NULL, outtime TIMESTAMP,
              CONSTRAINT icu_fk_hadm FOREIGN KEY (hadm_id) REFERENCES admissions(hadm_id));
            CREATE TABLE d_icd_diagnoses (row_id INT NOT NULL, icd10_code VARCHAR(10) PRIMARY KEY,
              short_title VARCHAR(50) NOT NULL, long_title VARCHAR(255) NOT NULL);
            CREATE TABLE diagnoses_icd (row_id INT PRIMARY KEY, subject_id INT NOT NULL, hadm_id INT NOT NULL,
              seq_num INT, icd10_code VARCHAR(10),
              CONSTRAINT dx_fk_hadm FOREIGN KEY (hadm_id) REFERENCES admissions(hadm_id),
              CONSTRAINT dx_fk_icd FOREIGN KEY (icd10_code) REFERENCES d_icd_diagnoses(icd10_code));
            CREATE TABLE prescriptions (row_id INT PRIMARY KEY, subject_id INT NOT NULL, hadm_id INT NOT NULL,
              startdate TIMESTAMP, enddate TIMESTAMP, drug VARCHAR(100) NOT NULL, dose_val_rx VARCHAR(120));
            CREATE TABLE d_labitems (row_id INT NOT NULL, itemid INT PRIMARY KEY, label VARCHAR(100) NOT NULL,
              fluid VARCHAR(100) NOT NULL, category VARCHAR(100) NOT NULL);
            CREATE TABLE labevents (row_id INT PRIMARY KEY, subject_id INT NOT NULL, hadm_id INT, itemid INT NOT NULL,
              charttime TIMESTAMP, valuenum DOUBLE PRECISION, flag VARCHAR(20),
              CONSTRAINT lab_fk_subject FOREIGN KEY (subject_id) REFERENCES patients(subject_id));
            CREATE INDEX icustays_idx_subject ON icustays (subject_id);
            CREATE INDEX diagnoses_icd_idx_subject ON diagnoses_icd (subject_id);
            CREATE INDEX prescriptions_idx_subject ON prescriptions (subject_id);
            CREATE INDEX prescriptions_idx_hadm ON prescriptions (hadm_id);
            CREATE INDEX labevents_idx_hadm ON labevents (hadm_id);
            """;

    private static final class Admission {
        int hadmId;
        int subjectId;
        LocalDateTime admit;
        LocalDateTime disch;
        LocalDateTime death;
        String type;
        String admissionLocation;
        String dischargeLocation;
        String insurance;
        int expireFlag;
    }

    private record LabEvent(int subjectId, Integer hadmId, int itemId, LocalDateTime chartTime, double value,
                            String flag) {
    }

    private final Dice dice = new Dice(SEED);
    private final List<Object[]> patients = new ArrayList<>();
    private final List<Admission> admissions = new ArrayList<>();
    private final List<Object[]> icuStays = new ArrayList<>();
    private final List<Object[]> diagnoses = new ArrayList<>();
    private final List<Object[]> prescriptions = new ArrayList<>();
    private final List<LabEvent> labEvents = new ArrayList<>();

    private MimicHospital() {
    }

    /** Writes the hospital into a fresh H2 file database at {@code base} (without the .mv.db suffix). */
    static void write(Path base) throws SQLException {
        MimicHospital h = new MimicHospital();
        h.generate();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            h.store(db);
        }
    }

    private void generate() {
        int subject = 10000;
        int hadm = 100000;
        int icu = 200000;
        for (int n = 0; n < 1500; n++) {
            subject += dice.between(1, 9);
            String gender = dice.below(0.54) ? "M" : "F";
            int count = dice.pick(ADMISSIONS_PER_PATIENT);
            LocalDateTime first = dice.moment(START, END.minusDays(2));
            boolean newborn = dice.below(0.06);
            LocalDateTime dob;
            if (newborn) {
                count = 1;
                dob = first.toLocalDate().atStartOfDay();
            } else {
                int age = dice.between(18, 91);
                dob = LocalDateTime.of(first.getYear() - age, dice.between(1, 12), dice.between(1, 28), 0, 0);
            }
            List<LocalDateTime> times = new ArrayList<>(List.of(first));
            for (int k = 1; k < count; k++) {
                times.add(dice.moment(first, END.minusHours(6)));
            }
            times.sort(Comparator.naturalOrder());
            boolean diabetic = !newborn && dice.below(0.22);
            LocalDateTime dod = null;
            LocalDateTime previousEnd = null;
            List<Admission> mine = new ArrayList<>();
            for (int k = 0; k < times.size(); k++) {
                LocalDateTime admit = times.get(k);
                if (previousEnd != null && !admit.isAfter(previousEnd)) {
                    admit = previousEnd.plusDays(dice.between(2, 60)).plusHours(dice.between(0, 23));
                    if (admit.isAfter(END.minusHours(6))) {
                        break;
                    }
                }
                hadm += dice.between(1, 7);
                Admission a = new Admission();
                a.hadmId = hadm;
                a.subjectId = subject;
                a.admit = admit;
                a.type = newborn ? "NEWBORN" : dice.pick(ADM_TYPES);
                double losHours = Math.max(6.0, dice.logNormal(4.3, 0.8));
                LocalDateTime disch = admit.plusSeconds((long) (losHours * 3600));
                boolean died = k == times.size() - 1 && !newborn && dice.below(0.09);
                if (disch.isAfter(END)) {
                    disch = null; // still admitted
                    died = false;
                }
                a.disch = disch;
                if (died) {
                    a.death = disch;
                    a.dischargeLocation = "DEAD/EXPIRED";
                } else if (disch != null) {
                    a.dischargeLocation = newborn ? "HOME" : dice.pick(DISCH_LOC);
                }
                a.admissionLocation = dice.pick(ADM_LOC.get(a.type));
                a.insurance = newborn && dice.below(0.6) ? "Private" : dice.pick(INSURANCE);
                a.expireFlag = died ? 1 : 0;
                admissions.add(a);
                mine.add(a);
                previousEnd = disch == null ? END : disch;
                if (died) {
                    dod = a.death;
                }
                if (disch == null) {
                    break;
                }
            }
            if (dod == null && !newborn && !mine.isEmpty() && mine.get(mine.size() - 1).disch != null
                    && dice.below(0.07)) {
                dod = dice.moment(mine.get(mine.size() - 1).disch, END);
            }
            patients.add(new Object[] {patients.size() + 1, subject, gender, dob,
                    dod == null ? null : dod.toLocalDate().atStartOfDay()});
            for (Admission a : mine) {
                icu = icuStays(a, icu);
                List<String> codes = diagnoses(a, diabetic);
                prescriptions(a, diabetic, codes);
                int labs = dice.below(0.08) ? 0 : dice.between(1, 10);
                LocalDateTime until = a.disch == null ? END : a.disch;
                for (int i = 0; i < labs; i++) {
                    labEvents.add(labEvent(subject, a.hadmId, dice.moment(a.admit, until.isBefore(END) ? until : END)));
                }
            }
            int outpatient = dice.oneOf(0, 0, 0, 1, 2); // lab events with no admission
            for (int i = 0; i < outpatient; i++) {
                labEvents.add(labEvent(subject, null, dice.moment(START, END)));
            }
        }
    }

    private int icuStays(Admission a, int icu) {
        LocalDateTime a0 = a.admit;
        LocalDateTime a1 = a.disch == null ? END : a.disch;
        if (!a.type.equals("NEWBORN") && dice.below(a.type.equals("EMERGENCY") ? 0.55 : 0.25)) {
            int stays = dice.below(0.08) ? 2 : 1;
            LocalDateTime cur = dice.moment(a0, a0.plus(Duration.between(a0, a1).dividedBy(3)));
            for (int j = 0; j < stays; j++) {
                icu += dice.between(1, 5);
                double hours = Math.max(4.0, dice.logNormal(3.7, 0.7));
                LocalDateTime out = cur.plusSeconds((long) (hours * 3600));
                if (!out.isBefore(a1) || (a.disch == null && dice.below(0.5))) {
                    out = a.disch == null ? null : a1.minusMinutes(30);
                }
                if (out != null && !out.isAfter(cur)) {
                    out = cur.plusHours(1);
                }
                icuStays.add(new Object[] {icuStays.size() + 1, icu, a.subjectId, a.hadmId, dice.pick(CAREUNITS), cur,
                        out});
                if (out == null || out.isAfter(a1.minusHours(12))) {
                    break;
                }
                cur = out.plusHours(dice.between(6, 48));
                if (!cur.isBefore(a1)) {
                    break;
                }
            }
        } else if (a.type.equals("NEWBORN") && dice.below(0.15)) {
            icu += dice.between(1, 5);
            LocalDateTime out = a0.plusHours(dice.between(24, 200));
            if (a.disch == null || !out.isBefore(a1)) {
                out = a.disch == null ? null : a1.minusMinutes(30);
            }
            icuStays.add(new Object[] {icuStays.size() + 1, icu, a.subjectId, a.hadmId, "NICU", a0.plusHours(1), out});
        }
        return icu;
    }

    /** About 3% of finished admissions (and half the open ones) have no diagnosis coded yet. */
    private List<String> diagnoses(Admission a, boolean diabetic) {
        List<String> codes = new ArrayList<>();
        if (a.type.equals("NEWBORN")) {
            codes.add(dice.oneOf(NEWBORN_CODES));
        } else if (!((a.disch == null && dice.below(0.5)) || dice.below(0.03))) {
            int n = dice.between(1, 9);
            if (diabetic) {
                codes.add(dice.below(0.75) ? "E11.9" : "E11.65");
            }
            if (a.expireFlag == 1 && dice.below(0.5)) {
                codes.add("A41.9");
            }
            List<Weighted<String>> pool = ICD.stream()
                    .filter(i -> i.weight() > 0 && !i.code().startsWith("E11") && !i.code().startsWith("O")
                            && !i.code().startsWith("Z38") && !i.code().startsWith("P07"))
                    .map(i -> w(i.code(), i.weight())).toList();
            while (codes.size() < n) {
                String c = dice.pick(pool);
                if (!codes.contains(c)) {
                    codes.add(c);
                }
            }
        }
        for (int seq = 1; seq <= codes.size(); seq++) {
            diagnoses.add(new Object[] {diagnoses.size() + 1, a.subjectId, a.hadmId, seq, codes.get(seq - 1)});
        }
        return codes;
    }

    private void prescriptions(Admission a, boolean diabetic, List<String> codes) {
        LocalDateTime a0 = a.admit;
        LocalDateTime a1 = a.disch == null ? END : a.disch;
        int n = a.type.equals("NEWBORN") && dice.below(0.7) ? 0 : dice.between(0, 8);
        List<String[]> drugs = new ArrayList<>();
        if (diabetic && dice.below(0.55)) {
            drugs.add(new String[] {"Metformin", dice.oneOf("500", "1000")});
        }
        if (codes.contains("A41.9") && dice.below(0.8)) {
            drugs.add(new String[] {"Vancomycin", "1000"});
        }
        List<Weighted<Drug>> weighted = DRUGS.stream().map(d -> w(d, d.weight())).toList();
        for (int i = 0; i < n; i++) {
            Drug d = dice.pick(weighted);
            drugs.add(new String[] {d.name(), dice.oneOf(d.doses())});
        }
        for (String[] d : drugs) {
            LocalDateTime latest = a0.plusSeconds((long) (Duration.between(a0, a1).getSeconds() * 0.7)).plusHours(1);
            LocalDateTime s = dice.moment(a0, latest.isBefore(a1) ? latest : a1);
            LocalDateTime e = a.disch == null ? null : dice.moment(s, a1).toLocalDate().atStartOfDay();
            prescriptions.add(new Object[] {prescriptions.size() + 1, a.subjectId, a.hadmId,
                    s.toLocalDate().atStartOfDay(), e, d[0], d[1]});
        }
    }

    private LabEvent labEvent(int subject, Integer hadmId, LocalDateTime when) {
        Lab item = dice.pick(LABS.stream().map(l -> w(l, l.weight())).toList());
        double v = dice.gauss(item.mean(), item.sd());
        if (POSITIVE_LABS.contains(item.label())) {
            v = Math.abs(v);
        }
        int digits = item.mean() < 2 ? 3 : item.mean() < 20 ? 2 : 0;
        v = Math.round(v * Math.pow(10, digits)) / Math.pow(10, digits);
        String flag = v < item.low() || v > item.high() ? "abnormal" : null;
        return new LabEvent(subject, hadmId, item.itemId(), when, v, flag);
    }

    private void store(H2Script db) throws SQLException {
        db.insert("patients", List.of("row_id", "subject_id", "gender", "dob", "dod"), patients);
        List<Object[]> adm = new ArrayList<>();
        for (Admission a : admissions) {
            adm.add(new Object[] {adm.size() + 1, a.hadmId, a.subjectId, a.admit, a.disch, a.death, a.type,
                    a.admissionLocation, a.dischargeLocation, a.insurance, a.expireFlag});
        }
        db.insert("admissions", List.of("row_id", "hadm_id", "subject_id", "admittime", "dischtime", "deathtime",
                "admission_type", "admission_location", "discharge_location", "insurance", "hospital_expire_flag"), adm);
        db.insert("icustays", List.of("row_id", "icustay_id", "subject_id", "hadm_id", "first_careunit", "intime",
                "outtime"), icuStays);
        List<Object[]> dictionary = new ArrayList<>();
        for (Icd i : ICD) {
            dictionary.add(new Object[] {dictionary.size() + 1, i.code(), i.shortTitle(), i.longTitle()});
        }
        db.insert("d_icd_diagnoses", List.of("row_id", "icd10_code", "short_title", "long_title"), dictionary);
        db.insert("diagnoses_icd", List.of("row_id", "subject_id", "hadm_id", "seq_num", "icd10_code"), diagnoses);
        db.insert("prescriptions", List.of("row_id", "subject_id", "hadm_id", "startdate", "enddate", "drug",
                "dose_val_rx"), prescriptions);
        List<Object[]> items = new ArrayList<>();
        for (Lab l : LABS) {
            items.add(new Object[] {items.size() + 1, l.itemId(), l.label(), l.fluid(), l.category()});
        }
        db.insert("d_labitems", List.of("row_id", "itemid", "label", "fluid", "category"), items);
        List<LabEvent> sorted = new ArrayList<>(labEvents);
        sorted.sort(Comparator.comparing(LabEvent::chartTime)); // row_id follows the chart time, as in MIMIC
        List<Object[]> labs = new ArrayList<>();
        for (LabEvent e : sorted) {
            labs.add(new Object[] {labs.size() + 1, e.subjectId(), e.hadmId(), e.itemId(), e.chartTime(), e.value(),
                    e.flag()});
        }
        db.insert("labevents", List.of("row_id", "subject_id", "hadm_id", "itemid", "charttime", "valuenum", "flag"),
                labs);
    }
}
