package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * Rankings of rows other records point at ("the 3 most common medications" counts the prescriptions of each, never
 * the catalogue's own rows, which are one each), and an initial state followed by a time ("booked last month"),
 * which dates the making of a record this source does not keep.
 */
class GrammarReferrersTest {

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Medication", PRIMARY_KEY, "drug id", null).col("Medication", NAME, "drug name", null, "Paracetamol");
        v.col("Prescription", PRIMARY_KEY, "rx id", null).col("Prescription", EVENT_TIME, "rx dt", null)
                .ref("Prescription", "Medication");
        v.col("Ward", PRIMARY_KEY, "ward id", null).col("Ward", NAME, "ward name", null, "Ward 1");
        v.col("Admission", PRIMARY_KEY, "adm id", null).col("Admission", START_TIME, "adm dt", null)
                .ref("Admission", "Ward");
        v.col("Bed", PRIMARY_KEY, "bed id", null).ref("Bed", "Ward");
        v.col("Appointment", PRIMARY_KEY, "appt id", null).col("Appointment", START_TIME, "slot", null)
                .col("Appointment", STATUS, "appt status", null, "BOOKED", "CANCELLED", "ATTENDED");
        return v;
    }

    private static final Grammar G = Fixtures.grammar(vocabulary());

    @Test
    void aRankingOfACatalogueCountsTheRecordsThatReferToIt() {
        QuerySpec s = parsed(G, "what are the 3 most common medications");
        assertThat(s.subject()).isEqualTo("Prescription");
        assertThat(s.shape()).isEqualTo(Shape.TOP_N);
        assertThat(s.limit()).isEqualTo(3);
        assertThat(s.measures()).containsExactly(Measure.count());
        assertThat(s.dimensions()).hasSize(1);
        assertThat(s.dimensions().get(0).column().concept()).isEqualTo("Medication");
        assertThat(s.provenance().rule()).endsWith("-referrers");
        assertThat(parsed(G, "what is the most common medication").limit()).isEqualTo(1);
    }

    @Test
    void whichWereVerbedMostIsThePassiveOfTheMostVerbed() {
        QuerySpec s = parsed(G, "which 3 medications were prescribed most often this year");
        assertThat(s.subject()).isEqualTo("Prescription");
        assertThat(s.limit()).isEqualTo(3);
        assertThat(s.dimensions().get(0).column().concept()).isEqualTo("Medication");
        assertThat(s.timeScope().column()).isEqualTo(org.tally.core.spec.ColumnRef.of("Prescription", EVENT_TIME));
        assertThat(parsed(G, "which medication was prescribed the most").limit()).isEqualTo(1);
        assertThat(miss(G, "which 3 medications were prescribed")).isNotBlank();
    }

    @Test
    void severalReferrersAskWhichOneNeverPickTheFirst() {
        ParseOutcome o = G.parse("what are the most common wards");
        assertThat(o).isInstanceOf(ParseOutcome.NeedsClarification.class);
        ParseOutcome.NeedsClarification ask = (ParseOutcome.NeedsClarification) o;
        assertThat(ask.options()).extracting(ParseOutcome.Option::label)
                .containsExactlyInAnyOrder("Admission", "Bed");
        ParseOutcome.Option admissions = ask.options().stream()
                .filter(option -> option.label().equals("Admission")).findFirst().orElseThrow();
        assertThat(admissions.spec().subject()).isEqualTo("Admission");
        assertThat(admissions.spec().dimensions().get(0).column().concept()).isEqualTo("Ward");
    }

    @Test
    void aRankingWithItsOwnMeasureIsNotRedirected() {
        QuerySpec s = parsed(G, "which 3 wards had the most admissions");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.provenance().rule()).doesNotEndWith("-referrers");
    }

    @Test
    void theMostVerbedThingThatIsAColumnOfTheVerbsRecordsGroupsByThatColumn() {
        // no medication table: each prescription names its drug
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Prescription", PRIMARY_KEY, "row id", null).col("Prescription", START_TIME, "start date", null)
                .col("Prescription", NAME, "drug", null, "Heparin", "Insulin");
        Grammar g = Fixtures.grammar(v);
        QuerySpec s = parsed(g, "what are the 5 most commonly prescribed drugs");
        assertThat(s.subject()).isEqualTo("Prescription");
        assertThat(s.limit()).isEqualTo(5);
        assertThat(s.dimensions()).containsExactly(org.tally.core.spec.Dimension.of(
                org.tally.core.spec.ColumnRef.of("Prescription", NAME)));
        assertThat(s.provenance().rule()).isEqualTo("top.most-verbed-column");
        assertThat(miss(g, "what are the 5 most prescribed wards")).isNotBlank();
        QuerySpec passive = parsed(g, "which 3 drugs were prescribed most often last year");
        assertThat(passive.dimensions()).isEqualTo(s.dimensions());
        assertThat(passive.limit()).isEqualTo(3);
        assertThat(passive.timeScope().column()).isEqualTo(org.tally.core.spec.ColumnRef.of("Prescription",
                START_TIME));
    }

    @Test
    void anInitialStateFollowedByATimeIsNotReadAsTodaysStatus() {
        assertThat(miss(G, "how many appointments were booked last month"))
                .contains("booked last month").contains("does not record");
        // without a time right after it the state is the status it names
        QuerySpec booked = parsed(G, "how many appointments are booked");
        assertThat(booked.filters()).hasSize(1);
        QuerySpec cancelled = parsed(G, "how many appointments were cancelled last month");
        assertThat(cancelled.filters()).hasSize(1);
        assertThat(cancelled.timeScope()).isNotNull();
    }
}
