package org.tally.core.pack;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Comparison keys: the documented examples, and the fast ASCII path against the general definition. */
class ValueTextTest {

    /** The definition, written out plainly: number by value, else NFKD, lower case, letters, digits and '%' only. */
    private static String definition(String text) {
        if (text == null) {
            return "";
        }
        String trimmed = text.trim();
        if (!trimmed.isEmpty() && trimmed.matches("[-+]?\\d+(\\.\\d+)?")) {
            BigDecimal n = new BigDecimal(trimmed);
            return n.signum() == 0 ? "0" : n.stripTrailingZeros().toPlainString();
        }
        String plain = Normalizer.normalize(trimmed, Normalizer.Form.NFKD).toLowerCase(Locale.ROOT);
        StringBuilder key = new StringBuilder();
        plain.chars().filter(c -> Character.isLetterOrDigit(c) || c == '%').forEach(c -> key.append((char) c));
        return key.toString();
    }

    @Test
    void spellingsOfOneValueShareAKey() {
        assertThat(ValueText.key("No-Show")).isEqualTo("noshow");
        assertThat(ValueText.key("no show")).isEqualTo("noshow");
        assertThat(ValueText.key("NO_SHOW")).isEqualTo("noshow");
        assertThat(ValueText.key("C/S")).isEqualTo(ValueText.key("cs"));
        assertThat(ValueText.key("Césarienne")).isEqualTo("cesarienne");
        assertThat(ValueText.key("  ")).isEmpty();
        assertThat(ValueText.key(null)).isEmpty();
    }

    @Test
    void numbersCompareByValue() {
        assertThat(ValueText.key("1.0")).isEqualTo("1");
        assertThat(ValueText.key(" 1.50 ")).isEqualTo("1.5");
        assertThat(ValueText.key("-0.00")).isEqualTo("0");
        assertThat(ValueText.key("+12")).isEqualTo("12");
        assertThat(ValueText.key("1.")).isEqualTo("1"); // not a number: the digit is kept, the dot dropped
        assertThat(ValueText.key(".5")).isEqualTo("5");
        assertThat(ValueText.key("1.2.3")).isEqualTo("123");
        assertThat(ValueText.key("١٢")).isEqualTo(definition("١٢")); // Arabic-Indic digits are not a number here
    }

    @Test
    void aPercentSignIsPartOfTheValue() {
        assertThat(ValueText.key("5%")).isNotEqualTo(ValueText.key("5"));
        assertThat(ValueText.key("0.9%")).isEqualTo(ValueText.key("0.9 %"));
        assertThat(ValueText.key("Sodium Chloride 0.9%")).isEqualTo(ValueText.key("sodium chloride 0.9 %"));
        assertThat(ValueText.key("Sodium Chloride 0.9%")).isNotEqualTo(ValueText.key("sodium chloride 0.9"));
    }

    @Test
    void theFastPathGivesTheKeyOfTheDefinitionOnRandomText() {
        Random random = new Random(20261201);
        String alphabet = "aZz09 -_./+,;:'\"()%\t\n\u0001~" + "éÉßøÆﬁ²ℌ\u00a0İı١";
        for (int i = 0; i < 50_000; i++) {
            int length = random.nextInt(12);
            StringBuilder s = new StringBuilder();
            boolean asciiOnly = random.nextBoolean();
            for (int k = 0; k < length; k++) {
                int bound = asciiOnly ? alphabet.indexOf('é') : alphabet.length();
                s.append(random.nextInt(4) == 0 ? (char) (32 + random.nextInt(95)) : alphabet.charAt(random.nextInt(bound)));
            }
            String text = s.toString();
            assertThat(ValueText.key(text)).as("key of '%s'", text).isEqualTo(definition(text));
        }
    }
}
