package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.CODE;
import static org.tally.core.spec.ColumnRole.EVENT_TIME;
import static org.tally.core.spec.ColumnRole.PRIMARY_KEY;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.Measure;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * How analysts ask for the N most common records (the EHRSQL-2024 family "N most frequent X", issue 12): the request's
 * opening ("what were the", "show me the", "could you provide the") before "top N" or "N most common", and a concept
 * named by a word that is also the name of its own code dictionary ("procedures" beside a table of procedure codes).
 */
class GrammarTopNOpeningsTest {

    private static FixtureVocabulary vocabulary(boolean dictionaryIsALookup) {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("Procedure", PRIMARY_KEY, "row id", null).col("Procedure", CODE, "icd code", null)
                .col("Procedure", EVENT_TIME, "chart time", null);
        v.unbound("d icd procedures", "d_icd_procedures");
        return dictionaryIsALookup ? v.lookup("d_icd_procedures", "Procedure") : v;
    }

    private static final Grammar G = Fixtures.grammar(vocabulary(true));

    @ParameterizedTest
    @ValueSource(strings = {"what were the top 4 most common procedures", "what are the top 4 procedures",
        "show me the 4 most common procedures", "could you provide the top 4 most frequent procedures",
        "tell me the top 4 most common procedures", "top 4 most common procedures", "list the top 4 procedures",
        "which are the 4 most frequent procedures", "top 4 common procedures"})
    void theOpeningBeforeTopNIsTheRequestNotTheSubject(String question) {
        QuerySpec s = parsed(G, question);
        assertThat(s.shape()).as(question).isEqualTo(Shape.TOP_N);
        assertThat(s.subject()).isEqualTo("Procedure");
        assertThat(s.limit()).isEqualTo(4);
        assertThat(s.measures()).singleElement().isInstanceOf(Measure.Count.class);
    }

    @Test
    void wordsAfterTheOpeningThatAreNotARankingStillMiss() {
        assertThat(miss(G, "what were the top 4 tasty procedures")).contains("tasty");
        assertThat(miss(G, "show me the 4 most tasty procedures")).isNotBlank();
    }

    @Test
    void aConceptsOwnCodeDictionaryDoesNotStopItsWord() {
        assertThat(parsed(G, "how many procedures are there").subject()).isEqualTo("Procedure");
        // a table of that name that is not the concept's dictionary still stops the word: it holds other rows
        assertThat(miss(Fixtures.grammar(vocabulary(false)), "how many procedures are there"))
                .contains("is the name of the table d_icd_procedures");
    }
}
