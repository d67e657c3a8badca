package org.tally.core.pack;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The shipped hospital pack: it loads, holds what the product needs, and its predicates mean what they say. */
class HospitalPackTest {

    private static final DomainPack PACK = PackLoader.hospital();

    @Test
    void identifiesItselfAndIsVersioned() {
        assertThat(PACK.name()).isEqualTo("hospital");
        assertThat(PACK.version()).isPositive();
        assertThat(PackLoader.hospital()).isSameAs(PACK);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Patient", "Encounter", "Admission", "Ward", "Bed", "Transfer", "Department", "Provider",
            "Appointment", "Triage", "VitalSign", "Diagnosis", "DiagnosisCode", "Procedure", "ProcedureCode", "Surgery",
            "Prescription", "Medication", "MedicationAdministration", "LabOrder", "LabResult", "LabTest", "Delivery",
            "Newborn", "Allergy", "Immunization", "Bill", "Payment", "Claim", "Incident", "Mortality", "Referral",
            "ClinicalNote", "StockBatch", "IcuStay"})
    void everyRequiredConceptIsPresentWithEveryField(String id) {
        Concept c = PACK.concept(id).orElseThrow(() -> new AssertionError("missing concept " + id));
        assertThat(c.singular()).isNotBlank();
        assertThat(c.plural()).isNotBlank().isNotEqualTo(c.singular());
        assertThat(c.synonyms()).isNotEmpty();
        assertThat(c.nameTokens()).isNotEmpty();
        assertThat(c.columnTokens()).isNotEmpty();
        assertThat(c.requiredRoles()).isNotEmpty().allSatisfy(r -> assertThat(r.anyOf()).isNotEmpty());
        assertThat(c.description()).isNotBlank();
        assertThat(c.serviceLines()).isNotEmpty();
        assertThat(PACK.conceptsNamedBy(c.singular())).containsExactly(id);
        assertThat(PACK.conceptsNamedBy(c.plural())).containsExactly(id);
    }

    @Test
    void emergencyVisitsAndDeathsAreHeldAsKindsOfTheirBaseAndReadWithItsRoleHints() {
        KindOf ed = PACK.requireConcept("EmergencyVisit").kindOf();
        assertThat(ed.concept()).isEqualTo("Encounter");
        assertThat(ed.where()).isEqualTo(new Condition.InClass(List.of("Type", "Category"), List.of(),
                List.of("emergency")));
        assertThat(ed.timeRoles()).containsExactly(Map.entry("StartTime", "StartTime"), Map.entry("EndTime", "EndTime"));
        KindOf death = PACK.requireConcept("Mortality").kindOf();
        assertThat(death.concept()).isEqualTo("Admission");
        assertThat(death.timeRoles()).containsExactly(Map.entry("EventTime", "EndTime"));
        // own hints first, then the base's kinds and labels: an emergency visit's visit type is its encounter's
        List<RoleHint> hints = PACK.requireConcept("EmergencyVisit").roleHints();
        assertThat(hints.get(0).phrases()).contains("arrival time");
        // (its times are its own: a base's time verbs are not inherited)
        assertThat(hints).containsAll(PACK.requireConcept("Encounter").roleHints().stream()
                .filter(h -> h.roles().stream().noneMatch(r -> r.endsWith("Time"))).toList());
        List<String> deathPhrases = PACK.requireConcept("Mortality").roleHints().stream()
                .flatMap(h -> h.phrases().stream()).toList();
        assertThat(deathPhrases).contains("cause of death", "admission type", "discharge disposition")
                // times and measures stay the base's own, so "admitted" or "length of stay" name admissions only
                .doesNotContain("admitted", "discharged", "length of stay", "admission date");
        assertThat(PACK.requireConcept("Encounter").kindOf()).isNull();
    }

    @Test
    void exactlyTheFourCommonConceptsAreShared() {
        assertThat(PACK.sharedConcepts()).extracting(Concept::id)
                .containsExactlyInAnyOrder("Patient", "Encounter", "Provider", "Department");
    }

    @Test
    void onlyStaffNamesAreShownNeverPatientsOrAnythingAboutThem() {
        assertThat(PACK.concepts().stream().filter(Concept::namesShown)).extracting(Concept::id)
                .containsExactly("Provider");
        assertThat(PACK.requireConcept("Patient").namesShown()).isFalse();
        assertThat(PACK.requireConcept("Newborn").namesShown()).isFalse();
    }

    @Test
    void everyServiceLineOwnsConceptsAndReadsTheSharedOnes() {
        assertThat(PACK.serviceLines()).extracting(ServiceLine::label).containsExactlyInAnyOrder(
                "Ward Board", "Maternity", "Pharmacy", "Diagnostics", "Revenue", "Front Desk", "Emergency", "Theatre",
                "Quality & Safety", "Workforce", "Chronic Care", "Facilities", "Patient Chart");
        for (ServiceLine line : PACK.serviceLines()) {
            assertThat(PACK.ownedBy(line.id())).as(line.label()).isNotEmpty();
            assertThat(PACK.readableBy(line.id())).as(line.label())
                    .contains("Patient", "Encounter", "Provider", "Department");
        }
        assertThat(PACK.ownedBy("Maternity")).extracting(Concept::id).contains("Delivery", "Newborn");
        assertThat(PACK.readableBy("Maternity")).doesNotContain("Bill", "LabResult", "Prescription");
        assertThat(PACK.readableBy("Revenue")).contains("Bill", "Payment", "Claim").doesNotContain("Delivery");
    }

    @ParameterizedTest
    @CsvSource({"pt,Patient", "pat,Patient", "adt,Admission", "ipd,Admission", "adm,Admission",
            "enc,Encounter", "opd,", "rx,Prescription", "appt,Appointment", "mat,Delivery", "ob,Delivery", "lab,LabResult",
            "res,LabResult", "dx,Diagnosis", "proc,Procedure", "ed,EmergencyVisit", "er,EmergencyVisit",
            "icu,IcuStay", "med,Medication", "C-Sections,", "Deliveries,Delivery", "lab results,LabResult",
            "hospital visits,Encounter", "labs,LabResult", "ICU Stays,IcuStay", "vitals,VitalSign"})
    void abbreviationsRealSchemasUseNameOneConcept(String term, String concept) {
        if (concept == null) {
            assertThat(PACK.conceptsNamedBy(term)).isEmpty();
        } else {
            assertThat(PACK.conceptsNamedBy(term)).containsExactly(concept);
        }
    }

    @Test
    void outpatientWordsFilterEncountersRatherThanNameThemAll() {
        // "OPD visits" on a table of all encounters must filter to outpatients, so OPD is a predicate, not a synonym
        assertThat(PACK.predicateForPhrase("OPD").orElseThrow().id()).isEqualTo("outpatient");
        assertThat(PACK.predicateForPhrase("outpatient visits").orElseThrow().on("Encounter")).isPresent();
        assertThat(PACK.nameTokens().table("OPD_Visit").tokens()).containsExactly("outpatient", "visit");
    }

    @ParameterizedTest
    @ValueSource(strings = {"nurses", "doctors", "midwives", "physician"})
    void wordsForASubsetOfStaffAreFiltersNotNamesForAllStaff(String word) {
        assertThat(PACK.conceptsNamedBy(word)).isEmpty();
        Predicate p = PACK.predicateForPhrase(word).orElseThrow();
        assertThat(p.on("Provider")).isPresent();
        assertThat(PACK.conceptsNamedBy("staff")).containsExactly("Provider");
    }

    @ParameterizedTest
    @ValueSource(strings = {"near miss", "discharge summary", "drug allergy", "outpatient appointment", "cpt code"})
    void wordsForASubsetOfRecordsNameNoConcept(String words) {
        // counting every incident for "near misses" would be a wrong answer that executes
        assertThat(PACK.conceptsNamedBy(words)).isEmpty();
    }

    @Test
    void ambiguousAbbreviationsNameEveryCandidateAndAreNeverExpanded() {
        assertThat(PACK.conceptsNamedBy("obs")).containsExactlyInAnyOrder("VitalSign", "Delivery");
        assertThat(PACK.conceptsNamedBy("inv")).containsExactlyInAnyOrder("Bill", "StockBatch");
        assertThat(PACK.nameTokens().phrase("obs")).containsExactly("obs");
        assertThat(PACK.nameTokens().phrase("inv")).containsExactly("inv");
    }

    @ParameterizedTest
    @ValueSource(strings = {"currently_admitted", "discharged", "stillbirth", "live_birth", "caesarean", "abnormal",
            "critical", "no_show", "cancelled", "outstanding", "paid", "readmitted", "died", "emergency", "elective",
            "overdue", "pending", "active"})
    void requiredPredicatesExist(String id) {
        Predicate p = PACK.predicate(id).orElseThrow(() -> new AssertionError("missing predicate " + id));
        assertThat(p.phrases()).isNotEmpty();
        assertThat(p.definitions()).isNotEmpty();
        assertThat(p.description()).isNotBlank();
    }

    @Test
    void currentlyAdmittedIsAnAdmissionWithoutEndTime() {
        Predicate p = PACK.predicateForPhrase("Currently Admitted").orElseThrow();
        assertThat(p.id()).isEqualTo("currently_admitted");
        assertThat(p.on("Admission").orElseThrow().alternatives())
                .containsExactly(new Condition.IsNull(List.of("EndTime"), List.of()));
        assertThat(p.on("Bill")).isEmpty();
    }

    @Test
    void noShowIsAnAppointmentStatusInTheNoShowClass() {
        Predicate p = PACK.predicateForPhrase("no-show").orElseThrow();
        assertThat(PACK.predicateForPhrase("did not attend")).contains(p);
        Condition first = p.on("Appointment").orElseThrow().alternatives().get(0);
        assertThat(first).isEqualTo(new Condition.InClass(List.of("Status", "Category"), List.of(), List.of("no_show")));
    }

    @Test
    void outstandingPrefersABalanceAboveZeroThenAnUnpaidStatus() {
        List<Condition> alternatives = PACK.predicate("outstanding").orElseThrow().on("Bill").orElseThrow().alternatives();
        assertThat(alternatives).hasSize(2);
        Condition.Compare balance = (Condition.Compare) alternatives.get(0);
        assertThat(balance.roles()).containsExactly("Amount");
        assertThat(balance.nameHints()).contains(new NameHint(List.of("balance")));
        assertThat(balance.op()).isEqualTo(Condition.Op.GT);
        assertThat(balance.value()).isEqualByComparingTo(BigDecimal.ZERO);
        assertThat(alternatives.get(1))
                .isEqualTo(new Condition.InClass(List.of("Status"), List.of(), List.of("unpaid")));
    }

    @Test
    void readmittedIsAnotherAdmissionOfTheSamePatientWithinThirtyDaysOfDischarge() {
        Condition c = PACK.predicate("readmitted").orElseThrow().on("Admission").orElseThrow().alternatives().get(0);
        assertThat(c).isEqualTo(new Condition.Exists("Admission", Condition.Link.SAME_PATIENT, null,
                new Condition.Window("EndTime", "StartTime", 0, 30)));
    }

    @Test
    void stillbirthAppliesToDeliveriesAndNewbornsThroughAValueClass() {
        Predicate p = PACK.predicate("stillbirth").orElseThrow();
        assertThat(p.definitions()).extracting(PredicateDefinition::concept).containsExactly("Delivery", "Newborn");
        assertThat(p.definitions()).allSatisfy(d -> assertThat(d.alternatives()).allSatisfy(
                c -> assertThat(((Condition.InClass) c).classes()).containsExactly("stillbirth")));
    }

    @Test
    void predicatesSpeakOnlyOfKnownRolesConceptsAndClasses() {
        for (Predicate p : PACK.predicates()) {
            for (PredicateDefinition d : p.definitions()) {
                assertThat(PACK.concept(d.concept())).as(p.id()).isPresent();
                for (Condition alternative : d.alternatives()) {
                    Condition.walk(alternative, c -> {
                        if (c instanceof Condition.OnColumn) {
                            assertThat(((Condition.OnColumn) c).roles()).as(p.id()).allMatch(RoleNames::isKnown);
                        }
                        if (c instanceof Condition.InClass) {
                            assertThat(((Condition.InClass) c).classes()).as(p.id())
                                    .allMatch(id -> PACK.valueClass(id).isPresent());
                        }
                    });
                }
            }
        }
    }

    @Test
    void roleHintsNameTheColumnsQuestionsMention() {
        RoleHint method = hint("Delivery", "mode of delivery");
        assertThat(method.roles()).containsExactly("Category", "Type");
        assertThat(method.nameHints()).contains(new NameHint(List.of("method")), new NameHint(List.of("mode")));
        assertThat(method.valueClasses()).contains("caesarean");
        assertThat(hint("Delivery", "delivery method")).isSameAs(method);
        RoleHint weight = hint("Newborn", "birth weight");
        assertThat(weight.roles()).containsExactly("Measure");
        assertThat(weight.nameHints()).containsExactly(new NameHint(List.of("weight")));
    }

    private static RoleHint hint(String concept, String phrase) {
        return PACK.requireConcept(concept).roleHints().stream().filter(h -> h.phrases().contains(phrase))
                .findFirst().orElseThrow(() -> new AssertionError(concept + " has no role hint '" + phrase + "'"));
    }

    @Test
    void roleNamesMirrorTheColumnRoleEnum() {
        // the ColumnRole enum (org.tally.core.spec) declares exactly these, in this order
        assertThat(RoleNames.ORDERED).containsExactly("PrimaryKey", "PatientRef", "EncounterRef", "ProviderRef",
                "DepartmentRef", "WardRef", "ForeignRef", "BusinessId", "GivenName", "FamilyName", "FullName",
                "EventTime", "StartTime", "EndTime", "BirthDate", "DeathDate", "Status", "Category", "Type",
                "Severity", "Priority", "Gender", "Amount", "Quantity", "Measure", "Duration", "Flag", "Code", "Name",
                "Description", "FreeText", "Location", "Contact", "Identifier", "Unknown");
    }

    @Test
    void valueClassesCoverTheSpellingFamiliesQuestionsNeed() {
        List<String> ids = PACK.valueClasses().stream().map(ValueClass::id).collect(Collectors.toList());
        assertThat(ids).contains("male", "female", "gender_unknown", "yes", "no", "no_show", "cancelled", "completed",
                "caesarean", "spontaneous_vaginal", "stillbirth", "live_birth", "abnormal", "critical", "paid",
                "unpaid", "emergency", "elective", "discharged", "died");
    }

    /** Legacy table names in several styles, each with the concept a DBA would say it holds. */
    @ParameterizedTest
    @CsvSource({"tblDiagnosisCodes,DiagnosisCode,Diagnosis", "MedAdminRecords,MedicationAdministration,Medication",
            "LAB_ORDER_DTL,LabOrder,LabResult", "lab_test_catalogue,LabTest,LabResult",
            "ICU_STAY_MSTR,IcuStay,Admission", "ED_ATTENDANCE,EmergencyVisit,Encounter",
            "IPD_AdmissionDtl,Admission,Encounter", "proc_codes,ProcedureCode,Procedure",
            "rx_drug_orders,Prescription,Medication", "vital_signs_log,VitalSign,LabResult"})
    void theMostSpecificNamePatternPointsToTheIntendedConcept(String table, String intended, String rival) {
        List<String> tokens = PACK.nameTokens().table(table).tokens();
        int intendedBest = bestPattern(intended, tokens);
        assertThat(intendedBest).as("%s tokens %s", table, tokens).isGreaterThan(0);
        assertThat(intendedBest).as("%s against %s", table, rival).isGreaterThan(bestPattern(rival, tokens));
    }

    /** The size of the largest pattern (or 1 for a single name token) of the concept found in the tokens. */
    private static int bestPattern(String concept, List<String> tokens) {
        int best = PACK.requireConcept(concept).nameTokens().stream().anyMatch(tokens::contains) ? 1 : 0;
        for (NameHint pattern : PACK.namePatterns(concept)) {
            if (pattern.matches(tokens)) {
                best = Math.max(best, pattern.tokens().size());
            }
        }
        return best;
    }
}
