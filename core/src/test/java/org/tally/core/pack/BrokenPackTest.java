package org.tally.core.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Each test breaks the shipped pack in one way and checks that loading fails naming the entry and the fix. */
class BrokenPackTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String shippedText() {
        try (InputStream in = BrokenPackTest.class.getResourceAsStream("/org/tally/core/pack/hospital.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode shipped() {
        try {
            return (ObjectNode) JSON.readTree(shippedText());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode entry(ObjectNode pack, String array, String id) {
        for (JsonNode node : pack.withArray(array)) {
            if (id.equals(node.path("id").asText())) {
                return (ObjectNode) node;
            }
        }
        throw new AssertionError(array + " has no " + id);
    }

    private static PackException failure(ObjectNode pack) {
        return catchThrowableOfType(PackException.class, () -> PackLoader.load(pack.toString(), "broken.json"));
    }

    @Test
    void theUnbrokenCopyLoads() {
        assertThat(PackLoader.load(shipped().toString(), "copy.json").concepts()).hasSizeGreaterThan(30);
    }

    @Test
    void unknownRequiredRoleIsNamedWithTheKnownRoles() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Delivery").withArray("requiredRoles").set(1, JSON.getNodeFactory().textNode("EventTme"));
        PackException e = failure(pack);
        assertThat(e.problems()).singleElement().asString()
                .startsWith("concept 'Delivery': requiredRoles[1] 'EventTme' is not a column role; known roles: "
                        + "PrimaryKey, PatientRef, EncounterRef");
        assertThat(e).hasMessageContaining("broken.json");
    }

    @Test
    void unknownRoleInsideAnAlternativeIsNamed() {
        ObjectNode pack = shipped();
        ((ArrayNode) entry(pack, "concepts", "Newborn").withArray("requiredRoles").get(0)).set(0,
                JSON.getNodeFactory().textNode("DeliveryRef"));
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("concept 'Newborn': requiredRoles[0][0] 'DeliveryRef' is not a column role");
    }

    @Test
    void aDatingRoleThatIsNoTimeIsNamed() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Mortality").putArray("datedBy").add("PatientRef");
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("concept 'Mortality': datedBy[0] 'PatientRef' is not a time role; use one of");
    }

    @Test
    void predicateReferringToAnUnknownConceptIsNamed() {
        ObjectNode pack = shipped();
        ((ObjectNode) entry(pack, "predicates", "no_show").withArray("definitions").get(0)).put("concept", "Apointment");
        assertThat(failure(pack).problems()).contains(
                "predicate 'no_show': definitions[0].concept 'Apointment' is not a concept of this pack");
    }

    @Test
    void predicateReferringToAnUnknownValueClassIsNamed() {
        ObjectNode pack = shipped();
        ObjectNode alternative = (ObjectNode) entry(pack, "predicates", "no_show").withArray("definitions").get(0)
                .withArray("alternatives").get(0);
        alternative.withArray("classes").set(0, JSON.getNodeFactory().textNode("noshow"));
        assertThat(failure(pack).problems()).containsExactly(
                "predicate 'no_show': definitions[0].alternatives[0].classes[0] 'noshow' is not a value class of this pack");
    }

    @Test
    void nestedExistsReferringToAnUnknownConceptIsNamed() {
        ObjectNode pack = shipped();
        ObjectNode exists = (ObjectNode) entry(pack, "predicates", "readmitted").withArray("definitions").get(0)
                .withArray("alternatives").get(0);
        exists.put("concept", "Admision");
        assertThat(failure(pack).problems()).containsExactly(
                "predicate 'readmitted': definitions[0].alternatives[0].concept 'Admision' is not a concept of this pack");
    }

    @Test
    void aClassThatCannotApplyToTheConditionsRolesIsRejected() {
        ObjectNode pack = shipped();
        ObjectNode alternative = (ObjectNode) entry(pack, "predicates", "stillbirth").withArray("definitions").get(0)
                .withArray("alternatives").get(0);
        alternative.set("roles", JSON.createArrayNode().add("Flag"));
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("predicate 'stillbirth': definitions[0].alternatives[0].classes[0] 'stillbirth' applies to")
                .endsWith("it could never match");
    }

    @Test
    void aSynonymClaimedByTwoConceptsFailsUnlessDeclaredAmbiguous() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Medication").withArray("synonyms").add("drug order");
        assertThat(failure(pack).problems()).containsExactly("concept 'Medication': synonym 'drug order' is also claimed"
                + " by concept 'Prescription'; remove it from one, or declare it under ambiguousTokens with"
                + " Prescription, Medication");

        ObjectNode declared = pack.withArray("ambiguousTokens").addObject();
        declared.put("token", "drug order").put("why", "an order for a drug, or the drug itself");
        declared.putArray("concepts").add("Prescription").add("Medication");
        DomainPack loaded = PackLoader.load(pack.toString(), "declared.json");
        assertThat(loaded.conceptsNamedBy("Drug-Order")).containsExactly("Prescription", "Medication");
    }

    @Test
    void anAmbiguousTokenCannotAlsoBeAnAbbreviation() {
        ObjectNode pack = shipped();
        ObjectNode declared = pack.withArray("ambiguousTokens").addObject();
        declared.put("token", "rx");
        declared.putArray("concepts").add("Prescription").add("Medication");
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("ambiguousToken 'rx': is also an abbreviation");
    }

    @Test
    void malformedJsonNamesTheLine() {
        String text = shippedText();
        String truncated = text.substring(0, text.lastIndexOf('}'));
        PackException e = catchThrowableOfType(PackException.class, () -> PackLoader.load(truncated, "cut.json"));
        assertThat(e.problems()).singleElement().asString().startsWith("malformed JSON at line ");
        PackException notObject = catchThrowableOfType(PackException.class, () -> PackLoader.load("[]", "array.json"));
        assertThat(notObject.problems()).singleElement().asString().contains("must be a JSON object");
    }

    @Test
    void anUnknownFieldIsNamedWithItsEntry() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Delivery").putArray("synonymz").add("birthing");
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("concept 'Delivery': synonymz: Unrecognized field");
    }

    @Test
    void anUnknownConditionKindIsNamedWithItsPath() {
        ObjectNode pack = shipped();
        ObjectNode alternative = (ObjectNode) entry(pack, "predicates", "currently_admitted").withArray("definitions")
                .get(0).withArray("alternatives").get(0);
        alternative.put("kind", "isNul");
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("predicate 'currently_admitted': definitions[0].alternatives[0]")
                .contains("isNul");
    }

    @Test
    void unknownServiceLineAndServiceLineWithoutConceptsAreNamed() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Newborn").withArray("serviceLines").set(0, JSON.getNodeFactory().textNode("Maternty"));
        pack.withArray("serviceLines").addObject().put("id", "Laundry").put("label", "Laundry")
                .put("description", "Linen.");
        assertThat(failure(pack).problems()).anySatisfy(p -> assertThat(p)
                        .startsWith("concept 'Newborn': serviceLines[0] 'Maternty' is not a service line; known: "))
                .contains("serviceLine 'Laundry': owns no concept; list it in some concept's serviceLines");
    }

    @Test
    void aPredicatePhraseThatAlsoNamesAConceptIsRejected() {
        ObjectNode pack = shipped();
        entry(pack, "predicates", "died").withArray("phrases").add("Mortality");
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("predicate 'died': phrases[")
                .endsWith("'Mortality' also names concept 'Mortality'; a question word must name a concept or a"
                        + " predicate, not both");
    }

    @Test
    void aServiceLinePhraseThatAlsoNamesAConceptIsRejected() {
        ObjectNode pack = shipped();
        entry(pack, "serviceLines", "Diagnostics").withArray("phrases").add("labs");
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("serviceLine 'Diagnostics': phrases[")
                .endsWith("'labs' also names concept 'LabResult'; a phrase must name one thing");
    }

    @Test
    void anIncludeCycleIsNamed() {
        ObjectNode pack = shipped();
        entry(pack, "valueClasses", "critical").withArray("includes").add("abnormal");
        assertThat(failure(pack).problems()).contains(
                "valueClass 'abnormal': includes form a cycle: abnormal → critical → abnormal");
    }

    @Test
    void anUndeclaredSpellingSharedByClassesThatMeetOnOneColumnIsRejected() {
        ObjectNode pack = shipped();
        entry(pack, "valueClasses", "yes").withArray("spellings").add("H");
        assertThat(failure(pack).problems()).singleElement().asString()
                .isEqualTo("valueClass 'high': spelling 'h' is also in value class 'yes' and both can describe one"
                        + " column (roles [Flag]); remove it from one, or declare it under homographs with both classes");
    }

    @Test
    void tokensThatNameNormalisationWouldRewriteAreRejected() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Delivery").withArray("nameTokens").add("deliveries").add("adm").add("Mode_Of");
        assertThat(failure(pack).problems()).containsExactly(
                "concept 'Delivery': nameTokens[5] 'deliveries' never survives name normalisation (it becomes delivery);"
                        + " write that instead",
                "concept 'Delivery': nameTokens[6] 'adm' never survives name normalisation (it becomes admission);"
                        + " write that instead",
                "concept 'Delivery': nameTokens[7] 'Mode_Of' must be one lowercase token of letters and digits");
    }

    @Test
    void nullsInsideTheVocabularyAndListsAreNamedNotThrown() {
        ObjectNode pack = shipped();
        ((ObjectNode) pack.get("vocabulary").get("abbreviations")).putNull("dob");
        assertThat(failure(pack).problems()).singleElement().asString().startsWith("pack: vocabulary")
                .endsWith("abbreviations entry 'dob' has no value; give it one or remove it");
        ObjectNode other = shipped();
        entry(other, "concepts", "Bed").withArray("synonyms").addNull();
        assertThat(failure(other).problems()).singleElement().asString()
                .startsWith("concept 'Bed': synonyms")
                .contains("synonyms holds a null entry; remove it");
    }

    @Test
    void missingFieldsAreNamedAndEveryProblemIsReported() {
        ObjectNode pack = shipped();
        pack.put("version", 0);
        entry(pack, "concepts", "Bed").putArray("synonyms");
        entry(pack, "concepts", "Bed").remove("description");
        entry(pack, "concepts", "Ward").put("id", "Bed");
        assertThat(failure(pack).problems()).contains(
                "pack: version must be a positive integer, found 0",
                "concept 'Bed': synonyms is empty",
                "concept 'Bed': description is missing or blank",
                "concept 'Bed': id is defined twice; give each concept one entry");
    }

    private static ObjectNode kindOf(ObjectNode pack, String concept) {
        return (ObjectNode) entry(pack, "concepts", concept).get("kindOf");
    }

    @Test
    void aKindOfAnUnknownOrItselfOrAnotherKindIsNamed() {
        ObjectNode pack = shipped();
        kindOf(pack, "EmergencyVisit").put("concept", "Encountr");
        assertThat(failure(pack).problems()).containsExactly(
                "concept 'EmergencyVisit': kindOf.concept 'Encountr' is not a concept of this pack");

        ObjectNode self = shipped();
        kindOf(self, "Mortality").put("concept", "Mortality");
        assertThat(failure(self).problems()).contains(
                "concept 'Mortality': kindOf.concept names the concept itself; name the concept whose rows hold it");

        ObjectNode chain = shipped();
        kindOf(chain, "Mortality").put("concept", "EmergencyVisit");
        assertThat(failure(chain).problems()).contains("concept 'Mortality': kindOf.concept 'EmergencyVisit' is itself"
                + " a kind of 'Encounter'; refine 'Encounter' directly with both conditions");
    }

    @Test
    void aKindOfConditionMustDecideOnTheRowsOwnColumns() {
        ObjectNode pack = shipped();
        ObjectNode where = JSON.createObjectNode().put("kind", "exists").put("concept", "Triage")
                .put("link", "references");
        kindOf(pack, "EmergencyVisit").set("where", where);
        assertThat(failure(pack).problems()).containsExactly("concept 'EmergencyVisit': kindOf.where uses 'exists';"
                + " what a row is must be decided on its own columns with inClass, isNull, notNull, compare or all");

        ObjectNode now = shipped();
        ObjectNode any = JSON.createObjectNode().put("kind", "any");
        any.putArray("of").addObject().put("kind", "isNull").set("roles", JSON.createArrayNode().add("EndTime"));
        ((ArrayNode) any.get("of")).addObject().put("kind", "timeVsNow").put("direction", "before")
                .set("roles", JSON.createArrayNode().add("EndTime"));
        kindOf(now, "EmergencyVisit").set("where", any);
        assertThat(failure(now).problems()).contains(
                "concept 'EmergencyVisit': kindOf.where uses 'any'; what a row is must be decided on its own columns"
                        + " with inClass, isNull, notNull, compare or all",
                "concept 'EmergencyVisit': kindOf.where uses 'timeVsNow'; what a row is must be decided on its own"
                        + " columns with inClass, isNull, notNull, compare or all");

        ObjectNode missing = shipped();
        kindOf(missing, "EmergencyVisit").remove("where");
        assertThat(failure(missing).problems()).containsExactly("concept 'EmergencyVisit': kindOf.where is missing;"
                + " give the condition each Encounter row must satisfy");
    }

    @Test
    void aKindOfClassMustApplyToTheBaseConcept() {
        ObjectNode pack = shipped();
        ((ArrayNode) kindOf(pack, "EmergencyVisit").get("where").get("classes")).set(0,
                JSON.getNodeFactory().textNode("caesarean"));
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("concept 'EmergencyVisit': kindOf.where.classes[0] 'caesarean' applies to roles")
                .endsWith("none of which this condition names for Encounter; it could never match");
    }

    @Test
    void aKindOfMustMapItsTimeRolesToBaseTimeRolesOnce() {
        ObjectNode empty = shipped();
        kindOf(empty, "Mortality").putObject("timeRoles");
        assertThat(failure(empty).problems()).containsExactly("concept 'Mortality': kindOf.timeRoles is empty; map each"
                + " time role of Mortality to the Admission role it is, e.g. {\"EventTime\": \"EndTime\"}");

        ObjectNode wrong = shipped();
        ObjectNode roles = kindOf(wrong, "EmergencyVisit").putObject("timeRoles");
        roles.put("StartTime", "Status").put("Amount", "EndTime").put("EndTime", "EndTime");
        assertThat(failure(wrong).problems()).containsExactly(
                "concept 'EmergencyVisit': kindOf.timeRoles['StartTime'] = 'Status' is not a time role; use one of"
                        + " [EventTime, StartTime, EndTime, BirthDate, DeathDate]",
                "concept 'EmergencyVisit': kindOf.timeRoles['Amount']: 'Amount' is not a time role; use one of"
                        + " [EventTime, StartTime, EndTime, BirthDate, DeathDate]",
                "concept 'EmergencyVisit': kindOf.timeRoles['EndTime'] maps to EndTime like 'Amount' does; a base"
                        + " time can be only one time of EmergencyVisit");

        ObjectNode unmapped = shipped();
        kindOf(unmapped, "Mortality").putObject("timeRoles").put("EndTime", "EndTime");
        assertThat(failure(unmapped).problems()).containsExactly("concept 'Mortality': requiredRoles[1] [EventTime,"
                + " DeathDate] is none of kindOf.timeRoles [EndTime]; no Admission row could carry it");
    }

    @Test
    void patientNamesCannotBeDeclaredShown() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Patient").put("namesShown", true);
        entry(pack, "concepts", "Newborn").put("namesShown", true);
        assertThat(failure(pack).problems()).containsExactlyInAnyOrder(
                "concept 'Patient': namesShown is true, but the concept requires BirthDate, so it is about patients,"
                        + " whose names stay personal; remove namesShown",
                "concept 'Patient': namesShown is true, but no required role is a person's name (FullName, GivenName"
                        + " or FamilyName); require one or remove namesShown",
                "concept 'Newborn': namesShown is true, but the concept requires PatientRef, so it is about patients,"
                        + " whose names stay personal; remove namesShown",
                "concept 'Newborn': namesShown is true, but no required role is a person's name (FullName, GivenName"
                        + " or FamilyName); require one or remove namesShown");
    }

    @Test
    void namesShownNeedsANameRole() {
        ObjectNode pack = shipped();
        entry(pack, "concepts", "Department").put("namesShown", true);
        assertThat(failure(pack).problems()).singleElement().asString()
                .startsWith("concept 'Department': namesShown is true, but no required role is a person's name");
    }

    @Test
    void aSmallPackOfAnotherDomainLoadsWithTheSameFormat() {
        String tiny = "{\"pack\": \"tiny\", \"version\": 3,"
                + " \"serviceLines\": [{\"id\": \"Desk\", \"label\": \"Desk\", \"description\": \"Everything.\"}],"
                + " \"concepts\": [{\"id\": \"Policy\", \"singular\": \"policy\", \"plural\": \"policies\","
                + "   \"synonyms\": [\"pol\"], \"nameTokens\": [\"policy\"], \"columnTokens\": [\"premium\"],"
                + "   \"requiredRoles\": [\"PrimaryKey\", [\"StartTime\", \"EventTime\"]],"
                + "   \"description\": \"An insurance policy.\", \"serviceLines\": [\"Desk\"], \"shared\": true}],"
                + " \"valueClasses\": [{\"id\": \"lapsed\", \"group\": \"policy_status\", \"roles\": [\"Status\"],"
                + "   \"phrases\": [\"lapsed\"], \"spellings\": [\"Lapsed\", \"LAP\"]}],"
                + " \"predicates\": [{\"id\": \"lapsed\", \"phrases\": [\"lapsed\"], \"description\": \"Lapsed policies.\","
                + "   \"definitions\": [{\"concept\": \"Policy\", \"alternatives\": ["
                + "     {\"kind\": \"inClass\", \"roles\": [\"Status\"], \"classes\": [\"lapsed\"]}]}]}]}";
        DomainPack pack = PackLoader.load(tiny, "tiny.json");
        assertThat(pack.name()).isEqualTo("tiny");
        assertThat(pack.version()).isEqualTo(3);
        assertThat(pack.requireConcept("Policy").requiredRoles())
                .containsExactly(RequiredRole.of("PrimaryKey"), RequiredRole.of("StartTime", "EventTime"));
        assertThat(pack.sharedConcepts()).extracting(Concept::id).containsExactly("Policy");
        assertThat(pack.nameTokens().table("tbl_policies").tokens()).containsExactly("tbl", "policy");
        assertThatThrownBy(() -> pack.ownedBy("Nope")).isInstanceOf(IllegalArgumentException.class);
    }
}
