package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/** A subject named by a recorded value rather than a concept term ("how many stillbirths"). */
class GrammarValueSubjectTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());
    private static final Grammar ALT = Fixtures.grammar(Fixtures.alt());
    private static final Grammar MADE_UP = Fixtures.grammar(Fixtures.madeUp());

    private static final ColumnRef OUTCOME = ColumnRef.of("Delivery", ColumnRole.CATEGORY, "outcome");

    @Test
    void aValueOfOneConceptsKindColumnNamesThatConceptFilteredToIt() {
        QuerySpec dev = parsed(DEV, "how many stillbirths were there last year");
        assertThat(dev.subject()).isEqualTo("Delivery");
        assertThat(dev.measures()).containsExactly(Measure.count());
        assertThat(dev.filters()).contains(Filter.eq(OUTCOME, Literal.of("stillbirth")));
        assertThat(dev.timeScope()).isNotNull();
        QuerySpec alt = parsed(ALT, "how many stillbirths");
        assertThat(alt.subject()).isEqualTo("Delivery");
        assertThat(alt.filters()).containsExactly(Filter.eq(OUTCOME, Literal.of("SB")));
    }

    @Test
    void aValueHeldByTwoConceptsAsksWhichNeverPicksOne() {
        ParseOutcome o = DEV.parse("how many cancelled");
        assertThat(o).isInstanceOf(ParseOutcome.NeedsClarification.class);
        assertThat(((ParseOutcome.NeedsClarification) o).options()).extracting(ParseOutcome.Option::label)
                .containsExactlyInAnyOrder("Appointment", "LabOrder");
    }

    @Test
    void aValueNoConceptHoldsIsStillAMiss() {
        assertThat(miss(MADE_UP, "how many stillbirths")).contains("no concept");
        assertThat(miss(DEV, "how many hemicolectomies")).contains("no concept");
    }

    @Test
    void haveWeEverAsksWhetherAnyRowExistsOverAllTime() {
        QuerySpec s = parsed(DEV, "Have we ever recorded a stillbirth?");
        assertThat(s.shape()).isEqualTo(Shape.EXISTS);
        assertThat(s.provenance().rule()).isEqualTo("exists.ever");
        assertThat(s.subject()).isEqualTo("Delivery");
        assertThat(s.filters()).containsExactly(Filter.eq(OUTCOME, Literal.of("stillbirth")));
        assertThat(s.timeScope()).isNull();
        assertThat(parsed(ALT, "did we ever have any caesarean deliveries").shape()).isEqualTo(Shape.EXISTS);
    }

    @Test
    void haveWeEverNeedsSomethingThisSourceHolds() {
        assertThat(miss(MADE_UP, "have we ever recorded a stillbirth")).contains("no concept");
    }
}
