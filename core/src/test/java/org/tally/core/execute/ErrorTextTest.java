package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class ErrorTextTest {

    @Test
    void textValuesAreMaskedWhereverTheyAppear() {
        String message = ErrorText.describe(new SQLException("ERROR: invalid input syntax for type date: \"Jane Doe\"\n"
                + "  Detail: value was Jane Doe"), List.of(new SqlParameter.Text("Jane Doe")));

        assertThat(message).isEqualTo("ERROR: invalid input syntax for type date: \"[parameter]\"");
    }

    @Test
    void numbersAndShortTextAreMaskedOnlyAsWholeTokens() {
        String message = ErrorText.mask("value 4711 out of range at line 14711, code F and FF",
                List.of(new SqlParameter.Whole(4711), new SqlParameter.Text("F")));

        assertThat(message).isEqualTo("value [parameter] out of range at line 14711, code [parameter] and FF");
    }

    @Test
    void datesDecimalsAndTimestampsInTheFormsDatabasesPrint() {
        String message = ErrorText.mask("bad 2026-05-01 08:30:00 and 2026-04-30 and 12.50",
                List.of(new SqlParameter.Moment(LocalDateTime.of(2026, 5, 1, 8, 30)),
                        new SqlParameter.Day(LocalDate.of(2026, 4, 30)), new SqlParameter.Decimal(new BigDecimal("12.50"))));

        assertThat(message).isEqualTo("bad [parameter] and [parameter] and [parameter]");
    }

    @Test
    void timeoutsAreRecognisedByClassStateOrVendorCode() {
        assertThat(ErrorText.isTimeoutOrCancel(new SQLTimeoutException("late"))).isTrue();
        assertThat(ErrorText.isTimeoutOrCancel(new SQLException("canceling statement", "57014"))).isTrue();
        assertThat(ErrorText.isTimeoutOrCancel(new SQLException("max_statement_time exceeded", "70100", 1969))).isTrue();
        assertThat(ErrorText.isTimeoutOrCancel(new SQLException("wrapped", new SQLException("x", "57014")))).isTrue();
        assertThat(ErrorText.isTimeoutOrCancel(new SQLException("read-only", "25006"))).isFalse();
        assertThat(ErrorText.isTimeoutOrCancel(new SQLException("no state"))).isFalse();
    }
}
