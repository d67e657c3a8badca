package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tally.core.spec.SpecHash;
import org.tally.core.spec.SpecJson;

/** Random text and word salads: the grammar never throws, every miss has a reason, every spec hashes. */
class GrammarFuzzTest {

    private static final String[] WORDS = {"how", "many", "patients", "deliveries", "caesarean", "c-section",
            "no-shows", "appointments", "were", "there", "last", "month", "by", "ward", "per", "week", "top", "5",
            "five", "diagnoses", "this", "year", "in", "icu", "on", "the", "with", "no", "without", "average",
            "length", "of", "stay", "what", "percentage", "is", "any", "list", "show", "find", "between", "march",
            "and", "may", "2026", "since", "before", "after", "gender", "female", "male", "over", "7", "days",
            "stayed", "due", "within", "14", "currently", "admitted", "active", "pending", "lab", "results",
            "abnormal", "which", "had", "most", "admissions", "rate", "bills", "outstanding", "twenty", "one",
            "1st", "today", "yesterday", "quarter", "drop", "table", "delete", ";", "'", "--", "=", "or", "1=1",
            "maternity", "labour", "suite", "dna", "monthly", "over", "time", "count", "total", "median",
            "longest", "shortest", "sum", "number", "do", "we", "have", "a", "stillbirth", "emergency"};

    @Test
    void tenThousandMalformedQuestionsNeverThrow() {
        List<Grammar> grammars = List.of(Fixtures.grammar(Fixtures.dev()), Fixtures.grammar(Fixtures.alt()),
                Fixtures.grammar(Fixtures.madeUp()));
        Random random = new Random(20261129L);
        int parsed = 0;
        for (int n = 0; n < 10_000; n++) {
            String q = n % 3 == 0 ? randomText(random) : salad(random);
            for (Grammar g : grammars) {
                ParseOutcome o = g.parse(q);
                if (o instanceof ParseOutcome.NoParse) {
                    assertThat(((ParseOutcome.NoParse) o).reason()).as(q).isNotBlank();
                } else if (o instanceof ParseOutcome.Parsed) {
                    parsed++;
                    String json = SpecJson.toJson(((ParseOutcome.Parsed) o).spec());
                    assertThat(SpecHash.of(((ParseOutcome.Parsed) o).spec())).as(q).startsWith("tally-");
                    assertThat(json).doesNotContain("DROP", "drop table", "1=1");
                } else {
                    assertThat(((ParseOutcome.NeedsClarification) o).options()).as(q).hasSizeGreaterThan(1);
                }
            }
        }
        // the salads are built from real vocabulary, so some of them must parse
        assertThat(parsed).isPositive();
    }

    private static String randomText(Random random) {
        int length = random.nextInt(60);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            int kind = random.nextInt(10);
            b.append(kind < 6 ? (char) ('a' + random.nextInt(26)) : kind < 8 ? ' '
                    : (char) (32 + random.nextInt(95)));
        }
        if (random.nextInt(20) == 0) {
            b.append('\u0000').append("\u00e9\u4e2d");
        }
        return b.toString();
    }

    private static String salad(Random random) {
        List<String> words = new ArrayList<>();
        int length = 1 + random.nextInt(10);
        for (int i = 0; i < length; i++) {
            words.add(WORDS[random.nextInt(WORDS.length)]);
        }
        return String.join(" ", words) + (random.nextBoolean() ? "?" : "");
    }
}
