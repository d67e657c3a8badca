package org.tally.acceptance.golden;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.acceptance.golden.ResultComparator.Table;

/**
 * A ranking's premise on the data: no two of its rows, nor its last row and the first one left out, share the value
 * it ranks by (its last column). A tie makes the gold's order, or its cut, arbitrary: such a question has no single
 * answer and must be rephrased or get another N.
 */
public final class GoldRankings {

    /** How a gold ranking is cut: FETCH FIRST n ROW(S) ONLY or LIMIT n. */
    private static final Pattern CUT = Pattern.compile("FETCH FIRST (\\d+) ROWS? ONLY|LIMIT (\\d+)");

    /** Runs one gold statement. */
    @FunctionalInterface
    public interface Gold {
        Table run(String sql) throws SQLException;
    }

    private GoldRankings() {
    }

    /** The ties of the ranking {@code sql} cuts, each described; empty when it cuts nothing or has one answer. */
    public static List<String> ties(String sql, Gold gold) throws SQLException {
        Matcher m = CUT.matcher(sql);
        if (!m.find()) {
            return List.of();
        }
        int n = Integer.parseInt(m.group(1) != null ? m.group(1) : m.group(2));
        Table wider = gold.run(m.replaceFirst("FETCH FIRST " + (n + 1) + " ROWS ONLY"));
        List<String> ties = new ArrayList<>();
        for (int r = 1; r < wider.rows().size(); r++) {
            List<Object> above = wider.rows().get(r - 1);
            List<Object> below = wider.rows().get(r);
            if (above.get(above.size() - 1).equals(below.get(below.size() - 1))) {
                ties.add("rows " + r + " and " + (r + 1) + " tie " + above + " " + below);
            }
        }
        return ties;
    }
}
