package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;
import static org.tally.core.spec.ColumnRole.*;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.tally.core.catalog.TextShape;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.Literal;
import org.tally.core.spec.QuerySpec;

/**
 * A plain number after a concept term names one row by the column whose measured values could be spelled like it:
 * rows numbered 1 to 940 cannot be patient 10004235, an eight-digit patient number can; a number both could be is
 * not read.
 */
class NumberedRowTest {

    private static Grammar grammar(TextShape keyShape) {
        FixtureVocabulary v = new FixtureVocabulary();
        v.shaped("Patient", PRIMARY_KEY, "row id", null, keyShape)
                .shaped("Patient", BUSINESS_ID, "subject id", null, new TextShape(8, 8, 0, 940));
        v.col("Admission", PRIMARY_KEY, "adm id", null).col("Admission", START_TIME, "adm dt", null)
                .col("Admission", PATIENT_REF, "subject id", null).ref("Admission", "Patient");
        return Fixtures.grammar(v);
    }

    @Test
    void aNumberOutOfTheKeysRangeIsTheOneNumberColumnThatCouldHoldIt() {
        QuerySpec s = parsed(grammar(new TextShape(1, 3, 0, 940)), "how many admissions has patient 10004235 had");
        assertThat(s.subject()).isEqualTo("Admission");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Patient", BUSINESS_ID),
                Literal.of("10004235")));
    }

    @Test
    void aNumberOnlyTheKeyCouldHoldIsTheKey() {
        QuerySpec s = parsed(grammar(new TextShape(1, 3, 0, 940)), "how many admissions has patient 12 had");
        assertThat(s.filters()).containsExactly(Filter.eq(ColumnRef.of("Patient", PRIMARY_KEY),
                Literal.of(BigDecimal.valueOf(12))));
    }

    @Test
    void aNumberBothCouldHoldOrAKeyOfUnknownRangeIsNotRead() {
        assertThat(miss(grammar(new TextShape(1, 8, 0, 940)), "how many admissions has patient 10004235 had"))
                .isNotBlank();
        assertThat(miss(grammar(null), "how many admissions has patient 10004235 had")).isNotBlank();
    }
}
