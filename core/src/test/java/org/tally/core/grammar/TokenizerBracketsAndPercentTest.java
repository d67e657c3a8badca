package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecHash;

/**
 * Brackets and the percent sign as analysts type them: a bracket is a word boundary, a percent sign after a number is
 * one word "N%" (as "N percent" is), and a stored value spelt with either still matches. Neither character reaches a
 * spec except inside the stored value it matched; anywhere else the question is a miss.
 */
class TokenizerBracketsAndPercentTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("LabTest", PRIMARY_KEY, "test id", null)
                .col("LabTest", NAME, "test name", null, "Creatine Kinase (CK)", "Potassium", "Dextrose 5%",
                        "5% Dextrose", "Sodium [Whole Blood]", "Glucose 10")
                .col("LabTest", MEASURE, "normal low", "normal low").col("LabTest", MEASURE, "normal high", "normal high");
        return v;
    }

    private static List<Token> tokens(String question) {
        Result<List<Token>> r = Tokenizer.tokenize(question);
        assertThat(r.stopped()).as(question).isFalse();
        return r.value();
    }

    private static List<String> words(String question) {
        return tokens(question).stream().map(Token::text).toList();
    }

    @Test
    void bracketsAreWordBoundaries() {
        assertThat(words("How much oxycodone (immediate release) was given?"))
                .isEqualTo(words("How much oxycodone immediate release was given?"));
        assertThat(words("the dose [mcg] of (revlimide)15mg")).containsExactly("the", "dose", "mcg", "of",
                "revlimide", "15mg");
        assertThat(words("patients in trauma sicu (tsicu)?")).containsExactly("patients", "in", "trauma", "sicu",
                "tsicu");
        assertThat(tokens("(Cardiac ICU)").get(0).raw()).isEqualTo("Cardiac");
    }

    @Test
    void aPercentSignAfterANumberIsOneWordThatIsNotACount() {
        assertThat(words("nacl 0.9% input")).containsExactly("nacl", "0.9%", "input");
        Token five = tokens("5% dextrose").get(0);
        assertThat(five.text()).isEqualTo("5%");
        assertThat(five.number()).isNull();
        assertThat(five.isNumber()).isFalse();
        assertThat(words("5 percent dextrose")).isEqualTo(words("5% dextrose"));
        assertThat(words("dextrose 5 per cent")).isEqualTo(words("dextrose 5%"));
        assertThat(words("top 5 patients")).containsExactly("top", "5", "patients");
        assertThat(tokens("top 5 patients").get(1).isNumber()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"% of patients", "patients 5%% dextrose", "%dextrose", "dextrose%", "5%dextrose",
            "100%%", "a%b", "bed a5%", "15mg%"})
    void aPercentSignAnywhereElseIsAMissNamingIt(String question) {
        Result<List<Token>> r = Tokenizer.tokenize(question);
        assertThat(r.stopped()).as(question).isTrue();
        assertThat(miss(G, question)).contains("'%'");
    }

    @Test
    void aQuestionWithBracketsReadsAsTheSameQuestionWithout() {
        QuerySpec with = parsed(G, "What is the normal range of the (potassium) test?");
        QuerySpec without = parsed(G, "What is the normal range of the potassium test?");
        assertThat(SpecHash.of(with)).isEqualTo(SpecHash.of(without));
        assertThat(SpecHash.of(parsed(G, "[What is the normal range] of the potassium test?")))
                .isEqualTo(SpecHash.of(without));
    }

    @Test
    void aValueSpeltWithBracketsOrAPercentSignStillMatchesItsStoredSpelling() {
        ColumnRef name = ColumnRef.of("LabTest", NAME);
        assertThat(parsed(G, "what is the normal range of the creatine kinase (ck) test").filters())
                .containsExactly(Filter.eq(name, Literal.of("Creatine Kinase (CK)")));
        assertThat(parsed(G, "what is the normal range of the creatine kinase ck test").filters())
                .containsExactly(Filter.eq(name, Literal.of("Creatine Kinase (CK)")));
        assertThat(parsed(G, "what is the normal range of the sodium [whole blood] test").filters())
                .containsExactly(Filter.eq(name, Literal.of("Sodium [Whole Blood]")));
        assertThat(parsed(G, "what is the normal range of the dextrose 5% test").filters())
                .containsExactly(Filter.eq(name, Literal.of("Dextrose 5%")));
        assertThat(parsed(G, "what is the normal range of the dextrose 5 percent test").filters())
                .containsExactly(Filter.eq(name, Literal.of("Dextrose 5%")));
        assertThat(parsed(G, "what is the normal range of the 5% dextrose test").filters())
                .containsExactly(Filter.eq(name, Literal.of("5% Dextrose")));
        // without its strength the name is neither stored value: never read as one of them
        assertThat(G.parse("what is the normal range of the dextrose test")).isNotInstanceOf(ParseOutcome.Parsed.class);
        // a percentage is not the plain number stored beside the name: "10%" never matches "Glucose 10"
        assertThat(parsed(G, "what is the normal range of the glucose 10 test").filters())
                .containsExactly(Filter.eq(name, Literal.of("Glucose 10")));
        assertThat(G.parse("what is the normal range of the glucose 10% test")).isNotInstanceOf(ParseOutcome.Parsed.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"How many patients (); DROP TABLE patients", "what is the normal range of the potassium)"
            + " OR (1=1 test", "what is the normal range of the ('potassium') test", "[' OR 1=1 --]",
            "what is the normal range of the %potassium% test", "what is the normal range of the potassium% test",
            "what is the normal range of the 5% OR 1=1 test", "what is the normal range of the (select 1) test",
            "what is the normal range of the potassium test (drop table labtest)", "(;)", "()", "[%]", "5.%", ".5%"})
    void bracketsAndPercentSignsCarryNothingToSql(String question) {
        assertThat(miss(G, question)).isNotBlank();
    }
}
