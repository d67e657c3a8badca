package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.Quantifier;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecHash;

class GrammarTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());
    private static final Grammar ALT = Fixtures.grammar(Fixtures.alt());
    private static final Grammar MADE_UP = Fixtures.grammar(Fixtures.madeUp());

    static QuerySpec parsed(Grammar g, String q) {
        ParseOutcome o = g.parse(q);
        assertThat(o).as(q).isInstanceOf(ParseOutcome.Parsed.class);
        return ((ParseOutcome.Parsed) o).spec();
    }

    static String miss(Grammar g, String q) {
        ParseOutcome o = g.parse(q);
        assertThat(o).as(q).isInstanceOf(ParseOutcome.NoParse.class);
        return ((ParseOutcome.NoParse) o).reason();
    }

    static QuerySpec scheduled(Grammar g, String q) {
        ParseOutcome o = g.parse(q, java.util.Map.of("Appointment time", "Appointment.StartTime(\"scheduled\")"));
        assertThat(o).as(q).isInstanceOf(ParseOutcome.Parsed.class);
        return ((ParseOutcome.Parsed) o).spec();
    }

    @Test
    void howManyPatientsIsAScalarCountOnEverySchema() {
        for (Grammar g : List.of(DEV, ALT, MADE_UP)) {
            QuerySpec s = parsed(g, "How many patients are there?");
            assertThat(s.subject()).isEqualTo("Patient");
            assertThat(s.shape()).isEqualTo(Shape.SCALAR);
            assertThat(s.measures()).containsExactly(Measure.count());
            assertThat(s.filters()).isEmpty();
            assertThat(s.provenance().rule()).isEqualTo("count.how-many");
        }
    }

    @Test
    void activePatientsIsAMissWherePatientHasNoStatus() {
        for (Grammar g : List.of(DEV, ALT, MADE_UP)) {
            assertThat(g.parse("How many active patients are there?"))
                    .isNotInstanceOf(ParseOutcome.Parsed.class);
        }
        assertThat(miss(DEV, "How many active patients are there?")).contains("active");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Delete all patients", "How many patients; DROP TABLE patients", "' OR 1=1 --",
            "drop table deliveries", "how many patients please delete them", "How many parking spaces are there?",
            "and by ward?", "how many?", "How many patients were admitted yesterday by the moon"})
    void refusals(String q) {
        for (Grammar g : List.of(DEV, ALT, MADE_UP)) {
            assertThat(miss(g, q)).isNotBlank();
        }
    }

    @Test
    void unknownWordIsNamed() {
        assertThat(miss(DEV, "How many purple patients are there?")).contains("purple");
    }

    @Test
    void caesareanDeliveriesLastMonthByWard() {
        String q = "How many caesarean deliveries were there last month, by ward?";
        QuerySpec dev = parsed(DEV, q);
        QuerySpec alt = parsed(ALT, q);
        for (QuerySpec s : List.of(dev, alt)) {
            assertThat(s.subject()).isEqualTo("Delivery");
            assertThat(s.shape()).isEqualTo(Shape.GROUPED);
            assertThat(s.measures()).containsExactly(Measure.count());
            assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Ward", ColumnRole.NAME)));
            assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Delivery", ColumnRole.EVENT_TIME));
            assertThat(s.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2026, 10, 1)));
            assertThat(s.timeScope().to()).isEqualTo(Literal.of(LocalDate.of(2026, 11, 1)));
        }
        ColumnRef mode = ColumnRef.of("Delivery", ColumnRole.CATEGORY, "mode");
        assertThat(dev.filters()).containsExactly(Filter.eq(mode, Literal.of("caesarean")));
        assertThat(alt.filters()).containsExactly(Filter.eq(mode, Literal.of("C-Section")));
    }

    @Test
    void noShowPercentageIsARate() {
        QuerySpec dev = scheduled(DEV, "what percentage of appointments were no-shows last year");
        assertThat(dev.shape()).isEqualTo(Shape.RATE);
        assertThat(dev.measures()).containsExactly(Measure.rate(Filter.eq(ColumnRef.of("Appointment",
                ColumnRole.STATUS), Literal.of("no_show"))));
        QuerySpec alt = scheduled(ALT, "what percentage of appointments were no-shows last year");
        assertThat(alt.measures()).containsExactly(Measure.rate(Filter.eq(ColumnRef.of("Appointment",
                ColumnRole.STATUS), Literal.of("DNA"))));
        assertThat(dev.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2025, 1, 1)));
    }

    @Test
    void appointmentsHaveTwoTimesSoATimePhraseAsks() {
        ParseOutcome o = DEV.parse("How many appointments last month?");
        assertThat(o).isInstanceOf(ParseOutcome.NeedsClarification.class);
        ParseOutcome.NeedsClarification c = (ParseOutcome.NeedsClarification) o;
        assertThat(c.options()).hasSize(2).allSatisfy(opt -> assertThat(opt.spec()).isNotNull());
    }

    @Test
    void topFiveDiagnosesThisYear() {
        QuerySpec s = parsed(DEV, "top 5 diagnoses this year");
        assertThat(s.shape()).isEqualTo(Shape.TOP_N);
        assertThat(s.limit()).isEqualTo(5);
        assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Diagnosis", ColumnRole.CODE)));
        assertThat(s.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2026, 1, 1)));
        assertThat(parsed(DEV, "top five diagnoses this year")).isEqualTo(s);
    }

    @Test
    void whichWardHadTheMostAdmissions() {
        QuerySpec s = parsed(DEV, "Which ward had the most admissions last month?");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.shape()).isEqualTo(Shape.TOP_N);
        assertThat(s.limit()).isEqualTo(1);
        assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Ward", ColumnRole.NAME)));
    }

    @Test
    void averageLengthOfStayInIcuLastQuarterAsksWardOrBedAndEachOptionIsADurationMeasure() {
        ParseOutcome o = DEV.parse("average length of stay in ICU last quarter");
        assertThat(o).isInstanceOf(ParseOutcome.NeedsClarification.class);
        ParseOutcome.NeedsClarification c = (ParseOutcome.NeedsClarification) o;
        assertThat(c.options()).extracting(ParseOutcome.Option::label)
                .containsExactlyInAnyOrder("Ward.Category", "Bed.Type");
        QuerySpec ward = c.options().stream().filter(opt -> opt.label().equals("Ward.Category")).findFirst()
                .orElseThrow().spec();
        Measure m = ward.measures().get(0);
        assertThat(((Measure.Aggregate) m).function()).isEqualTo(Aggregation.AVG);
        assertThat(((Measure.Aggregate) m).of()).isInstanceOf(DurationRef.class);
        assertThat(ward.filters()).containsExactly(Filter.eq(ColumnRef.of("Ward", ColumnRole.CATEGORY),
                Literal.of("icu")));
        assertThat(ward.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2026, 7, 1)));
        assertThat(ward.timeScope().to()).isEqualTo(Literal.of(LocalDate.of(2026, 10, 1)));
    }

    @Test
    void averageLengthOfStayOnTheMadeUpSchemaIsADerivedDuration() {
        QuerySpec s = parsed(MADE_UP, "What is the average length of stay?");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(((Measure.Aggregate) s.measures().get(0)).of()).isInstanceOf(DurationRef.class);
    }

    @Test
    void patientsWithNoAppointmentIsNotExists() {
        for (Grammar g : List.of(DEV, ALT, MADE_UP)) {
            assertThat(parsed(g, "which patients have no appointment").related()).hasSize(1);
        }
        QuerySpec s = parsed(DEV, "list patients with no appointment");
        assertThat(s.shape()).isEqualTo(Shape.LIST);
        assertThat(s.related()).hasSize(1);
        assertThat(s.related().get(0).quantifier()).isEqualTo(Quantifier.NOT_EXISTS);
        assertThat(s.related().get(0).concept()).isEqualTo("Appointment");
        assertThat(SpecHash.of(parsed(DEV, "how many patients without any appointments")))
                .isEqualTo(SpecHash.of(parsed(DEV, "how many patients who never had an appointment")));
    }

    @Test
    void admissionsByWardHasNoPathOnTheMadeUpSchema() {
        assertThat(miss(MADE_UP, "admissions by ward")).contains("no path");
        assertThat(parsed(DEV, "number of admissions by ward").shape()).isEqualTo(Shape.GROUPED);
    }

    @Test
    void byGenderReachesThePatient() {
        QuerySpec s = parsed(DEV, "how many admissions by gender");
        assertThat(s.dimensions()).containsExactly(Dimension.of(ColumnRef.of("Patient", ColumnRole.GENDER)));
        QuerySpec p = parsed(ALT, "how many female patients");
        assertThat(p.filters()).containsExactly(Filter.eq(ColumnRef.of("Patient", ColumnRole.GENDER),
                Literal.of("Female")));
        assertThat(parsed(DEV, "how many female patients").filters())
                .containsExactly(Filter.eq(ColumnRef.of("Patient", ColumnRole.GENDER), Literal.of("F")));
    }

    @Test
    void trendsPerMonth() {
        QuerySpec s = parsed(DEV, "number of deliveries per month this year");
        assertThat(s.shape()).isEqualTo(Shape.TREND);
        assertThat(s.timeScope().bucket()).isEqualTo(Bucket.MONTH);
        assertThat(SpecHash.of(parsed(DEV, "monthly deliveries this year"))).isEqualTo(SpecHash.of(s));
        assertThat(SpecHash.of(parsed(DEV, "how many deliveries by month this year"))).isEqualTo(SpecHash.of(s));
    }

    @Test
    void locationValues() {
        // the ward of the birth (its own reference) wins over the ward of the stay (two hops away)
        QuerySpec s = parsed(DEV, "how many deliveries in the maternity ward");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Ward", ColumnRole.NAME),
                Literal.of("Maternity Ward")));
        // with no direct reference, two ways to the ward still ask
        FixtureVocabulary twoWays = Fixtures.dev();
        twoWays.col("Immunization", ColumnRole.PRIMARY_KEY, "id", null).ref("Immunization", "Admission")
                .twoHop("Immunization", "Admission", "Ward").ref("Immunization", "Bed").twoHop("Immunization", "Bed",
                        "Ward");
        assertThat(Fixtures.grammar(twoWays).parse("how many immunizations in the maternity ward"))
                .isInstanceOf(ParseOutcome.NeedsClarification.class);
        assertThat(miss(DEV, "how many admissions on Ward 3")).contains("ward 3");
    }

    @Test
    void predicates() {
        assertThat(miss(DEV, "how many patients are currently admitted")).contains("admitted");
        QuerySpec adm = parsed(DEV, "how many admissions are currently admitted");
        assertThat(adm.filters()).containsExactly(new Filter.IsNull(ColumnRef.of("Admission", ColumnRole.END_TIME)));
        QuerySpec labs = parsed(ALT, "how many pending lab orders");
        assertThat(labs.filters()).containsExactly(Filter.eq(ColumnRef.of("LabOrder", ColumnRole.STATUS),
                Literal.of("PENDING")));
        QuerySpec abn = parsed(DEV, "how many abnormal lab results last week");
        assertThat(abn.filters()).containsExactly(new Filter.IsTrue(ColumnRef.of("LabResult", ColumnRole.FLAG,
                "abnormal")));
        assertThat(miss(MADE_UP, "is there any readmitted admission")).isNotBlank();
    }

    @Test
    void durationAndDueFilters() {
        QuerySpec s = parsed(DEV, "how many admissions stayed over 7 days");
        Filter f = s.filters().get(0);
        assertThat(f).isInstanceOf(Filter.Compare.class);
        assertThat(((Filter.Compare) f).value()).isEqualTo(Literal.of(7));
        QuerySpec due = parsed(MADE_UP, "list bills due within 14 days");
        assertThat(due.filters()).contains(Filter.ge(ColumnRef.of("Bill", ColumnRole.END_TIME),
                Literal.of(Fixtures.TODAY)), Filter.lt(ColumnRef.of("Bill", ColumnRole.END_TIME),
                Literal.of(Fixtures.TODAY.plusDays(15))));
        assertThat(miss(DEV, "list bills due within 14 days")).contains("due");
    }

    @Test
    void existsAndLookup() {
        QuerySpec e = parsed(DEV, "Is there any stillbirth delivery this year?");
        assertThat(e.shape()).isEqualTo(Shape.EXISTS);
        QuerySpec l = parsed(DEV, "find ward labour suite");
        assertThat(l.shape()).isEqualTo(Shape.LOOKUP);
    }

    @Test
    void paraphrasesHashTheSame() {
        String[][] groups = {
                {"How many caesarean deliveries were there last month, by ward?",
                        "number of c-section deliveries last month by ward",
                        "count the caesareans deliveries by ward last month",
                        "how many deliveries were caesarean last month per ward",
                        "how many deliveries by caesarean last month by ward"},
                {"how many patients without any appointments", "how many patients who never had an appointment",
                        "how many patients had no appointment", "number of patients with no appointment"},
                {"how many patients", "How many patients are there?", "number of patients", "count patients",
                        "what is the number of patients", "the total number of patients"},
                {"how many female patients", "number of women patients", "how many patients female"},
        };
        for (String[] group : groups) {
            String first = SpecHash.of(parsed(DEV, group[0]));
            for (String q : group) {
                assertThat(SpecHash.of(parsed(DEV, q))).as(q).isEqualTo(first);
            }
        }
    }
}
