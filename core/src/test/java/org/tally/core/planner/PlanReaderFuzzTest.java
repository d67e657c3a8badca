package org.tally.core.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * 10,000 malformed or adversarial model outputs through the planner's reader: truncated JSON, unknown enum names,
 * physical table and column names, SQL inside strings, huge numbers, wrong types, deep nesting, values of another
 * column. Not one may throw, and every one must be a typed rejection (none of them is a spec the binding offers).
 */
class PlanReaderFuzzTest {

    private static final int OUTPUTS = 10_000;
    private static final String VALID = "{\"subject\":\"Delivery\",\"shape\":\"Grouped\",\"measures\":[{\"type\":"
            + "\"count\"}],\"dimensions\":[{\"type\":\"column\",\"column\":{\"type\":\"column\",\"concept\":\"Ward\","
            + "\"role\":\"Name\"}}],\"filters\":[{\"type\":\"compare\",\"target\":{\"type\":\"column\",\"concept\":"
            + "\"Delivery\",\"role\":\"Category\",\"hint\":\"delivery mode\"},\"op\":\"eq\",\"value\":{\"type\":"
            + "\"string\",\"value\":\"caesarean\"}}],\"timeScope\":{\"column\":{\"type\":\"column\",\"concept\":"
            + "\"Delivery\",\"role\":\"EventTime\"},\"from\":{\"type\":\"date\",\"value\":\"2026-10-01\"},\"to\":"
            + "{\"type\":\"date\",\"value\":\"2026-11-01\"}}}";

    /**
     * Replacements that each make the valid spec name something the binding lacks, or break it. (A hint spelled
     * {@code delivery_mode} is not among them: its canonical words are the offered hint's, the same column.)
     */
    private static final String[][] POISON = {
            {"\"caesarean\"", "\"CS\""},
            {"\"caesarean\"", "\"caesarean'; DROP TABLE patients; --\""},
            {"\"caesarean\"", "\"live_birth\""},
            {"\"caesarean\"", "\"Aurelia\""},
            {"\"delivery mode\"", "\"deliveries.delivery_mode\""},
            {"\"delivery mode\"", "\"outcome) OR 1=1 --\""},
            {"\"Ward\"", "\"wards\""},
            {"\"Ward\"", "\"Prescription\""},
            {"\"Delivery\",\"shape\"", "\"deliveries\",\"shape\""},
            {"\"Grouped\"", "\"Pivot\""},
            {"\"Grouped\"", "\"Scalar\""},
            {"\"count\"", "\"sqlCount\""},
            {"\"eq\"", "\"like\""},
            {"\"Name\"", "\"FullName\""},
            {"\"Name\"", "\"GivenName\""},
            {"\"EventTime\"", "\"BirthDate\""},
            {"\"2026-10-01\"", "\"2026-10-02\""},
            {"\"2026-10-01\"", "\"1900-01-01\""},
            {"\"2026-10-01\"", "\"2026-13-45\""},
            {"{\"type\":\"string\",\"value\":\"caesarean\"}", "{\"type\":\"number\",\"value\":1e400}"},
            {"{\"type\":\"string\",\"value\":\"caesarean\"}", "{\"type\":\"number\",\"value\":"
                    + "99999999999999999999999999999999}"},
            {"{\"type\":\"string\",\"value\":\"caesarean\"}", "{\"type\":\"boolean\",\"value\":true}"},
            {"{\"type\":\"string\",\"value\":\"caesarean\"}", "null"},
            {"\"measures\":[{\"type\":\"count\"}]", "\"measures\":\"count\""},
            {"\"measures\":[{\"type\":\"count\"}]", "\"measures\":[{\"type\":\"count\"}],\"sql\":\"SELECT 1\""},
            {"\"timeScope\":{", "\"timeScope\":{\"sql\":\"DELETE FROM deliveries\","},
            {"\"to\":{\"type\":\"date\",\"value\":\"2026-11-01\"}", "\"to\":{\"type\":\"date\",\"value\":\"2026-10-01\"}"},
            {"{\"subject\"", "{\"limit\":100000,\"subject\""},
            {"{\"subject\"", "{\"projection\":[{\"type\":\"column\",\"concept\":\"Patient\",\"role\":\"FamilyName\"}],"
                    + "\"subject\""},
    };

    private static PlanReader reader;

    @BeforeAll
    static void open() throws Exception {
        try (PlannerFixture fixture = new PlannerFixture()) {
            reader = fixture.plan().reader();
        }
    }

    @AfterAll
    static void release() {
        reader = null;
    }

    @Test
    void theValidSpecIsReadSoTheRejectionsBelowAreAboutTheirDamage() {
        assertThat(reader.read(VALID)).isInstanceOf(PlanReading.Read.class);
    }

    @Test
    void tenThousandAdversarialOutputsAreEachATypedMissAndNoneCrashes() {
        Random random = new Random(15);
        List<String> outputs = new ArrayList<>();
        while (outputs.size() < OUTPUTS) {
            outputs.add(adversarial(random));
        }
        int rejected = 0;
        for (String output : outputs) {
            PlanReading r = reader.read(output);
            assertThat(r).as(output).isInstanceOf(PlanReading.Rejected.class);
            PlanError e = ((PlanReading.Rejected) r).error();
            assertThat(e.field()).isNotBlank();
            assertThat(e.problem()).isNotBlank();
            assertThat(e.describe()).doesNotContain("Exception").doesNotContain("jackson");
            rejected++;
        }
        assertThat(rejected).isEqualTo(OUTPUTS);
    }

    private static String adversarial(Random random) {
        String base = poisoned(random, 1 + random.nextInt(2));
        switch (random.nextInt(7)) {
            case 0:
                return VALID.substring(0, 1 + random.nextInt(VALID.length() - 2)); // cut before the last brace
            case 1:
                return base;
            case 2:
                return base + base;
            case 3:
                return "[".repeat(1 + random.nextInt(3000)) + "]".repeat(random.nextInt(3000));
            case 4:
                return "```json\n" + base + "\n```";
            case 5:
                return noise(random);
            default:
                return base.replace("\"Delivery\"", "\"" + noise(random).replace("\"", "") + "\"");
        }
    }

    /** The valid spec with at least one poison applied (applied ones always change it). */
    private static String poisoned(Random random, int count) {
        String text = VALID;
        for (int i = 0; i < count || text.equals(VALID); i++) {
            String[] p = POISON[random.nextInt(POISON.length)];
            text = text.replaceFirst(java.util.regex.Pattern.quote(p[0]), java.util.regex.Matcher.quoteReplacement(p[1]));
        }
        return text;
    }

    private static String noise(Random random) {
        String alphabet = "{}[]:,\"'\\ abcDEF0123456789-._;=*\u0000\u00e9\u2581\n\t";
        StringBuilder s = new StringBuilder();
        int n = 1 + random.nextInt(80);
        for (int i = 0; i < n; i++) {
            s.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return s.toString();
    }
}
