package org.tally.ui.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChartRulesTest {

    private static List<List<Object>> groups(int n) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(List.of("group " + i, (long) i + 1));
        }
        return rows;
    }

    private static List<ChartKind> kinds(List<String> columns, List<List<Object>> rows) {
        return new ResultModel(columns, rows).availableKinds();
    }

    @Test
    void oneRowOneNumberIsAKpiTile() {
        assertThat(kinds(List.of("n"), List.of(List.of(5L)))).containsExactly(ChartKind.KPI, ChartKind.TABLE);
        assertThat(kinds(List.of("avg"), List.of(List.of(new BigDecimal("4.5"))))).startsWith(ChartKind.KPI);
    }

    @Test
    void oneRowOfTextIsATable() {
        assertThat(kinds(List.of("name"), List.of(List.of("Ward A")))).containsExactly(ChartKind.TABLE);
    }

    @Test
    void aTimeColumnAndANumberIsALine() {
        List<List<Object>> rows = List.of(List.of("2025-01-01", 3L), List.of("2025-02-01", 4L));
        assertThat(kinds(List.of("month", "n"), rows)).containsExactly(ChartKind.LINE, ChartKind.BAR,
                ChartKind.TABLE);
        List<List<Object>> timestamps = List.of(List.of("2025-01-01T00:00:00", 3L), List.of("2025-01", 4L));
        assertThat(kinds(List.of("t", "n"), timestamps)).startsWith(ChartKind.LINE);
    }

    @Test
    void oneCategoryAndANumberIsABarWithPieOnlyUpToSevenSlices() {
        assertThat(kinds(List.of("ward", "n"), groups(7))).containsExactly(ChartKind.BAR, ChartKind.PIE,
                ChartKind.TABLE);
        assertThat(kinds(List.of("ward", "n"), groups(8))).containsExactly(ChartKind.BAR, ChartKind.TABLE);
        assertThat(kinds(List.of("ward", "n"), groups(1))).containsExactly(ChartKind.BAR, ChartKind.PIE,
                ChartKind.TABLE);
    }

    @Test
    void aNegativeValueRulesOutAPie() {
        List<List<Object>> rows = List.of(List.of("a", 3L), List.of("b", -1L));
        assertThat(kinds(List.of("k", "delta"), rows)).containsExactly(ChartKind.BAR, ChartKind.TABLE);
    }

    @Test
    void booleanCategoriesChartLikeText() {
        List<List<Object>> rows = List.of(List.of(true, 3L), List.of(false, 9L));
        assertThat(kinds(List.of("stillbirth", "n"), rows)).startsWith(ChartKind.BAR);
    }

    @Test
    void anythingElseIsATable() {
        assertThat(kinds(List.of("ward", "sex", "n"), List.of(List.of("A", "F", 1L)))).containsExactly(
                ChartKind.TABLE);
        assertThat(kinds(List.of("ward", "head"), List.of(List.of("A", "Dr X")))).containsExactly(ChartKind.TABLE);
        assertThat(kinds(List.of("n", "ward"), List.of(List.of(1L, "A")))).containsExactly(ChartKind.TABLE);
        assertThat(kinds(List.of("ward", "n"), List.of())).as("no rows: the empty table says none")
                .containsExactly(ChartKind.TABLE);
        assertThat(kinds(List.of("n"), List.of(List.of(1L), List.of(2L)))).containsExactly(ChartKind.TABLE);
    }

    @Test
    void aMixedColumnCountsAsText() {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of("2025-01-01", 1L));
        rows.add(List.of("unknown", 2L));
        assertThat(new ResultModel(List.of("d", "n"), rows).columnKinds()).containsExactly(ColumnKind.TEXT,
                ColumnKind.NUMBER);
        List<Object> withNull = new ArrayList<>();
        withNull.add(null);
        withNull.add(3L);
        rows.add(withNull);
        assertThat(ColumnKind.of(List.of(withNull), 0)).isEqualTo(ColumnKind.EMPTY);
    }

    @Test
    void theUserSwitchesOnlyBetweenOfferedKinds() {
        ResultModel model = new ResultModel(List.of("ward", "n"), groups(9));
        model.show(ChartKind.TABLE);
        assertThat(model.shown()).isEqualTo(ChartKind.TABLE);
        assertThatThrownBy(() -> model.show(ChartKind.PIE)).hasMessageContaining("Pie is not offered");
        assertThat(model.shown()).isEqualTo(ChartKind.TABLE);
    }
}
