package org.tally.core.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Whether an answer's rows say what the gold rows say, as the EHRSQL shared task decides it: each row becomes the
 * keys of its values ({@link CellKind}), the rows are sorted (unless the question fixes an order) and the first
 * {@value #MAX_ROWS} compared. An answer may carry columns beside the asked ones (a label next to a count): it
 * matches when some choice of its columns, one per gold column, gives the gold rows, and the match says it needed
 * that allowance.
 */
final class AnswerMatch {

    /** Rows the shared task compares. */
    public static final int MAX_ROWS = 100;
    /** Beyond this many gold columns only the answer's own column order is tried. */
    private static final int MAX_PERMUTED = 6;

    private AnswerMatch() {
    }

    /** The verdict on one answer: whether it matches, whether it needed the extra-columns allowance, and why not. */
    public record Result(boolean matches, boolean extraColumns, String why) {

        static Result match(boolean extraColumns) {
            return new Result(true, extraColumns, null);
        }

        static Result mismatch(String why) {
            return new Result(false, false, why);
        }
    }

    public static Result compare(GoldTable gold, List<List<Object>> answer, int answerWidth, boolean ordered) {
        int k = gold.width();
        if (gold.rows().isEmpty() || answer.isEmpty()) {
            return gold.rows().size() == answer.size() ? Result.match(false)
                    : Result.mismatch("expected " + gold.rows().size() + " rows, got " + answer.size());
        }
        if (answerWidth < k) {
            return Result.mismatch("expected " + k + " columns, got " + answerWidth);
        }
        List<String> expected = keys(gold.rows(), identity(k), gold.kinds(), ordered);
        List<int[]> choices = k > MAX_PERMUTED ? List.of(identity(k)) : choices(k, answerWidth);
        for (int[] choice : choices) {
            if (expected.equals(keys(answer, choice, gold.kinds(), ordered))) {
                return Result.match(answerWidth > k);
            }
        }
        return Result.mismatch(k == answerWidth && k == 1 ? "the values differ" + sample(expected, answer, gold)
                : "no choice of the answer's columns gives the expected rows" + sample(expected, answer, gold));
    }

    private static String sample(List<String> expected, List<List<Object>> answer, GoldTable gold) {
        String first = expected.isEmpty() ? "" : expected.get(0);
        return " (expected " + gold.rows().size() + " rows, first " + first.replace('\u0001', '|') + "; got "
                + answer.size() + " rows, first " + answer.get(0) + ")";
    }

    private static List<String> keys(List<List<Object>> rows, int[] columns, List<CellKind> kinds, boolean ordered) {
        List<String> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            StringBuilder key = new StringBuilder();
            for (int j = 0; j < columns.length; j++) {
                key.append(kinds.get(j).key(columns[j] < row.size() ? row.get(columns[j]) : null)).append('\u0001');
            }
            out.add(key.toString());
        }
        if (!ordered) {
            out.sort(null);
        }
        return out.size() > MAX_ROWS ? List.copyOf(out.subList(0, MAX_ROWS)) : out;
    }

    private static int[] identity(int k) {
        int[] out = new int[k];
        for (int j = 0; j < k; j++) {
            out[j] = j;
        }
        return out;
    }

    /** Every injective choice of k of the answer's columns, the answer's own order first. */
    private static List<int[]> choices(int k, int width) {
        List<int[]> out = new ArrayList<>();
        out.add(identity(k));
        extend(new int[k], 0, new boolean[width], out);
        return out;
    }

    private static void extend(int[] partial, int j, boolean[] used, List<int[]> out) {
        if (j == partial.length) {
            if (!Arrays.equals(partial, out.get(0))) {
                out.add(partial.clone());
            }
            return;
        }
        for (int c = 0; c < used.length; c++) {
            if (!used[c]) {
                used[c] = true;
                partial[j] = c;
                extend(partial, j + 1, used, out);
                used[c] = false;
            }
        }
    }
}
