package org.tally.acceptance.unseen;

import static org.tally.acceptance.unseen.Dice.w;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.tally.acceptance.unseen.Dice.Weighted;

/**
 * A research database in the style of the OMOP Common Data Model v5.4, synthetic and seeded, in lower-case names
 * ({@code DATABASE_TO_UPPER=FALSE}): person (gender as a concept id, year/month/day of birth), visit_occurrence
 * (visit_concept_id 9201 inpatient, 9202 outpatient, 9203 emergency room; dates and datetimes; an inpatient visit
 * still in progress has no end), condition_occurrence, drug_exposure, procedure_occurrence, measurement
 * (value_as_number with unit_concept_id), observation (smoking status as value_as_concept_id), death, care_site,
 * provider, and the one vocabulary table concept every *_concept_id points at. Only some foreign keys are declared
 * (person and visit references, gender, visit, condition and measurement concepts; not units, drugs, specialties).
 * Concept 0 "No matching concept" stands for unmapped values. Activity runs 2024-01-01 .. 2026-11-29.
 */
final class OmopHospital {

    static final long SEED = 5401L;
    static final String URL_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    private static final LocalDate START = LocalDate.of(2024, 1, 1);
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final int PERSONS = 2500;

    static final String DDL = """
            CREATE TABLE concept (concept_id INT PRIMARY KEY, concept_name VARCHAR(255) NOT NULL, domain_id VARCHAR(20) NOT NULL,
              vocabulary_id VARCHAR(20) NOT NULL, concept_class_id VARCHAR(20) NOT NULL, standard_concept CHAR(1),
              concept_code VARCHAR(50) NOT NULL, valid_start_date DATE NOT NULL, valid_end_date DATE NOT NULL,
              invalid_reason CHAR(1));
            CREATE TABLE care_site (care_site_id INT PRIMARY KEY, care_site_name VARCHAR(255),
              place_of_service_concept_id INT, location_id INT, care_site_source_value VARCHAR(50),
              place_of_service_source_value VARCHAR(50));
            CREATE TABLE provider (provider_id INT PRIMARY KEY, provider_name VARCHAR(255), npi VARCHAR(20), dea VARCHAR(20),
              specialty_concept_id INT, care_site_id INT REFERENCES care_site(care_site_id), year_of_birth INT,
              gender_concept_id INT, provider_source_value VARCHAR(50), specialty_source_value VARCHAR(50));
            CREATE TABLE person (person_id INT PRIMARY KEY, gender_concept_id INT NOT NULL REFERENCES concept(concept_id),
              year_of_birth INT NOT NULL, month_of_birth INT, day_of_birth INT, birth_datetime TIMESTAMP,
              race_concept_id INT NOT NULL, ethnicity_concept_id INT NOT NULL, location_id INT, provider_id INT,
              care_site_id INT, person_source_value VARCHAR(50), gender_source_value VARCHAR(50),
              gender_source_concept_id INT, race_source_value VARCHAR(50), ethnicity_source_value VARCHAR(50));
            CREATE TABLE visit_occurrence (visit_occurrence_id INT PRIMARY KEY,
              person_id INT NOT NULL REFERENCES person(person_id),
              visit_concept_id INT NOT NULL REFERENCES concept(concept_id), visit_start_date DATE NOT NULL,
              visit_start_datetime TIMESTAMP, visit_end_date DATE, visit_end_datetime TIMESTAMP,
              visit_type_concept_id INT NOT NULL, provider_id INT, care_site_id INT REFERENCES care_site(care_site_id),
              visit_source_value VARCHAR(50), visit_source_concept_id INT, admitted_from_concept_id INT,
              admitted_from_source_value VARCHAR(50), discharged_to_concept_id INT, discharged_to_source_value VARCHAR(50),
              preceding_visit_occurrence_id INT);
            CREATE TABLE condition_occurrence (condition_occurrence_id INT PRIMARY KEY,
              person_id INT NOT NULL REFERENCES person(person_id),
              condition_concept_id INT NOT NULL REFERENCES concept(concept_id), condition_start_date DATE NOT NULL,
              condition_start_datetime TIMESTAMP, condition_end_date DATE, condition_end_datetime TIMESTAMP,
              condition_type_concept_id INT NOT NULL, condition_status_concept_id INT, stop_reason VARCHAR(20),
              provider_id INT, visit_occurrence_id INT REFERENCES visit_occurrence(visit_occurrence_id),
              visit_detail_id INT, condition_source_value VARCHAR(50), condition_source_concept_id INT,
              condition_status_source_value VARCHAR(50));
            CREATE TABLE drug_exposure (drug_exposure_id INT PRIMARY KEY, person_id INT NOT NULL REFERENCES person(person_id),
              drug_concept_id INT NOT NULL, drug_exposure_start_date DATE NOT NULL, drug_exposure_start_datetime TIMESTAMP,
              drug_exposure_end_date DATE NOT NULL, drug_exposure_end_datetime TIMESTAMP, verbatim_end_date DATE,
              drug_type_concept_id INT NOT NULL, stop_reason VARCHAR(20), refills INT, quantity DECIMAL(10,2),
              days_supply INT, sig VARCHAR(200), route_concept_id INT, lot_number VARCHAR(50), provider_id INT,
              visit_occurrence_id INT, visit_detail_id INT, drug_source_value VARCHAR(50), drug_source_concept_id INT,
              route_source_value VARCHAR(50), dose_unit_source_value VARCHAR(50));
            CREATE TABLE procedure_occurrence (procedure_occurrence_id INT PRIMARY KEY,
              person_id INT NOT NULL REFERENCES person(person_id), procedure_concept_id INT NOT NULL,
              procedure_date DATE NOT NULL, procedure_datetime TIMESTAMP, procedure_end_date DATE,
              procedure_end_datetime TIMESTAMP, procedure_type_concept_id INT NOT NULL, modifier_concept_id INT,
              quantity INT, provider_id INT, visit_occurrence_id INT, visit_detail_id INT,
              procedure_source_value VARCHAR(50), procedure_source_concept_id INT, modifier_source_value VARCHAR(50));
            CREATE TABLE measurement (measurement_id INT PRIMARY KEY, person_id INT NOT NULL REFERENCES person(person_id),
              measurement_concept_id INT NOT NULL REFERENCES concept(concept_id), measurement_date DATE NOT NULL,
              measurement_datetime TIMESTAMP, measurement_time VARCHAR(10), measurement_type_concept_id INT NOT NULL,
              operator_concept_id INT, value_as_number DECIMAL(12,3), value_as_concept_id INT, unit_concept_id INT,
              range_low DECIMAL(12,3), range_high DECIMAL(12,3), provider_id INT, visit_occurrence_id INT,
              visit_detail_id INT, measurement_source_value VARCHAR(50), measurement_source_concept_id INT,
              unit_source_value VARCHAR(50), unit_source_concept_id INT, value_source_value VARCHAR(50),
              measurement_event_id INT, meas_event_field_concept_id INT);
            CREATE TABLE observation (observation_id INT PRIMARY KEY, person_id INT NOT NULL REFERENCES person(person_id),
              observation_concept_id INT NOT NULL, observation_date DATE NOT NULL, observation_datetime TIMESTAMP,
              observation_type_concept_id INT NOT NULL, value_as_number DECIMAL(12,3), value_as_string VARCHAR(60),
              value_as_concept_id INT, qualifier_concept_id INT, unit_concept_id INT, provider_id INT,
              visit_occurrence_id INT, visit_detail_id INT, observation_source_value VARCHAR(50),
              observation_source_concept_id INT, unit_source_value VARCHAR(50), qualifier_source_value VARCHAR(50),
              value_source_value VARCHAR(50), observation_event_id INT, obs_event_field_concept_id INT);
            CREATE TABLE death (person_id INT PRIMARY KEY REFERENCES person(person_id), death_date DATE NOT NULL,
              death_datetime TIMESTAMP, death_type_concept_id INT, cause_concept_id INT, cause_source_value VARCHAR(50),
              cause_source_concept_id INT);
            """;

    private record Concept(int id, String name, String domain, String vocabulary, String cls, String code) {
    }

    private static final List<Concept> CONCEPTS = new ArrayList<>();

    private static Concept c(int id, String name, String domain, String vocabulary, String cls, String code) {
        Concept k = new Concept(id, name, domain, vocabulary, cls, code);
        CONCEPTS.add(k);
        return k;
    }

    private static final Concept NO_MATCH = c(0, "No matching concept", "Metadata", "None", "Undefined", "No matching concept");
    private static final Concept MALE = c(8507, "MALE", "Gender", "Gender", "Gender", "M");
    private static final Concept FEMALE = c(8532, "FEMALE", "Gender", "Gender", "Gender", "F");
    private static final Concept UNKNOWN_GENDER = c(8551, "UNKNOWN", "Gender", "Gender", "Gender", "U");
    private static final List<Weighted<Concept>> RACES = List.of(w(c(8527, "White", "Race", "Race", "Race", "5"), 60),
            w(c(8516, "Black or African American", "Race", "Race", "Race", "3"), 18),
            w(c(8515, "Asian", "Race", "Race", "Race", "2"), 10), w(NO_MATCH, 12));
    private static final Concept HISPANIC = c(38003563, "Hispanic or Latino", "Ethnicity", "Ethnicity", "Ethnicity", "Hispanic");
    private static final Concept NOT_HISPANIC = c(38003564, "Not Hispanic or Latino", "Ethnicity", "Ethnicity", "Ethnicity",
            "Not Hispanic");
    static final int INPATIENT = 9201;
    static final int OUTPATIENT = 9202;
    static final int EMERGENCY = 9203;
    private static final Concept IP = c(INPATIENT, "Inpatient Visit", "Visit", "Visit", "Visit", "IP");
    private static final Concept OP = c(OUTPATIENT, "Outpatient Visit", "Visit", "Visit", "Visit", "OP");
    private static final Concept ER = c(EMERGENCY, "Emergency Room Visit", "Visit", "Visit", "Visit", "ER");
    private static final Concept EHR = c(32817, "EHR", "Type Concept", "Type Concept", "Type Concept", "OMOP4976890");
    private static final Concept CLAIM = c(32810, "Claim", "Type Concept", "Type Concept", "Type Concept", "OMOP4976884");
    private static final Concept HOME = c(8536, "Home", "Visit", "CMS Place of Service", "Visit", "12");
    private static final Concept SNF = c(8863, "Skilled Nursing Facility", "Visit", "CMS Place of Service", "Visit", "31");
    private static final Concept PRIMARY_DX = c(32902, "Primary diagnosis", "Condition Status", "Condition Status",
            "Condition Status", "OMOP4976972");
    private static final Concept SECONDARY_DX = c(32908, "Secondary diagnosis", "Condition Status", "Condition Status",
            "Condition Status", "OMOP4976978");
    private static final Concept POS_IP = c(8717, "Inpatient Hospital", "Visit", "CMS Place of Service", "Visit", "21");
    private static final Concept POS_OP = c(8756, "Outpatient Hospital", "Visit", "CMS Place of Service", "Visit", "22");
    private static final Concept POS_ER = c(8870, "Emergency Room - Hospital", "Visit", "CMS Place of Service", "Visit", "23");

    private static final List<Weighted<Concept>> CONDITIONS = List.of(
            w(c(320128, "Essential hypertension", "Condition", "SNOMED", "Clinical Finding", "59621000"), 20),
            w(c(201826, "Type 2 diabetes mellitus", "Condition", "SNOMED", "Clinical Finding", "44054006"), 14),
            w(c(255573, "Chronic obstructive lung disease", "Condition", "SNOMED", "Clinical Finding", "13645005"), 7),
            w(c(255848, "Pneumonia", "Condition", "SNOMED", "Clinical Finding", "233604007"), 9),
            w(c(313217, "Atrial fibrillation", "Condition", "SNOMED", "Clinical Finding", "49436004"), 6),
            w(c(316139, "Heart failure", "Condition", "SNOMED", "Clinical Finding", "84114007"), 5),
            w(c(4329847, "Myocardial infarction", "Condition", "SNOMED", "Clinical Finding", "22298006"), 3),
            w(c(46271022, "Chronic kidney disease", "Condition", "SNOMED", "Clinical Finding", "709044004"), 4.5),
            w(c(317009, "Asthma", "Condition", "SNOMED", "Clinical Finding", "195967001"), 8),
            w(c(81902, "Urinary tract infectious disease", "Condition", "SNOMED", "Clinical Finding", "68566005"), 11),
            w(c(132797, "Sepsis", "Condition", "SNOMED", "Clinical Finding", "91302008"), 2),
            w(c(28060, "Streptococcal sore throat", "Condition", "SNOMED", "Clinical Finding", "43878008"), 3.5),
            w(c(78272, "Low back pain", "Condition", "SNOMED", "Clinical Finding", "279039007"), 12.5));
    private static final List<Weighted<Concept>> DRUGS = List.of(
            w(c(1503297, "metformin", "Drug", "RxNorm", "Ingredient", "6809"), 12),
            w(c(1308216, "lisinopril", "Drug", "RxNorm", "Ingredient", "29046"), 15),
            w(c(1545958, "atorvastatin", "Drug", "RxNorm", "Ingredient", "83367"), 18),
            w(c(1125315, "acetaminophen", "Drug", "RxNorm", "Ingredient", "161"), 24),
            w(c(1713332, "amoxicillin", "Drug", "RxNorm", "Ingredient", "723"), 10),
            w(c(1310149, "warfarin", "Drug", "RxNorm", "Ingredient", "11289"), 4),
            w(c(1177480, "ibuprofen", "Drug", "RxNorm", "Ingredient", "5640"), 8),
            w(c(1154343, "albuterol", "Drug", "RxNorm", "Ingredient", "435"), 6),
            w(c(1332418, "amlodipine", "Drug", "RxNorm", "Ingredient", "17767"), 11),
            w(c(1518254, "dexamethasone", "Drug", "RxNorm", "Ingredient", "3264"), 2));
    private static final List<Weighted<Concept>> PROCEDURES = List.of(
            w(c(4163872, "Plain chest X-ray", "Procedure", "SNOMED", "Procedure", "399208008"), 30),
            w(c(4230911, "Electrocardiographic procedure", "Procedure", "SNOMED", "Procedure", "29303009"), 25),
            w(c(4019824, "Colonoscopy", "Procedure", "SNOMED", "Procedure", "73761001"), 6),
            w(c(4203722, "Appendectomy", "Procedure", "SNOMED", "Procedure", "80146002"), 3),
            w(c(4336464, "Coronary artery bypass graft", "Procedure", "SNOMED", "Procedure", "232717009"), 1.5),
            w(c(4078793, "Total hip replacement", "Procedure", "SNOMED", "Procedure", "52734007"), 2.5),
            w(c(4010253, "Ultrasonography of abdomen", "Procedure", "SNOMED", "Procedure", "45036003"), 12));
    private static final Concept ORAL = c(4132161, "Oral", "Route", "SNOMED", "Qualifier Value", "26643006");
    private static final Concept IV = c(4171047, "Intravenous", "Route", "SNOMED", "Qualifier Value", "47625008");
    private static final Concept PERCENT = c(8554, "percent", "Unit", "UCUM", "Unit", "%");
    private static final Concept G_DL = c(8713, "gram per deciliter", "Unit", "UCUM", "Unit", "g/dL");
    private static final Concept MG_DL = c(8840, "milligram per deciliter", "Unit", "UCUM", "Unit", "mg/dL");
    private static final Concept PER_MIN = c(8541, "per minute", "Unit", "UCUM", "Unit", "/min");
    private static final Concept MMHG = c(8876, "millimeter mercury column", "Unit", "UCUM", "Unit", "mm[Hg]");
    private static final Concept CELSIUS = c(586323, "degree Celsius", "Unit", "UCUM", "Unit", "Cel");
    private static final Concept MMOL_L = c(8753, "millimole per liter", "Unit", "UCUM", "Unit", "mmol/L");

    private record Lab(Concept concept, Concept unit, double mean, double sd, double low, double high, double weight) {
    }

    private static final List<Lab> LABS = List.of(
            new Lab(c(3004410, "Hemoglobin A1c/Hemoglobin.total in Blood", "Measurement", "LOINC", "Lab Test", "4548-4"),
                    PERCENT, 6.6, 1.3, 4.0, 5.6, 8),
            new Lab(c(3000963, "Hemoglobin [Mass/volume] in Blood", "Measurement", "LOINC", "Lab Test", "718-7"),
                    G_DL, 13.1, 1.8, 12.0, 17.5, 16),
            new Lab(c(3016723, "Creatinine [Mass/volume] in Serum or Plasma", "Measurement", "LOINC", "Lab Test", "2160-0"),
                    MG_DL, 1.05, 0.35, 0.6, 1.3, 14),
            new Lab(c(3019550, "Sodium [Moles/volume] in Serum or Plasma", "Measurement", "LOINC", "Lab Test", "2951-2"),
                    MMOL_L, 139, 3.5, 135, 145, 13),
            new Lab(c(3027018, "Heart rate", "Measurement", "LOINC", "Clinical Observation", "8867-4"),
                    PER_MIN, 82, 14, 60, 100, 18),
            new Lab(c(3004249, "Systolic blood pressure", "Measurement", "LOINC", "Clinical Observation", "8480-6"),
                    MMHG, 132, 18, 90, 140, 17),
            new Lab(c(3020891, "Body temperature", "Measurement", "LOINC", "Clinical Observation", "8310-5"),
                    CELSIUS, 36.9, 0.5, 36.1, 37.5, 9));
    private static final Concept SMOKING = c(43054909, "Tobacco smoking status", "Observation", "LOINC", "Clinical Observation",
            "72166-2");
    private static final Concept ALCOHOL = c(4052351, "Alcohol intake", "Observation", "SNOMED", "Observable Entity", "228273003");
    private static final List<Weighted<Concept>> SMOKING_VALUES = List.of(
            w(c(45879404, "Never smoker", "Meas Value", "LOINC", "Answer", "LA18978-9"), 55),
            w(c(45883458, "Former smoker", "Meas Value", "LOINC", "Answer", "LA15920-4"), 28),
            w(c(45881517, "Current every day smoker", "Meas Value", "LOINC", "Answer", "LA18976-3"), 17));
    private static final List<Concept> SPECIALTIES = List.of(
            c(38004456, "Internal Medicine", "Provider", "Medicare Specialty", "Physician Specialty", "11"),
            c(38004451, "Cardiology", "Provider", "Medicare Specialty", "Physician Specialty", "06"),
            c(38004510, "Emergency Medicine", "Provider", "Medicare Specialty", "Physician Specialty", "93"),
            c(38004447, "General Surgery", "Provider", "Medicare Specialty", "Physician Specialty", "02"),
            c(38004446, "Family Practice", "Provider", "Medicare Specialty", "Physician Specialty", "08"));

    /** Care sites: id, name, place of service, source value; the visit kinds each serves. */
    private static final Object[][] CARE_SITES = {
        {1, "Riverside General Hospital - Inpatient", POS_IP.id(), "RGH-IP"},
        {2, "Riverside Emergency Department", POS_ER.id(), "RGH-ED"},
        {3, "Riverside Medicine Clinic", POS_OP.id(), "RGH-MED"},
        {4, "Riverside Cardiology Clinic", POS_OP.id(), "RGH-CARD"},
        {5, "Northside Family Practice", POS_OP.id(), "NFP"},
        {6, "Northside Surgical Centre", POS_OP.id(), "NSC"}};
    private static final String[] FIRST = {"James", "Maria", "Robert", "Linda", "Michael", "Susan", "David", "Karen",
        "Ahmed", "Wei", "Priya", "Carlos", "Anna", "Tom", "Grace"};
    private static final String[] LAST = {"Nguyen", "Smith", "Garcia", "Johnson", "Brown", "Lee", "Patel", "Miller",
        "Davis", "Lopez", "Wilson", "Clark", "Young", "Hall", "King"};

    private record Visit(int id, int person, int concept, LocalDateTime start, LocalDateTime end, int provider) {
    }

    private final Dice dice;
    private final List<Object[]> providers = new ArrayList<>();
    private final List<Object[]> persons = new ArrayList<>();
    private final List<Integer> birthYears = new ArrayList<>();
    private final List<LocalDate> deaths = new ArrayList<>();
    private final List<Object[]> visits = new ArrayList<>();
    private final List<Object[]> conditions = new ArrayList<>();
    private final List<Object[]> drugs = new ArrayList<>();
    private final List<Object[]> procedures = new ArrayList<>();
    private final List<Object[]> measurements = new ArrayList<>();
    private final List<Object[]> observations = new ArrayList<>();
    private final List<Object[]> deathRows = new ArrayList<>();

    private OmopHospital(long seed) {
        dice = new Dice(seed);
    }

    static void write(Path base) throws SQLException {
        write(base, SEED);
    }

    static void write(Path base, long seed) throws SQLException {
        OmopHospital h = new OmopHospital(seed);
        h.providers();
        h.persons();
        h.visits();
        try (H2Script db = H2Script.create(base, URL_SETTINGS)) {
            db.ddl(DDL);
            db.loading();
            h.store(db);
        }
    }

    private LocalDate day(LocalDate from, LocalDate to) {
        return from.plusDays(dice.between(0, (int) ChronoUnit.DAYS.between(from, to)));
    }

    private void providers() {
        // the care site each specialty works at
        int[] sites = {3, 4, 2, 6, 5};
        int id = 1;
        for (int s = 0; s < SPECIALTIES.size(); s++) {
            int n = s == 0 ? 9 : s == 2 ? 7 : s == 4 ? 6 : s == 1 ? 5 : 4;
            for (int j = 0; j < n; j++) {
                String name = "Dr " + dice.oneOf(FIRST) + " " + dice.oneOf(LAST);
                providers.add(new Object[] {id, name, String.format("1%09d", dice.between(100_000_000, 999_999_999)),
                    null, SPECIALTIES.get(s).id(), sites[s], dice.between(1955, 1992),
                    dice.below(0.5) ? MALE.id() : FEMALE.id(), "P" + (1000 + id), SPECIALTIES.get(s).code()});
                id++;
            }
        }
    }

    /** Providers of a specialty (index into SPECIALTIES), by id. */
    private int provider(int specialty) {
        List<Integer> ids = new ArrayList<>();
        for (Object[] p : providers) {
            if ((int) p[4] == SPECIALTIES.get(specialty).id()) {
                ids.add((int) p[0]);
            }
        }
        return dice.oneOf(ids);
    }

    private void persons() {
        for (int id = 1; id <= PERSONS; id++) {
            double g = dice.chance();
            Concept gender = g < 0.485 ? MALE : g < 0.99 ? FEMALE : UNKNOWN_GENDER;
            int year = dice.oneOf(dice.between(1930, 1960), dice.between(1950, 1990), dice.between(1970, 2005),
                    dice.between(1990, 2024));
            int month = dice.between(1, 12);
            int dayOfMonth = dice.between(1, 28);
            Concept race = dice.pick(RACES);
            Concept ethnicity = dice.below(0.15) ? HISPANIC : NOT_HISPANIC;
            persons.add(new Object[] {id, gender.id(), year, month, dayOfMonth,
                LocalDateTime.of(year, month, dayOfMonth, 0, 0), race.id(), ethnicity.id(), null, null, null,
                String.format("MRN%07d", 4_100_000 + id * 7), gender.code(), 0, race.code(),
                ethnicity == HISPANIC ? "H" : "N"});
            birthYears.add(year);
            LocalDate death = year < 1955 && dice.below(0.09) ? day(LocalDate.of(2024, 3, 1), LocalDate.of(2026, 11, 25))
                    : null;
            deaths.add(death);
        }
    }

    private void visits() {
        int visitId = 1;
        for (int person = 1; person <= PERSONS; person++) {
            LocalDate death = deaths.get(person - 1);
            LocalDate last = death == null ? TODAY : death;
            int n = dice.pick(List.of(w(0, 8), w(1, 18), w(2, 20), w(3, 17), w(4, 13), w(5, 10), w(6, 7), w(8, 5), w(11, 2)));
            boolean diabetic = dice.below(0.13);
            for (int k = 0; k < n; k++) {
                int concept = dice.pick(List.of(w(OUTPATIENT, 68), w(EMERGENCY, 20), w(INPATIENT, 12)));
                LocalDate d = day(START, last);
                LocalDateTime start;
                LocalDateTime end;
                int site;
                int prov;
                if (concept == OUTPATIENT) {
                    start = d.atTime(dice.between(8, 16), dice.oneOf(0, 15, 30, 45));
                    end = start.plusMinutes(dice.between(10, 50));
                    int spec = dice.oneOf(0, 1, 4, 4, 3);
                    site = new int[] {3, 4, 2, 6, 5}[spec];
                    prov = provider(spec);
                } else if (concept == EMERGENCY) {
                    start = d.atTime(dice.between(0, 23), dice.between(0, 59));
                    end = start.plusMinutes(dice.between(60, 600));
                    site = 2;
                    prov = provider(2);
                } else {
                    start = d.atTime(dice.between(0, 23), dice.between(0, 59));
                    end = start.plusHours(Math.round(dice.exponential(90)) + 12);
                    if (death != null && k == n - 1 && dice.below(0.5)) {
                        end = death.atTime(dice.between(0, 23), 0);
                        if (end.isBefore(start)) {
                            end = start.plusHours(6);
                        }
                    }
                    site = 1;
                    prov = provider(dice.oneOf(0, 0, 1, 3));
                }
                boolean ongoing = concept == INPATIENT && (end.toLocalDate().isAfter(TODAY)
                        || (death == null && d.isAfter(TODAY.minusDays(6)) && dice.below(0.7)));
                if (ongoing) {
                    end = null;
                }
                if (end != null && end.toLocalDate().isAfter(TODAY)) {
                    end = TODAY.atTime(8, 0);
                }
                Visit v = new Visit(visitId++, person, concept, start, end, prov);
                visits.add(new Object[] {v.id(), person, concept, start.toLocalDate(), start,
                    end == null ? null : end.toLocalDate(), end, EHR.id(), prov, site,
                    concept == INPATIENT ? "IP" : concept == EMERGENCY ? "ER" : "OP", 0,
                    concept == INPATIENT ? (dice.below(0.4) ? ER.id() : 0) : null, null,
                    concept == INPATIENT && end != null ? (dice.below(0.85) ? HOME.id() : SNF.id()) : null, null, null});
                clinical(v, diabetic);
            }
            if (death != null) {
                Concept cause = dice.below(0.7) ? dice.pick(CONDITIONS) : NO_MATCH;
                deathRows.add(new Object[] {person, death, death.atTime(dice.between(0, 23), dice.between(0, 59)),
                    EHR.id(), cause.id(), cause == NO_MATCH ? null : cause.code(), 0});
            }
        }
    }

    private void clinical(Visit v, boolean diabetic) {
        LocalDate d = v.start().toLocalDate();
        int nc = v.concept() == INPATIENT ? dice.between(1, 4) : dice.between(0, 2);
        List<Integer> seen = new ArrayList<>();
        for (int i = 0; i < nc; i++) {
            Concept cond = i == 0 && diabetic && dice.below(0.6) ? CONCEPTS.stream()
                    .filter(x -> x.id() == 201826).findFirst().orElseThrow() : dice.pick(CONDITIONS);
            if (seen.contains(cond.id())) {
                continue;
            }
            seen.add(cond.id());
            conditions.add(new Object[] {conditions.size() + 1, v.person(), cond.id(), d, v.start(), null, null,
                v.concept() == INPATIENT ? CLAIM.id() : EHR.id(), i == 0 ? PRIMARY_DX.id() : SECONDARY_DX.id(), null,
                v.provider(), v.id(), null, cond.code(), 0, i == 0 ? "primary" : "secondary"});
        }
        int nd = v.concept() == OUTPATIENT ? dice.between(0, 2) : dice.between(0, 3);
        if (diabetic && dice.below(0.5)) {
            drug(v, DRUGS.get(0).value());
        }
        for (int i = 0; i < nd; i++) {
            drug(v, dice.pick(DRUGS));
        }
        int np = v.concept() == OUTPATIENT ? (dice.below(0.15) ? 1 : 0) : dice.between(0, 2);
        for (int i = 0; i < np; i++) {
            Concept p = dice.pick(PROCEDURES);
            LocalDateTime when = v.start().plusHours(dice.between(0, 8));
            procedures.add(new Object[] {procedures.size() + 1, v.person(), p.id(), when.toLocalDate(), when, null, null,
                EHR.id(), null, 1, v.provider(), v.id(), null, p.code(), 0, null});
        }
        int nm = v.concept() == INPATIENT ? dice.between(2, 6) : dice.between(0, 2);
        List<Weighted<Lab>> labs = LABS.stream().map(l -> w(l, l.weight())).toList();
        for (int i = 0; i < nm; i++) {
            Lab lab = dice.pick(labs);
            double mean = lab.concept().id() == 3004410 && diabetic ? 7.9 : lab.mean();
            double value = Math.round(Math.max(0.1, dice.gauss(mean, lab.sd())) * 10) / 10.0;
            LocalDateTime when = v.start().plusMinutes(dice.between(5, 600));
            boolean unmapped = dice.below(0.03);
            measurements.add(new Object[] {measurements.size() + 1, v.person(), lab.concept().id(), when.toLocalDate(),
                when, null, EHR.id(), null, value, null, unmapped ? 0 : lab.unit().id(), lab.low(), lab.high(),
                v.provider(), v.id(), null, lab.concept().code(), 0, lab.unit().code(), 0, Double.toString(value), null,
                null});
        }
        if (dice.below(0.18)) {
            boolean smoking = dice.below(0.7);
            Concept value = smoking ? dice.pick(SMOKING_VALUES) : null;
            Double drinks = smoking ? null : (double) dice.between(0, 21);
            observations.add(new Object[] {observations.size() + 1, v.person(), smoking ? SMOKING.id() : ALCOHOL.id(),
                d, v.start(), EHR.id(), drinks, value == null ? null : value.name(), value == null ? 0 : value.id(),
                null, null, v.provider(), v.id(), null, smoking ? "SMOK" : "ALC", 0, smoking ? null : "drinks/week",
                null, value == null ? String.valueOf(drinks) : value.code(), null, null});
        }
    }

    private void drug(Visit v, Concept drug) {
        LocalDate start = v.start().toLocalDate();
        int days = drug.id() == 1125315 || drug.id() == 1177480 ? dice.between(1, 7) : dice.oneOf(7, 30, 30, 90);
        boolean inpatient = v.concept() == INPATIENT;
        drugs.add(new Object[] {drugs.size() + 1, v.person(), drug.id(), start, v.start(), start.plusDays(days), null,
            null, inpatient ? 38000180 : 38000177, null, inpatient ? 0 : dice.between(0, 3), (double) days,
            days, null, inpatient && dice.below(0.3) ? IV.id() : ORAL.id(), null, v.provider(), v.id(), null,
            drug.code(), 0, inpatient ? "IV" : "PO", null});
    }

    private void store(H2Script db) throws SQLException {
        List<Object[]> concepts = new ArrayList<>();
        for (Concept k : CONCEPTS) {
            concepts.add(new Object[] {k.id(), k.name(), k.domain(), k.vocabulary(), k.cls(), k.id() == 0 ? null : "S",
                k.code(), LocalDate.of(1970, 1, 1), LocalDate.of(2099, 12, 31), null});
        }
        db.insert("concept", List.of("concept_id", "concept_name", "domain_id", "vocabulary_id", "concept_class_id",
                "standard_concept", "concept_code", "valid_start_date", "valid_end_date", "invalid_reason"), concepts);
        List<Object[]> sites = new ArrayList<>();
        for (Object[] s : CARE_SITES) {
            sites.add(new Object[] {s[0], s[1], s[2], 1, s[3], null});
        }
        db.insert("care_site", List.of("care_site_id", "care_site_name", "place_of_service_concept_id", "location_id",
                "care_site_source_value", "place_of_service_source_value"), sites);
        db.insert("provider", List.of("provider_id", "provider_name", "npi", "dea", "specialty_concept_id",
                "care_site_id", "year_of_birth", "gender_concept_id", "provider_source_value", "specialty_source_value"),
                providers);
        db.insert("person", List.of("person_id", "gender_concept_id", "year_of_birth", "month_of_birth", "day_of_birth",
                "birth_datetime", "race_concept_id", "ethnicity_concept_id", "location_id", "provider_id", "care_site_id",
                "person_source_value", "gender_source_value", "gender_source_concept_id", "race_source_value",
                "ethnicity_source_value"), persons);
        db.insert("visit_occurrence", List.of("visit_occurrence_id", "person_id", "visit_concept_id", "visit_start_date",
                "visit_start_datetime", "visit_end_date", "visit_end_datetime", "visit_type_concept_id", "provider_id",
                "care_site_id", "visit_source_value", "visit_source_concept_id", "admitted_from_concept_id",
                "admitted_from_source_value", "discharged_to_concept_id", "discharged_to_source_value",
                "preceding_visit_occurrence_id"), visits);
        db.insert("condition_occurrence", List.of("condition_occurrence_id", "person_id", "condition_concept_id",
                "condition_start_date", "condition_start_datetime", "condition_end_date", "condition_end_datetime",
                "condition_type_concept_id", "condition_status_concept_id", "stop_reason", "provider_id",
                "visit_occurrence_id", "visit_detail_id", "condition_source_value", "condition_source_concept_id",
                "condition_status_source_value"), conditions);
        db.insert("drug_exposure", List.of("drug_exposure_id", "person_id", "drug_concept_id", "drug_exposure_start_date",
                "drug_exposure_start_datetime", "drug_exposure_end_date", "drug_exposure_end_datetime",
                "verbatim_end_date", "drug_type_concept_id", "stop_reason", "refills", "quantity", "days_supply", "sig",
                "route_concept_id", "lot_number", "provider_id", "visit_occurrence_id", "visit_detail_id",
                "drug_source_value", "drug_source_concept_id", "route_source_value", "dose_unit_source_value"), drugs);
        db.insert("procedure_occurrence", List.of("procedure_occurrence_id", "person_id", "procedure_concept_id",
                "procedure_date", "procedure_datetime", "procedure_end_date", "procedure_end_datetime",
                "procedure_type_concept_id", "modifier_concept_id", "quantity", "provider_id", "visit_occurrence_id",
                "visit_detail_id", "procedure_source_value", "procedure_source_concept_id", "modifier_source_value"),
                procedures);
        db.insert("measurement", List.of("measurement_id", "person_id", "measurement_concept_id", "measurement_date",
                "measurement_datetime", "measurement_time", "measurement_type_concept_id", "operator_concept_id",
                "value_as_number", "value_as_concept_id", "unit_concept_id", "range_low", "range_high", "provider_id",
                "visit_occurrence_id", "visit_detail_id", "measurement_source_value", "measurement_source_concept_id",
                "unit_source_value", "unit_source_concept_id", "value_source_value", "measurement_event_id",
                "meas_event_field_concept_id"), measurements);
        db.insert("observation", List.of("observation_id", "person_id", "observation_concept_id", "observation_date",
                "observation_datetime", "observation_type_concept_id", "value_as_number", "value_as_string",
                "value_as_concept_id", "qualifier_concept_id", "unit_concept_id", "provider_id", "visit_occurrence_id",
                "visit_detail_id", "observation_source_value", "observation_source_concept_id", "unit_source_value",
                "qualifier_source_value", "value_source_value", "observation_event_id", "obs_event_field_concept_id"),
                observations);
        db.insert("death", List.of("person_id", "death_date", "death_datetime", "death_type_concept_id",
                "cause_concept_id", "cause_source_value", "cause_source_concept_id"), deathRows);
    }
}
