package org.tally.acceptance.golden;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides whether Tally's rows say the same thing as the gold rows: numbers at the gold's precision, dates and
 * timestamps by day, column order free, extra Tally columns allowed, row order free unless the gold is ordered.
 * Gold values come straight from JDBC; Tally values from the answer's JSON.
 */
public final class ResultComparator {

    private ResultComparator() {
    }

    /** Empty when equal; otherwise why not. */
    public static Optional<String> mismatch(Table gold, Table tally, boolean ordered) {
        if (gold.rows().size() != tally.rows().size()) {
            return Optional.of("expected " + gold.rows().size() + " rows, got " + tally.rows().size());
        }
        int k = gold.columns().size();
        if (tally.columns().size() < k) {
            return Optional.of("expected at least " + k + " columns, got " + tally.columns().size());
        }
        List<ColumnKind> kinds = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            kinds.add(ColumnKind.of(gold, j));
        }
        // per gold column, the Tally columns whose values match as a multiset
        List<List<Integer>> candidates = new ArrayList<>();
        for (int j = 0; j < k; j++) {
            List<Integer> fits = new ArrayList<>();
            List<String> goldKeys = sortedKeys(gold, j, kinds.get(j));
            for (int c = 0; c < tally.columns().size(); c++) {
                if (goldKeys.equals(sortedKeys(tally, c, kinds.get(j)))) {
                    fits.add(c);
                }
            }
            if (fits.isEmpty()) {
                return Optional.of("no column of the answer holds the values of gold column '" + gold.columns().get(j)
                        + "' " + preview(goldKeys));
            }
            candidates.add(fits);
        }
        int[] assignment = new int[k];
        if (assign(0, assignment, new boolean[tally.columns().size()], candidates, gold, tally, kinds, ordered)) {
            return Optional.empty();
        }
        return Optional.of("every gold column has a matching answer column, but the rows do not line up"
                + (ordered ? " in the gold's order" : ""));
    }

    private static boolean assign(int j, int[] assignment, boolean[] used, List<List<Integer>> candidates, Table gold,
                                  Table tally, List<ColumnKind> kinds, boolean ordered) {
        if (j == assignment.length) {
            return rowsAgree(assignment, gold, tally, kinds, ordered);
        }
        for (int c : candidates.get(j)) {
            if (!used[c]) {
                used[c] = true;
                assignment[j] = c;
                if (assign(j + 1, assignment, used, candidates, gold, tally, kinds, ordered)) {
                    return true;
                }
                used[c] = false;
            }
        }
        return false;
    }

    private static boolean rowsAgree(int[] assignment, Table gold, Table tally, List<ColumnKind> kinds,
                                     boolean ordered) {
        List<String> goldRows = new ArrayList<>();
        List<String> tallyRows = new ArrayList<>();
        for (int r = 0; r < gold.rows().size(); r++) {
            StringBuilder g = new StringBuilder();
            StringBuilder t = new StringBuilder();
            for (int j = 0; j < assignment.length; j++) {
                g.append(kinds.get(j).key(gold.rows().get(r).get(j))).append('\u0001');
                t.append(kinds.get(j).key(tally.rows().get(r).get(assignment[j]))).append('\u0001');
            }
            goldRows.add(g.toString());
            tallyRows.add(t.toString());
        }
        if (ordered) {
            return goldRows.equals(tallyRows);
        }
        return counts(goldRows).equals(counts(tallyRows));
    }

    private static Map<String, Integer> counts(List<String> keys) {
        Map<String, Integer> m = new HashMap<>();
        keys.forEach(key -> m.merge(key, 1, Integer::sum));
        return m;
    }

    private static List<String> sortedKeys(Table t, int column, ColumnKind kind) {
        List<String> keys = new ArrayList<>();
        for (List<Object> row : t.rows()) {
            keys.add(kind.key(row.get(column)));
        }
        keys.sort(null);
        return keys;
    }

    private static String preview(List<String> keys) {
        List<String> head = keys.subList(0, Math.min(5, keys.size()));
        return head + (keys.size() > 5 ? " …" : "");
    }

    /** How values of one gold column are compared: numbers at a scale, temporal by day, others exactly. */
    record ColumnKind(Kind kind, int scale) {

        enum Kind { NUMBER, DAY, EXACT }

        static ColumnKind of(Table gold, int column) {
            Kind kind = null;
            int scale = 0;
            for (List<Object> row : gold.rows()) {
                Object v = row.get(column);
                if (v == null) {
                    continue;
                }
                Kind k = v instanceof Number ? Kind.NUMBER : isTemporal(v) ? Kind.DAY : Kind.EXACT;
                if (kind == null || kind == k) {
                    kind = k;
                } else {
                    kind = Kind.EXACT;
                }
                if (v instanceof Number n) {
                    scale = Math.max(scale, scaleOf(n));
                }
            }
            return new ColumnKind(kind == null ? Kind.EXACT : kind, scale);
        }

        String key(Object v) {
            if (v == null) {
                return "∅";
            }
            switch (kind) {
                case NUMBER: {
                    BigDecimal d = toDecimal(v);
                    return d == null ? "≠" + v : d.setScale(scale, RoundingMode.HALF_UP).toPlainString();
                }
                case DAY: {
                    String s = temporalText(v);
                    return s.length() >= 10 ? s.substring(0, 10) : s;
                }
                default:
                    return v instanceof String s ? "s:" + s : v instanceof Boolean b ? "b:" + b : "o:" + v;
            }
        }
    }

    static int scaleOf(Number n) {
        if (n instanceof BigDecimal d) {
            return Math.max(0, d.scale());
        }
        if (n instanceof Double || n instanceof Float) {
            BigDecimal d = BigDecimal.valueOf(n.doubleValue()).stripTrailingZeros();
            return Math.min(6, Math.max(0, d.scale()));
        }
        return 0;
    }

    static BigDecimal toDecimal(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Double || v instanceof Float) {
            return BigDecimal.valueOf(((Number) v).doubleValue());
        }
        if (v instanceof Number n) {
            return new BigDecimal(n.toString());
        }
        return null;
    }

    private static boolean isTemporal(Object v) {
        return v instanceof java.util.Date || v instanceof java.time.temporal.Temporal;
    }

    private static String temporalText(Object v) {
        if (v instanceof java.sql.Timestamp ts) {
            return ts.toLocalDateTime().toString();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        return Objects.toString(v);
    }

    /** Column names and rows of one result. */
    public record Table(List<String> columns, List<List<Object>> rows) {
    }
}
