package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecHash;

/** A follow-up's words are read as fragments against the last spec and applied to it. */
class GrammarFollowUpTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());

    private static String hash(QuerySpec spec) {
        return SpecHash.of(SpecCanonicalizer.canonicalize(spec));
    }

    private static QuerySpec parsed(String question) {
        ParseOutcome o = DEV.parse(question);
        assertThat(o).as(question).isInstanceOf(ParseOutcome.Parsed.class);
        return ((ParseOutcome.Parsed) o).spec();
    }

    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource(delimiter = '|', value = {
            "How many deliveries were there last month? | and by ward?       | How many deliveries were there last month by ward?",
            "How many deliveries were there last month? | only caesareans    | How many caesarean deliveries were there last month?",
            "How many admissions were there last month? | what about 2024?   | How many admissions were there in 2024?",
            "How many admissions were there in 2025?    | per month          | How many admissions were there in 2025 per month?",
            "How many admissions were there?            | in May 2026        | How many admissions were there in May 2026?",
            "How many deliveries were there this year?  | and stillbirths    | How many stillbirths were there this year?",
    })
    void aFollowUpGivesTheSpecOfTheWholeQuestion(String first, String followUp, String whole) {
        ParseOutcome refined = DEV.refine(parsed(first), followUp);
        assertThat(refined).as(followUp).isInstanceOf(ParseOutcome.Parsed.class);
        assertThat(hash(((ParseOutcome.Parsed) refined).spec())).as(followUp).isEqualTo(hash(parsed(whole)));
    }

    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource(delimiter = '|', value = {
            "Which wards are there?                     | and by ward type   | a list answer cannot take another grouping",
            "How many deliveries were there last month? | xyzzy              | 'xyzzy' is not understood here",
            "How many deliveries were there last month? | and                | adds nothing",
            "How many patients are there?               | by ward            | no path from Patient to Ward",
    })
    void aFollowUpThatDoesNotRefineTheSpecMisses(String first, String followUp, String reason) {
        ParseOutcome refined = DEV.refine(parsed(first), followUp);
        assertThat(refined).as(followUp).isInstanceOf(ParseOutcome.NoParse.class);
        assertThat(((ParseOutcome.NoParse) refined).reason()).contains(reason);
    }

    @ParameterizedTest(name = "{0} + {1}")
    @CsvSource(delimiter = '|', value = {
            "How many appointments were there by status? | last week",
    })
    void aFollowUpWithSeveralReadingsAsksOnceWithEachReadingsSpec(String first, String followUp) {
        QuerySpec last = ((ParseOutcome.Parsed) DEV.parse(first, java.util.Map.of())).spec();
        ParseOutcome refined = DEV.refine(last, followUp);
        assertThat(refined).isInstanceOf(ParseOutcome.NeedsClarification.class);
        ParseOutcome.NeedsClarification ask = (ParseOutcome.NeedsClarification) refined;
        assertThat(ask.options()).hasSize(2).allSatisfy(o -> assertThat(o.spec()).isNotNull());
        ParseOutcome chosen = DEV.refine(last, followUp, java.util.Map.of(ask.slot().substring(ask.slot().indexOf(':') + 1),
                ask.options().get(1).label()));
        assertThat(chosen).isInstanceOf(ParseOutcome.Parsed.class);
        assertThat(((ParseOutcome.Parsed) chosen).spec()).isEqualTo(ask.options().get(1).spec());
    }
}
