package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.pack.PackLoader;
import org.tally.core.spec.ColumnRole;

/** What a word means on a source, and why. */
class LexiconTest {

    private static final Lexicon DEV = new Lexicon(PackLoader.hospital(), Fixtures.dev());
    private static final Lexicon ALT = new Lexicon(PackLoader.hospital(), Fixtures.alt());

    @Test
    void aValueClassPhraseMeansTheValueEachSourceStoresForIt() {
        assertThat(values(DEV, "caesarean")).contains("caesarean");
        assertThat(values(ALT, "caesarean")).contains("C-Section");
        assertThat(ALT.meanings("caesarean")).anySatisfy(e -> assertThat(e.why()).contains("value class 'caesarean'"));
    }

    @Test
    void aStoredSpellingMeansItselfWithItsRowCount() {
        assertThat(values(ALT, "dna")).containsExactly("DNA");
    }

    @Test
    void aConceptTermAndItsPluralMeanTheConcept() {
        for (String word : List.of("admission", "admissions", "Admissions")) {
            assertThat(DEV.meanings(word)).anySatisfy(e -> assertThat(e.meaning())
                    .isEqualTo(new LexiconEntry.Concept("Admission", true)));
        }
    }

    @Test
    void aConceptThisSourceDoesNotHoldIsMarkedSo() {
        assertThat(DEV.meanings("vaccination")).anySatisfy(e -> assertThat(e.meaning().describe())
                .contains("not held by this source"));
    }

    @Test
    void aRoleWordMeansEveryColumnOfThatRole() {
        assertThat(DEV.meanings("status")).anySatisfy(e -> assertThat(e.meaning())
                .isEqualTo(new LexiconEntry.Column("Appointment", ColumnRole.STATUS, List.of("status"))));
    }

    @Test
    void aPredicateNamesTheConceptsItCanBeCheckedOn() {
        assertThat(DEV.meanings("currently admitted")).anySatisfy(e -> {
            assertThat(e.meaning()).isInstanceOf(LexiconEntry.Predicate.class);
            assertThat(((LexiconEntry.Predicate) e.meaning()).concepts()).contains("Admission");
        });
    }

    @Test
    void theGrammarsOwnWordsSayWhatTheyDo() {
        assertThat(DEV.meanings("average")).anySatisfy(e -> assertThat(e.meaning().kind()).isEqualTo("measure"));
        assertThat(DEV.meanings("monthly")).anySatisfy(e -> assertThat(e.meaning().kind()).isEqualTo("grouping"));
        assertThat(DEV.meanings("xyzzy")).isEmpty();
    }

    private static List<String> values(Lexicon lexicon, String phrase) {
        return lexicon.meanings(phrase).stream().map(LexiconEntry::meaning)
                .filter(m -> m instanceof LexiconEntry.Value).map(m -> ((LexiconEntry.Value) m).stored()).toList();
    }
}
