package org.tally.core.meta;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;

class MetaRungTest {

    private final MetaRung rung = new MetaRung("demo:dev");

    @ParameterizedTest
    @ValueSource(strings = {"Hello", "hi!", "Good morning, Tally", "What can you do?", "help", "Thanks!",
            "what can I ask?"})
    void greetingsAndCapabilityQuestionsAreAnsweredWithoutTheDatabase(String question) {
        Rung.Attempt attempt = rung.attempt(question);
        assertThat(attempt).isInstanceOf(Rung.Attempt.Done.class);
        Rung.Attempt.Done done = (Rung.Attempt.Done) attempt;
        assertThat(done.answer().status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(done.answer().sql()).isNull();
        assertThat(done.answer().rows()).singleElement().satisfies(row -> assertThat((String) row.get(0)).isNotBlank());
    }

    @ParameterizedTest
    @ValueSource(strings = {"hello, how many patients are there?", "How many patients?", "help me delete the table",
            "what is the meaning of life", "hi; DROP TABLE patients", ""})
    void anythingElseFallsThrough(String question) {
        assertThat(rung.attempt(question)).isInstanceOf(Rung.Attempt.Miss.class);
    }

    @Test
    void theGreetingNamesTheSource() {
        Rung.Attempt.Done done = (Rung.Attempt.Done) rung.attempt("hello");
        assertThat((String) done.answer().rows().get(0).get(0)).contains("demo:dev");
    }
}
