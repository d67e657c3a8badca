package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import org.junit.jupiter.api.Test;
import org.tally.core.spec.QuerySpec;

/** An ordinal word that is part of a column's name ("first care unit") groups by it; "the 3rd" never does. */
class GrammarOrdinalNamesTest {

    private static final Grammar G = Fixtures.grammar(vocabulary());

    private static FixtureVocabulary vocabulary() {
        FixtureVocabulary v = new FixtureVocabulary();
        v.col("IcuStay", PRIMARY_KEY, "icustay id", null).col("IcuStay", START_TIME, "intime", null)
                .col("IcuStay", CATEGORY, "first care unit", "first", "MICU", "SICU")
                .col("IcuStay", CATEGORY, "last care unit", "last", "MICU", "CCU");
        return v;
    }

    @Test
    void anOrdinalWordOfAColumnNameGroupsByThatColumn() {
        QuerySpec s = parsed(G, "how many icu stays were there by first care unit");
        assertThat(s.dimensions()).hasSize(1);
        assertThat(s.dimensions().get(0).column().hint()).isEqualTo("first");
        assertThat(parsed(G, "how many icu stays by last care unit").dimensions().get(0).column().hint())
                .isEqualTo("last");
        assertThat(miss(G, "how many icu stays by 1st care unit")).contains("group");
    }
}
