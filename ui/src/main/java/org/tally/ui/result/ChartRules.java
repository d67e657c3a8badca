package org.tally.ui.result;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses how to show a result from its column kinds (docs/architecture.md, "The workstation"): one row with one number → KPI tile;
 * a time column and a number → line; one category and a number → bar, or pie when there are at most
 * {@value #MAX_PIE_SLICES} slices none of them negative; anything else → table. The table is always offered.
 */
public final class ChartRules {

    public static final int MAX_PIE_SLICES = 7;

    private ChartRules() {
    }

    /** The kinds the user may switch between, the preferred one first. */
    public static List<ChartKind> available(List<ColumnKind> columns, List<List<Object>> rows) {
        List<ChartKind> kinds = new ArrayList<>();
        if (rows.size() == 1 && columns.size() == 1 && columns.get(0) == ColumnKind.NUMBER) {
            kinds.add(ChartKind.KPI);
        } else if (columns.size() == 2 && !rows.isEmpty() && columns.get(1) == ColumnKind.NUMBER) {
            ColumnKind first = columns.get(0);
            if (first == ColumnKind.TEMPORAL) {
                kinds.add(ChartKind.LINE);
                kinds.add(ChartKind.BAR);
            } else if (first == ColumnKind.TEXT || first == ColumnKind.BOOLEAN) {
                kinds.add(ChartKind.BAR);
                if (rows.size() <= MAX_PIE_SLICES && noNegative(rows, 1)) {
                    kinds.add(ChartKind.PIE);
                }
            }
        }
        kinds.add(ChartKind.TABLE);
        return List.copyOf(kinds);
    }

    private static boolean noNegative(List<List<Object>> rows, int column) {
        for (List<Object> row : rows) {
            Object v = row.get(column);
            if (v instanceof Number n && n.doubleValue() < 0) {
                return false;
            }
        }
        return true;
    }
}
