package org.tally.ui.result;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import org.tally.core.answer.DisplayValues;

/**
 * What Ctrl+C puts on the clipboard from a result table: the selected cells' stored values (exact, as in the CSV),
 * tab-separated, one line per row, so they paste into a spreadsheet as cells. Gaps in a ragged selection stay
 * empty cells, so values keep their columns.
 */
public final class CellCopy {

    /** One selected cell: its row and column in the table as shown, and its stored value. */
    public record Cell(int row, int column, Object value) {
    }

    private CellCopy() {
    }

    public static String text(List<Cell> cells) {
        if (cells.isEmpty()) {
            return "";
        }
        int firstColumn = cells.stream().mapToInt(Cell::column).min().orElseThrow();
        int lastColumn = cells.stream().mapToInt(Cell::column).max().orElseThrow();
        TreeMap<Integer, List<Cell>> rows = new TreeMap<>();
        for (Cell c : cells) {
            rows.computeIfAbsent(c.row(), r -> new ArrayList<>()).add(c);
        }
        StringBuilder out = new StringBuilder();
        for (List<Cell> row : rows.values()) {
            row.sort(Comparator.comparingInt(Cell::column));
            String[] fields = new String[lastColumn - firstColumn + 1];
            Arrays.fill(fields, "");
            for (Cell c : row) {
                fields[c.column() - firstColumn] = DisplayValues.plain(c.value()).replace('\t', ' ')
                        .replace('\n', ' ').replace('\r', ' ');
            }
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(String.join("\t", fields));
        }
        return out.toString();
    }
}
