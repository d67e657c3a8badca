package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.core.spec.Specs.*;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

class SpecHashTest {

    private static QuerySpec mayCaesareans() {
        return deliveries(Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(ColumnRef.of("Delivery", ColumnRole.CATEGORY, "Delivery Method"), text("CS")))
                .filter(Filter.gt(BIRTH_WEIGHT, Literal.of(new BigDecimal("2500.50"))))
                .timeScope(TimeScope.between(DELIVERY_TIME, date("2026-05-01"), date("2026-06-01")))
                .provenance(Provenance.rule("scalar-count"))
                .build();
    }

    /** The documented canonical JSON, written by hand: sorted keys, no spaces, lower-case concepts, plain decimals. */
    private static final String MAY_CAESAREANS_CANONICAL = "{\"filters\":["
            + "{\"type\":\"compare\",\"op\":\"eq\",\"target\":{\"type\":\"column\",\"concept\":\"delivery\","
            + "\"hint\":\"delivery method\",\"role\":\"Category\"},\"value\":{\"type\":\"string\",\"value\":\"CS\"}},"
            + "{\"type\":\"compare\",\"op\":\"ge\",\"target\":{\"type\":\"column\",\"concept\":\"delivery\","
            + "\"role\":\"EventTime\"},\"value\":{\"type\":\"date\",\"value\":\"2026-05-01\"}},"
            + "{\"type\":\"compare\",\"op\":\"gt\",\"target\":{\"type\":\"column\",\"concept\":\"delivery\","
            + "\"hint\":\"birth weight\",\"role\":\"Measure\"},\"value\":{\"type\":\"number\",\"value\":2500.5}},"
            + "{\"type\":\"compare\",\"op\":\"lt\",\"target\":{\"type\":\"column\",\"concept\":\"delivery\","
            + "\"role\":\"EventTime\"},\"value\":{\"type\":\"date\",\"value\":\"2026-06-01\"}}],"
            + "\"measures\":[{\"type\":\"count\"}],\"shape\":\"Scalar\",\"subject\":\"delivery\"}";

    @Test
    void theHashedTextIsTheDocumentedSortedKeyCanonicalJson() {
        assertThat(SpecHash.canonicalJson(mayCaesareans())).isEqualTo(MAY_CAESAREANS_CANONICAL);
    }

    @Test
    void theHashIsTheCompilerVersionAndTheSha256OfThatText() throws Exception {
        String expected = SpecHash.COMPILER_VERSION + ":" + HexFormat.of().formatHex(MessageDigest
                .getInstance("SHA-256").digest(MAY_CAESAREANS_CANONICAL.getBytes(StandardCharsets.UTF_8)));
        assertThat(SpecHash.of(mayCaesareans())).isEqualTo(expected).matches("tally-c1:[0-9a-f]{64}");
    }

    @Test
    void provenanceNeverReachesTheHash() {
        QuerySpec other = mayCaesareans().withProvenance(Provenance.NONE);
        assertThat(SpecHash.of(other)).isEqualTo(SpecHash.of(mayCaesareans()));
        assertThat(SpecHash.canonicalJson(mayCaesareans())).doesNotContain("scalar-count").doesNotContain("provenance");
    }

    @Test
    void theHashIgnoresTheDefaultLocaleAndTimeZone() {
        String reference = SpecHash.of(mayCaesareans());
        QuerySpec upper = QuerySpec.builder("ADMISSION", Shape.SCALAR).measure(Measure.count())
                .filter(Filter.eq(ColumnRef.of("ADMISSION", ColumnRole.STATUS, "ADMIT STATUS"), text("I"))).build();
        String upperReference = SpecHash.of(upper);
        Locale locale = Locale.getDefault();
        TimeZone zone = TimeZone.getDefault();
        try {
            Locale.setDefault(new Locale("tr", "TR"));
            TimeZone.setDefault(TimeZone.getTimeZone("Pacific/Kiritimati"));
            assertThat(SpecHash.of(mayCaesareans())).isEqualTo(reference);
            assertThat(SpecHash.of(upper)).isEqualTo(upperReference);
            assertThat(SpecCanonicalizer.canonicalize(upper).subject()).isEqualTo("admission");
        } finally {
            Locale.setDefault(locale);
            TimeZone.setDefault(zone);
        }
    }
}
