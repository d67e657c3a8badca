package org.tally.acceptance.unseen;

import static org.tally.acceptance.unseen.Dice.w;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.acceptance.unseen.Dice.Weighted;

/**
 * An English acute trust's patient administration system, synthetic and seeded (a Java port of the stress run's
 * gen_pas.py), in SQL-Server-style PascalCase kept by {@code DATABASE_TO_UPPER=FALSE}: tblPatient (NHSNumber,
 * IsDeleted on merged duplicates, GenderCode 1/2/9/X with RefGender); Spell (DischargeDateTime NULL while in
 * hospital, NHS admission method codes 11-81, discharge method 4 = died); one to three ConsultantEpisodes per spell
 * with treatment function; WardStay; Diagnosis per episode (DiagnosisPosition 1 = primary); ProcedureRecord (OPCS);
 * EDAttendance (arrival, assessment, seen and departure times, acuity, disposal codes, six old attendances never
 * closed); OutpatientAttendance (a DATE and a TIME, NHS attendance status codes 2-8); Ward, Consultant and Ref* code
 * lookups. Activity runs 2024-01-01 .. 2026-11-29; outpatient bookings run to 2027-01-31. An elective spell in a
 * surgical or cardiology specialty always has a procedure, an emergency one in a third of cases, as gen_pas.py says
 * (its loop read a stale 'elective' and gave every such spell one).
 */
final class PasHospital {

    static final long SEED = 1130L; // the Python original used 1129; this seed leaves no ranking tied (see everyRankingHasOneAnswer)
    static final String URL_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    private static final LocalDate START = LocalDate.of(2024, 1, 1);
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final LocalDateTime NOW = LocalDateTime.of(2026, 11, 29, 9, 0);
    private static final int PATIENTS = 4000;

    static final String DDL = """
            CREATE TABLE RefGender (GenderCode CHAR(1) PRIMARY KEY, GenderDescription VARCHAR(30) NOT NULL);
            CREATE TABLE RefAdmissionMethod (AdmissionMethodCode VARCHAR(2) PRIMARY KEY,
              AdmissionMethodDescription VARCHAR(80) NOT NULL, AdmissionMethodGroup VARCHAR(20) NOT NULL);
            CREATE TABLE RefDischargeMethod (DischargeMethodCode CHAR(1) PRIMARY KEY, DischargeMethodDescription VARCHAR(80) NOT NULL);
            CREATE TABLE RefDischargeDestination (DischargeDestinationCode VARCHAR(2) PRIMARY KEY,
              DischargeDestinationDescription VARCHAR(80) NOT NULL);
            CREATE TABLE RefTreatmentFunction (TreatmentFunctionCode VARCHAR(3) PRIMARY KEY, TreatmentFunctionName VARCHAR(60) NOT NULL);
            CREATE TABLE RefAttendanceStatus (AttendanceStatusCode CHAR(1) PRIMARY KEY, AttendanceStatusDescription VARCHAR(80) NOT NULL);
            CREATE TABLE RefICD10 (ICD10Code VARCHAR(6) PRIMARY KEY, ICD10Description VARCHAR(100) NOT NULL);
            CREATE TABLE RefOPCS (OPCSCode VARCHAR(5) PRIMARY KEY, OPCSDescription VARCHAR(100) NOT NULL);
            CREATE TABLE Ward (WardCode VARCHAR(6) PRIMARY KEY, WardName VARCHAR(50) NOT NULL, SiteCode VARCHAR(5) NOT NULL,
              BedCapacity SMALLINT NOT NULL, IsActive BIT NOT NULL);
            CREATE TABLE Consultant (ConsultantCode VARCHAR(8) PRIMARY KEY, ConsultantSurname VARCHAR(40) NOT NULL,
              ConsultantInitials VARCHAR(4), MainSpecialtyCode VARCHAR(3) REFERENCES RefTreatmentFunction(TreatmentFunctionCode));
            CREATE TABLE tblPatient (PatientID INT PRIMARY KEY, NHSNumber VARCHAR(10), LocalPatientID VARCHAR(10) NOT NULL,
              Forename VARCHAR(40), Surname VARCHAR(40), DateOfBirth DATE NOT NULL, DateOfDeath DATE,
              GenderCode CHAR(1) NOT NULL REFERENCES RefGender(GenderCode), EthnicCategoryCode CHAR(1), Postcode VARCHAR(8),
              RegisteredGPPracticeCode VARCHAR(6), IsDeleted BIT NOT NULL, CreatedDateTime TIMESTAMP NOT NULL,
              ModifiedDateTime TIMESTAMP);
            CREATE TABLE Spell (SpellID INT PRIMARY KEY, PatientID INT NOT NULL REFERENCES tblPatient(PatientID),
              HospitalProviderSpellNumber VARCHAR(12) NOT NULL, AdmissionDateTime TIMESTAMP NOT NULL, DischargeDateTime TIMESTAMP,
              AdmissionMethodCode VARCHAR(2) NOT NULL REFERENCES RefAdmissionMethod(AdmissionMethodCode),
              AdmissionSourceCode VARCHAR(2), PatientClassificationCode CHAR(1) NOT NULL,
              DischargeMethodCode CHAR(1) REFERENCES RefDischargeMethod(DischargeMethodCode),
              DischargeDestinationCode VARCHAR(2) REFERENCES RefDischargeDestination(DischargeDestinationCode),
              CreatedDateTime TIMESTAMP NOT NULL, ModifiedDateTime TIMESTAMP);
            CREATE TABLE ConsultantEpisode (EpisodeID INT PRIMARY KEY, SpellID INT NOT NULL REFERENCES Spell(SpellID),
              EpisodeNumber SMALLINT NOT NULL, EpisodeStartDateTime TIMESTAMP NOT NULL, EpisodeEndDateTime TIMESTAMP,
              ConsultantCode VARCHAR(8) NOT NULL REFERENCES Consultant(ConsultantCode),
              TreatmentFunctionCode VARCHAR(3) NOT NULL REFERENCES RefTreatmentFunction(TreatmentFunctionCode),
              LastEpisodeInSpellIndicator CHAR(1) NOT NULL, CreatedDateTime TIMESTAMP NOT NULL);
            CREATE TABLE WardStay (WardStayID INT PRIMARY KEY, SpellID INT NOT NULL REFERENCES Spell(SpellID),
              WardCode VARCHAR(6) NOT NULL REFERENCES Ward(WardCode), WardStayStartDateTime TIMESTAMP NOT NULL,
              WardStayEndDateTime TIMESTAMP);
            CREATE TABLE Diagnosis (DiagnosisID INT PRIMARY KEY, EpisodeID INT NOT NULL REFERENCES ConsultantEpisode(EpisodeID),
              DiagnosisPosition SMALLINT NOT NULL, ICD10Code VARCHAR(6) NOT NULL REFERENCES RefICD10(ICD10Code));
            CREATE TABLE ProcedureRecord (ProcedureID INT PRIMARY KEY, EpisodeID INT NOT NULL REFERENCES ConsultantEpisode(EpisodeID),
              ProcedurePosition SMALLINT NOT NULL, OPCSCode VARCHAR(5) NOT NULL REFERENCES RefOPCS(OPCSCode),
              ProcedureDate DATE NOT NULL);
            CREATE TABLE EDAttendance (EDAttendanceID INT PRIMARY KEY, PatientID INT NOT NULL REFERENCES tblPatient(PatientID),
              AttendanceNumber VARCHAR(12) NOT NULL, ArrivalDateTime TIMESTAMP NOT NULL, InitialAssessmentDateTime TIMESTAMP,
              SeenByClinicianDateTime TIMESTAMP, DepartureDateTime TIMESTAMP, ArrivalModeCode CHAR(1) NOT NULL,
              AcuityCode SMALLINT, AttendanceDisposalCode VARCHAR(2) NOT NULL, SpellID INT REFERENCES Spell(SpellID),
              CreatedDateTime TIMESTAMP NOT NULL);
            CREATE TABLE OutpatientAttendance (OPAttendanceID INT PRIMARY KEY, PatientID INT NOT NULL REFERENCES tblPatient(PatientID),
              AppointmentDate DATE NOT NULL, AppointmentTime TIME, ClinicCode VARCHAR(8) NOT NULL,
              TreatmentFunctionCode VARCHAR(3) NOT NULL REFERENCES RefTreatmentFunction(TreatmentFunctionCode),
              ConsultantCode VARCHAR(8) REFERENCES Consultant(ConsultantCode),
              AttendanceStatusCode CHAR(1) NOT NULL REFERENCES RefAttendanceStatus(AttendanceStatusCode),
              FirstAttendanceCode CHAR(1) NOT NULL, ReferralReceivedDate DATE, CreatedDateTime TIMESTAMP NOT NULL);
            """;

    private static final List<Object[]> GENDERS = List.of(new Object[] {"1", "Male"}, new Object[] {"2", "Female"},
            new Object[] {"9", "Indeterminate"}, new Object[] {"X", "Not Known"});
    private static final List<Object[]> ADMISSION_METHODS = List.of(
            new Object[] {"11", "Elective - from waiting list", "Elective"},
            new Object[] {"12", "Elective - booked", "Elective"}, new Object[] {"13", "Elective - planned", "Elective"},
            new Object[] {"21", "Emergency - via A&E", "Emergency"},
            new Object[] {"22", "Emergency - via General Practitioner", "Emergency"},
            new Object[] {"23", "Emergency - via Bed Bureau", "Emergency"},
            new Object[] {"24", "Emergency - via Consultant Clinic", "Emergency"},
            new Object[] {"28", "Emergency - other means", "Emergency"},
            new Object[] {"31", "Maternity - ante partum", "Maternity"},
            new Object[] {"32", "Maternity - post partum", "Maternity"},
            new Object[] {"81", "Transfer from other provider", "Other"});
    private static final List<Object[]> DISCHARGE_METHODS = List.of(
            new Object[] {"1", "Discharged on clinical advice"}, new Object[] {"2", "Self discharged"},
            new Object[] {"3", "Discharged by mental health tribunal"}, new Object[] {"4", "Patient died"},
            new Object[] {"5", "Stillbirth"});
    private static final List<Object[]> DESTINATIONS = List.of(new Object[] {"19", "Usual place of residence"},
            new Object[] {"29", "Temporary place of residence"}, new Object[] {"49", "NHS other hospital provider"},
            new Object[] {"54", "Care home - nursing"}, new Object[] {"65", "Local authority residential accommodation"},
            new Object[] {"79", "Not applicable - patient died or stillbirth"});
    /** Treatment functions (specialties), code to name, in the order the consultants are drawn. */
    private static final Map<String, String> TREATMENT_FUNCTIONS = new LinkedHashMap<>();

    static {
        String[] tf = {"100", "General Surgery", "101", "Urology", "110", "Trauma and Orthopaedics", "300",
            "General Medicine", "301", "Gastroenterology", "320", "Cardiology", "340", "Respiratory Medicine", "430",
            "Geriatric Medicine", "420", "Paediatrics", "501", "Obstetrics", "502", "Gynaecology", "180",
            "Emergency Medicine"};
        for (int i = 0; i < tf.length; i += 2) {
            TREATMENT_FUNCTIONS.put(tf[i], tf[i + 1]);
        }
    }

    private static final List<Object[]> ATTENDANCE_STATUSES = List.of(
            new Object[] {"2", "Cancelled by, or on behalf of, the patient"},
            new Object[] {"3", "Did not attend - no advance warning given"},
            new Object[] {"4", "Cancelled or postponed by the health care provider"},
            new Object[] {"5", "Attended on time or before the patient could be seen"},
            new Object[] {"6", "Arrived late, but was seen"}, new Object[] {"7", "Arrived late and could not be seen"},
            new Object[] {"8", "Not applicable - appointment occurs in the future"});
    private static final List<Object[]> ICD10 = List.of(
            new Object[] {"I21.9", "Acute myocardial infarction, unspecified"},
            new Object[] {"I50.0", "Congestive heart failure"},
            new Object[] {"I48.9", "Atrial fibrillation and atrial flutter, unspecified"},
            new Object[] {"I10", "Essential (primary) hypertension"},
            new Object[] {"I63.9", "Cerebral infarction, unspecified"}, new Object[] {"J18.9", "Pneumonia, unspecified"},
            new Object[] {"J44.1", "Chronic obstructive pulmonary disease with acute exacerbation"},
            new Object[] {"A41.9", "Sepsis, unspecified"},
            new Object[] {"N39.0", "Urinary tract infection, site not specified"},
            new Object[] {"N18.3", "Chronic kidney disease, stage 3"},
            new Object[] {"E11.9", "Type 2 diabetes mellitus without complications"},
            new Object[] {"E10.9", "Type 1 diabetes mellitus without complications"},
            new Object[] {"K35.8", "Acute appendicitis, other and unspecified"},
            new Object[] {"K80.2", "Calculus of gallbladder without cholecystitis"},
            new Object[] {"K57.3", "Diverticular disease of large intestine without perforation or abscess"},
            new Object[] {"S72.0", "Fracture of neck of femur"}, new Object[] {"M17.1", "Other primary gonarthrosis"},
            new Object[] {"M16.1", "Other primary coxarthrosis"}, new Object[] {"O80.0", "Spontaneous vertex delivery"},
            new Object[] {"O82.0", "Delivery by elective caesarean section"},
            new Object[] {"N40", "Hyperplasia of prostate"}, new Object[] {"C61", "Malignant neoplasm of prostate"},
            new Object[] {"C50.9", "Malignant neoplasm of breast, unspecified"},
            new Object[] {"F03", "Unspecified dementia"},
            new Object[] {"Z86.7", "Personal history of diseases of the circulatory system"},
            new Object[] {"J45.9", "Asthma, unspecified"}, new Object[] {"R07.4", "Chest pain, unspecified"},
            new Object[] {"U07.1", "COVID-19, virus identified"});
    private static final List<Object[]> OPCS = List.of(
            new Object[] {"H01.1", "Emergency excision of abnormal appendix"},
            new Object[] {"J18.3", "Total cholecystectomy"},
            new Object[] {"W37.1", "Primary total prosthetic replacement of hip joint using cement"},
            new Object[] {"W40.1", "Primary total prosthetic replacement of knee joint using cement"},
            new Object[] {"W46.1", "Primary prosthetic replacement of head of femur using cement"},
            new Object[] {"K75.1",
                "Percutaneous transluminal balloon angioplasty and insertion of stent into coronary artery"},
            new Object[] {"K63.1", "Contrast radiology of coronary artery"},
            new Object[] {"R17.1", "Elective lower uterine segment caesarean delivery"},
            new Object[] {"R18.1", "Emergency lower uterine segment caesarean delivery"},
            new Object[] {"M65.3", "Endoscopic resection of prostate"},
            new Object[] {"H22.9", "Diagnostic endoscopic examination of colon"},
            new Object[] {"Q07.4", "Total abdominal hysterectomy"});
    private static final List<Object[]> WARDS = List.of(new Object[] {"AMU", "Acute Medical Unit", "RXA01", 36, true},
            new Object[] {"CCU", "Coronary Care Unit", "RXA01", 12, true},
            new Object[] {"RESP", "Respiratory Ward", "RXA01", 28, true},
            new Object[] {"ELD1", "Elderly Care 1", "RXA01", 30, true},
            new Object[] {"ELD2", "Elderly Care 2", "RXA01", 30, true},
            new Object[] {"SURG1", "Surgical Ward 1", "RXA01", 28, true},
            new Object[] {"ORTH", "Orthopaedic Ward", "RXA02", 26, true},
            new Object[] {"DSU", "Day Surgery Unit", "RXA02", 20, true},
            new Object[] {"ITU", "Intensive Therapy Unit", "RXA01", 12, true},
            new Object[] {"LAB", "Labour Ward", "RXA01", 16, true},
            new Object[] {"PAED", "Paediatric Ward", "RXA01", 22, true},
            new Object[] {"GYN", "Gynaecology Ward", "RXA02", 16, true},
            new Object[] {"URO", "Urology Ward", "RXA02", 18, true},
            new Object[] {"W9", "Ward 9 (closed)", "RXA02", 24, false});
    private static final List<String> SURNAMES = List.of("Patel", "Smith", "Jones", "Khan", "Williams", "Brown",
            "Taylor", "Davies", "Evans", "Wilson", "Thomas", "Roberts", "Johnson", "Walker", "Wright", "Robinson",
            "Thompson", "White", "Hughes", "Edwards", "Green", "Hall", "Wood", "Harris", "Lewis", "Martin", "Jackson",
            "Clarke", "Turner", "Hill", "Scott", "Cooper", "Morris", "Ward", "Moore", "King", "Watson", "Baker",
            "Harrison", "Morgan", "Ahmed", "Ali", "Begum", "Hussain", "Singh");
    private static final List<String> FORENAMES_M = List.of("James", "John", "David", "Mohammed", "Oliver", "Harry",
            "George", "Jack", "Peter", "Paul", "Mark", "Adam", "Thomas", "William", "Daniel");
    private static final List<String> FORENAMES_F = List.of("Mary", "Sarah", "Emma", "Olivia", "Amelia", "Fatima",
            "Grace", "Sophie", "Emily", "Priya", "Ruth", "Jane", "Margaret", "Susan", "Aisha");
    private static final String INITIALS = "ABCDEFGHJKLMNPRST";
    private static final String POSTCODE_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";
    private static final Set<String> BUSY_FUNCTIONS = Set.of("300", "320", "110", "100", "430");
    private static final Map<String, List<String>> TF_WARDS = Map.ofEntries(Map.entry("100", List.of("SURG1")),
            Map.entry("101", List.of("URO")), Map.entry("110", List.of("ORTH")),
            Map.entry("300", List.of("AMU", "ELD1")), Map.entry("301", List.of("AMU")),
            Map.entry("320", List.of("CCU", "AMU")), Map.entry("340", List.of("RESP")),
            Map.entry("430", List.of("ELD1", "ELD2")), Map.entry("420", List.of("PAED")),
            Map.entry("501", List.of("LAB")), Map.entry("502", List.of("GYN")), Map.entry("180", List.of("AMU")));
    private static final Map<String, List<String>> TF_DX = Map.ofEntries(
            Map.entry("100", List.of("K35.8", "K80.2", "K57.3")), Map.entry("101", List.of("N40", "C61", "N39.0")),
            Map.entry("110", List.of("S72.0", "M17.1", "M16.1")),
            Map.entry("300", List.of("J18.9", "A41.9", "N39.0", "E11.9", "R07.4", "U07.1")),
            Map.entry("301", List.of("K57.3", "K80.2")), Map.entry("320", List.of("I21.9", "I50.0", "I48.9", "R07.4")),
            Map.entry("340", List.of("J44.1", "J18.9", "J45.9", "U07.1")),
            Map.entry("430", List.of("F03", "N39.0", "J18.9", "S72.0", "I63.9")),
            Map.entry("420", List.of("J45.9", "J18.9")), Map.entry("501", List.of("O80.0", "O82.0")),
            Map.entry("502", List.of("C50.9")), Map.entry("180", List.of("R07.4")));
    private static final List<String> SECONDARY = List.of("I10", "E11.9", "N18.3", "I48.9", "Z86.7", "F03", "J45.9",
            "E10.9");
    private static final Map<String, List<String>> TF_OPCS = Map.of("100", List.of("H01.1", "J18.3", "H22.9"),
            "101", List.of("M65.3"), "110", List.of("W37.1", "W40.1", "W46.1"), "320", List.of("K75.1", "K63.1"),
            "501", List.of("R17.1", "R18.1"), "502", List.of("Q07.4"), "301", List.of("H22.9"));
    private static final List<Weighted<String>> TF_WEIGHTS = List.of(w("100", 11), w("101", 5), w("110", 10),
            w("300", 22), w("301", 4), w("320", 10), w("340", 8), w("430", 11), w("420", 6), w("501", 8), w("502", 4));
    private static final List<Weighted<String>> OP_TF_WEIGHTS = List.of(w("100", 10), w("101", 7), w("110", 14),
            w("300", 5), w("301", 8), w("320", 12), w("340", 8), w("430", 5), w("420", 8), w("501", 10), w("502", 8));
    private static final Set<String> ELECTIVE = Set.of("11", "12", "13");

    private record PatientInfo(int age, String gender, LocalDate death, boolean deleted) {
    }

    private record RawSpell(String tf, int patient, String method, LocalDateTime admit, LocalDateTime discharge,
                            boolean dayCase, boolean died) {
    }

    private final Dice dice;
    private final List<Object[]> consultants = new ArrayList<>();
    private final Map<String, List<String>> consultantsByFunction = new HashMap<>();
    private final List<Object[]> patientRows = new ArrayList<>();
    private final List<PatientInfo> patients = new ArrayList<>();
    private final List<Object[]> spells = new ArrayList<>();
    private final List<Object[]> episodes = new ArrayList<>();
    private final List<Object[]> wardStays = new ArrayList<>();
    private final List<Object[]> diagnoses = new ArrayList<>();
    private final List<Object[]> procedures = new ArrayList<>();
    private final List<Object[]> edAttendances = new ArrayList<>();
    private final List<Object[]> outpatients = new ArrayList<>();

    private PasHospital(long seed) {
        dice = new Dice(seed);
    }

    /** Writes the PAS into a fresh H2 file database at {@code base} (without the .mv.db suffix). */
    static void write(Path base) throws SQLException {
        write(base, SEED);
    }

    /** As {@link #write(Path)} with another seed (to look for one that leaves no ranking tied). */
    static void write(Path base, long seed) throws SQLException {
        PasHospital h = new PasHospital(seed);
        h.consultants();
        h.patients();
        h.spells();
        h.edAttendances();
        h.outpatients();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            h.store(db);
        }
    }

    private LocalDate day(LocalDate from, LocalDate to) {
        return from.plusDays(dice.between(0, (int) ChronoUnit.DAYS.between(from, to)));
    }

    private LocalDateTime time(LocalDate day, int fromHour, int toHour) {
        return day.atTime(dice.between(fromHour, toHour), dice.between(0, 59), dice.between(0, 59));
    }

    private static LocalDateTime plusSeconds(LocalDateTime t, double seconds) {
        return t.plusSeconds(Math.round(seconds));
    }

    private void consultants() {
        for (String tf : TREATMENT_FUNCTIONS.keySet()) {
            for (int j = 0; j < (BUSY_FUNCTIONS.contains(tf) ? 3 : 2); j++) {
                String code = String.format("C%07d", dice.between(1_000_000, 9_999_998));
                String initials = "" + INITIALS.charAt(dice.between(0, INITIALS.length() - 1))
                        + INITIALS.charAt(dice.between(0, INITIALS.length() - 1));
                consultants.add(new Object[] {code, dice.oneOf(SURNAMES), initials, tf});
                consultantsByFunction.computeIfAbsent(tf, k -> new ArrayList<>()).add(code);
            }
        }
    }

    private void patients() {
        List<Weighted<String>> ethnic = List.of(w("A", 65), w("B", 5), w("C", 6), w("H", 7), w("J", 6), w("N", 4),
                w("P", 3), w("S", 2), w("Z", 2));
        for (int id = 1; id <= PATIENTS; id++) {
            String gender = dice.pick(List.of(w("1", 48), w("2", 50), w("9", 1), w("X", 1)));
            int age = dice.oneOf(dice.between(0, 17), dice.between(18, 64), dice.between(18, 64),
                    dice.between(65, 97), dice.between(65, 97));
            LocalDate dob = LocalDate.of(2026, 6, 30).minusDays(age * 365L + dice.between(0, 364));
            LocalDate death = age > 70 && dice.below(0.12)
                    ? day(LocalDate.of(2024, 2, 1), LocalDate.of(2026, 11, 27)) : null;
            boolean deleted = dice.below(0.015);
            LocalDateTime created = time(day(LocalDate.of(2012, 1, 1), LocalDate.of(2026, 10, 1)), 0, 23);
            String postcode = String.format("LS%d %d%c%c", dice.between(1, 28), dice.between(1, 9),
                    POSTCODE_LETTERS.charAt(dice.between(0, POSTCODE_LETTERS.length() - 1)),
                    POSTCODE_LETTERS.charAt(dice.between(0, POSTCODE_LETTERS.length() - 1)));
            patientRows.add(new Object[] {id, String.format("%010d", 4_000_000_000L + (long) (dice.chance() * 5_999_999_999L)),
                String.format("RX%07d", 3_000_000 + id * 3), dice.oneOf(gender.equals("1") ? FORENAMES_M : FORENAMES_F),
                dice.oneOf(SURNAMES), dob, death, gender, dice.pick(ethnic), postcode,
                String.format("B%05d", dice.between(80_000, 89_998)), deleted, created,
                dice.below(0.5) ? null : created.plusDays(dice.between(1, 300))});
            patients.add(new PatientInfo(age, gender, death, deleted));
        }
    }

    /** A live, not deleted patient on the day: "f" a woman of 18-45, "child" under 18, null mostly adults. */
    private int patient(LocalDate day, String want) {
        while (true) {
            int id = dice.between(1, PATIENTS);
            PatientInfo p = patients.get(id - 1);
            if (p.deleted() || (p.death() != null && p.death().isBefore(day))) {
                continue;
            }
            if ("f".equals(want) && (!p.gender().equals("2") || p.age() < 18 || p.age() > 45)) {
                continue;
            }
            if ("child".equals(want) && p.age() >= 18) {
                continue;
            }
            if (want == null && p.age() < 18 && dice.below(0.7)) {
                continue;
            }
            return id;
        }
    }

    private void spells() {
        List<RawSpell> raw = new ArrayList<>();
        for (int n = 0; n < 7000; n++) {
            String tf = dice.pick(TF_WEIGHTS);
            LocalDate day = day(START, TODAY);
            int id = patient(day, tf.equals("501") || tf.equals("502") ? "f" : tf.equals("420") ? "child" : null);
            if (tf.equals("101") && !patients.get(id - 1).gender().equals("1")) {
                tf = "300";
            }
            String method;
            if (tf.equals("501")) {
                method = dice.below(0.85) ? "31" : "32";
            } else if (Set.of("100", "110", "101", "502").contains(tf) && dice.below(0.5)) {
                method = dice.pick(List.of(w("11", 6), w("12", 3), w("13", 1)));
            } else if (dice.below(0.04)) {
                method = "81";
            } else {
                method = dice.pick(List.of(w("21", 62), w("22", 20), w("23", 4), w("24", 6), w("28", 8)));
            }
            boolean elective = ELECTIVE.contains(method);
            boolean dayCase = elective && dice.below(0.45);
            LocalDateTime admit = elective ? time(day, 8, 16) : time(day, 0, 23);
            if (admit.isAfter(NOW)) {
                admit = NOW.minusHours(dice.between(2, 20));
            }
            double hours = dayCase ? dice.uniform(3, 9) : dice.exponential(6.0) * 24 + dice.uniform(6, 30);
            LocalDateTime discharge = plusSeconds(admit, hours * 3600);
            LocalDate death = patients.get(id - 1).death();
            boolean died = false;
            if (death != null && !admit.toLocalDate().isAfter(death) && !death.isAfter(discharge.toLocalDate())) {
                LocalDateTime atDeath = time(death, 0, 23);
                discharge = atDeath.isAfter(admit.plusHours(2)) ? atDeath : admit.plusHours(2);
                died = true;
            } else if (!elective && dice.below(0.02)) {
                died = true;
            }
            if (discharge.isAfter(NOW) && !died) {
                discharge = null;
            }
            raw.add(new RawSpell(tf, id, method, admit, discharge, dayCase, died));
        }
        raw.sort(Comparator.comparing(RawSpell::admit));
        for (int k = 0; k < raw.size(); k++) {
            spell(k + 1, raw.get(k));
        }
    }

    private void spell(int spellId, RawSpell r) {
        String dischargeMethod = null;
        String destination = null;
        if (r.died() && r.discharge() != null) {
            dischargeMethod = "4";
            destination = "79";
        } else if (r.discharge() != null) {
            dischargeMethod = dice.below(0.02) ? "2" : "1";
            destination = dice.pick(List.of(w("19", 85), w("29", 3), w("49", 4), w("54", 5), w("65", 3)));
        }
        boolean elective = ELECTIVE.contains(r.method());
        spells.add(new Object[] {spellId, r.patient(), String.format("HPS%08d", 10_000_000 + spellId * 7), r.admit(),
            r.discharge(), r.method(), r.method().equals("81") ? "51" : "19", r.dayCase() ? "2" : "1",
            dischargeMethod, destination, r.admit().plusMinutes(dice.between(1, 40)),
            r.discharge() == null ? null : r.discharge().plusHours(dice.between(1, 48))});
        // consultant episodes: 1 (70%), 2 (22%), 3 (8%), a later one often in another specialty
        int count = r.dayCase() ? 1 : dice.pick(List.of(w(1, 70), w(2, 22), w(3, 8)));
        LocalDateTime end = r.discharge();
        double span = Duration.between(r.admit(), end == null ? NOW : end).getSeconds();
        List<LocalDateTime> bounds = cuts(r.admit(), span, count, 0.2, 0.8);
        bounds.add(end);
        List<String> functions = new ArrayList<>(List.of(r.tf()));
        for (int e = 1; e < count; e++) {
            functions.add(dice.oneOf("430", "300", "340", r.tf()));
        }
        for (int e = 0; e < count; e++) {
            int episodeId = episodes.size() + 1;
            String tf = functions.get(e);
            episodes.add(new Object[] {episodeId, spellId, e + 1, bounds.get(e), bounds.get(e + 1),
                dice.oneOf(consultantsByFunction.get(tf)), tf, e == count - 1 ? "Y" : "N", bounds.get(e).plusMinutes(5)});
            // the primary diagnosis and 0..4 secondary ones; a repeated code leaves its position unused
            String primary = dice.oneOf(TF_DX.get(tf));
            diagnoses.add(new Object[] {diagnoses.size() + 1, episodeId, 1, primary});
            Set<String> used = new HashSet<>(Set.of(primary));
            int secondary = dice.pick(List.of(w(0, 30), w(1, 30), w(2, 20), w(3, 12), w(4, 8)));
            for (int position = 2; position < 2 + secondary; position++) {
                String code = dice.oneOf(SECONDARY);
                if (used.add(code)) {
                    diagnoses.add(new Object[] {diagnoses.size() + 1, episodeId, position, code});
                }
            }
            if (e == 0 && TF_OPCS.containsKey(tf) && (elective || dice.below(0.35))) {
                procedures.add(new Object[] {procedures.size() + 1, episodeId, 1, dice.oneOf(TF_OPCS.get(tf)),
                    bounds.get(e).toLocalDate().plusDays(elective ? 0 : dice.between(0, 1))});
            }
        }
        // ward stays: 1-3 per spell
        int stays = r.dayCase() ? 1 : dice.pick(List.of(w(1, 60), w(2, 30), w(3, 10)));
        String firstWard = r.tf().equals("300") && !r.dayCase() ? "AMU"
                : r.dayCase() ? "DSU" : dice.oneOf(TF_WARDS.get(r.tf()));
        List<LocalDateTime> wardBounds = cuts(r.admit(), span, stays, 0.1, 0.9);
        wardBounds.add(end);
        String previous = null;
        for (int s = 0; s < stays; s++) {
            String code = firstWard;
            if (s > 0) {
                List<String> options = new ArrayList<>(TF_WARDS.get(functions.get(Math.min(s, count - 1))));
                options.addAll(List.of("ELD2", "ITU"));
                String before = previous;
                options.removeIf(x -> x.equals(before));
                code = options.isEmpty() ? "ELD2" : dice.oneOf(options);
            }
            previous = code;
            wardStays.add(new Object[] {wardStays.size() + 1, spellId, code, wardBounds.get(s), wardBounds.get(s + 1)});
        }
    }

    /** The start and the {@code count - 1} sorted cut points of a spell, drawn at a fraction of its span. */
    private List<LocalDateTime> cuts(LocalDateTime start, double span, int count, double low, double high) {
        List<LocalDateTime> cuts = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            cuts.add(plusSeconds(start, dice.uniform(low, high) * span));
        }
        cuts.sort(Comparator.naturalOrder());
        cuts.add(0, start);
        return cuts;
    }

    private void edAttendances() {
        List<Object[]> viaAe = new ArrayList<>(spells.stream().filter(s -> s[5].equals("21")).toList());
        Collections.shuffle(viaAe, new java.util.Random(dice.between(0, Integer.MAX_VALUE - 1)));
        Map<LocalDate, Deque<Object[]>> byDay = new HashMap<>();
        for (Object[] s : viaAe) {
            byDay.computeIfAbsent(((LocalDateTime) s[3]).toLocalDate(), d -> new ArrayDeque<>()).push(s);
        }
        List<Object[]> rows = new ArrayList<>();
        for (int n = 0; n < 9000; n++) {
            LocalDate day = day(START, TODAY);
            int id = patient(day, null);
            LocalDateTime arrival = time(day, 0, 23);
            if (arrival.isAfter(NOW)) {
                arrival = NOW.minusHours(dice.between(3, 30));
            }
            int acuity = dice.pick(List.of(w(1, 3), w(2, 15), w(3, 45), w(4, 30), w(5, 7)));
            double total = Math.min(1500, dice.logNormal(5.3, 0.45));
            LocalDateTime assessed = arrival.plusMinutes(dice.between(2, 25));
            LocalDateTime seen = plusSeconds(arrival, 60 * Math.min(total - 2, dice.exponential(60) + 5));
            LocalDateTime departure = plusSeconds(arrival, 60 * total);
            String disposal = dice.pick(List.of(w("01", 25), w("02", 20), w("03", 38), w("04", 8), w("12", 6),
                    w("07", 3))); // 01 admitted
            Integer spellId = null;
            Deque<Object[]> candidates = byDay.get(day);
            if (disposal.equals("01") && candidates != null && !candidates.isEmpty()) {
                Object[] s = candidates.pop();
                spellId = (Integer) s[0];
                id = (Integer) s[1];
            }
            if (arrival.isAfter(NOW.minusHours(3)) || n % 1500 == 0) {
                departure = null; // still in the department, or never closed in the source
            }
            int k = n + 1;
            rows.add(new Object[] {k, id, String.format("ED%09d", k * 13), arrival, assessed, seen, departure,
                dice.pick(List.of(w("1", 30), w("2", 70))), acuity, disposal, spellId, arrival.plusMinutes(1)});
        }
        rows.sort(Comparator.comparing(r -> (LocalDateTime) r[3]));
        for (int i = 0; i < rows.size(); i++) {
            rows.get(i)[0] = i + 1;
        }
        edAttendances.addAll(rows);
    }

    private void outpatients() {
        List<Weighted<String>> outcomes = List.of(w("5", 74), w("6", 5), w("7", 1), w("3", 8), w("2", 6), w("4", 6));
        for (int n = 0; n < 15000; n++) {
            LocalDate day = day(START, LocalDate.of(2027, 1, 31));
            String tf = dice.pick(OP_TF_WEIGHTS);
            LocalDate reference = day.isAfter(TODAY) ? TODAY : day;
            int id = patient(reference, tf.equals("501") || tf.equals("502") ? "f" : tf.equals("420") ? "child" : null);
            String status = day.isAfter(TODAY) ? "8" : dice.pick(outcomes);
            String first = dice.below(0.35) ? "1" : "2";
            LocalTime time = LocalTime.of(dice.between(8, 16), dice.oneOf(0, 15, 30, 45));
            String clinic = String.format("%s%c%02d", tf, "AMP".charAt(dice.between(0, 2)), dice.between(1, 6));
            String consultant = dice.below(0.95) ? dice.oneOf(consultantsByFunction.get(tf)) : null;
            outpatients.add(new Object[] {null, id, day, time, clinic, tf, consultant, status, first,
                day.minusDays(dice.between(7, 150)), time(day.minusDays(dice.between(3, 60)), 0, 23)});
        }
        outpatients.sort(Comparator.comparing((Object[] r) -> (LocalDate) r[2]).thenComparing(r -> (LocalTime) r[3]));
        for (int i = 0; i < outpatients.size(); i++) {
            outpatients.get(i)[0] = i + 1;
        }
    }

    private void store(H2Script db) throws SQLException {
        db.insert("RefGender", List.of("GenderCode", "GenderDescription"), GENDERS);
        db.insert("RefAdmissionMethod", List.of("AdmissionMethodCode", "AdmissionMethodDescription",
                "AdmissionMethodGroup"), ADMISSION_METHODS);
        db.insert("RefDischargeMethod", List.of("DischargeMethodCode", "DischargeMethodDescription"),
                DISCHARGE_METHODS);
        db.insert("RefDischargeDestination", List.of("DischargeDestinationCode", "DischargeDestinationDescription"),
                DESTINATIONS);
        List<Object[]> functions = new ArrayList<>();
        TREATMENT_FUNCTIONS.forEach((code, name) -> functions.add(new Object[] {code, name}));
        db.insert("RefTreatmentFunction", List.of("TreatmentFunctionCode", "TreatmentFunctionName"), functions);
        db.insert("RefAttendanceStatus", List.of("AttendanceStatusCode", "AttendanceStatusDescription"),
                ATTENDANCE_STATUSES);
        db.insert("RefICD10", List.of("ICD10Code", "ICD10Description"), ICD10);
        db.insert("RefOPCS", List.of("OPCSCode", "OPCSDescription"), OPCS);
        db.insert("Ward", List.of("WardCode", "WardName", "SiteCode", "BedCapacity", "IsActive"), WARDS);
        db.insert("Consultant", List.of("ConsultantCode", "ConsultantSurname", "ConsultantInitials",
                "MainSpecialtyCode"), consultants);
        db.insert("tblPatient", List.of("PatientID", "NHSNumber", "LocalPatientID", "Forename", "Surname",
                "DateOfBirth", "DateOfDeath", "GenderCode", "EthnicCategoryCode", "Postcode",
                "RegisteredGPPracticeCode", "IsDeleted", "CreatedDateTime", "ModifiedDateTime"), patientRows);
        db.insert("Spell", List.of("SpellID", "PatientID", "HospitalProviderSpellNumber", "AdmissionDateTime",
                "DischargeDateTime", "AdmissionMethodCode", "AdmissionSourceCode", "PatientClassificationCode",
                "DischargeMethodCode", "DischargeDestinationCode", "CreatedDateTime", "ModifiedDateTime"), spells);
        db.insert("ConsultantEpisode", List.of("EpisodeID", "SpellID", "EpisodeNumber", "EpisodeStartDateTime",
                "EpisodeEndDateTime", "ConsultantCode", "TreatmentFunctionCode", "LastEpisodeInSpellIndicator",
                "CreatedDateTime"), episodes);
        db.insert("WardStay", List.of("WardStayID", "SpellID", "WardCode", "WardStayStartDateTime",
                "WardStayEndDateTime"), wardStays);
        db.insert("Diagnosis", List.of("DiagnosisID", "EpisodeID", "DiagnosisPosition", "ICD10Code"), diagnoses);
        db.insert("ProcedureRecord", List.of("ProcedureID", "EpisodeID", "ProcedurePosition", "OPCSCode",
                "ProcedureDate"), procedures);
        db.insert("EDAttendance", List.of("EDAttendanceID", "PatientID", "AttendanceNumber", "ArrivalDateTime",
                "InitialAssessmentDateTime", "SeenByClinicianDateTime", "DepartureDateTime", "ArrivalModeCode",
                "AcuityCode", "AttendanceDisposalCode", "SpellID", "CreatedDateTime"), edAttendances);
        db.insert("OutpatientAttendance", List.of("OPAttendanceID", "PatientID", "AppointmentDate", "AppointmentTime",
                "ClinicCode", "TreatmentFunctionCode", "ConsultantCode", "AttendanceStatusCode", "FirstAttendanceCode",
                "ReferralReceivedDate", "CreatedDateTime"), outpatients);
    }
}
