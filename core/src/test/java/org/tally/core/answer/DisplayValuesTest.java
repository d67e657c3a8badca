package org.tally.core.answer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class DisplayValuesTest {

    private static String cell(Object v) {
        return DisplayValues.cell(v, Locale.UK);
    }

    @Test
    void numbersAreGroupedAndRoundedForReading() {
        assertThat(cell(12480L)).isEqualTo("12,480");
        assertThat(cell(new BigDecimal("4.254901"))).isEqualTo("4.25");
        assertThat(cell(new BigDecimal("1234.5"))).isEqualTo("1,234.5");
        assertThat(cell(new BigDecimal("0.004567"))).as("two significant digits below one").isEqualTo("0.0046");
        assertThat(cell(new BigDecimal("-0.5"))).isEqualTo("-0.5");
        assertThat(cell(BigDecimal.ZERO)).isEqualTo("0");
        assertThat(DisplayValues.cell(1234567L, Locale.GERMANY)).isEqualTo("1.234.567");
    }

    @Test
    void storedCodesReadAsWordsAndOtherTextStaysAsStored() {
        assertThat(cell("medication_error")).isEqualTo("Medication error");
        assertThat(cell("NO_HARM")).isEqualTo("No harm");
        assertThat(cell("spontaneous_vaginal")).isEqualTo("Spontaneous vaginal");
        assertThat(cell("Ward_B")).as("mixed case keeps its case").isEqualTo("Ward B");
        assertThat(cell("OT-1")).isEqualTo("OT-1");
        assertThat(cell("ICU")).as("a single word may be an acronym: left alone").isEqualTo("ICU");
        assertThat(cell("MRN_00123")).as("an identifier with digits is no code spelling").isEqualTo("MRN_00123");
        assertThat(cell("Maternity A")).isEqualTo("Maternity A");
    }

    @Test
    void timesLoseTheirMidnightAndTheT() {
        assertThat(cell("2026-05-01T00:00:00")).isEqualTo("2026-05-01");
        assertThat(cell("2026-05-03T14:30:00")).isEqualTo("2026-05-03 14:30");
        assertThat(cell("2026-05-03T14:30:15")).isEqualTo("2026-05-03 14:30:15");
        assertThat(cell("2026-05-03")).isEqualTo("2026-05-03");
        assertThat(cell(true)).isEqualTo("yes");
        assertThat(cell(null)).isEqualTo("—");
    }

    @Test
    void theReadingIsNullWhenNothingReadsDifferently() {
        assertThat(DisplayValues.readable(List.of(List.of("Maternity A", 41L)), Locale.UK)).isNull();
        assertThat(DisplayValues.readable(List.of(List.of("no_harm", 4100L), Arrays.asList("Ward", null)),
                Locale.UK)).containsExactly(List.of("No harm", "4,100"), List.of("Ward", "—"));
    }

    @Test
    void anAnswersReadingHasTheShapeOfItsRows() {
        Answer a = new Answer("q", AnswerStatus.ANSWERED, List.of("kind", "n"), List.of(List.of("no_harm", 1L)),
                null, null, List.of(), null, null, null);
        assertThat(a.withDisplay(List.of(List.of("No harm", "1"))).display()).containsExactly(List.of("No harm", "1"));
        assertThatThrownBy(() -> a.withDisplay(List.of(List.of("No harm")))).hasMessageContaining("display row 0");
        assertThatThrownBy(() -> a.withDisplay(List.of())).hasMessageContaining("display has 0 rows");
        assertThat(AnswerJson.line(a.withDisplay(List.of(List.of("No harm", "1"))))).doesNotContain("display")
                .doesNotContain("No harm");
    }
}
