package org.tally.acceptance.unseen;

import static org.tally.acceptance.unseen.Dice.w;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.acceptance.unseen.Dice.Weighted;

/**
 * An OpenMRS-like hospital, synthetic and seeded (a Java port of the stress run's gen_openmrs.py): UPPER_SNAKE
 * names; PERSON holds patients and staff, PATIENT the patients; names in PERSON_NAME; coded values are CONCEPT ids
 * named in CONCEPT_NAME (one English FULLY_SPECIFIED name each, some SHORT and French names); types in lookup
 * tables; VOIDED / RETIRED flags (0/1), about 3% of clinical rows voided; an appointment's time lives in its time
 * slot. Activity runs 2023-01-01 .. 2026-11-28; scheduled appointments run to 2027-01-20. Most foreign keys are
 * declared; those of LOCATION and of the appointment module are not.
 */
final class OpenmrsHospital {

    static final long SEED = 424243L; // the Python original used 424242; this seed leaves no ranking tied (see everyRankingHasOneAnswer)
    static final String URL_SETTINGS = "";
    private static final LocalDateTime START = LocalDateTime.of(2023, 1, 1, 0, 0);
    private static final LocalDateTime END = LocalDateTime.of(2026, 11, 28, 18, 0);
    private static final double VOID_RATE = 0.03;

    private record Concept(int id, int classId, int datatypeId, String english, String shortName, String french) {
    }

    private static final List<Concept> CONCEPTS = List.of(
            new Concept(5088, 5, 1, "Temperature (C)", "Temp", "Température (C)"),
            new Concept(5085, 5, 1, "Systolic blood pressure", "SBP", "Tension artérielle systolique"),
            new Concept(5086, 5, 1, "Diastolic blood pressure", "DBP", null),
            new Concept(5087, 5, 1, "Pulse", null, "Pouls"),
            new Concept(5242, 5, 1, "Respiratory rate", "RR", null),
            new Concept(5092, 5, 1, "Blood oxygen saturation", "SpO2", null),
            new Concept(5089, 5, 1, "Weight (kg)", "WT", "Poids (kg)"),
            new Concept(5090, 5, 1, "Height (cm)", "HT", null),
            new Concept(887, 1, 1, "Serum glucose", "GLU", null),
            new Concept(21, 1, 1, "Hemoglobin", "HGB", "Hémoglobine"),
            new Concept(790, 1, 1, "Serum creatinine", "CREAT", null),
            new Concept(5497, 1, 1, "CD4 count", "CD4", null),
            new Concept(856, 1, 1, "HIV viral load", "VL", null),
            new Concept(32, 1, 2, "Malaria smear", null, null),
            new Concept(1284, 8, 2, "Coded diagnosis", null, null),
            new Concept(161602, 8, 3, "Diagnosis or problem, non-coded", null, null),
            new Concept(117399, 4, 4, "Hypertension", "HTN", "Hypertension artérielle"),
            new Concept(119481, 4, 4, "Diabetes mellitus", "DM", "Diabète sucré"),
            new Concept(116128, 4, 4, "Malaria", null, "Paludisme"),
            new Concept(112141, 4, 4, "Tuberculosis", "TB", "Tuberculose"),
            new Concept(138405, 4, 4, "HIV disease", null, null),
            new Concept(121375, 4, 4, "Asthma", null, null),
            new Concept(121629, 4, 4, "Anemia", null, "Anémie"),
            new Concept(123098, 4, 4, "Pneumonia", null, "Pneumonie"),
            new Concept(142412, 4, 4, "Diarrhea", null, null),
            new Concept(145131, 4, 4, "Urinary tract infection", "UTI", null),
            new Concept(116030, 4, 4, "Cholera", null, null), // never diagnosed
            new Concept(703, 7, 4, "Positive", null, null),
            new Concept(664, 7, 4, "Negative", null, null),
            new Concept(71617, 3, 4, "Aspirin", null, null),
            new Concept(79651, 3, 4, "Metformin", null, null),
            new Concept(77897, 3, 4, "Amoxicillin", null, null),
            new Concept(70439, 3, 4, "Artemether/lumefantrine", "AL", null),
            new Concept(70116, 3, 4, "Acetaminophen", null, "Paracétamol"),
            new Concept(78280, 3, 4, "Isoniazid", "INH", null),
            new Concept(75523, 3, 4, "Tenofovir/lamivudine/dolutegravir", "TLD", null),
            new Concept(71160, 3, 4, "Amlodipine", null, null),
            new Concept(73154, 3, 4, "Ceftriaxone", null, null),
            new Concept(161553, 7, 4, "Milligram", "mg", null),
            new Concept(160240, 7, 4, "Oral", null, null),
            new Concept(160242, 7, 4, "Intravenous", "IV", null));

    private record Vital(int concept, double mean, double sd, int decimals) {
    }

    private static final List<Vital> VITALS = List.of(new Vital(5088, 36.9, 0.7, 1), new Vital(5085, 128, 18, 0),
            new Vital(5086, 80, 11, 0), new Vital(5087, 82, 14, 0), new Vital(5242, 18, 3, 0),
            new Vital(5092, 96, 2.5, 0), new Vital(5089, 64, 14, 1));

    private record LabRange(double mean, double sd, double low, double high, int decimals) {
    }

    private static final Map<Integer, LabRange> LABS = Map.of(887, new LabRange(6.0, 2.4, 3.9, 7.8, 1),
            21, new LabRange(12.4, 2.0, 11.5, 17.0, 1), 790, new LabRange(88, 35, 50, 110, 0),
            5497, new LabRange(420, 220, 500, 1500, 0), 856, new LabRange(2500, 8000, 0, 50, 0));
    private static final List<Weighted<Integer>> DIAG = List.of(w(117399, 22), w(119481, 12), w(116128, 16),
            w(112141, 5), w(138405, 7), w(121375, 6), w(121629, 8), w(123098, 10), w(142412, 9), w(145131, 9));

    private record Drug(int id, int concept, String name, String form, String strength) {
    }

    private static final List<Drug> DRUGS = List.of(
            new Drug(1, 71617, "Aspirin 75mg tablet", "Tablet", "75mg"),
            new Drug(2, 79651, "Metformin 500mg tablet", "Tablet", "500mg"),
            new Drug(3, 77897, "Amoxicillin 500mg capsule", "Capsule", "500mg"),
            new Drug(4, 70439, "Artemether/lumefantrine 20/120mg tablet", "Tablet", "20/120mg"),
            new Drug(5, 70116, "Paracetamol 500mg tablet", "Tablet", "500mg"),
            new Drug(6, 78280, "Isoniazid 300mg tablet", "Tablet", "300mg"),
            new Drug(7, 75523, "TLD 300/300/50mg tablet", "Tablet", "300/300/50mg"),
            new Drug(8, 71160, "Amlodipine 5mg tablet", "Tablet", "5mg"),
            new Drug(9, 73154, "Ceftriaxone 1g injection", "Injection", "1g"),
            new Drug(10, 79651, "Metformin 850mg tablet", "Tablet", "850mg"),
            new Drug(11, 77897, "Amoxicillin 250mg/5ml suspension", "Suspension", "250mg/5ml"));
    private static final Map<Integer, List<Integer>> DIAG_DRUG = Map.of(117399, List.of(8, 1), 119481, List.of(2, 10),
            116128, List.of(4, 5), 112141, List.of(6), 138405, List.of(7), 121375, List.of(5), 121629, List.of(5),
            123098, List.of(3, 9, 11), 142412, List.of(5), 145131, List.of(3, 9));

    private record Location(int id, String name, String description, Integer parent, int retired) {
    }

    private static final List<Location> LOCATIONS = List.of(
            new Location(1, "Amani District Hospital", "Main hospital site", null, 0),
            new Location(2, "Outpatient Clinic", "General outpatient department", 1, 0),
            new Location(3, "Medical Ward", "Adult inpatient medical ward", 1, 0),
            new Location(4, "Surgical Ward", "Adult inpatient surgical ward", 1, 0),
            new Location(5, "Maternity Ward", "Antenatal, labour and postnatal beds", 1, 0),
            new Location(6, "Paediatric Ward", "Children's inpatient ward", 1, 0),
            new Location(7, "Isolation Ward", "TB and infectious disease isolation", 1, 0),
            new Location(8, "Emergency Department", "Casualty and emergency", 1, 0),
            new Location(9, "Laboratory", "Main laboratory", 1, 0),
            new Location(10, "Pharmacy", "Dispensing pharmacy", 1, 0),
            new Location(11, "Registration Desk", "Front desk", 1, 0),
            new Location(12, "Old Annex Ward", "Closed in 2023", 1, 1));
    private static final List<Weighted<Integer>> WARDS = List.of(w(3, 40), w(4, 20), w(5, 15), w(6, 15), w(7, 10));
    private static final List<Weighted<Integer>> VISIT_TYPE_WEIGHTS = List.of(w(1, 70), w(2, 13), w(3, 14), w(4, 3));
    private static final List<Weighted<Integer>> VISITS_PER_PATIENT = List.of(w(1, 35), w(2, 25), w(3, 15), w(4, 10),
            w(6, 8), w(9, 7));
    private static final List<Weighted<String>> ROLES = List.of(w("Clinician", 18), w("Nurse", 22),
            w("Lab Technician", 4), w("Pharmacist", 3));
    private static final Map<String, String> ROLE_PREFIX = Map.of("Clinician", "Dr. ", "Nurse", "Nurse ",
            "Lab Technician", "", "Pharmacist", "");
    private static final Map<String, String> ROLE_CODE = Map.of("Clinician", "CLN", "Nurse", "NRS",
            "Lab Technician", "LAB", "Pharmacist", "PHA");
    private static final int[][] APPT_TYPES = {{1, 20}, {2, 30}, {3, 15}, {4, 20}, {5, 30}, {6, 15}};
    private static final String[] APPT_TYPE_NAMES = {"General Medicine", "Antenatal Care", "HIV Follow-up",
            "Diabetes Clinic", "Dental", "Hypertension Clinic"};
    private static final List<String> GIVEN_F = List.of("Achieng", "Wanjiru", "Amina", "Grace", "Faith", "Mercy",
            "Halima", "Esther", "Zawadi", "Neema", "Aisha", "Joyce");
    private static final List<String> GIVEN_M = List.of("Otieno", "Kamau", "Juma", "Baraka", "Peter", "Hassan",
            "Daniel", "Brian", "Omondi", "Kevin", "Musa", "Samuel");
    private static final List<String> FAMILY = List.of("Mwangi", "Odhiambo", "Njoroge", "Kariuki", "Mohamed",
            "Wafula", "Chebet", "Kiplagat", "Mutua", "Owino", "Ali", "Nyambura", "Kimani", "Omar", "Were", "Achola");
    private static final List<String> CITIES = List.of("Kisumu", "Nairobi", "Eldoret", "Nakuru", "Mombasa", "Siaya");
    private static final List<String> NON_CODED = List.of("Back pain", "Headache", "Skin rash", "Dog bite",
            "Fever, cause unknown");

    private static final int MALARIA = 116128;
    private static final int HIV = 138405;

    /** The rows of one table, in insert order; the first column is its generated key unless told otherwise. */
    private static final class Rows {
        final String table;
        final List<String> columns;
        final boolean generatedKey;
        final List<Object[]> rows = new ArrayList<>();

        Rows(String table, boolean generatedKey, String... columns) {
            this.table = table;
            this.generatedKey = generatedKey;
            this.columns = List.of(columns);
        }

        /** Adds a row (without its key when the key is generated) and returns the key. */
        int add(Object... values) {
            Object[] row;
            if (generatedKey) {
                row = new Object[values.length + 1];
                row[0] = rows.size() + 1;
                System.arraycopy(values, 0, row, 1, values.length);
            } else {
                row = values;
            }
            rows.add(row);
            return rows.size();
        }

        Object[] row(int key) {
            return rows.get(key - 1);
        }
    }

    private final Dice dice = new Dice(SEED);
    private final Rows person = new Rows("PERSON", true, "PERSON_ID", "GENDER", "BIRTHDATE", "BIRTHDATE_ESTIMATED",
            "DEAD", "DEATH_DATE", "CAUSE_OF_DEATH", "CREATOR", "DATE_CREATED", "VOIDED", "VOID_REASON", "UUID");
    private final Rows personName = new Rows("PERSON_NAME", true, "PERSON_NAME_ID", "PREFERRED", "PERSON_ID",
            "GIVEN_NAME", "MIDDLE_NAME", "FAMILY_NAME", "VOIDED", "UUID");
    private final Rows personAddress = new Rows("PERSON_ADDRESS", true, "PERSON_ADDRESS_ID", "PERSON_ID", "ADDRESS1",
            "CITY_VILLAGE", "STATE_PROVINCE", "COUNTRY", "PREFERRED", "VOIDED", "UUID");
    private final Rows patient = new Rows("PATIENT", false, "PATIENT_ID", "CREATOR", "DATE_CREATED", "VOIDED");
    private final Rows patientIdentifier = new Rows("PATIENT_IDENTIFIER", true, "PATIENT_IDENTIFIER_ID", "PATIENT_ID",
            "IDENTIFIER", "IDENTIFIER_TYPE", "PREFERRED", "LOCATION_ID", "VOIDED", "UUID");
    private final Rows provider = new Rows("PROVIDER", true, "PROVIDER_ID", "PERSON_ID", "NAME", "IDENTIFIER",
            "RETIRED", "UUID");
    private final Rows visit = new Rows("VISIT", true, "VISIT_ID", "PATIENT_ID", "VISIT_TYPE_ID", "DATE_STARTED",
            "DATE_STOPPED", "INDICATION_CONCEPT_ID", "LOCATION_ID", "CREATOR", "DATE_CREATED", "VOIDED", "UUID");
    private final Rows encounter = new Rows("ENCOUNTER", true, "ENCOUNTER_ID", "ENCOUNTER_TYPE", "PATIENT_ID",
            "LOCATION_ID", "FORM_ID", "ENCOUNTER_DATETIME", "CREATOR", "DATE_CREATED", "VOIDED", "VISIT_ID", "UUID");
    private final Rows encounterProvider = new Rows("ENCOUNTER_PROVIDER", true, "ENCOUNTER_PROVIDER_ID",
            "ENCOUNTER_ID", "PROVIDER_ID", "ENCOUNTER_ROLE_ID", "VOIDED", "UUID");
    private final Rows obs = new Rows("OBS", true, "OBS_ID", "PERSON_ID", "CONCEPT_ID", "ENCOUNTER_ID", "ORDER_ID",
            "OBS_DATETIME", "LOCATION_ID", "OBS_GROUP_ID", "VALUE_CODED", "VALUE_DATETIME", "VALUE_NUMERIC",
            "VALUE_TEXT", "COMMENTS", "CREATOR", "DATE_CREATED", "VOIDED", "VOID_REASON", "STATUS", "INTERPRETATION",
            "UUID");
    private final Rows orders = new Rows("ORDERS", true, "ORDER_ID", "ORDER_TYPE_ID", "CONCEPT_ID", "ORDERER",
            "INSTRUCTIONS", "DATE_ACTIVATED", "AUTO_EXPIRE_DATE", "DATE_STOPPED", "ORDER_REASON", "CREATOR",
            "DATE_CREATED", "VOIDED", "PATIENT_ID", "ENCOUNTER_ID", "URGENCY", "ORDER_NUMBER", "ORDER_ACTION",
            "CARE_SETTING", "FULFILLER_STATUS", "UUID");
    private final Rows drugOrder = new Rows("DRUG_ORDER", false, "ORDER_ID", "DRUG_INVENTORY_ID", "DOSE", "DOSE_UNITS",
            "ROUTE", "QUANTITY", "DURATION", "DURATION_UNITS", "AS_NEEDED");
    private final Rows appointmentBlock = new Rows("APPOINTMENTSCHEDULING_APPOINTMENT_BLOCK", true,
            "APPOINTMENT_BLOCK_ID", "START_DATE", "END_DATE", "PROVIDER_ID", "LOCATION_ID", "VOIDED", "UUID");
    private final Rows timeSlot = new Rows("APPOINTMENTSCHEDULING_TIME_SLOT", true, "TIME_SLOT_ID",
            "APPOINTMENT_BLOCK_ID", "START_DATE", "END_DATE", "VOIDED", "UUID");
    private final Rows appointment = new Rows("APPOINTMENTSCHEDULING_APPOINTMENT", true, "APPOINTMENT_ID",
            "TIME_SLOT_ID", "VISIT_ID", "PATIENT_ID", "APPOINTMENT_TYPE_ID", "STATUS", "REASON", "CANCEL_REASON",
            "CREATOR", "DATE_CREATED", "VOIDED", "UUID");

    /** A bookable time slot: its key, the appointment type its block serves, its start. */
    private record Slot(int id, int type, LocalDateTime start) {
    }

    private final Map<LocalDate, List<Slot>> slotsByDay = new HashMap<>();
    private final Set<Integer> usedSlots = new HashSet<>();
    private final List<Integer> clinicians = new ArrayList<>();
    private final List<Integer> nurses = new ArrayList<>();
    private final List<Integer> labTechnicians = new ArrayList<>();

    private OpenmrsHospital() {
    }

    /** Writes the hospital into a fresh H2 file database at {@code base} (without the .mv.db suffix). */
    static void write(Path base) throws SQLException {
        OpenmrsHospital h = new OpenmrsHospital();
        h.generate();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(OpenmrsDdl.TEXT);
            db.loading();
            h.store(db);
        }
    }

    private int voided() {
        return dice.below(VOID_RATE) ? 1 : 0;
    }

    private int newPerson(String gender, LocalDate birth, LocalDateTime created, int isVoided) {
        int id = person.add(gender, birth, dice.below(0.1) ? 1 : 0, 0, null, null, 1, created, isVoided,
                isVoided == 1 ? "Duplicate record" : null, dice.uuid());
        String given = dice.oneOf(gender.equals("F") ? GIVEN_F : GIVEN_M);
        personName.add(1, id, given, null, dice.oneOf(FAMILY), 0, dice.uuid());
        return id;
    }

    private void generate() {
        newPerson("M", LocalDate.of(1980, 1, 1), START.minusDays(400), 0); // the administrator, person 1
        for (int i = 0; i < 47; i++) {
            String g = dice.below(0.55) ? "F" : "M";
            int pid = newPerson(g, LocalDate.of(dice.between(1960, 1998), dice.between(1, 12), dice.between(1, 28)),
                    START.minusDays(300), 0);
            String role = dice.pick(ROLES);
            Object[] name = personName.rows.get(personName.rows.size() - 1);
            int prov = provider.add(pid, ROLE_PREFIX.get(role) + name[3] + " " + name[5],
                    String.format("%s-%03d", ROLE_CODE.get(role), i + 1), dice.below(0.08) ? 1 : 0, dice.uuid());
            switch (role) {
                case "Clinician" -> clinicians.add(prov);
                case "Nurse" -> nurses.add(prov);
                case "Lab Technician" -> labTechnicians.add(prov);
                default -> { }
            }
        }
        appointmentBlocks();
        for (int n = 0; n < 1200; n++) {
            patient();
        }
    }

    /** One block per clinic day (Monday to Friday) and appointment type, each with eight half-hour slots. */
    private void appointmentBlocks() {
        for (LocalDate d = START.toLocalDate(); !d.isAfter(LocalDate.of(2027, 1, 20)); d = d.plusDays(1)) {
            if (d.getDayOfWeek() == DayOfWeek.SATURDAY || d.getDayOfWeek() == DayOfWeek.SUNDAY) {
                continue;
            }
            for (int[] type : APPT_TYPES) {
                if (dice.below(0.35)) {
                    LocalDateTime b0 = d.atTime(8, 0);
                    int block = appointmentBlock.add(b0, b0.plusHours(4), dice.oneOf(clinicians), 2, 0, dice.uuid());
                    for (int s = 0; s < 8; s++) {
                        LocalDateTime s0 = b0.plusMinutes(30L * s);
                        int slot = timeSlot.add(block, s0, s0.plusMinutes(30), 0, dice.uuid());
                        slotsByDay.computeIfAbsent(d, k -> new ArrayList<>()).add(new Slot(slot, type[0], s0));
                    }
                }
            }
        }
    }

    private void patient() {
        String g = dice.below(0.53) ? "F" : "M";
        LocalDateTime created = dice.moment(START.minusDays(200), END.minusDays(3));
        int age = switch (dice.between(0, 3)) {
            case 0 -> dice.between(0, 12);
            case 3 -> dice.between(30, 85);
            default -> dice.between(15, 45);
        };
        LocalDate birth = LocalDate.of(created.getYear() - age, dice.between(1, 12), dice.between(1, 28));
        int pv = dice.below(0.025) ? 1 : 0; // duplicate registrations, voided
        int pid = newPerson(g, birth, created, pv);
        patient.add(pid, 1, created, pv);
        patientIdentifier.add(pid, String.format("%06d%s", 100000 + pid, "ABCDEFGHJK".charAt(pid % 10)), 3, 1, 11, 0,
                dice.uuid());
        if (dice.below(0.7)) {
            patientIdentifier.add(pid, String.format("%08d", dice.between(10000000, 39999999)), 5, 0, 11, 0,
                    dice.uuid());
        }
        personAddress.add(pid, "P.O. Box " + dice.between(10, 9999), dice.oneOf(CITIES), null, "Kenya", 1, 0,
                dice.uuid());
        if (pv == 1) {
            return;
        }
        List<Integer> chronic = new ArrayList<>();
        if (age > 35 && dice.below(0.25)) {
            chronic.add(117399);
        }
        if (age > 35 && dice.below(0.12)) {
            chronic.add(119481);
        }
        if (age > 15 && dice.below(0.08)) {
            chronic.add(HIV);
        }
        int visits = dice.pick(VISITS_PER_PATIENT);
        LocalDateTime t = created;
        boolean died = false;
        boolean forceOpen = dice.below(0.02); // a stay still open at the end of the data
        for (int v = 0; v < visits && !died; v++) {
            t = t.plusDays(dice.between(1, 300)).plusHours(dice.between(0, 8));
            boolean lastOpen = forceOpen && v == visits - 1 && t.isBefore(END.minusDays(5));
            if (lastOpen) {
                t = END.minusHours(dice.between(6, 120));
            }
            if (t.isAfter(END.minusHours(2))) {
                break;
            }
            LocalDateTime stop = visit(pid, g, age, chronic, t, lastOpen);
            died = maybeDies(pid, stop);
            if (stop == null) {
                break;
            }
        }
        if (!died) {
            int later = dice.oneOf(0, 0, 1, 1, 2); // missed and cancelled appointments
            for (int i = 0; i < later; i++) {
                LocalDate day = dice.moment(created, END.minusDays(12)).toLocalDate();
                bookAppointment(pid, day, null, dice.below(0.55) ? "MISSED" : "CANCELLED", null);
            }
            if (dice.below(0.18)) {
                LocalDate day = END.plusDays(dice.between(2, 52)).toLocalDate();
                bookAppointment(pid, day, null, "SCHEDULED", END.minusDays(dice.between(0, 30)));
            }
        }
    }

    // what the last visit left for maybeDies: its type, its end, its diagnoses
    private int lastVisitType;
    private Set<Integer> lastDiagnoses;

    /** One visit with its encounters, observations and orders; returns when it stopped (null: still open). */
    private LocalDateTime visit(int pid, String g, int age, List<Integer> chronic, LocalDateTime t, boolean lastOpen) {
        int vtype = lastOpen ? 2 : dice.pick(VISIT_TYPE_WEIGHTS);
        int loc = switch (vtype) {
            case 1 -> 2;
            case 2 -> dice.pick(WARDS);
            case 3 -> 8;
            default -> 1;
        };
        if (vtype == 2 && g.equals("M") && loc == 5) {
            loc = 3;
        }
        if (vtype == 2 && age <= 12) {
            loc = 6;
        }
        LocalDateTime stop = vtype == 2
                ? t.plusSeconds((long) (Math.max(12.0, dice.logNormal(4.4, 0.7)) * 3600))
                : t.plusMinutes(dice.between(30, 300));
        if (stop.isAfter(END) || lastOpen) {
            stop = null;
        }
        int vvoid = voided();
        int visitId = visit.add(pid, vtype, t, stop, null, loc, 1, t, vvoid, dice.uuid());
        if (vtype == 1 && dice.below(0.45)) {
            bookAppointment(pid, t.toLocalDate(), visitId, "COMPLETED", t.minusDays(dice.between(3, 40)));
        }
        LocalDateTime visitEnd = stop == null ? END : stop;
        Encounters enc = new Encounters(pid, visitId, vvoid);
        if (vtype == 2) {
            enc.add(4, t, loc, clinicians, 1);
        } else {
            enc.add(1, t, loc, nurses, 2);
        }
        // vitals
        LocalDateTime vitalsAt = dice.moment(t, min(visitEnd, t.plusHours(2)));
        int[] ev = enc.add(2, vitalsAt, loc, nurses, 2);
        for (Vital vital : VITALS) {
            if (vital.concept() == 5089 && dice.below(0.3)) {
                continue;
            }
            double val = dice.gauss(vital.mean(), vital.sd());
            if (vital.concept() == 5089 && age <= 12) {
                val = 5 + age * 2.8 + dice.gauss(0, 2);
            }
            if (vital.concept() == 5092) {
                val = Math.min(100, val);
            }
            observe(pid, vital.concept(), ev[0], vitalsAt, loc, ev[1], round(val, vital.decimals()), null, null, null,
                    null);
        }
        if (dice.below(0.25)) {
            double height = age > 15 ? dice.gauss(165, 10) : 60 + age * 7;
            observe(pid, 5090, ev[0], vitalsAt, loc, ev[1], round(height, 0), null, null, null, null);
        }
        // visit note: diagnoses and drug orders
        LocalDateTime noteAt = dice.moment(vitalsAt, min(visitEnd, vitalsAt.plusHours(3)));
        int clin = dice.oneOf(clinicians);
        int[] en = enc.add(3, noteAt, loc, List.of(clin), 1);
        Set<Integer> dx = new LinkedHashSet<>();
        for (int c : chronic) {
            if (dice.below(0.6)) {
                dx.add(c);
            }
        }
        if (dice.below(0.8) || dx.isEmpty()) {
            dx.add(dice.pick(DIAG));
        }
        for (int c : dx) {
            observe(pid, 1284, en[0], noteAt, loc, en[1], null, c, null, null, null);
        }
        if (dice.below(0.08)) {
            observe(pid, 161602, en[0], noteAt, loc, en[1], null, null, dice.oneOf(NON_CODED), null, null);
        }
        int care = vtype == 2 ? 2 : 1;
        for (int c : dx) {
            if (dice.below(0.85)) {
                order(pid, en[0], noteAt, clin, care, dice.oneOf(DIAG_DRUG.get(c)), null, en[1], true);
            }
        }
        tests(pid, chronic, dx, vtype, noteAt, clin, care, en, enc);
        if (vtype == 2 && stop != null) {
            if (dice.below(0.15)) {
                int from = loc;
                List<Weighted<Integer>> others = WARDS.stream().filter(x -> x.value() != from).toList();
                enc.add(6, dice.moment(t, stop), dice.pick(others.isEmpty() ? WARDS : others), nurses, 2);
            }
            enc.add(5, stop, loc, List.of(clin), 1);
        }
        if (vtype != 2 && stop != null && dice.below(0.5)) {
            enc.add(8, stop, loc, nurses, 2);
        }
        lastVisitType = vtype;
        lastDiagnoses = dx;
        return stop;
    }

    private void tests(int pid, List<Integer> chronic, Set<Integer> dx, int vtype, LocalDateTime noteAt, int clin,
                       int care, int[] en, Encounters enc) {
        if (!dice.below(0.45)) {
            return;
        }
        List<Integer> tests = new ArrayList<>(dice.below(0.5) ? List.of(887, 21) : List.of(21));
        if (chronic.contains(HIV)) {
            tests.addAll(List.of(5497, 856));
        }
        if (dx.contains(MALARIA)) {
            tests.add(32);
        }
        if (vtype == 2) {
            tests.add(790);
        }
        LocalDateTime resultAt = dice.moment(noteAt, min(END, noteAt.plusHours(30)));
        List<int[]> done = new ArrayList<>();
        for (int c : tests) {
            done.add(new int[] {order(pid, en[0], noteAt, clin, care, null, c, en[1], !resultAt.isAfter(END)), c});
        }
        int[] el = enc.add(7, resultAt, 9, labTechnicians, 3);
        for (int[] o : done) {
            int c = o[1];
            if (c == 32) {
                observe(pid, 32, el[0], resultAt, 9, el[1], null, dx.contains(MALARIA) ? 703 : 664, null, o[0], null);
                continue;
            }
            LabRange r = LABS.get(c);
            double val = Math.abs(dice.gauss(r.mean(), r.sd()));
            if (c == 856) {
                val = dice.below(0.6) ? Math.floor(val) : 0.0;
            }
            val = round(val, r.decimals());
            String interpretation = r.low() <= val && val <= r.high() ? "NORMAL"
                    : val > r.high() * 2 || val < r.low() / 2 ? "CRITICALLY_ABNORMAL" : "ABNORMAL";
            observe(pid, c, el[0], resultAt, 9, el[1], val, null, null, o[0], interpretation);
        }
    }

    /** An inpatient dies in about 5% of stays, anyone else rarely; the death is on PERSON. */
    private boolean maybeDies(int pid, LocalDateTime stop) {
        if (!(lastVisitType == 2 && dice.below(0.05) || dice.below(0.003))) {
            return false;
        }
        LocalDateTime when = stop == null ? END : stop;
        Object[] p = person.row(pid);
        p[4] = 1;
        LocalDateTime later = when.plusDays(dice.between(1, 90));
        p[5] = lastVisitType == 2 && stop != null ? when.toLocalDate() : min(END, later).toLocalDate();
        p[6] = dice.oneOf(new ArrayList<>(lastDiagnoses));
        return true;
    }

    /** The encounters of one visit: voided with it, or on their own at the void rate. */
    private final class Encounters {
        private final int pid;
        private final int visitId;
        private final int visitVoided;

        Encounters(int pid, int visitId, int visitVoided) {
            this.pid = pid;
            this.visitId = visitId;
            this.visitVoided = visitVoided;
        }

        /** Returns the encounter's key and whether it is voided. */
        int[] add(int type, LocalDateTime when, int location, List<Integer> providers, int role) {
            int voided = visitVoided == 1 ? 1 : voided();
            int e = encounter.add(type, pid, location, null, when, 1, when, voided, visitId, dice.uuid());
            if (!providers.isEmpty()) {
                encounterProvider.add(e, dice.oneOf(providers), role, 0, dice.uuid());
            }
            return new int[] {e, voided};
        }
    }

    private void bookAppointment(int pid, LocalDate day, Integer visitId, String status, LocalDateTime created) {
        for (int k = 0; k < 10; k++) {
            List<Slot> free = slotsByDay.getOrDefault(day.plusDays(k), List.of()).stream()
                    .filter(s -> !usedSlots.contains(s.id())).toList();
            if (!free.isEmpty()) {
                Slot s = dice.oneOf(free);
                usedSlots.add(s.id());
                LocalDateTime c = created != null ? created : s.start().minusDays(dice.between(3, 40));
                if (c.isAfter(END)) {
                    c = END.minusHours(1);
                }
                appointment.add(s.id(), visitId, pid, s.type(), status, null,
                        status.equals("CANCELLED") ? "Patient request" : null, 1, c, voided(), dice.uuid());
                return;
            }
        }
    }

    private void observe(int pid, int concept, int enc, LocalDateTime when, int loc, int encounterVoided,
                         Double numeric, Integer coded, String text, Integer order, String interpretation) {
        obs.add(pid, concept, enc, order, when, loc, null, coded, null, numeric, text, null, 1, when,
                encounterVoided == 1 ? 1 : voided(), null, "FINAL", interpretation, dice.uuid());
    }

    private int order(int pid, int enc, LocalDateTime when, int clin, int care, Integer drug, Integer concept,
                      int encounterVoided, boolean fulfilled) {
        Drug d = drug == null ? null : DRUGS.get(drug - 1);
        int days = 0;
        LocalDateTime expire = null;
        LocalDateTime stopped = null;
        if (d != null) {
            days = dice.oneOf(3, 5, 7, 14, 30, 90);
            expire = when.plusDays(days);
            if (dice.below(0.1)) {
                stopped = dice.moment(when, min(END, expire));
            }
        }
        int o = orders.add(d != null ? 1 : 2, d != null ? d.concept() : concept, clin, null, when, expire, stopped,
                null, 1, when, encounterVoided == 1 ? 1 : voided(), pid, enc, dice.below(0.12) ? "STAT" : "ROUTINE",
                "ORD-" + (orders.rows.size() + 1), "NEW", care,
                d != null ? null : fulfilled ? "COMPLETED" : "RECEIVED", dice.uuid());
        if (d != null) {
            drugOrder.add(o, d.id(), (double) dice.oneOf(1, 1, 2), 161553,
                    d.form().equals("Injection") ? 160242 : 160240, (double) dice.oneOf(10, 14, 20, 28, 30, 60), days,
                    "DAYS", dice.below(0.1) ? 1 : 0);
        }
        return o;
    }

    private static LocalDateTime min(LocalDateTime a, LocalDateTime b) {
        return a.isBefore(b) ? a : b;
    }

    private static double round(double v, int decimals) {
        double f = Math.pow(10, decimals);
        return Math.round(v * f) / f;
    }

    private void store(H2Script db) throws SQLException {
        List<Object[]> classes = List.of(new Object[] {1, "Test", null, 0}, new Object[] {2, "Procedure", null, 0},
                new Object[] {3, "Drug", null, 0}, new Object[] {4, "Diagnosis", null, 0},
                new Object[] {5, "Finding", null, 0}, new Object[] {7, "Misc", null, 0},
                new Object[] {8, "Question", null, 0});
        db.insert("CONCEPT_CLASS", List.of("CONCEPT_CLASS_ID", "NAME", "DESCRIPTION", "RETIRED"), classes);
        db.insert("CONCEPT_DATATYPE", List.of("CONCEPT_DATATYPE_ID", "NAME", "HL7_ABBREVIATION", "RETIRED"),
                List.of(new Object[] {1, "Numeric", "NM", 0}, new Object[] {2, "Coded", "CWE", 0},
                        new Object[] {3, "Text", "ST", 0}, new Object[] {4, "N/A", "ZZ", 0},
                        new Object[] {6, "Date", "DT", 0}));
        List<Object[]> concepts = new ArrayList<>();
        List<Object[]> names = new ArrayList<>();
        for (Concept c : CONCEPTS) {
            concepts.add(new Object[] {c.id(), 0, c.datatypeId(), c.classId(), 0, 1, START.minusDays(500),
                    dice.uuid()});
            names.add(new Object[] {names.size() + 1, c.id(), c.english(), "en", 1, "FULLY_SPECIFIED", 0, dice.uuid()});
            if (c.shortName() != null) {
                names.add(new Object[] {names.size() + 1, c.id(), c.shortName(), "en", 0, "SHORT", 0, dice.uuid()});
            }
            if (c.french() != null) {
                names.add(new Object[] {names.size() + 1, c.id(), c.french(), "fr", 1, "FULLY_SPECIFIED", 0,
                        dice.uuid()});
            }
        }
        db.insert("CONCEPT", List.of("CONCEPT_ID", "RETIRED", "DATATYPE_ID", "CLASS_ID", "IS_SET", "CREATOR",
                "DATE_CREATED", "UUID"), concepts);
        db.insert("CONCEPT_NAME", List.of("CONCEPT_NAME_ID", "CONCEPT_ID", "NAME", "LOCALE", "LOCALE_PREFERRED",
                "CONCEPT_NAME_TYPE", "VOIDED", "UUID"), names);
        insert(db, person);
        insert(db, personName);
        insert(db, personAddress);
        insert(db, patient);
        db.insert("PATIENT_IDENTIFIER_TYPE", List.of("PATIENT_IDENTIFIER_TYPE_ID", "NAME", "DESCRIPTION", "RETIRED"),
                List.of(new Object[] {3, "OpenMRS ID", "Medical record number", 0},
                        new Object[] {5, "National ID", "National identity card number", 0}));
        List<Object[]> locations = new ArrayList<>();
        for (Location l : LOCATIONS) {
            locations.add(new Object[] {l.id(), l.name(), l.description(), "Kisumu", l.parent(), l.retired(),
                    dice.uuid()});
        }
        db.insert("LOCATION", List.of("LOCATION_ID", "NAME", "DESCRIPTION", "CITY_VILLAGE", "PARENT_LOCATION",
                "RETIRED", "UUID"), locations);
        insert(db, patientIdentifier);
        insert(db, provider);
        db.insert("VISIT_TYPE", List.of("VISIT_TYPE_ID", "NAME", "DESCRIPTION", "RETIRED"),
                List.of(new Object[] {1, "Facility Visit", "Outpatient visit to the facility", 0},
                        new Object[] {2, "Inpatient Visit", "Admitted stay", 0},
                        new Object[] {3, "Emergency Visit", "Casualty attendance", 0},
                        new Object[] {4, "Home Visit", "Community outreach visit", 0}));
        insert(db, visit);
        String[] encounterTypes = {"Check In", "Vitals", "Visit Note", "Admission", "Discharge", "Transfer",
                "Lab Results", "Check Out"};
        List<Object[]> types = new ArrayList<>();
        for (int i = 0; i < encounterTypes.length; i++) {
            types.add(new Object[] {i + 1, encounterTypes[i], null, 0});
        }
        db.insert("ENCOUNTER_TYPE", List.of("ENCOUNTER_TYPE_ID", "NAME", "DESCRIPTION", "RETIRED"), types);
        insert(db, encounter);
        db.insert("ENCOUNTER_ROLE", List.of("ENCOUNTER_ROLE_ID", "NAME", "DESCRIPTION", "RETIRED"),
                List.of(new Object[] {1, "Clinician", null, 0}, new Object[] {2, "Nurse", null, 0},
                        new Object[] {3, "Lab Technician", null, 0}));
        insert(db, encounterProvider);
        db.insert("ORDER_TYPE", List.of("ORDER_TYPE_ID", "NAME", "JAVA_CLASS_NAME", "RETIRED"),
                List.of(new Object[] {1, "Drug Order", "org.openmrs.DrugOrder", 0},
                        new Object[] {2, "Test Order", "org.openmrs.TestOrder", 0},
                        new Object[] {3, "Referral Order", "org.openmrs.ReferralOrder", 0}));
        db.insert("CARE_SETTING", List.of("CARE_SETTING_ID", "NAME", "CARE_SETTING_TYPE", "RETIRED"),
                List.of(new Object[] {1, "Outpatient", "OUTPATIENT", 0}, new Object[] {2, "Inpatient", "INPATIENT", 0}));
        insert(db, orders);
        List<Object[]> drugs = new ArrayList<>();
        for (Drug d : DRUGS) {
            drugs.add(new Object[] {d.id(), d.concept(), d.name(), d.name().contains("/") ? 1 : 0, d.form(),
                    d.strength(), 0, dice.uuid()});
        }
        db.insert("DRUG", List.of("DRUG_ID", "CONCEPT_ID", "NAME", "COMBINATION", "DOSAGE_FORM", "STRENGTH", "RETIRED",
                "UUID"), drugs);
        insert(db, drugOrder);
        insert(db, obs);
        List<Object[]> apptTypes = new ArrayList<>();
        for (int i = 0; i < APPT_TYPES.length; i++) {
            apptTypes.add(new Object[] {APPT_TYPES[i][0], APPT_TYPE_NAMES[i], null, APPT_TYPES[i][1], 0, dice.uuid()});
        }
        db.insert("APPOINTMENTSCHEDULING_APPOINTMENT_TYPE", List.of("APPOINTMENT_TYPE_ID", "NAME", "DESCRIPTION",
                "DURATION", "RETIRED", "UUID"), apptTypes);
        insert(db, appointmentBlock);
        insert(db, timeSlot);
        insert(db, appointment);
    }

    private static void insert(H2Script db, Rows rows) throws SQLException {
        db.insert(rows.table, rows.columns, rows.rows);
    }
}
