package org.tally.acceptance.measure;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Outcomes counted by a class of question (a paraphrase kind, a question shape): a small table for the log. */
public final class Breakdown {

    private static final List<Outcome> COLUMNS = List.of(Outcome.VERIFIED, Outcome.REFUSED, Outcome.CLARIFY,
            Outcome.ERROR, Outcome.TIMED_OUT, Outcome.WRONG, Outcome.REFUSED_AS_EXPECTED, Outcome.ANSWERED_REFUSAL);

    private final Map<String, Map<Outcome, Integer>> counts = new TreeMap<>();
    private final Map<Outcome, Integer> totals = new EnumMap<>(Outcome.class);

    public void add(String kind, Outcome outcome) {
        counts.computeIfAbsent(kind, k -> new EnumMap<>(Outcome.class)).merge(outcome, 1, Integer::sum);
        totals.merge(outcome, 1, Integer::sum);
    }

    public int total(Outcome outcome) {
        return totals.getOrDefault(outcome, 0);
    }

    /** Verified, and the questions stopped at the time limit: what a floor is compared with. */
    public int verifiedOrTimedOut() {
        return total(Outcome.VERIFIED) + total(Outcome.TIMED_OUT);
    }

    /** One line per kind and a total line; a column only when some kind has that outcome. */
    public String table() {
        List<Outcome> shown = COLUMNS.stream().filter(o -> total(o) > 0).toList();
        int width = Math.max(5, counts.keySet().stream().mapToInt(String::length).max().orElse(5));
        StringBuilder out = new StringBuilder(String.format("%-" + width + "s", "kind"));
        shown.forEach(o -> out.append(String.format(" %" + Math.max(6, o.label().length()) + "s", o.label())));
        out.append('\n');
        counts.forEach((kind, row) -> line(out, width, kind, row, shown));
        line(out, width, "all", totals, shown);
        return out.toString();
    }

    private static void line(StringBuilder out, int width, String kind, Map<Outcome, Integer> row, List<Outcome> shown) {
        out.append(String.format("%-" + width + "s", kind));
        shown.forEach(o -> out.append(String.format(" %" + Math.max(6, o.label().length()) + "d", row.getOrDefault(o, 0))));
        out.append('\n');
    }
}
