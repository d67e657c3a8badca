package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.Aggregation;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecHash;

/** One positive and one refusal per lead rule and modifier, on the three vocabularies. */
class GrammarRulesTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());
    private static final Grammar ALT = Fixtures.grammar(Fixtures.alt());
    private static final Grammar MADE_UP = Fixtures.grammar(Fixtures.madeUp());

    private static Measure.Aggregate aggregate(QuerySpec s) {
        return (Measure.Aggregate) s.measures().get(0);
    }

    @Test
    void sumAndTotal() {
        QuerySpec s = parsed(DEV, "what is the total bill amount last month");
        assertThat(aggregate(s).function()).isEqualTo(Aggregation.SUM);
        assertThat(aggregate(s).of()).isEqualTo(ColumnRef.of("Bill", ColumnRole.AMOUNT));
        QuerySpec count = parsed(DEV, "total admissions this year");
        assertThat(count.measures()).containsExactly(Measure.count());
        assertThat(count.provenance().rule()).isEqualTo("count.total");
        assertThat(miss(DEV, "average patients")).contains("average");
    }

    @Test
    void medianLongestShortestAndUnits() {
        assertThat(aggregate(parsed(DEV, "median length of stay")).function()).isEqualTo(Aggregation.MEDIAN);
        assertThat(aggregate(parsed(DEV, "longest length of stay")).function()).isEqualTo(Aggregation.MAX);
        assertThat(aggregate(parsed(DEV, "shortest length of stay")).function()).isEqualTo(Aggregation.MIN);
        QuerySpec hours = parsed(DEV, "average duration of icu stays in hours");
        assertThat(((DurationRef) aggregate(hours).of()).unit()).isEqualTo(DurationUnit.HOURS);
        assertThat(hours.subject()).isEqualTo("IcuStay");
        assertThat(aggregate(parsed(DEV, "mean gestational age of deliveries")).of())
                .isEqualTo(ColumnRef.of("Delivery", ColumnRole.MEASURE));
        assertThat(miss(MADE_UP, "average gestational age of deliveries")).isNotBlank();
    }

    @Test
    void listShowWhichAndExists() {
        assertThat(parsed(DEV, "list pending lab orders").shape()).isEqualTo(Shape.LIST);
        assertThat(parsed(DEV, "show me all stillbirth deliveries this year").shape()).isEqualTo(Shape.LIST);
        assertThat(parsed(DEV, "which lab orders are pending").provenance().rule()).isEqualTo("list.which");
        assertThat(miss(DEV, "list admissions by ward")).contains("cannot be grouped");
        QuerySpec e = scheduledSpec(ALT, "do we have any no-show appointments yesterday");
        assertThat(e.shape()).isEqualTo(Shape.EXISTS);
        assertThat(SpecHash.of(e)).isEqualTo(SpecHash.of(scheduledSpec(ALT, "are there any no-show appointments yesterday")));
    }

    @Test
    void lookupNeedsAValue() {
        QuerySpec s = parsed(ALT, "look up the ward Labour Suite");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Ward", ColumnRole.NAME),
                Literal.of("Labour Suite")));
        assertThat(miss(DEV, "find wards")).contains("find");
    }

    @Test
    void mostCommonSingularAndPlural() {
        assertThat(parsed(DEV, "most common diagnosis").limit()).isEqualTo(1);
        assertThat(parsed(DEV, "what are the most common diagnoses").limit()).isEqualTo(10);
        assertThat(parsed(DEV, "most frequent 3 diagnoses").limit()).isEqualTo(3);
        // "top N X by Y" ranks X by how many Y each has: wards have no admissions to count per ward here
        assertThat(miss(DEV, "top 5 admissions by ward")).contains("no path from Ward to Admission");
    }

    @Test
    void namedRate() {
        ParseOutcome o = DEV.parse("what is the stillbirth rate this year");
        QuerySpec s = ((ParseOutcome.Parsed) o).spec();
        assertThat(s.shape()).isEqualTo(Shape.RATE);
        assertThat(s.measures()).containsExactly(Measure.rate(Filter.eq(ColumnRef.of("Delivery",
                ColumnRole.CATEGORY, "outcome"), Literal.of("stillbirth"))));
        assertThat(miss(DEV, "what percentage of deliveries")).contains("percentage");
    }

    @Test
    void groupingByRoleWordsAndColumnWords() {
        assertThat(parsed(DEV, "how many patients by district").dimensions())
                .containsExactly(Dimension.of(ColumnRef.of("Patient", ColumnRole.LOCATION, "district")));
        assertThat(scheduledSpec(DEV, "appointments per department by month").shape()).isNotNull();
        assertThat(parsed(DEV, "how many lab orders by status").dimensions())
                .containsExactly(Dimension.of(ColumnRef.of("LabOrder", ColumnRole.STATUS)));
        assertThat(miss(DEV, "how many lab orders by colour")).contains("colour");
        assertThat(parsed(MADE_UP, "how many patients by sex").dimensions()).hasSize(1);
        // the made-up schema codes sex as 1/2: a stray number is not read as a code
        assertThat(miss(MADE_UP, "how many patients 2")).contains("2");
    }

    private static QuerySpec scheduledSpec(Grammar g, String q) {
        ParseOutcome o = g.parse(q, Map.of("Appointment time", "Appointment.StartTime(\"scheduled\")"));
        assertThat(o).as(q).isInstanceOf(ParseOutcome.Parsed.class);
        return ((ParseOutcome.Parsed) o).spec();
    }

    @Test
    void statusWordsOnEachSchema() {
        assertThat(parsed(DEV, "how many outstanding bills").filters())
                .containsExactly(Filter.in(ColumnRef.of("Bill", ColumnRole.STATUS), Literal.of("partially_paid"),
                        Literal.of("unpaid")));
        assertThat(parsed(MADE_UP, "how many outstanding bills").filters())
                .containsExactly(Filter.gt(ColumnRef.of("Bill", ColumnRole.AMOUNT), Literal.of(0)));
        assertThat(parsed(MADE_UP, "how many no-show appointments").filters())
                .containsExactly(new Filter.IsTrue(ColumnRef.of("Appointment", ColumnRole.FLAG)));
        assertThat(miss(MADE_UP, "how many pending lab orders")).contains("LabOrder");
        for (Grammar g : List.of(DEV, ALT)) {
            assertThat(parsed(g, "how many active providers").filters())
                    .containsExactly(new Filter.IsTrue(ColumnRef.of("Provider", ColumnRole.FLAG)));
        }
    }

    @Test
    void adminAliasesResolveToTheirValue() {
        FixtureVocabulary v = Fixtures.alt().alias(new GrammarVocabulary.ValueAlias("natural", "Delivery",
                ColumnRole.CATEGORY, "mode", "NVD"));
        QuerySpec s = parsed(Fixtures.grammar(v), "how many natural deliveries");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Delivery", ColumnRole.CATEGORY, "mode"),
                Literal.of("NVD")));
    }

    @Test
    void aSubjectsOwnPredicateWinsOverAnAliasOnARelatedRecord() {
        // an administrator spelled an admission's discharge code for deaths 'died'; "patients who have died" is
        // still about the patients' own death, not the admissions with that code
        FixtureVocabulary v = Fixtures.alt().col("Admission", ColumnRole.CODE, "discharge method code", null, "1", "4")
                .alias(new GrammarVocabulary.ValueAlias("died", "Admission", ColumnRole.CODE, null, "4"));
        for (String q : List.of("how many patients have died", "how many patients who have died")) {
            QuerySpec s = parsed(Fixtures.grammar(v), q);
            assertThat(s.related()).as(q).isEmpty();
            assertThat(s.filters()).as(q).containsExactly(new Filter.IsNotNull(ColumnRef.of("Patient",
                    ColumnRole.DEATH_DATE)));
        }
    }

    @Test
    void relatedScopeWithFiltersOnTheOtherConcept() {
        QuerySpec s = parsed(DEV, "how many patients with a caesarean delivery");
        assertThat(s.related()).hasSize(1);
        assertThat(s.related().get(0).filters()).hasSize(1);
        assertThat(miss(MADE_UP, "how many patients with no delivery")).contains("Delivery");
    }
}
