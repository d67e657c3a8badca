package org.tally.core.conversation;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;

/**
 * What the last answer came to, kept in the focus so a follow-up can point at it ("drill into the top one") and a
 * suggestion can name its largest group: the row count and the first groups in the order shown.
 *
 * @param rows      how many rows the answer had
 * @param topGroups the labels of the first groups of a grouped answer (at most {@value #KEPT}), as shown; empty otherwise
 */
record ResultDigest(int rows, List<String> topGroups) {

    /** Groups kept: what a suggestion or a "top one" can name. */
    static final int KEPT = 3;

    public ResultDigest {
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative: " + rows);
        }
        topGroups = List.copyOf(topGroups);
    }

    /**
     * The digest of an answer; when its rows are a label and a number, the groups are the labels of the largest
     * numbers first.
     */
    static ResultDigest of(Answer answer) {
        if (answer.status() != AnswerStatus.ANSWERED) {
            return new ResultDigest(0, List.of());
        }
        List<List<Object>> grouped = new ArrayList<>();
        if (answer.columns().size() == 2) {
            for (List<Object> row : answer.rows()) {
                if (row.get(0) instanceof String && row.get(1) instanceof Number) {
                    grouped.add(row);
                }
            }
        }
        grouped.sort((a, b) -> Double.compare(((Number) b.get(1)).doubleValue(), ((Number) a.get(1)).doubleValue()));
        List<String> groups = new ArrayList<>();
        grouped.stream().limit(KEPT).forEach(row -> groups.add((String) row.get(0)));
        return new ResultDigest(answer.rows().size(), groups);
    }

    /** Values are record content: never in a log line. */
    @Override
    public String toString() {
        return "ResultDigest[" + rows + " rows, " + topGroups.size() + " groups]";
    }
}
