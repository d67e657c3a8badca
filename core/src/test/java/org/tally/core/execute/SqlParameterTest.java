package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlParameterTest {

    @Test
    void plainValuesBecomeTypedParameters() {
        List<SqlParameter> params = SqlParameter.all(List.of("a", 1, 2L, (short) 3, BigInteger.TEN, new BigDecimal("1.5"),
                2.5, 1.5f, true, LocalDate.of(2026, 1, 2), LocalDateTime.of(2026, 1, 2, 3, 4)));

        assertThat(params).extracting(p -> p.getClass().getSimpleName()).containsExactly("Text", "Whole", "Whole",
                "Whole", "Decimal", "Decimal", "Real", "Real", "Bool", "Day", "Moment");
    }

    @Test
    void anUnsupportedValueIsNamedWithItsPosition() {
        assertThatThrownBy(() -> SqlParameter.all(List.of("a", Instant.EPOCH)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Parameter 2").hasMessageContaining("java.time.Instant")
                .hasMessageContaining("LocalDateTime");
        assertThatThrownBy(() -> SqlParameter.all(Arrays.asList("a", null)))
                .hasMessageContaining("Parameter 2").hasMessageContaining("SqlParameter.Null");
        assertThatThrownBy(() -> SqlParameter.of(Double.NaN)).hasMessageContaining("finite");
    }

    @Test
    void valuesNeverShowInToString() {
        for (SqlParameter p : SqlParameter.all(List.of("Jane Doe", 4711L, new BigDecimal("47.11"), 47.11, true,
                LocalDate.of(1957, 3, 4), LocalDateTime.of(1957, 3, 4, 5, 6)))) {
            assertThat(p.toString()).doesNotContain("Jane").doesNotContain("4711").doesNotContain("47.11")
                    .doesNotContain("1957").doesNotContain("true").contains("hidden");
        }
    }

    @Test
    void settingsRefuseNonsenseWithTheFieldName() {
        assertThatThrownBy(() -> ExecutorSettings.DEFAULTS.withMaxRows(0)).hasMessageContaining("maxRows");
        assertThatThrownBy(() -> ExecutorSettings.DEFAULTS.withFetchSize(0)).hasMessageContaining("fetchSize");
        assertThatThrownBy(() -> ExecutorSettings.DEFAULTS.withStatementTimeout(Duration.ZERO))
                .hasMessageContaining("statementTimeout");
        assertThat(ExecutorSettings.DEFAULTS.withStatementTimeout(Duration.ofMillis(1500)).timeoutSecondsRoundedUp())
                .isEqualTo(2);
        // where the server bounds the statement the driver's cancel comes clearly later, never at the same moment
        ExecutorSettings oneSecond = ExecutorSettings.DEFAULTS.withStatementTimeout(Duration.ofSeconds(1));
        assertThat(oneSecond.backstopSeconds()).isGreaterThan(oneSecond.timeoutSecondsRoundedUp() + 1);
    }

    @Test
    void onlyTrailingSemicolonsAreDropped() {
        assertThat(ReadOnlyExecutor.withoutTrailingSemicolons("SELECT 1 ;\n ;")).isEqualTo("SELECT 1");
        assertThat(ReadOnlyExecutor.withoutTrailingSemicolons("SELECT ';' ;")).isEqualTo("SELECT ';'");
    }

    @Test
    void compiledValuesKeepTheirKindAndWholeNumbersBindAsWholeNumbers() {
        List<SqlParameter> params = SqlParameter.fromCompiled(List.of(
                new org.tally.core.sql.SqlValue.Text("caesarean"),
                new org.tally.core.sql.SqlValue.Number(new BigDecimal("7")),
                new org.tally.core.sql.SqlValue.Number(new BigDecimal("7.50")),
                new org.tally.core.sql.SqlValue.Bool(true),
                new org.tally.core.sql.SqlValue.Date(LocalDate.of(2026, 10, 1)),
                new org.tally.core.sql.SqlValue.Timestamp(LocalDateTime.of(2026, 10, 1, 8, 30))));
        assertThat(params).containsExactly(new SqlParameter.Text("caesarean"), new SqlParameter.Whole(7),
                new SqlParameter.Decimal(new BigDecimal("7.50")), new SqlParameter.Bool(true),
                new SqlParameter.Day(LocalDate.of(2026, 10, 1)),
                new SqlParameter.Moment(LocalDateTime.of(2026, 10, 1, 8, 30)));
    }
}
