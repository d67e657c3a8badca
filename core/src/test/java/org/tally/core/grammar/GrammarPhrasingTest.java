package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.spec.SpecHash;

/**
 * Phrasings analysts use around the core rules: value lists, a time before the subject, "has any … ever",
 * "show … per month", "including …", places without a value, named-column values and rankings of a column. Each
 * has a positive case and a case that must miss.
 */
class GrammarPhrasingTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    /** A small hospital with the columns these phrasings need; spellings in a legacy style. */
    static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Ward", PRIMARY_KEY, "ward id", null).col("Ward", NAME, "ward name", null, "Oncology Ward", "Ward 2");
        v.col("Incident", PRIMARY_KEY, "incident id", null).col("Incident", EVENT_TIME, "reported dt", null)
                .col("Incident", CATEGORY, "incident type", null, "FALL", "MED_ERROR")
                .col("Incident", SEVERITY, "harm level", null, "NONE", "LOW", "MODERATE", "SEVERE", "DEATH")
                .col("Incident", WARD_REF, "ward id", null).ref("Incident", "Ward");
        v.col("Triage", PRIMARY_KEY, "triage id", null).col("Triage", EVENT_TIME, "arrival dt", null)
                .col("Triage", PRIORITY, "acuity level", null, "1", "2", "3", "4", "5")
                .col("Triage", CATEGORY, "presenting complaint", null, "Fall", "Fever");
        v.col("Bed", PRIMARY_KEY, "bed id", null).col("Bed", FLAG, "active yn", null, "Y", "N")
                .col("Bed", WARD_REF, "ward id", null).ref("Bed", "Ward");
        v.col("Medication", PRIMARY_KEY, "drug id", null).col("Medication", NAME, "drug name", null, "Metformin")
                .col("Medication", FLAG, "controlled yn", null, "Y", "N");
        v.col("Surgery", PRIMARY_KEY, "ot id", null).col("Surgery", START_TIME, "knife start", null)
                .col("Surgery", END_TIME, "knife end", null)
                .col("Surgery", NAME, "procedure name", null, "Hemicolectomy", "Lobectomy")
                .col("Surgery", LOCATION, "theatre no", null, "OT-1", "OT-2")
                .col("Surgery", TYPE, "anaesthesia type", null, "GA", "RA", "LA");
        v.col("IcuStay", PRIMARY_KEY, "icu stay id", null).col("IcuStay", START_TIME, "icu in", null)
                .col("IcuStay", END_TIME, "icu out", null).col("IcuStay", FLAG, "ventilated yn", null, "Y", "N");
        return v;
    }

    private static ColumnRef col(String concept, org.tally.core.spec.ColumnRole role) {
        return ColumnRef.of(concept, role);
    }

    @Test
    void valuesOfOneColumnJoinedByOrOrAndFormOneList() {
        QuerySpec s = parsed(G, "how many incidents were moderate, severe or fatal");
        assertThat(s.filters()).containsExactly(new Filter.In(col("Incident", SEVERITY),
                List.of(Literal.of("DEATH"), Literal.of("MODERATE"), Literal.of("SEVERE"))));
        assertThat(SpecHash.of(parsed(G, "how many moderate and severe incidents")))
                .isEqualTo(SpecHash.of(parsed(G, "how many incidents were severe or moderate")));
        assertThat(miss(G, "how many incidents were a fall or severe")).contains("'or'");
    }

    @Test
    void aNamedColumnTakesABareValueAndItsAlternatives() {
        QuerySpec rate = parsed(G, "what percentage of triage assessments were acuity level 1 or 2");
        assertThat(((Measure.Rate) rate.measures().get(0)).numerator()).containsExactly(
                new Filter.In(col("Triage", PRIORITY), List.of(Literal.of("1"), Literal.of("2"))));
        assertThat(miss(G, "how many triage assessments were acuity level 9")).isNotBlank();
        assertThat(miss(G, "how many triage assessments were 1")).isNotBlank();
    }

    @Test
    void aTimeWrittenBeforeTheSubjectIsTheSubjectsTime() {
        QuerySpec s = parsed(G, "show yesterday's severe incidents");
        assertThat(s.shape()).isEqualTo(Shape.LIST);
        assertThat(s.timeScope().from()).isEqualTo(Literal.of(Fixtures.TODAY.minusDays(1)));
        assertThat(miss(G, "show yesterday's parking permits")).isNotBlank();
    }

    @Test
    void hasAnyAsksWhetherOneExistsOverAllTime() {
        QuerySpec s = parsed(G, "has any incident ever caused a death");
        assertThat(s.shape()).isEqualTo(Shape.EXISTS);
        assertThat(s.timeScope()).isNull();
        assertThat(s.filters()).containsExactly(Filter.eq(col("Incident", SEVERITY), Literal.of("DEATH")));
        assertThat(miss(G, "has any incident ever caused a parking fine")).isNotBlank();
    }

    @Test
    void showPerBucketOrByGroupIsACountButListByGroupMisses() {
        assertThat(parsed(G, "show severe incidents per month this year").shape()).isEqualTo(Shape.TREND);
        QuerySpec grouped = parsed(G, "show incidents by ward");
        assertThat(grouped.shape()).isEqualTo(Shape.GROUPED);
        assertThat(grouped.measures()).containsExactly(Measure.count());
        assertThat(miss(G, "list incidents by ward")).contains("cannot be grouped");
    }

    @Test
    void includingAPartOfTheSubjectAddsNothing() {
        assertThat(SpecHash.of(parsed(G, "how many beds are there in total, including beds out of service")))
                .isEqualTo(SpecHash.of(parsed(G, "how many beds are there")));
        assertThat(miss(G, "how many beds are there including wards")).isNotBlank();
    }

    @Test
    void theSubjectRestatedAfterInOrOnAddsNothing() {
        assertThat(SpecHash.of(parsed(G, "how many controlled drugs are in the medication catalogue")))
                .isEqualTo(SpecHash.of(parsed(G, "how many controlled drugs are there")));
        assertThat(miss(G, "how many controlled drugs are in the parking lot")).isNotBlank();
    }

    @Test
    void aPlaceWordWithoutAValueMeansSomePlaceIsRecorded() {
        QuerySpec s = parsed(G, "how many operations were performed in theatre");
        assertThat(s.filters()).containsExactly(new Filter.IsNotNull(col("Surgery", LOCATION)));
        assertThat(parsed(G, "how many operations were performed in theatre ot-2").filters())
                .containsExactly(Filter.eq(col("Surgery", LOCATION), Literal.of("OT-2")));
    }

    @Test
    void underReadsTheValueThatFollows() {
        QuerySpec s = parsed(G, "has any hemicolectomy been done under local anaesthesia");
        assertThat(s.subject()).isEqualTo("Surgery");
        assertThat(s.filters()).contains(Filter.eq(col("Surgery", TYPE), Literal.of("LA")),
                Filter.eq(col("Surgery", NAME), Literal.of("Hemicolectomy")));
        assertThat(miss(G, "has any hemicolectomy been done under the moon")).isNotBlank();
    }

    @Test
    void aRankingOfAColumnGroupsByThatColumn() {
        QuerySpec s = parsed(G, "what were the 3 most common presenting complaints this year");
        assertThat(s.subject()).isEqualTo("Triage");
        assertThat(s.dimensions()).containsExactly(Dimension.of(col("Triage", CATEGORY)));
        assertThat(s.limit()).isEqualTo(3);
        assertThat(miss(G, "what were the 3 most common parking complaints")).isNotBlank();
    }

    @Test
    void aTimeVerbPicksWhichRecordsAValueNames() {
        QuerySpec s = parsed(G, "which ward reported the most falls");
        assertThat(s.subject()).isEqualTo("Incident");
        assertThat(s.filters()).containsExactly(Filter.eq(col("Incident", CATEGORY), Literal.of("FALL")));
        assertThat(G.parse("which ward had the most falls")).isInstanceOf(ParseOutcome.NeedsClarification.class);
    }

    @Test
    void involvedIntroducesTheCountedConditionOfAPercentage() {
        QuerySpec s = parsed(G, "what percentage of icu stays involved mechanical ventilation");
        assertThat(((Measure.Rate) s.measures().get(0)).numerator()).containsExactly(new Filter.IsTrue(
                col("IcuStay", FLAG)));
        assertThat(miss(G, "what percentage of icu stays involved")).isNotBlank();
    }
}
