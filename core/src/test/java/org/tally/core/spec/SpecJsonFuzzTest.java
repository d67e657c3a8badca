package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Damaged spec JSON never escapes as anything but an {@link InvalidSpecException} naming a field and a fix. */
class SpecJsonFuzzTest {

    private static final List<String> TOKENS = List.of("\"type\":\"compare\"", "\"type\":\"bogus\"", "null", "[]",
            "{}", "\"\"", "-1", "1e999", "\"2026-02-30\"", "\"Unknown\"", "true", "\"TopN\"", "0", "\"\\u0000\"",
            "\"index\":99", "\"op\":\"lt\"", "\"limit\":0", "\"role\":\"Flag\"", ",", ":", "{", "}", "]");

    @Test
    void damagedJsonIsRefusedWithAFieldAndAFix() {
        Random random = new Random(7);
        RandomSpecs generator = new RandomSpecs(random);
        int refused = 0;
        int read = 0;
        for (int i = 0; i < 3000; i++) {
            String json = damage(SpecJson.toJson(generator.next()), random);
            try {
                QuerySpec spec = SpecJson.fromJson(json);
                assertThat(SpecJson.fromJson(SpecJson.toJson(spec))).isEqualTo(spec);
                read++;
            } catch (InvalidSpecException e) {
                assertThat(e.field()).as(json).isNotBlank();
                assertThat(e.fix()).as(json).isNotBlank();
                assertThat(e.getMessage()).doesNotContain("com.fasterxml").doesNotContain("Exception");
                refused++;
            }
        }
        assertThat(refused).isGreaterThan(1500);
        assertThat(read + refused).isEqualTo(3000);
    }

    private static String damage(String json, Random random) {
        StringBuilder text = new StringBuilder(json);
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && text.length() > 2; e++) {
            int at = random.nextInt(text.length());
            switch (random.nextInt(4)) {
                case 0:
                    text.deleteCharAt(at);
                    break;
                case 1:
                    text.insert(at, TOKENS.get(random.nextInt(TOKENS.size())));
                    break;
                case 2: {
                    int colon = text.indexOf(":", at);
                    int end = colon < 0 ? -1 : nextDelimiter(text, colon + 1);
                    if (end > colon + 1) {
                        text.replace(colon + 1, end, TOKENS.get(random.nextInt(TOKENS.size())));
                    }
                    break;
                }
                default:
                    text.setLength(at);
                    break;
            }
        }
        return text.toString();
    }

    private static int nextDelimiter(StringBuilder text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ',' || c == '}' || c == ']') {
                return i;
            }
        }
        return -1;
    }
}
