package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.grammar.GrammarTest.miss;
import static org.tally.core.grammar.GrammarTest.parsed;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;

/**
 * Everyday wording read by general rules (issue 13): "what's", a question after "show me" or "give", a terse noun
 * phrase, "any X?", a ranking said as a noun phrase or as "top N X by Y", and misspelt words read as the one known
 * word a letter away.
 */
class GrammarEverydayWordingTest {

    private static final Grammar DEV = Fixtures.grammar(Fixtures.dev());
    private static final Grammar ALT = Fixtures.grammar(Fixtures.alt());

    /** The spec without the rule that read it: what the question asks. */
    private static QuerySpec meaning(Grammar g, String q) {
        return parsed(g, q).withProvenance(Provenance.NONE);
    }

    @Test
    void whatsIsWhatIs() {
        for (Grammar g : List.of(DEV, ALT)) {
            assertThat(meaning(g, "what's the number of admissions last month"))
                    .isEqualTo(meaning(g, "what is the number of admissions last month"));
            assertThat(meaning(g, "whats the number of admissions last month"))
                    .isEqualTo(meaning(g, "what is the number of admissions last month"));
            assertThat(meaning(g, "What's the total number of admissions this year"))
                    .isEqualTo(meaning(g, "how many admissions this year"));
        }
        // a possessive of any other word is still dropped
        assertThat(Tokenizer.tokenize("this year's admissions").value()).extracting(Token::text)
                .containsExactly("this", "year", "admissions");
    }

    @Test
    void aQuestionAfterShowMeOrGiveIsThatQuestion() {
        assertThat(meaning(DEV, "show me the percentage of appointments that were no-shows"))
                .isEqualTo(meaning(DEV, "what percentage of appointments were no-shows"));
        assertThat(meaning(DEV, "please give the percentage of appointments that were no-shows"))
                .isEqualTo(meaning(DEV, "what percentage of appointments were no-shows"));
        assertThat(meaning(DEV, "show me the 3 wards with the most admissions this year"))
                .isEqualTo(meaning(DEV, "which 3 wards had the most admissions this year"));
        // rows to show stay a list
        assertThat(parsed(DEV, "show me patients with no appointment").shape()).isEqualTo(Shape.LIST);
    }

    @Test
    void aRankingSaidAsANounPhrase() {
        QuerySpec which = meaning(DEV, "which 3 wards had the most admissions this year");
        assertThat(meaning(DEV, "the 3 wards with the most admissions this year")).isEqualTo(which);
        assertThat(meaning(DEV, "top 3 wards by admissions this year")).isEqualTo(which);
        assertThat(meaning(DEV, "top 3 wards by number of admissions this year")).isEqualTo(which);
        assertThat(meaning(DEV, "ward with the most admissions last month"))
                .isEqualTo(meaning(DEV, "which ward had the most admissions last month"));
        assertThat(meaning(DEV, "3 most common diagnoses")).isEqualTo(meaning(DEV, "what are the 3 most common diagnoses"));
    }

    /** The option labelled {@code label} of the question {@code q} asks back. */
    private static QuerySpec option(Grammar g, String q, String label) {
        ParseOutcome o = g.parse(q);
        assertThat(o).as(q).isInstanceOf(ParseOutcome.NeedsClarification.class);
        return ((ParseOutcome.NeedsClarification) o).options().stream().filter(x -> x.label().equals(label))
                .findFirst().orElseThrow().spec();
    }

    @Test
    void aTerseNounPhraseAsksHowManyOrWhichAndAYesNoOneAsksWhetherAny() {
        for (Grammar g : List.of(DEV, ALT)) {
            // a terse phrase is a list as often as a count: asked, and each option already carries its reading
            assertThat(option(g, "caesarean deliveries last month by ward", "How many").withProvenance(Provenance.NONE))
                    .isEqualTo(meaning(g, "how many caesarean deliveries were there last month by ward"));
            assertThat(option(g, "admissions yesterday", "How many").provenance().rule()).isEqualTo("count.bare");
            assertThat(option(g, "admissions yesterday", "Show them").shape()).isEqualTo(Shape.LIST);
            assertThat(meaning(g, "any stillbirths this year"))
                    .isEqualTo(meaning(g, "were there any stillbirths this year"));
            assertThat(parsed(g, "does any patient have an admission this year").shape()).isEqualTo(Shape.EXISTS);
        }
        // a question word first leaves a bare noun phrase unread: neither a count nor a guess
        assertThat(miss(DEV, "the admissions yesterday")).contains("no question rule");
        assertThat(miss(DEV, "did admissions yesterday")).contains("no question rule");
    }

    @Test
    void aMisspeltWordIsReadAsTheOneKnownWordALetterAwayAndSaysSo() {
        for (Grammar g : List.of(DEV, ALT)) {
            ParseOutcome o = g.parse("How many admisions were there last month?");
            assertThat(o).isInstanceOf(ParseOutcome.Parsed.class);
            ParseOutcome.Parsed p = (ParseOutcome.Parsed) o;
            assertThat(p.readings()).containsExactly("read 'admisions' as 'admissions'");
            assertThat(p.spec().withProvenance(Provenance.NONE))
                    .isEqualTo(meaning(g, "How many admissions were there last month?"));
            ParseOutcome swapped = g.parse("How many appointmnets are there?");
            assertThat(((ParseOutcome.Parsed) swapped).readings()).containsExactly(
                    "read 'appointmnets' as 'appointments'");
        }
        // a question read as typed says nothing about spelling
        assertThat(((ParseOutcome.Parsed) DEV.parse("how many admissions last month")).readings()).isEmpty();
        // a recorded value is read too ("Cardiolgy" is the department Cardiology)
        assertThat(DEV.lexicon().spelling().correction("cardiolgy")).contains("cardiology");
    }

    @Test
    void aMisspeltWordWithNoSingleReadingStillMisses() {
        // too short to tell ("wrad"), a number, an unknown word far from every known one: the question misses
        assertThat(DEV.parse("how many admissions by wrad")).isInstanceOf(ParseOutcome.NoParse.class);
        assertThat(DEV.parse("how many purplish admissions")).isInstanceOf(ParseOutcome.NoParse.class);
        assertThat(DEV.parse("how many admissions in 20255")).isInstanceOf(ParseOutcome.NoParse.class);
    }

    @Test
    void aKnownWordIsNeverReadAsAnother() {
        Spelling spelling = DEV.lexicon().spelling();
        for (String known : List.of("admissions", "admitted", "wards", "cardiology", "yesterday", "which", "between")) {
            assertThat(spelling.known(known)).as(known).isTrue();
            assertThat(spelling.correction(known)).as(known).isEmpty();
        }
        assertThat(spelling.correction("admited")).contains("admitted");
        assertThat(Spelling.distance("yaer", "year")).isEqualTo(1);
        assertThat(Spelling.distance("admisions", "admissions")).isEqualTo(1);
        assertThat(Spelling.distance("admissions", "omissions")).isEqualTo(2);
    }

    /**
     * The property: a question with one word misspelt (a letter dropped, swapped with its neighbour, or changed) is
     * either not read, or read as another question without any correction said, or — when a word was read as
     * another — gives exactly the spec the correctly spelt question gives.
     */
    @Test
    void aCorrectionNeverChangesWhatTheCorrectlySpeltQuestionAsks() {
        List<String> questions = List.of("how many admissions were there last month by ward",
                "how many appointments were cancelled yesterday", "which 3 wards had the most admissions this year",
                "what percentage of appointments were no-shows last month", "how many caesarean deliveries this year",
                "how many patients were admitted more than once", "list the appointments booked for tomorrow",
                "how many stillbirths were there this year");
        int corrected = 0;
        for (Grammar g : List.of(DEV, ALT)) {
            for (String q : questions) {
                ParseOutcome right = g.parse(q);
                String[] words = q.split(" ");
                for (int w = 0; w < words.length; w++) {
                    if (words[w].length() < 5) {
                        continue;
                    }
                    for (String typo : typos(words[w])) {
                        String[] copy = words.clone();
                        copy[w] = typo;
                        String asked = String.join(" ", copy);
                        ParseOutcome o = g.parse(asked);
                        if (o instanceof ParseOutcome.Parsed p && !p.readings().isEmpty()) {
                            corrected++;
                            assertThat(right).as(asked).isInstanceOf(ParseOutcome.Parsed.class);
                            assertThat(p.spec().withProvenance(Provenance.NONE)).as(asked)
                                    .isEqualTo(((ParseOutcome.Parsed) right).spec().withProvenance(Provenance.NONE));
                        }
                    }
                }
            }
        }
        assertThat(corrected).as("corrections made").isGreaterThan(100);
    }

    private static List<String> typos(String word) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < word.length(); i++) {
            out.add(word.substring(0, i) + word.substring(i + 1));
            if (i + 1 < word.length()) {
                out.add(word.substring(0, i) + word.charAt(i + 1) + word.charAt(i) + word.substring(i + 2));
            }
            for (char c : new char[] {'e', 'a', 'x'}) {
                if (word.charAt(i) != c) {
                    out.add(word.substring(0, i) + c + word.substring(i + 1));
                }
            }
        }
        return out;
    }
}
