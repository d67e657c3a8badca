package org.tally.core.eval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Expected rows with the way each column is compared. Rows may hold nulls. */
record GoldTable(List<CellKind> kinds, List<List<Object>> rows) {

    public GoldTable {
        kinds = List.copyOf(kinds);
        rows = copyRows(rows);
        for (List<Object> row : rows) {
            if (row.size() != kinds.size()) {
                throw new IllegalArgumentException("a gold row has " + row.size() + " values, not " + kinds.size());
            }
        }
    }

    /** Rows spelled in a suite file: as wide as the first row, every column compared plainly. */
    public static GoldTable written(List<List<Object>> rows) {
        int width = rows.isEmpty() ? 0 : rows.get(0).size();
        return new GoldTable(Collections.nCopies(width, CellKind.PLAIN), rows);
    }

    public int width() {
        return kinds.size();
    }

    static List<List<Object>> copyRows(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            out.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        return Collections.unmodifiableList(out);
    }
}
