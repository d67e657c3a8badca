package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;

/**
 * What dates a record: a death record kept with only its date of death is dated by it (the pack's {@code datedBy}),
 * a procedure is "performed" at its own time, and a patient's birth date never dates the patient's record.
 */
class GrammarRecordDatesTest {

    /** A research schema's shape: a death table with a date of death only, procedures with one date. */
    private static FixtureVocabulary research() {
        return new FixtureVocabulary()
                .col("Patient", ColumnRole.PRIMARY_KEY, "person id", null)
                .col("Patient", ColumnRole.BIRTH_DATE, "birth datetime", null)
                .col("Mortality", ColumnRole.PATIENT_REF, "person id", null)
                .col("Mortality", ColumnRole.DEATH_DATE, "death date", null)
                .col("Procedure", ColumnRole.PRIMARY_KEY, "procedure occurrence id", null)
                .col("Procedure", ColumnRole.PATIENT_REF, "person id", null)
                .col("Procedure", ColumnRole.EVENT_TIME, "procedure date", null)
                .ref("Mortality", "Patient")
                .ref("Procedure", "Patient");
    }

    private static final Grammar RESEARCH = Fixtures.grammar(research());

    @Test
    void aDeathRecordIsDatedByItsDateOfDeath() {
        QuerySpec s = parsed(RESEARCH, "how many deaths were there in 2025");
        ColumnRef death = ColumnRef.of("Mortality", ColumnRole.DEATH_DATE);
        assertThat(s.timeScope().column()).isEqualTo(death);
        assertThat(s.timeScope().from()).isEqualTo(Literal.of(LocalDate.of(2025, 1, 1)));
        assertThat(s.timeScope().to()).isEqualTo(Literal.of(LocalDate.of(2026, 1, 1)));
        assertThat(parsed(RESEARCH, "how many deaths were there per month in 2025").timeScope().bucket())
                .isEqualTo(Bucket.MONTH);
    }

    @Test
    void aBirthDateDoesNotDateThePatientsRecord() {
        assertThat(miss(RESEARCH, "how many patients were there in 2025")).contains("no date");
    }

    @Test
    void patientsWhoDiedInAPeriodHaveADeathRecordDatedInIt() {
        // the patient table keeps no date of its own: "last year" dates the death record the predicate checks
        QuerySpec s = parsed(RESEARCH, "how many patients died last year");
        ColumnRef death = ColumnRef.of("Mortality", ColumnRole.DEATH_DATE);
        assertThat(s.subject()).isEqualTo("Patient");
        assertThat(s.timeScope()).isNull();
        assertThat(s.related()).containsExactly(RelatedScope.exists("Mortality",
                Filter.ge(death, Literal.of(LocalDate.of(2025, 1, 1))),
                Filter.lt(death, Literal.of(LocalDate.of(2026, 1, 1)))));
    }

    @Test
    void bornNamesTheBirthDateButABirthdayIsNoTimeRange() {
        QuerySpec s = parsed(RESEARCH, "how many patients were born before 1950");
        ColumnRef birth = ColumnRef.of("Patient", ColumnRole.BIRTH_DATE);
        assertThat(s.timeScope().column()).isEqualTo(birth);
        assertThat(s.timeScope().from()).isNull();
        assertThat(s.timeScope().to()).isEqualTo(Literal.of(LocalDate.of(1950, 1, 1)));
        // a birthday last month is not a birth last month
        ParseOutcome birthday = RESEARCH.parse("how many patients had a birthday last month");
        if (birthday instanceof ParseOutcome.Parsed p) {
            assertThat(p.spec().timeScope() == null || !p.spec().timeScope().column().equals(birth)).isTrue();
        }
    }

    @Test
    void aProcedureIsPerformedAtItsOwnTime() {
        QuerySpec s = parsed(RESEARCH, "how many procedures were performed in 2025");
        assertThat(s.timeScope().column()).isEqualTo(ColumnRef.of("Procedure", ColumnRole.EVENT_TIME));
    }
}
