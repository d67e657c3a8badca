package org.tally.acceptance.omop;

import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OMOP CDM 5.4 database, seeded: every table of the standard's clinical, health-system, economics, derived,
 * metadata and vocabulary parts with the columns the standard documents, written here from its table descriptions.
 * As in the standard's own scripts the tables are created first and the keys declared after the load: primary keys,
 * and foreign keys from {@code person_id}, visit, provider, care-site and location references and from every
 * {@code *_concept_id} to {@code concept}. Names are lower case (on H2 with {@code DATABASE_TO_UPPER=FALSE}).
 * Concept 0 is "No matching concept", as the standard uses it; the ids of the standard concepts used are the
 * public vocabulary's (8507 MALE, 9201 Inpatient Visit, ...). Activity runs 2024-01-01 to 2026-11-28.
 */
final class OmopCdm54 {

    static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    static final String H2_SETTINGS = ";DATABASE_TO_UPPER=FALSE";
    private static final long SEED = 540L;
    private static final int PERSONS = 300;
    private static final LocalDate START = LocalDate.of(2024, 1, 1);

    /** Table → columns ("name type [NOT NULL]"), in the standard's order. */
    static final String DDL = """
            person: person_id INTEGER NOT NULL, gender_concept_id INTEGER NOT NULL, year_of_birth INTEGER NOT NULL,
              month_of_birth INTEGER, day_of_birth INTEGER, birth_datetime TIMESTAMP, race_concept_id INTEGER NOT NULL,
              ethnicity_concept_id INTEGER NOT NULL, location_id INTEGER, provider_id INTEGER, care_site_id INTEGER,
              person_source_value VARCHAR(50), gender_source_value VARCHAR(50), gender_source_concept_id INTEGER,
              race_source_value VARCHAR(50), race_source_concept_id INTEGER, ethnicity_source_value VARCHAR(50),
              ethnicity_source_concept_id INTEGER
            observation_period: observation_period_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              observation_period_start_date DATE NOT NULL, observation_period_end_date DATE NOT NULL,
              period_type_concept_id INTEGER NOT NULL
            visit_occurrence: visit_occurrence_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              visit_concept_id INTEGER NOT NULL, visit_start_date DATE NOT NULL, visit_start_datetime TIMESTAMP,
              visit_end_date DATE, visit_end_datetime TIMESTAMP, visit_type_concept_id INTEGER NOT NULL,
              provider_id INTEGER, care_site_id INTEGER, visit_source_value VARCHAR(50), visit_source_concept_id INTEGER,
              admitted_from_concept_id INTEGER, admitted_from_source_value VARCHAR(50), discharged_to_concept_id INTEGER,
              discharged_to_source_value VARCHAR(50), preceding_visit_occurrence_id INTEGER
            visit_detail: visit_detail_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              visit_detail_concept_id INTEGER NOT NULL, visit_detail_start_date DATE NOT NULL,
              visit_detail_start_datetime TIMESTAMP, visit_detail_end_date DATE, visit_detail_end_datetime TIMESTAMP,
              visit_detail_type_concept_id INTEGER NOT NULL, provider_id INTEGER, care_site_id INTEGER,
              visit_detail_source_value VARCHAR(50), visit_detail_source_concept_id INTEGER,
              admitted_from_concept_id INTEGER, admitted_from_source_value VARCHAR(50),
              discharged_to_source_value VARCHAR(50), discharged_to_concept_id INTEGER,
              preceding_visit_detail_id INTEGER, parent_visit_detail_id INTEGER, visit_occurrence_id INTEGER NOT NULL
            condition_occurrence: condition_occurrence_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              condition_concept_id INTEGER NOT NULL, condition_start_date DATE NOT NULL,
              condition_start_datetime TIMESTAMP, condition_end_date DATE, condition_end_datetime TIMESTAMP,
              condition_type_concept_id INTEGER NOT NULL, condition_status_concept_id INTEGER,
              stop_reason VARCHAR(20), provider_id INTEGER, visit_occurrence_id INTEGER, visit_detail_id INTEGER,
              condition_source_value VARCHAR(50), condition_source_concept_id INTEGER,
              condition_status_source_value VARCHAR(50)
            drug_exposure: drug_exposure_id INTEGER NOT NULL, person_id INTEGER NOT NULL, drug_concept_id INTEGER NOT NULL,
              drug_exposure_start_date DATE NOT NULL, drug_exposure_start_datetime TIMESTAMP,
              drug_exposure_end_date DATE NOT NULL, drug_exposure_end_datetime TIMESTAMP, verbatim_end_date DATE,
              drug_type_concept_id INTEGER NOT NULL, stop_reason VARCHAR(20), refills INTEGER, quantity NUMERIC,
              days_supply INTEGER, sig VARCHAR(2000), route_concept_id INTEGER, lot_number VARCHAR(50),
              provider_id INTEGER, visit_occurrence_id INTEGER, visit_detail_id INTEGER, drug_source_value VARCHAR(50),
              drug_source_concept_id INTEGER, route_source_value VARCHAR(50), dose_unit_source_value VARCHAR(50)
            procedure_occurrence: procedure_occurrence_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              procedure_concept_id INTEGER NOT NULL, procedure_date DATE NOT NULL, procedure_datetime TIMESTAMP,
              procedure_end_date DATE, procedure_end_datetime TIMESTAMP, procedure_type_concept_id INTEGER NOT NULL,
              modifier_concept_id INTEGER, quantity INTEGER, provider_id INTEGER, visit_occurrence_id INTEGER,
              visit_detail_id INTEGER, procedure_source_value VARCHAR(50), procedure_source_concept_id INTEGER,
              modifier_source_value VARCHAR(50)
            device_exposure: device_exposure_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              device_concept_id INTEGER NOT NULL, device_exposure_start_date DATE NOT NULL,
              device_exposure_start_datetime TIMESTAMP, device_exposure_end_date DATE,
              device_exposure_end_datetime TIMESTAMP, device_type_concept_id INTEGER NOT NULL,
              unique_device_id VARCHAR(255), production_id VARCHAR(255), quantity INTEGER, provider_id INTEGER,
              visit_occurrence_id INTEGER, visit_detail_id INTEGER, device_source_value VARCHAR(50),
              device_source_concept_id INTEGER, unit_concept_id INTEGER, unit_source_value VARCHAR(50),
              unit_source_concept_id INTEGER
            measurement: measurement_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              measurement_concept_id INTEGER NOT NULL, measurement_date DATE NOT NULL, measurement_datetime TIMESTAMP,
              measurement_time VARCHAR(10), measurement_type_concept_id INTEGER NOT NULL, operator_concept_id INTEGER,
              value_as_number NUMERIC, value_as_concept_id INTEGER, unit_concept_id INTEGER, range_low NUMERIC,
              range_high NUMERIC, provider_id INTEGER, visit_occurrence_id INTEGER, visit_detail_id INTEGER,
              measurement_source_value VARCHAR(50), measurement_source_concept_id INTEGER,
              unit_source_value VARCHAR(50), unit_source_concept_id INTEGER, value_source_value VARCHAR(50),
              measurement_event_id BIGINT, meas_event_field_concept_id INTEGER
            observation: observation_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              observation_concept_id INTEGER NOT NULL, observation_date DATE NOT NULL, observation_datetime TIMESTAMP,
              observation_type_concept_id INTEGER NOT NULL, value_as_number NUMERIC, value_as_string VARCHAR(60),
              value_as_concept_id INTEGER, qualifier_concept_id INTEGER, unit_concept_id INTEGER, provider_id INTEGER,
              visit_occurrence_id INTEGER, visit_detail_id INTEGER, observation_source_value VARCHAR(50),
              observation_source_concept_id INTEGER, unit_source_value VARCHAR(50), qualifier_source_value VARCHAR(50),
              value_source_value VARCHAR(50), observation_event_id BIGINT, obs_event_field_concept_id INTEGER
            death: person_id INTEGER NOT NULL, death_date DATE NOT NULL, death_datetime TIMESTAMP,
              death_type_concept_id INTEGER, cause_concept_id INTEGER, cause_source_value VARCHAR(50),
              cause_source_concept_id INTEGER
            note: note_id INTEGER NOT NULL, person_id INTEGER NOT NULL, note_date DATE NOT NULL, note_datetime TIMESTAMP,
              note_type_concept_id INTEGER NOT NULL, note_class_concept_id INTEGER NOT NULL, note_title VARCHAR(250),
              note_text VARCHAR(4000) NOT NULL, encoding_concept_id INTEGER NOT NULL, language_concept_id INTEGER NOT NULL,
              provider_id INTEGER, visit_occurrence_id INTEGER, visit_detail_id INTEGER, note_source_value VARCHAR(50),
              note_event_id BIGINT, note_event_field_concept_id INTEGER
            note_nlp: note_nlp_id INTEGER NOT NULL, note_id INTEGER NOT NULL, section_concept_id INTEGER,
              snippet VARCHAR(250), "offset" VARCHAR(50), lexical_variant VARCHAR(250) NOT NULL,
              note_nlp_concept_id INTEGER, note_nlp_source_concept_id INTEGER, nlp_system VARCHAR(250),
              nlp_date DATE NOT NULL, nlp_datetime TIMESTAMP, term_exists VARCHAR(1), term_temporal VARCHAR(50),
              term_modifiers VARCHAR(2000)
            specimen: specimen_id INTEGER NOT NULL, person_id INTEGER NOT NULL, specimen_concept_id INTEGER NOT NULL,
              specimen_type_concept_id INTEGER NOT NULL, specimen_date DATE NOT NULL, specimen_datetime TIMESTAMP,
              quantity NUMERIC, unit_concept_id INTEGER, anatomic_site_concept_id INTEGER,
              disease_status_concept_id INTEGER, specimen_source_id VARCHAR(50), specimen_source_value VARCHAR(50),
              unit_source_value VARCHAR(50), anatomic_site_source_value VARCHAR(50),
              disease_status_source_value VARCHAR(50)
            fact_relationship: domain_concept_id_1 INTEGER NOT NULL, fact_id_1 INTEGER NOT NULL,
              domain_concept_id_2 INTEGER NOT NULL, fact_id_2 INTEGER NOT NULL, relationship_concept_id INTEGER NOT NULL
            location: location_id INTEGER NOT NULL, address_1 VARCHAR(50), address_2 VARCHAR(50), city VARCHAR(50),
              state VARCHAR(2), zip VARCHAR(9), county VARCHAR(20), location_source_value VARCHAR(50),
              country_concept_id INTEGER, country_source_value VARCHAR(80), latitude NUMERIC, longitude NUMERIC
            care_site: care_site_id INTEGER NOT NULL, care_site_name VARCHAR(255), place_of_service_concept_id INTEGER,
              location_id INTEGER, care_site_source_value VARCHAR(50), place_of_service_source_value VARCHAR(50)
            provider: provider_id INTEGER NOT NULL, provider_name VARCHAR(255), npi VARCHAR(20), dea VARCHAR(20),
              specialty_concept_id INTEGER, care_site_id INTEGER, year_of_birth INTEGER, gender_concept_id INTEGER,
              provider_source_value VARCHAR(50), specialty_source_value VARCHAR(50),
              specialty_source_concept_id INTEGER, gender_source_value VARCHAR(50), gender_source_concept_id INTEGER
            payer_plan_period: payer_plan_period_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              payer_plan_period_start_date DATE NOT NULL, payer_plan_period_end_date DATE NOT NULL,
              payer_concept_id INTEGER, payer_source_value VARCHAR(50), payer_source_concept_id INTEGER,
              plan_concept_id INTEGER, plan_source_value VARCHAR(50), plan_source_concept_id INTEGER,
              sponsor_concept_id INTEGER, sponsor_source_value VARCHAR(50), sponsor_source_concept_id INTEGER,
              family_source_value VARCHAR(50), stop_reason_concept_id INTEGER, stop_reason_source_value VARCHAR(50),
              stop_reason_source_concept_id INTEGER
            cost: cost_id INTEGER NOT NULL, cost_event_id INTEGER NOT NULL, cost_domain_id VARCHAR(20) NOT NULL,
              cost_type_concept_id INTEGER NOT NULL, currency_concept_id INTEGER, total_charge NUMERIC,
              total_cost NUMERIC, total_paid NUMERIC, paid_by_payer NUMERIC, paid_by_patient NUMERIC,
              paid_patient_copay NUMERIC, paid_patient_coinsurance NUMERIC, paid_patient_deductible NUMERIC,
              paid_by_primary NUMERIC, paid_ingredient_cost NUMERIC, paid_dispensing_fee NUMERIC,
              payer_plan_period_id INTEGER, amount_allowed NUMERIC, revenue_code_concept_id INTEGER,
              revenue_code_source_value VARCHAR(50), drg_concept_id INTEGER, drg_source_value VARCHAR(3)
            drug_era: drug_era_id INTEGER NOT NULL, person_id INTEGER NOT NULL, drug_concept_id INTEGER NOT NULL,
              drug_era_start_date DATE NOT NULL, drug_era_end_date DATE NOT NULL, drug_exposure_count INTEGER,
              gap_days INTEGER
            dose_era: dose_era_id INTEGER NOT NULL, person_id INTEGER NOT NULL, drug_concept_id INTEGER NOT NULL,
              unit_concept_id INTEGER NOT NULL, dose_value NUMERIC NOT NULL, dose_era_start_date DATE NOT NULL,
              dose_era_end_date DATE NOT NULL
            condition_era: condition_era_id INTEGER NOT NULL, person_id INTEGER NOT NULL,
              condition_concept_id INTEGER NOT NULL, condition_era_start_date DATE NOT NULL,
              condition_era_end_date DATE NOT NULL, condition_occurrence_count INTEGER
            episode: episode_id BIGINT NOT NULL, person_id INTEGER NOT NULL, episode_concept_id INTEGER NOT NULL,
              episode_start_date DATE NOT NULL, episode_start_datetime TIMESTAMP, episode_end_date DATE,
              episode_end_datetime TIMESTAMP, episode_parent_id BIGINT, episode_number INTEGER,
              episode_object_concept_id INTEGER NOT NULL, episode_type_concept_id INTEGER NOT NULL,
              episode_source_value VARCHAR(50), episode_source_concept_id INTEGER
            episode_event: episode_id BIGINT NOT NULL, event_id BIGINT NOT NULL, episode_event_field_concept_id INTEGER NOT NULL
            metadata: metadata_id INTEGER NOT NULL, metadata_concept_id INTEGER NOT NULL,
              metadata_type_concept_id INTEGER NOT NULL, name VARCHAR(250) NOT NULL, value_as_string VARCHAR(250),
              value_as_concept_id INTEGER, value_as_number NUMERIC, metadata_date DATE, metadata_datetime TIMESTAMP
            cdm_source: cdm_source_name VARCHAR(255) NOT NULL, cdm_source_abbreviation VARCHAR(25) NOT NULL,
              cdm_holder VARCHAR(255) NOT NULL, source_description VARCHAR(2000), source_documentation_reference VARCHAR(255),
              cdm_etl_reference VARCHAR(255), source_release_date DATE NOT NULL, cdm_release_date DATE NOT NULL,
              cdm_version VARCHAR(10), cdm_version_concept_id INTEGER NOT NULL, vocabulary_version VARCHAR(20) NOT NULL
            concept: concept_id INTEGER NOT NULL, concept_name VARCHAR(255) NOT NULL, domain_id VARCHAR(20) NOT NULL,
              vocabulary_id VARCHAR(20) NOT NULL, concept_class_id VARCHAR(20) NOT NULL, standard_concept VARCHAR(1),
              concept_code VARCHAR(50) NOT NULL, valid_start_date DATE NOT NULL, valid_end_date DATE NOT NULL,
              invalid_reason VARCHAR(1)
            vocabulary: vocabulary_id VARCHAR(20) NOT NULL, vocabulary_name VARCHAR(255) NOT NULL,
              vocabulary_reference VARCHAR(255), vocabulary_version VARCHAR(255), vocabulary_concept_id INTEGER NOT NULL
            domain: domain_id VARCHAR(20) NOT NULL, domain_name VARCHAR(255) NOT NULL, domain_concept_id INTEGER NOT NULL
            concept_class: concept_class_id VARCHAR(20) NOT NULL, concept_class_name VARCHAR(255) NOT NULL,
              concept_class_concept_id INTEGER NOT NULL
            concept_relationship: concept_id_1 INTEGER NOT NULL, concept_id_2 INTEGER NOT NULL,
              relationship_id VARCHAR(20) NOT NULL, valid_start_date DATE NOT NULL, valid_end_date DATE NOT NULL,
              invalid_reason VARCHAR(1)
            relationship: relationship_id VARCHAR(20) NOT NULL, relationship_name VARCHAR(255) NOT NULL,
              is_hierarchical VARCHAR(1) NOT NULL, defines_ancestry VARCHAR(1) NOT NULL,
              reverse_relationship_id VARCHAR(20) NOT NULL, relationship_concept_id INTEGER NOT NULL
            concept_synonym: concept_id INTEGER NOT NULL, concept_synonym_name VARCHAR(1000) NOT NULL,
              language_concept_id INTEGER NOT NULL
            concept_ancestor: ancestor_concept_id INTEGER NOT NULL, descendant_concept_id INTEGER NOT NULL,
              min_levels_of_separation INTEGER NOT NULL, max_levels_of_separation INTEGER NOT NULL
            source_to_concept_map: source_code VARCHAR(50) NOT NULL, source_concept_id INTEGER NOT NULL,
              source_vocabulary_id VARCHAR(20) NOT NULL, source_code_description VARCHAR(255),
              target_concept_id INTEGER NOT NULL, target_vocabulary_id VARCHAR(20) NOT NULL,
              valid_start_date DATE NOT NULL, valid_end_date DATE NOT NULL, invalid_reason VARCHAR(1)
            drug_strength: drug_concept_id INTEGER NOT NULL, ingredient_concept_id INTEGER NOT NULL,
              amount_value NUMERIC, amount_unit_concept_id INTEGER, numerator_value NUMERIC,
              numerator_unit_concept_id INTEGER, denominator_value NUMERIC, denominator_unit_concept_id INTEGER,
              box_size INTEGER, valid_start_date DATE NOT NULL, valid_end_date DATE NOT NULL, invalid_reason VARCHAR(1)
            cohort: cohort_definition_id INTEGER NOT NULL, subject_id INTEGER NOT NULL, cohort_start_date DATE NOT NULL,
              cohort_end_date DATE NOT NULL
            cohort_definition: cohort_definition_id INTEGER NOT NULL, cohort_definition_name VARCHAR(255) NOT NULL,
              cohort_definition_description VARCHAR(2000), definition_type_concept_id INTEGER NOT NULL,
              cohort_definition_syntax VARCHAR(2000), subject_concept_id INTEGER NOT NULL, cohort_initiation_date DATE
            """;

    /** The primary keys the standard's constraint script declares. */
    private static final List<String> PRIMARY_KEYS = List.of("person.person_id",
            "observation_period.observation_period_id", "visit_occurrence.visit_occurrence_id",
            "visit_detail.visit_detail_id", "condition_occurrence.condition_occurrence_id",
            "drug_exposure.drug_exposure_id", "procedure_occurrence.procedure_occurrence_id",
            "device_exposure.device_exposure_id", "measurement.measurement_id", "observation.observation_id",
            "note.note_id", "note_nlp.note_nlp_id", "specimen.specimen_id", "location.location_id",
            "care_site.care_site_id", "provider.provider_id", "payer_plan_period.payer_plan_period_id",
            "cost.cost_id", "drug_era.drug_era_id", "dose_era.dose_era_id", "condition_era.condition_era_id",
            "episode.episode_id", "metadata.metadata_id", "concept.concept_id", "vocabulary.vocabulary_id",
            "domain.domain_id", "concept_class.concept_class_id", "relationship.relationship_id",
            "cohort_definition.cohort_definition_id");

    /** Seeded concepts: id, name, domain, vocabulary, class, code. */
    private static final Object[][] CONCEPTS = {
            {0, "No matching concept", "Metadata", "None", "Undefined", "No matching concept"},
            {8507, "MALE", "Gender", "Gender", "Gender", "M"},
            {8532, "FEMALE", "Gender", "Gender", "Gender", "F"},
            {8527, "White", "Race", "Race", "Race", "5"},
            {8516, "Black or African American", "Race", "Race", "Race", "3"},
            {8515, "Asian", "Race", "Race", "Race", "2"},
            {38003563, "Hispanic or Latino", "Ethnicity", "Ethnicity", "Ethnicity", "Hispanic"},
            {38003564, "Not Hispanic or Latino", "Ethnicity", "Ethnicity", "Ethnicity", "Not Hispanic"},
            {9201, "Inpatient Visit", "Visit", "Visit", "Visit", "IP"},
            {9202, "Outpatient Visit", "Visit", "Visit", "Visit", "OP"},
            {9203, "Emergency Room Visit", "Visit", "Visit", "Visit", "ER"},
            {32817, "EHR", "Type Concept", "Type Concept", "Type Concept", "OMOP4976890"},
            {201826, "Type 2 diabetes mellitus", "Condition", "SNOMED", "Clinical Finding", "44054006"},
            {320128, "Essential hypertension", "Condition", "SNOMED", "Clinical Finding", "59621000"},
            {4329847, "Myocardial infarction", "Condition", "SNOMED", "Clinical Finding", "22298006"},
            {255573, "Chronic obstructive pulmonary disease", "Condition", "SNOMED", "Clinical Finding", "13645005"},
            {1503297, "metformin", "Drug", "RxNorm", "Ingredient", "6809"},
            {1308216, "lisinopril", "Drug", "RxNorm", "Ingredient", "29046"},
            {1112807, "aspirin", "Drug", "RxNorm", "Ingredient", "1191"},
            {4024656, "Oral", "Route", "SNOMED", "Qualifier Value", "26643006"},
            {4336464, "Coronary artery bypass graft", "Procedure", "SNOMED", "Procedure", "232717009"},
            {4230911, "Appendectomy", "Procedure", "SNOMED", "Procedure", "80146002"},
            {3004410, "Hemoglobin A1c/Hemoglobin.total in Blood", "Measurement", "LOINC", "Lab Test", "4548-4"},
            {3013682, "Urea nitrogen [Mass/volume] in Serum or Plasma", "Measurement", "LOINC", "Lab Test", "3094-0"},
            {8554, "percent", "Unit", "UCUM", "Unit", "%"},
            {8840, "milligram per deciliter", "Unit", "UCUM", "Unit", "mg/dL"},
            {4275495, "Tobacco smoking behavior - finding", "Observation", "SNOMED", "Clinical Finding", "365981007"},
            {38004446, "Internal Medicine", "Provider", "Medicare Specialty", "Medicare Specialty", "11"},
            {38004451, "General Surgery", "Provider", "Medicare Specialty", "Medicare Specialty", "02"},
            {8717, "Inpatient Hospital", "Place of Service", "CMS Place of Service", "Place of Service", "21"},
            {8940, "Office", "Place of Service", "CMS Place of Service", "Place of Service", "11"},
    };

    private OmopCdm54() {
    }

    record Column(String name, String type, boolean notNull) {
    }

    record Table(String name, List<Column> columns) {
    }

    static List<Table> tables() {
        List<Table> out = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^(\\w+): ((?:.|\\n(?!\\w+:))*)").matcher(DDL);
        while (m.find()) {
            List<Column> columns = new ArrayList<>();
            for (String part : m.group(2).replaceAll("\\s+", " ").strip().split(", (?![^()]*\\))")) {
                String[] w = part.strip().split(" ");
                columns.add(new Column(w[0], w[1], part.contains("NOT NULL")));
            }
            out.add(new Table(m.group(1), columns));
        }
        return out;
    }

    /** Creates the tables, loads the seeded rows and then declares the keys, as the standard's scripts do. */
    static void write(Connection c) throws SQLException {
        List<Table> tables = tables();
        try (Statement s = c.createStatement()) {
            for (Table t : tables) {
                s.execute("CREATE TABLE " + t.name() + " (" + String.join(", ", t.columns().stream()
                        .map(col -> col.name() + " " + col.type() + (col.notNull() ? " NOT NULL" : "")).toList())
                        + ")");
            }
        }
        load(c);
        try (Statement s = c.createStatement()) {
            for (String pk : PRIMARY_KEYS) {
                String[] tc = pk.split("\\.");
                s.execute("ALTER TABLE " + tc[0] + " ADD CONSTRAINT xpk_" + tc[0] + " PRIMARY KEY (" + tc[1] + ")");
            }
            for (Table t : tables) {
                int n = 0;
                for (Column col : t.columns()) {
                    String target = foreignTarget(t.name(), col.name());
                    if (target != null) {
                        s.execute("ALTER TABLE " + t.name() + " ADD CONSTRAINT fpk_" + t.name() + "_" + (++n)
                                + " FOREIGN KEY (" + col.name() + ") REFERENCES " + target);
                    }
                }
            }
        }
    }

    /** The standard's foreign keys: person, visit, provider, care site and location references, and concepts. */
    private static String foreignTarget(String table, String column) {
        if (table.equals("concept") || table.startsWith("concept_") || table.equals("vocabulary")
                || table.equals("domain") || table.equals("relationship") || table.equals("source_to_concept_map")
                || table.equals("drug_strength") || table.equals("fact_relationship") || table.equals("metadata")
                || table.equals("cdm_source") || table.equals("episode_event") || table.equals("cohort_definition")) {
            return null;
        }
        return switch (column) {
            case "person_id" -> table.equals("person") ? null : "person (person_id)";
            case "visit_occurrence_id" -> table.equals("visit_occurrence") ? null
                    : "visit_occurrence (visit_occurrence_id)";
            case "provider_id" -> table.equals("provider") ? null : "provider (provider_id)";
            case "care_site_id" -> table.equals("care_site") ? null : "care_site (care_site_id)";
            case "location_id" -> table.equals("location") ? null : "location (location_id)";
            default -> column.endsWith("_concept_id") ? "concept (concept_id)" : null;
        };
    }

    private static void load(Connection c) throws SQLException {
        Random r = new Random(SEED);
        LocalDate epoch = LocalDate.of(1970, 1, 1);
        insert(c, "INSERT INTO concept VALUES (?, ?, ?, ?, ?, 'S', ?, ?, ?, NULL)", rows -> {
            for (Object[] k : CONCEPTS) {
                rows.add(new Object[] {k[0], k[1], k[2], k[3], k[4], k[5], date(epoch), date(LocalDate.of(2099, 12, 31))});
            }
        });
        insert(c, "INSERT INTO vocabulary VALUES (?, ?, NULL, 'v5.0', 0)", rows -> {
            for (String v : new String[] {"None", "Gender", "Race", "Ethnicity", "Visit", "SNOMED", "RxNorm", "LOINC",
                    "UCUM", "Type Concept", "Medicare Specialty", "CMS Place of Service"}) {
                rows.add(new Object[] {v, v});
            }
        });
        insert(c, "INSERT INTO domain VALUES (?, ?, 0)", rows -> {
            for (String d : new String[] {"Metadata", "Gender", "Race", "Ethnicity", "Visit", "Condition", "Drug",
                    "Procedure", "Measurement", "Observation", "Unit", "Route", "Type Concept", "Provider",
                    "Place of Service"}) {
                rows.add(new Object[] {d, d});
            }
        });
        insert(c, "INSERT INTO location VALUES (?, ?, NULL, ?, ?, ?, NULL, NULL, NULL, NULL, NULL, NULL)", rows -> {
            rows.add(new Object[] {1, "1 Main Street", "Springfield", "IL", "62701"});
            rows.add(new Object[] {2, "20 Oak Avenue", "Riverton", "WY", "82501"});
        });
        insert(c, "INSERT INTO care_site VALUES (?, ?, ?, ?, ?, NULL)", rows -> {
            rows.add(new Object[] {1, "General Hospital", 8717, 1, "GH"});
            rows.add(new Object[] {2, "Riverton Clinic", 8940, 2, "RC"});
        });
        insert(c, "INSERT INTO provider VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL)", rows -> {
            for (int i = 1; i <= 12; i++) {
                rows.add(new Object[] {i, "Dr " + (char) ('A' + i), String.format("%010d", 1000000000L + i),
                        i % 2 == 0 ? 38004446 : 38004451, 1 + i % 2, 1950 + i, i % 3 == 0 ? 8532 : 8507, "P" + i});
            }
        });
        int[] genders = {8507, 8532};
        int[] races = {8527, 8527, 8516, 8515};
        int[] conditions = {201826, 320128, 320128, 4329847, 255573};
        String[] conditionCodes = {"E11.9", "I10", "I10", "I21.9", "J44.9"};
        int[] drugs = {1503297, 1308216, 1112807};
        String[] drugNames = {"Metformin 500 MG Oral Tablet", "Lisinopril 10 MG Oral Tablet", "Aspirin 81 MG Oral Tablet"};
        int[] procedures = {4336464, 4230911};
        List<Object[]> persons = new ArrayList<>();
        List<Object[]> periods = new ArrayList<>();
        List<Object[]> visits = new ArrayList<>();
        List<Object[]> conds = new ArrayList<>();
        List<Object[]> exposures = new ArrayList<>();
        List<Object[]> procs = new ArrayList<>();
        List<Object[]> measures = new ArrayList<>();
        List<Object[]> observations = new ArrayList<>();
        List<Object[]> deaths = new ArrayList<>();
        List<Object[]> notes = new ArrayList<>();
        List<Object[]> costs = new ArrayList<>();
        int span = (int) (TODAY.toEpochDay() - START.toEpochDay());
        int visitId = 0;
        int eventId = 0;
        for (int p = 1; p <= PERSONS; p++) {
            int gender = genders[r.nextInt(2)];
            int year = 1930 + r.nextInt(75);
            int month = 1 + r.nextInt(12);
            int day = 1 + r.nextInt(28);
            int race = races[r.nextInt(races.length)];
            boolean hispanic = r.nextInt(6) == 0;
            persons.add(new Object[] {p, gender, year, month, day, race, hispanic ? 38003563 : 38003564, 1 + r.nextInt(2),
                    "P" + (100000 + p), gender == 8507 ? "M" : "F", race == 8527 ? "white" : race == 8516 ? "black"
                    : "asian", hispanic ? "hispanic" : "not hispanic"});
            periods.add(new Object[] {p, p, date(START), date(TODAY.minusDays(1)), 32817});
            int nVisits = 1 + r.nextInt(5);
            for (int v = 0; v < nVisits; v++) {
                visitId++;
                LocalDate start = START.plusDays(r.nextInt(span));
                int kind = r.nextInt(10);
                int concept = kind < 3 ? 9201 : kind < 8 ? 9202 : 9203;
                LocalDate end = concept == 9201 ? start.plusDays(1 + r.nextInt(9)) : start;
                boolean open = concept == 9201 && !end.isBefore(TODAY);
                visits.add(new Object[] {visitId, p, concept, date(start), open ? null : date(end), 32817,
                        1 + r.nextInt(12), concept == 9202 ? 2 : 1, concept == 9201 ? "IP" : concept == 9202 ? "OP" : "ER"});
                int k = r.nextInt(conditions.length);
                conds.add(new Object[] {++eventId, p, conditions[k], date(start), 32817, visitId, conditionCodes[k]});
                if (r.nextInt(3) > 0) {
                    int d = r.nextInt(drugs.length);
                    exposures.add(new Object[] {++eventId, p, drugs[d], date(start), date(start.plusDays(30)), 32817,
                            30, 4024656, visitId, drugNames[d], "oral"});
                    costs.add(new Object[] {eventId, eventId, "Drug", 32817, 5 + r.nextInt(60)});
                }
                if (concept == 9201 && r.nextInt(3) == 0) {
                    int q = r.nextInt(procedures.length);
                    procs.add(new Object[] {++eventId, p, procedures[q], date(start), 32817, visitId,
                            q == 0 ? "33510" : "44950"});
                }
                if (r.nextBoolean()) {
                    boolean a1c = r.nextBoolean();
                    measures.add(new Object[] {++eventId, p, a1c ? 3004410 : 3013682, date(start), 32817,
                            a1c ? 5 + r.nextInt(60) / 10.0 : 7 + r.nextInt(30), a1c ? 8554 : 8840, visitId,
                            a1c ? "4548-4" : "3094-0", a1c ? "%" : "mg/dL"});
                }
            }
            if (r.nextInt(4) == 0) {
                observations.add(new Object[] {++eventId, p, 4275495, date(START.plusDays(r.nextInt(span))), 32817,
                        "smoker"});
            }
            if (r.nextInt(15) == 0) {
                deaths.add(new Object[] {p, date(START.plusDays(r.nextInt(span))), 32817});
            }
            if (r.nextInt(5) == 0) {
                notes.add(new Object[] {++eventId, p, date(START.plusDays(r.nextInt(span))), "Discharge summary",
                        "Patient stable at discharge."});
            }
        }
        insert(c, "INSERT INTO person (person_id, gender_concept_id, year_of_birth, month_of_birth, day_of_birth,"
                + " race_concept_id, ethnicity_concept_id, location_id, person_source_value, gender_source_value,"
                + " race_source_value, ethnicity_source_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows -> rows.addAll(persons));
        insert(c, "INSERT INTO observation_period VALUES (?, ?, ?, ?, ?)", rows -> rows.addAll(periods));
        insert(c, "INSERT INTO visit_occurrence (visit_occurrence_id, person_id, visit_concept_id, visit_start_date,"
                + " visit_end_date, visit_type_concept_id, provider_id, care_site_id, visit_source_value)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows -> rows.addAll(visits));
        insert(c, "INSERT INTO condition_occurrence (condition_occurrence_id, person_id, condition_concept_id,"
                + " condition_start_date, condition_type_concept_id, visit_occurrence_id, condition_source_value)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)", rows -> rows.addAll(conds));
        insert(c, "INSERT INTO drug_exposure (drug_exposure_id, person_id, drug_concept_id, drug_exposure_start_date,"
                + " drug_exposure_end_date, drug_type_concept_id, days_supply, route_concept_id, visit_occurrence_id,"
                + " drug_source_value, route_source_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows -> rows.addAll(exposures));
        insert(c, "INSERT INTO procedure_occurrence (procedure_occurrence_id, person_id, procedure_concept_id,"
                + " procedure_date, procedure_type_concept_id, visit_occurrence_id, procedure_source_value)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?)", rows -> rows.addAll(procs));
        insert(c, "INSERT INTO measurement (measurement_id, person_id, measurement_concept_id, measurement_date,"
                + " measurement_type_concept_id, value_as_number, unit_concept_id, visit_occurrence_id,"
                + " measurement_source_value, unit_source_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows -> rows.addAll(measures));
        insert(c, "INSERT INTO observation (observation_id, person_id, observation_concept_id, observation_date,"
                + " observation_type_concept_id, value_as_string) VALUES (?, ?, ?, ?, ?, ?)", rows -> rows.addAll(observations));
        insert(c, "INSERT INTO death (person_id, death_date, death_type_concept_id) VALUES (?, ?, ?)", rows -> rows.addAll(deaths));
        insert(c, "INSERT INTO note (note_id, person_id, note_date, note_type_concept_id, note_class_concept_id,"
                + " note_title, note_text, encoding_concept_id, language_concept_id)"
                + " VALUES (?, ?, ?, 32817, 0, ?, ?, 0, 0)", rows -> rows.addAll(notes));
        insert(c, "INSERT INTO cost (cost_id, cost_event_id, cost_domain_id, cost_type_concept_id, total_charge)"
                + " VALUES (?, ?, ?, ?, ?)", rows -> rows.addAll(costs));
        insert(c, "INSERT INTO cdm_source VALUES ('Tally test CDM', 'TALLY', 'Tally', NULL, NULL, NULL, ?, ?, '5.4',"
                + " 0, 'v5.0')", rows -> rows.add(new Object[] {date(TODAY), date(TODAY)}));
    }

    private interface Rows {
        void fill(List<Object[]> rows);
    }

    private static void insert(Connection c, String sql, Rows fill) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        fill.fill(rows);
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (Object[] row : rows) {
                for (int i = 0; i < row.length; i++) {
                    ps.setObject(i + 1, row[i]);
                }
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static Date date(LocalDate d) {
        return Date.valueOf(d);
    }
}
