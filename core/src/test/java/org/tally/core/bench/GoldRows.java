package org.tally.core.bench;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether Tally's rows say what the gold rows say, the way the golden suites judge it: numbers at the gold's
 * precision, extra Tally columns allowed (a label beside a code), column order free, row order free unless the gold
 * is ordered, a boolean the same as the integer 1 or 0. Values are as {@code ResultValues} normalises them on both
 * sides.
 */
final class GoldRows {

    private GoldRows() {
    }

    static boolean same(List<List<Object>> tally, List<List<Object>> gold, boolean ordered) {
        if (tally.size() != gold.size()) {
            return false;
        }
        if (gold.isEmpty()) {
            return true;
        }
        int k = gold.get(0).size();
        int width = tally.get(0).size();
        if (width < k) {
            return false;
        }
        return assign(0, new int[k], new boolean[width], tally, gold, ordered);
    }

    private static boolean assign(int j, int[] columns, boolean[] used, List<List<Object>> tally,
                                  List<List<Object>> gold, boolean ordered) {
        if (j == columns.length) {
            return rows(tally, gold, columns, ordered);
        }
        for (int c = 0; c < used.length; c++) {
            if (!used[c] && column(tally, c, gold, j)) {
                used[c] = true;
                columns[j] = c;
                if (assign(j + 1, columns, used, tally, gold, ordered)) {
                    return true;
                }
                used[c] = false;
            }
        }
        return false;
    }

    /** Tally's column {@code c} holds gold column {@code j}'s values, as a multiset. */
    private static boolean column(List<List<Object>> tally, int c, List<List<Object>> gold, int j) {
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        Object like = like(gold, j);
        for (int r = 0; r < gold.size(); r++) {
            a.add(key(tally.get(r).get(c), like));
            b.add(key(gold.get(r).get(j), like));
        }
        a.sort(null);
        b.sort(null);
        return a.equals(b);
    }

    private static boolean rows(List<List<Object>> tally, List<List<Object>> gold, int[] columns, boolean ordered) {
        List<String> a = new ArrayList<>();
        List<String> b = new ArrayList<>();
        Object[] likes = new Object[columns.length];
        for (int j = 0; j < columns.length; j++) {
            likes[j] = like(gold, j);
        }
        for (int r = 0; r < gold.size(); r++) {
            StringBuilder x = new StringBuilder();
            StringBuilder y = new StringBuilder();
            for (int j = 0; j < columns.length; j++) {
                x.append(key(tally.get(r).get(columns[j]), likes[j])).append('|');
                y.append(key(gold.get(r).get(j), likes[j])).append('|');
            }
            a.add(x.toString());
            b.add(y.toString());
        }
        if (!ordered) {
            a.sort(null);
            b.sort(null);
        }
        return a.equals(b);
    }

    /**
     * The precision of gold column {@code j}, the same for every row (rows are matched in any order): a double if
     * any value is one, else the largest scale of its decimals (MariaDB gives 26 and 2.3 in one column).
     */
    private static Object like(List<List<Object>> gold, int j) {
        BigDecimal widest = null;
        for (List<Object> row : gold) {
            Object v = row.get(j);
            if (v instanceof Double) {
                return v;
            }
            if (v instanceof BigDecimal d && (widest == null || d.scale() > widest.scale())) {
                widest = d;
            }
        }
        return widest != null ? widest : gold.get(0).get(j);
    }

    /** A value at the precision of {@code like} (the gold's value in that column): numbers rounded to its scale. */
    private static String key(Object v, Object like) {
        if (v instanceof Boolean b) {
            return b ? "1" : "0"; // MariaDB has no boolean type: its EXISTS and TRUE are the integer 1
        }
        if (v instanceof Number n) {
            int scale = like instanceof BigDecimal d ? Math.max(0, d.scale()) : 0;
            if (like instanceof Double) {
                scale = 2;
            }
            return new BigDecimal(n.toString()).setScale(scale, RoundingMode.HALF_UP).toPlainString();
        }
        return String.valueOf(v);
    }
}
