package org.tally.core.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Question words against observed column values in the spellings real systems use. */
class ValueResolverTest {

    private static final ValueResolver RESOLVER = PackLoader.hospital().valueResolver();

    /** Observed values with made-up counts: {@code "CS:12", "SVD:40"}. */
    private static List<ObservedValue> observed(String... valueCounts) {
        List<ObservedValue> values = new ArrayList<>();
        for (String vc : valueCounts) {
            int colon = vc.lastIndexOf(':');
            values.add(new ObservedValue(vc.substring(0, colon), Long.parseLong(vc.substring(colon + 1))));
        }
        return values;
    }

    private static List<String> matched(Resolution r) {
        assertThat(r).isInstanceOf(Resolution.Matched.class);
        return ((Resolution.Matched) r).values().stream().map(ObservedValue::value).toList();
    }

    @Test
    void caesareanMatchesEveryObservedCaesareanSpellingAndNothingElse() {
        List<ObservedValue> column = observed("SVD:40", "CS:12", "Instrumental:5", "C-Section:3", "Caesarean Section:2");
        Resolution r = RESOLVER.resolve("caesarean", "Category", "Delivery", column);
        assertThat(matched(r)).containsExactly("CS", "C-Section", "Caesarean Section");
        assertThat(((Resolution.Matched) r).classes()).containsExactly("caesarean");
        assertThat(((Resolution.Matched) r).values()).extracting(ObservedValue::count).containsExactly(12L, 3L, 2L);
        assertThat(matched(RESOLVER.resolve("C-sections", "Type", "Delivery", column)))
                .containsExactly("CS", "C-Section", "Caesarean Section");
    }

    @Test
    void caesareanTakesInEmergencyAndElectiveSectionsButNotVaginalBirthAfterCaesarean() {
        List<ObservedValue> column = observed("Normal vaginal delivery:30", "Emergency LSCS:7", "Elective LSCS:4",
                "VBAC:2", "Forceps:1");
        assertThat(matched(RESOLVER.resolve("caesarean", "Category", "Delivery", column)))
                .containsExactly("Emergency LSCS", "Elective LSCS");
        assertThat(matched(RESOLVER.resolve("emergency c-section", "Category", "Delivery", column)))
                .containsExactly("Emergency LSCS");
        assertThat(matched(RESOLVER.resolve("vaginal", "Category", "Delivery", column)))
                .containsExactly("Normal vaginal delivery", "Forceps");
        assertThat(matched(RESOLVER.resolve("normal delivery", "Category", "Delivery", column)))
                .containsExactly("Normal vaginal delivery");
    }

    @Test
    void demoStyleSpellingsWithUnderscoresMatch() {
        List<ObservedValue> column = observed("spontaneous_vaginal:50", "caesarean:20", "assisted:6");
        assertThat(matched(RESOLVER.resolve("caesarean", "Category", "Delivery", column))).containsExactly("caesarean");
        assertThat(matched(RESOLVER.resolve("SVD", "Category", "Delivery", column)))
                .containsExactly("spontaneous_vaginal");
        assertThat(matched(RESOLVER.resolve("instrumental", "Category", "Delivery", column))).containsExactly("assisted");
    }

    @Test
    void noMatchWhenTheColumnLacksTheClass() {
        Resolution r = RESOLVER.resolve("caesarean", "Category", "Delivery", observed("SVD:40", "Forceps:3"));
        assertThat(r).isInstanceOf(Resolution.NoMatch.class);
        assertThat(((Resolution.NoMatch) r).reason()).contains("caesarean").contains("SVD");
    }

    @Test
    void noShowMatchesDidNotAttendInEverySpelling() {
        List<ObservedValue> column = observed("Attended:900", "DNA:80", "Cancelled:40");
        assertThat(matched(RESOLVER.resolve("no-show", "Status", "Appointment", column))).containsExactly("DNA");
        assertThat(matched(RESOLVER.resolve("no show", "Status", null, column))).containsExactly("DNA");
        assertThat(matched(RESOLVER.resolve("did not attend", "Status", "Appointment", column))).containsExactly("DNA");
        assertThat(matched(RESOLVER.resolve("NO_SHOW", "Status", "Appointment", observed("no_show:3", "booked:9"))))
                .containsExactly("no_show");
        assertThat(matched(RESOLVER.resolve("canceled", "Status", "Appointment", column))).containsExactly("Cancelled");
        assertThat(matched(RESOLVER.resolve("completed", "Status", "Appointment", column))).containsExactly("Attended");
    }

    @Test
    void genderWordsAgainstSingleLetterCodes() {
        List<ObservedValue> column = observed("M:510", "F:488", "U:2");
        assertThat(matched(RESOLVER.resolve("female", "Gender", "Patient", column))).containsExactly("F");
        assertThat(matched(RESOLVER.resolve("women", "Gender", "Patient", column))).containsExactly("F");
        assertThat(matched(RESOLVER.resolve("male", "Gender", "Patient", column))).containsExactly("M");
        assertThat(matched(RESOLVER.resolve("unknown sex", "Gender", "Patient", column))).containsExactly("U");
        assertThat(RESOLVER.resolve("non-binary", "Gender", "Patient", column)).isInstanceOf(Resolution.NoMatch.class);
    }

    @Test
    void theRoleDecidesWhetherFMeansFemaleOrFalse() {
        List<ObservedValue> flag = observed("T:30", "F:70");
        assertThat(matched(RESOLVER.resolve("false", "Flag", "LabResult", flag))).containsExactly("F");
        assertThat(matched(RESOLVER.resolve("no", "Flag", null, flag))).containsExactly("F");
        assertThat(RESOLVER.resolve("female", "Flag", null, flag)).isInstanceOf(Resolution.NoMatch.class);
        assertThat(RESOLVER.resolve("false", "Gender", null, observed("M:5", "F:5")))
                .isInstanceOf(Resolution.NoMatch.class);
    }

    @Test
    void booleanFlagsInEveryEncoding() {
        assertThat(matched(RESOLVER.resolve("yes", "Flag", null, observed("1:4", "0:9")))).containsExactly("1");
        assertThat(matched(RESOLVER.resolve("yes", "Flag", null, observed("1.0:4", "0.0:9")))).containsExactly("1.0");
        assertThat(matched(RESOLVER.resolve("true", "Flag", null, observed("TRUE:4", "FALSE:9")))).containsExactly("TRUE");
        assertThat(matched(RESOLVER.resolve("no", "Flag", null, observed("Y:4", "N:9")))).containsExactly("N");
        assertThat(RESOLVER.resolve("yes", "Flag", null, observed("10:1", "0:9")))
                .isEqualTo(new Resolution.NoMatch("'yes' (yes) matches none of the observed values (observed: 10, 0)"));
    }

    @Test
    void abnormalCoversHighLowAndCriticalButCriticalIsNotHighOrLow() {
        List<ObservedValue> column = observed("N:800", "H:90", "L:70", "HH:4", "LL:2");
        assertThat(matched(RESOLVER.resolve("abnormal", "Flag", "LabResult", column)))
                .containsExactly("H", "L", "HH", "LL");
        assertThat(matched(RESOLVER.resolve("critical", "Flag", "LabResult", column))).containsExactly("HH", "LL");
        assertThat(matched(RESOLVER.resolve("high", "Flag", "LabResult", column))).containsExactly("H", "HH");
        assertThat(matched(RESOLVER.resolve("normal", "Flag", "LabResult", column))).containsExactly("N");
    }

    @Test
    void ambiguousWhenTwoClassesReadTheWordAsDifferentValues() {
        List<ObservedValue> column = observed("Expired:3", "Deceased:5", "Active:90");
        Resolution r = RESOLVER.resolve("expired", "Status", null, column);
        assertThat(r).isInstanceOf(Resolution.Ambiguous.class);
        assertThat(((Resolution.Ambiguous) r).candidates()).extracting(Resolution.Candidate::valueClass)
                .containsExactlyInAnyOrder("died", "stock_expired");
        // knowing the concept removes the ambiguity
        assertThat(matched(RESOLVER.resolve("expired", "Status", "StockBatch", column))).containsExactly("Expired");
        assertThat(matched(RESOLVER.resolve("expired", "Status", "Patient", column)))
                .containsExactly("Expired", "Deceased");
    }

    @Test
    void aLiteralValueThatIsAlsoASpellingOfTheEvokedClassMergesIntoOneMatch() {
        assertThat(matched(RESOLVER.resolve("planned", "Type", "Admission", observed("ELEC:40", "Planned:3", "EMER:60"))))
                .containsExactly("ELEC", "Planned");
        assertThat(matched(RESOLVER.resolve("open", "Status", "Bill", observed("Open:3", "UNPAID:9", "PAID:20"))))
                .containsExactly("Open", "UNPAID");
        assertThat(matched(RESOLVER.resolve("seen", "Status", null, observed("seen:3", "Attended:9"))))
                .containsExactly("seen", "Attended");
    }

    @Test
    void aLiteralValueOutsideTheEvokedClassIsAnotherReading() {
        // "missed appointment" evokes no_show (read as DNA), but the column also holds that very spelling, which
        // the pack does not list as a no-show: two readings, so the caller asks
        Resolution r = RESOLVER.resolve("missed appointment", "Status", "Appointment",
                observed("Missed appointment:3", "DNA:5", "Attended:50"));
        assertThat(r).isInstanceOf(Resolution.Ambiguous.class);
        assertThat(((Resolution.Ambiguous) r).candidates()).containsExactly(
                new Resolution.Candidate("no_show", observed("DNA:5")),
                new Resolution.Candidate(null, observed("Missed appointment:3")));
    }

    @Test
    void literalValuesMatchWhenNoClassApplies() {
        List<ObservedValue> wards = observed("Cardiology:40", "General Surgery:30", "ICU:8");
        assertThat(matched(RESOLVER.resolve("general surgery", "Category", "Ward", wards)))
                .containsExactly("General Surgery");
        assertThat(matched(RESOLVER.resolve("icu", "Category", "Ward", wards))).containsExactly("ICU");
        assertThat(RESOLVER.resolve("surgery", "Category", "Ward", wards)).isInstanceOf(Resolution.NoMatch.class);
        assertThat(RESOLVER.resolve("cardio", "Category", "Ward", wards)).isInstanceOf(Resolution.NoMatch.class);
    }

    @Test
    void twoApplicableClassesWithDifferentValuesAreAmbiguous() {
        // with the concept unknown, "normal" reads as a lab flag (Normal, N) or as a spontaneous delivery (Normal)
        Resolution r = RESOLVER.resolve("normal", "Category", null, observed("Normal:5", "N:7", "CS:2"));
        assertThat(r).isInstanceOf(Resolution.Ambiguous.class);
        // with the concept known, only one class applies and both values are its spellings
        assertThat(matched(RESOLVER.resolve("normal", "Category", "LabResult", observed("Normal:5", "N:7"))))
                .containsExactly("Normal", "N");
    }

    @Test
    void neverReturnsAValueTheColumnDoesNotHold() {
        List<ObservedValue> column = observed("DNA:1");
        for (ValueClass c : PackLoader.hospital().valueClasses()) {
            for (String phrase : c.phrases()) {
                for (String role : c.roles()) {
                    Resolution r = RESOLVER.resolve(phrase, role, null, column);
                    if (r instanceof Resolution.Matched) {
                        assertThat(((Resolution.Matched) r).values()).as(phrase).containsExactlyElementsOf(column);
                    }
                }
            }
        }
        assertThat(RESOLVER.resolve("no show", "Status", "Appointment", List.of())).isInstanceOf(Resolution.NoMatch.class);
    }

    @Test
    void singleLetterSpellingsDoNotEvokeTheirClass() {
        assertThat(RESOLVER.classesFor("a", "Flag", "LabResult")).isEmpty();
        assertThat(RESOLVER.classesFor("hh", "Flag", "LabResult")).containsExactly("critically_high");
        assertThat(RESOLVER.resolve("-", "Flag", null, observed("Y:1"))).isInstanceOf(Resolution.NoMatch.class);
    }

    @Test
    void resolveClassBindsAPredicateClassOnlyWhereItApplies() {
        List<ObservedValue> status = observed("REPORTED:40", "PENDING:3", "CANCELLED:1");
        assertThat(matched(RESOLVER.resolveClass("completed", "Status", "LabOrder", status))).containsExactly("REPORTED");
        assertThat(RESOLVER.resolveClass("completed", "Status", "Incident", observed("Reported:4")))
                .isInstanceOf(Resolution.NoMatch.class);
        assertThat(matched(RESOLVER.resolveClass("pending", "Status", "LabOrder", status))).containsExactly("PENDING");
        assertThat(RESOLVER.resolveClass("stillbirth", "Flag", "Delivery", observed("SB:1")))
                .isInstanceOf(Resolution.NoMatch.class);
        assertThat(matched(RESOLVER.resolveClass("unpaid", "Status", "Bill", observed("PAID:9", "PART:2", "UNPAID:4"))))
                .containsExactly("PART", "UNPAID");
        assertThatThrownBy(() -> RESOLVER.resolveClass("nope", "Status", null, status))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
    }

    @Test
    void comparisonKeysIgnoreCaseSpacingPunctuationAndNumberFormatting() {
        assertThat(ValueText.key("No-Show")).isEqualTo(ValueText.key("no_show")).isEqualTo(ValueText.key(" NOSHOW "));
        assertThat(ValueText.key("C/S")).isEqualTo(ValueText.key("cs"));
        assertThat(ValueText.key("Césarienne")).isEqualTo("cesarienne");
        assertThat(ValueText.key("1.0")).isEqualTo(ValueText.key("1"));
        assertThat(ValueText.key("10")).isNotEqualTo(ValueText.key("1.0"));
        assertThat(ValueText.key("?")).isEmpty();
    }

    @Test
    void aConditionMatchesTheCodesUnderItsPrefixesAndNothingThatMerelyContainsThem() {
        List<ObservedValue> codes = observed("E11.9:30", "E119:4", "E11:2", "E10.9:8", "E111.0:1", "XE11.9:1",
                "N18.9:20");
        assertThat(matched(RESOLVER.resolve("type 2 diabetes", "Code", "Diagnosis", codes)))
                .containsExactly("E11.9", "E119", "E11", "E111.0");
        assertThat(matched(RESOLVER.resolve("diabetes", "Code", "Diagnosis", codes)))
                .containsExactly("E11.9", "E119", "E11", "E10.9", "E111.0");
        assertThat(matched(RESOLVER.resolve("CKD", "Code", "Diagnosis", codes))).containsExactly("N18.9");
        // codes are read on a Code column only: a description column never matches a prefix
        assertThat(RESOLVER.resolve("type 2 diabetes", "Description", "Diagnosis", codes))
                .isInstanceOf(Resolution.NoMatch.class);
        assertThat(RESOLVER.resolve("heart failure", "Code", "Diagnosis", codes)).isInstanceOf(Resolution.NoMatch.class);
    }

    @Test
    void resolveOrNullIsResolveWithoutTheReasonForAMiss() {
        List<List<ObservedValue>> columns = List.of(observed("SVD:40", "CS:12", "C-Section:3"), observed("DNA:1"),
                observed("PAID:9", "PART:2", "UNPAID:4"), observed("Y:1", "N:3"), observed("10:1", "0:2"), List.of());
        int compared = 0;
        for (ValueClass c : PackLoader.hospital().valueClasses()) {
            for (String phrase : c.phrases()) {
                for (String role : c.roles()) {
                    for (List<ObservedValue> column : columns) {
                        Resolution full = RESOLVER.resolve(phrase, role, null, column);
                        Resolution quiet = RESOLVER.resolveOrNull(phrase, role, null, column);
                        if (full instanceof Resolution.NoMatch) {
                            assertThat(quiet).as(phrase).isNull();
                        } else {
                            assertThat(quiet).as(phrase).isEqualTo(full);
                        }
                        compared++;
                    }
                }
            }
        }
        assertThat(compared).isGreaterThan(100);
        assertThat(RESOLVER.resolveOrNull("caesarean", "Category", "Delivery", columns.get(0))).isNotNull();
        assertThat(RESOLVER.resolveOrNull("-", "Flag", null, observed("Y:1"))).isNull();
    }

    @Test
    void anObservedValueCarriesItsComparisonKey() {
        assertThat(new ObservedValue("No-Show", 3).key()).isEqualTo("noshow");
        assertThatThrownBy(() -> new ObservedValue("No-Show", 3, "no-show"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("comparison key");
    }
}
