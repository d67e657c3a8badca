package org.tally.ui.testing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.DisplayValues;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.answer.PathStep;
import org.tally.core.sql.KeysetCursor;
import org.tally.core.sql.SqlValue;

/** Hand-made answers of every kind the engine gives, as the command-line contract describes them. */
public final class FakeAnswers {

    public static final String SCALAR_SQL = "SELECT COUNT(*) AS \"patients\" FROM \"patients\" p";
    public static final String SCALAR_HASH = "c1-3f5a9e0d2b7c";
    public static final String SCALAR_SPEC = "{\"measures\":[{\"type\":\"count\"}],\"shape\":\"Scalar\",\"subject\":\"patient\"}";

    public static final String GROUPED_SPEC = "{\"dimensions\":[{\"concept\":\"ward\",\"role\":\"Name\"}],"
            + "\"measures\":[{\"type\":\"count\"}],\"shape\":\"Grouped\",\"subject\":\"delivery\","
            + "\"time\":{\"from\":\"2026-05-01\",\"role\":\"EventTime\",\"to\":\"2026-06-01\"}}";

    private FakeAnswers() {
    }

    /** The ladder's steps (rung 0, the conversation's focus, is added by the conversation around the engine). */
    public static List<PathStep> okPath() {
        return List.of(new PathStep("meta", Outcome.MISS, "not a meta question", 1),
                new PathStep("bind", Outcome.OK, null, 3),
                new PathStep("compile", Outcome.OK, null, 1),
                new PathStep("validate", Outcome.OK, null, 2),
                new PathStep("execute", Outcome.OK, null, 30),
                new PathStep("grammar", Outcome.OK, null, 38));
    }

    public static Answer scalar(String question) {
        return new Answer(question, AnswerStatus.ANSWERED, List.of("patients"), List.of(List.of(12480L)), SCALAR_SQL,
                "Counted patients.", okPath(), SCALAR_HASH, null, null).withSpecJson(SCALAR_SPEC);
    }

    public static Answer grouped(String question) {
        List<List<Object>> rows = List.of(List.of("Maternity A", 41L), List.of("Maternity B", 35L),
                List.of("Labour suite", 28L), List.of("Theatre 2", 9L));
        return new Answer(question, AnswerStatus.ANSWERED, List.of("ward", "deliveries"), rows,
                "SELECT w.\"name\" AS \"ward\", COUNT(*) AS \"deliveries\"\nFROM \"deliveries\" d\n"
                        + "JOIN \"wards\" w ON w.\"id\" = d.\"ward_id\"\n"
                        + "WHERE d.\"delivered_at\" >= DATE '2026-05-01' AND d.\"delivered_at\" < DATE '2026-06-01'\n"
                        + "GROUP BY w.\"name\" ORDER BY 2 DESC",
                "Counted deliveries between 2026-05-01 and 2026-05-31, grouped by ward.", okPath(), "c1-77aa01",
                null, null).withSpecJson(GROUPED_SPEC);
    }

    /** Incidents by kind, the kinds stored as codes: the answer reads them as words, the rows keep the codes. */
    public static Answer coded(String question) {
        List<List<Object>> rows = List.of(List.of("medication_error", 4100L), List.of("no_harm", 12L),
                List.of("fall", 7L));
        return new Answer(question, AnswerStatus.ANSWERED, List.of("incident kind", "incidents"), rows, "SELECT 1",
                "Counted incidents, grouped by kind.", okPath(), "c1-kind", null, null)
                .withDisplay(DisplayValues.readable(rows, java.util.Locale.getDefault(java.util.Locale.Category.FORMAT)));
    }

    public static Answer groupedRows(String question, int groups) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < groups; i++) {
            rows.add(List.of("Ward " + (char) ('A' + i), (long) (10 + i)));
        }
        return new Answer(question, AnswerStatus.ANSWERED, List.of("ward", "admissions"), rows, "SELECT 1",
                "Counted admissions, grouped by ward.", okPath(), "c1-aa", null, null);
    }

    public static Answer trend(String question) {
        List<List<Object>> rows = new ArrayList<>();
        long[] counts = {310, 295, 330, 342, 351, 338, 360, 372, 349, 365, 380, 371};
        for (int m = 1; m <= 12; m++) {
            rows.add(List.of(String.format("2025-%02d-01", m), counts[m - 1]));
        }
        return new Answer(question, AnswerStatus.ANSWERED, List.of("month", "admissions"), rows,
                "SELECT DATE_TRUNC('month', a.\"admitted_at\") AS \"month\", COUNT(*) AS \"admissions\" FROM"
                        + " \"admissions\" a GROUP BY 1 ORDER BY 1",
                "Counted admissions per month in 2025.", okPath(), "c1-51d0", null, null);
    }

    public static Answer average(String question) {
        return new Answer(question, AnswerStatus.ANSWERED, List.of("average stay (days)"),
                List.of(List.of(new BigDecimal("4.25"))), "SELECT 4.25", "Averaged length of stay.", okPath(),
                "c1-avg", null, null);
    }

    public static Answer clarify(String question) {
        return Answer.clarify(question, List.of(new PathStep("grammar", Outcome.CLARIFY,
                        "the time column is ambiguous", 4)), "c1-cl",
                new Clarify("Which date do you mean?", List.of("admission date", "discharge date"), "timeColumn:t1"));
    }

    public static Answer refused(String question) {
        return Answer.refused(question, List.of(new PathStep("meta", Outcome.MISS, "not a meta question", 0),
                        new PathStep("grammar", Outcome.MISS, "no rule matches 'weather'", 2)),
                "Tally could not answer this exactly: nothing in this hospital's data is about the weather.");
    }

    public static Answer error(String question) {
        return Answer.error(question, List.of(new PathStep("grammar", Outcome.ERROR, "statement timeout", 5000)),
                "the database did not answer within 5 seconds");
    }

    public static final String LIST_HASH = "c1-beds";
    public static final int LIST_ROWS = 23;
    public static final int LIST_PAGE = 10;

    /** Bed 1 … Bed 23 in bed order, as the engine pages them: the first 10 and a cursor after the 10th. */
    public static Answer list(String question) {
        return new Answer(question, AnswerStatus.ANSWERED, List.of("bed", "ward"), listRows(0, LIST_PAGE),
                "SELECT b.\"label\" AS \"bed\", w.\"name\" AS \"ward\" FROM \"beds\" b JOIN \"wards\" w"
                        + " ON w.\"id\" = b.\"ward_id\" ORDER BY b.\"id\" LIMIT 11",
                "Listed beds.", okPath(), LIST_HASH, null, null).withNextPage(cursorAfter(LIST_PAGE));
    }

    /** The page after {@code cursor} of {@link #list}: rows are numbered by the cursor's last key, never an offset. */
    public static PageResult nextListPage(PageCursor cursor) {
        if (!cursor.specHash().equals(LIST_HASH)) {
            return new PageResult.Failed("This list can no longer be continued here; ask the question again.",
                    List.of());
        }
        SqlValue.Number last = (SqlValue.Number) cursor.after().lastValues().get(0).orElseThrow();
        int from = last.value().intValueExact();
        int to = Math.min(LIST_ROWS, from + LIST_PAGE);
        return new PageResult.Rows(listRows(from, to), to < LIST_ROWS ? cursorAfter(to) : null,
                "SELECT … WHERE b.\"id\" > " + from + " ORDER BY b.\"id\" LIMIT 11",
                List.of(new PathStep("execute", Outcome.OK, null, 2)));
    }

    private static PageCursor cursorAfter(int row) {
        return new PageCursor(LIST_HASH, new KeysetCursor(List.of(Optional.of(SqlValue.of(row)))), row);
    }

    private static List<List<Object>> listRows(int from, int to) {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = from + 1; i <= to; i++) {
            rows.add(List.of("Bed " + i, i % 2 == 0 ? "Maternity A" : "Surgical"));
        }
        return rows;
    }

    public static Answer empty(String question) {
        return new Answer(question, AnswerStatus.ANSWERED, List.of("ward", "deliveries"), List.of(), "SELECT 1",
                "Counted stillbirths in May 2026, grouped by ward.", okPath(), "c1-0", null, null);
    }
}
