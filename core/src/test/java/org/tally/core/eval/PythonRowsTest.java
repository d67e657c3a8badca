package org.tally.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class PythonRowsTest {

    @Test
    void readsListsAndTuplesOfStringsNumbersAndNone() {
        assertThat(PythonRows.parse("[['iv'], ['iv drip']]")).containsExactly(List.of("iv"), List.of("iv drip"));
        assertThat(PythonRows.parse("[(1, 2.5, None), (-3, 1e2, 'x')]")).containsExactly(
                Arrays.asList(new BigDecimal("1"), new BigDecimal("2.5"), null),
                Arrays.asList(new BigDecimal("-3"), new BigDecimal("1e2"), "x"));
        assertThat(PythonRows.parse("[]")).isEmpty();
    }

    @Test
    void keepsEscapedQuotesAndBothQuoteStyles() {
        assertThat(PythonRows.parse("[[\"o'neil\", 'a\\'b', 'tab\\there']]"))
                .containsExactly(List.of("o'neil", "a'b", "tab\there"));
    }

    @Test
    void aMalformedLiteralSaysWhere() {
        assertThatThrownBy(() -> PythonRows.parse("[['iv']")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PythonRows.parse("[['iv']] extra")).hasMessageContaining("text after the list");
        assertThatThrownBy(() -> PythonRows.parse("['iv']")).hasMessageContaining("not a list");
        assertThatThrownBy(() -> PythonRows.parse("[[os.system('x')]]")).isInstanceOf(IllegalArgumentException.class);
    }
}
