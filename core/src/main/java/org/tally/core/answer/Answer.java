package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The result of one question, exactly the object the command line's {@code ask} prints (docs/architecture.md, "The command line").
 * Row values are already normalised to JSON-friendly types by {@link ResultValues}: numbers, booleans,
 * ISO-8601 strings for dates and timestamps, strings, or null.
 *
 * <p>{@code readAs} is the spec restated as one canonical English sentence ("Read as: …"), null when no spec was
 * read. {@code model} names the local model whose reading was run (null for the grammar's); the command line writes
 * it only when present.
 *
 * <p>Two fields are not part of the command-line object. {@code specJson} is the canonical spec whose SHA-256 is
 * the spec hash (the workstation shows it beside the SQL). {@code nextPage}: an engine opened for the workstation
 * lists long answers a page at a time, and the cursor says where the next page starts (null: there is none).
 *
 * <p>Two fields appear in the command-line object only when set: {@code snapshot} when the answer was read from the
 * source's local snapshot because the live source failed (never presented as live), and {@code citations}, the
 * passages a retrieval answer quotes.
 *
 * <p>{@code display} is not part of it either: the rows as people read them (same shape as {@code rows}, strings:
 * labels for stored codes, numbers rounded and grouped), or null when no value reads differently; {@code rows} stay
 * exact.
 */
@JsonPropertyOrder({"question", "status", "columns", "rows", "sql", "explanation", "path", "specHash", "clarify",
        "message", "snapshot", "citations", "readAs", "model"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record Answer(
        String question,
        AnswerStatus status,
        List<String> columns,
        List<List<Object>> rows,
        String sql,
        String explanation,
        List<PathStep> path,
        String specHash,
        Clarify clarify,
        String message,
        String readAs,
        @JsonInclude(JsonInclude.Include.NON_NULL) ModelStamp model,
        @JsonIgnore String specJson,
        @JsonIgnore PageCursor nextPage,
        @JsonInclude(JsonInclude.Include.NON_NULL) SnapshotLabel snapshot,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Citation> citations,
        @JsonIgnore List<List<String>> display) {

    public Answer {
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(status, "status");
        columns = List.copyOf(columns);
        rows = copyRows(rows);
        path = List.copyOf(path);
        citations = citations == null ? List.of() : List.copyOf(citations);
        if (status == AnswerStatus.CLARIFY && clarify == null) {
            throw new IllegalArgumentException("a clarify answer needs its clarify question");
        }
        if ((status == AnswerStatus.REFUSED || status == AnswerStatus.ERROR) && (message == null || message.isBlank())) {
            throw new IllegalArgumentException("a refusal or error must say why");
        }
        if (status != AnswerStatus.ANSWERED && !rows.isEmpty()) {
            throw new IllegalArgumentException("only an answered question carries rows");
        }
        if (specJson != null && specHash == null) {
            throw new IllegalArgumentException("a spec JSON comes with its spec hash");
        }
        if (snapshot != null && status != AnswerStatus.ANSWERED) {
            throw new IllegalArgumentException("only an answer read from a snapshot carries its snapshot label");
        }
        if (nextPage != null && (status != AnswerStatus.ANSWERED || !nextPage.specHash().equals(specHash))) {
            throw new IllegalArgumentException("only an answered list continues on a next page, under its own spec hash");
        }
        if (display != null) {
            display = copyDisplay(display, rows);
        }
    }

    /** An answer without display values (the ladder gives it the generic reading). */
    public Answer(String question, AnswerStatus status, List<String> columns, List<List<Object>> rows, String sql,
                  String explanation, List<PathStep> path, String specHash, Clarify clarify, String message,
                  String readAs, ModelStamp model, String specJson, PageCursor nextPage, SnapshotLabel snapshot,
                  List<Citation> citations) {
        this(question, status, columns, rows, sql, explanation, path, specHash, clarify, message, readAs, model,
                specJson, nextPage, snapshot, citations, null);
    }

    /** An answer that is complete as it is (no further page). */
    public Answer(String question, AnswerStatus status, List<String> columns, List<List<Object>> rows, String sql,
                  String explanation, List<PathStep> path, String specHash, Clarify clarify, String message) {
        this(question, status, columns, rows, sql, explanation, path, specHash, clarify, message, null, null);
    }

    /** An answer with its spec JSON and next page, neither from a snapshot nor citing passages. */
    public Answer(String question, AnswerStatus status, List<String> columns, List<List<Object>> rows, String sql,
                  String explanation, List<PathStep> path, String specHash, Clarify clarify, String message,
                  String specJson, PageCursor nextPage) {
        this(question, status, columns, rows, sql, explanation, path, specHash, clarify, message, null, null, specJson,
                nextPage, null, List.of());
    }

    /** This answer with another path (the ladder adds the rungs it tried), everything else kept. */
    public Answer withPath(String question, List<PathStep> fullPath) {
        return new Answer(question, status, columns, rows, sql, explanation, fullPath, specHash, clarify, message,
                readAs, model, specJson, nextPage, snapshot, citations, display);
    }

    /** This answer with the canonical JSON of the spec its hash was taken of. */
    public Answer withSpecJson(String json) {
        return new Answer(question, status, columns, rows, sql, explanation, path, specHash, clarify, message,
                readAs, model, json, nextPage, snapshot, citations, display);
    }

    /** This answer with its spec restated in words. */
    public Answer withReadAs(String sentence) {
        return new Answer(question, status, columns, rows, sql, explanation, path, specHash, clarify, message,
                sentence, model, specJson, nextPage, snapshot, citations, display);
    }

    /** This answer marked as the reading of a local model. */
    public Answer withModel(ModelStamp stamp) {
        return new Answer(question, status, columns, rows, sql, explanation, path, specHash, clarify, message,
                readAs, stamp, specJson, nextPage, snapshot, citations, display);
    }

    /** This answer continuing on the page after {@code cursor}. */
    public Answer withNextPage(PageCursor cursor) {
        return new Answer(question, status, columns, rows, sql, explanation, path, specHash, clarify, message,
                readAs, model, specJson, cursor, snapshot, citations, display);
    }

    /**
     * This answer as read from a snapshot: labelled, with {@code note} ("From the snapshot of … — not live data")
     * before any message it had. A snapshot answer is complete in one object (its list pages are not continued).
     */
    public Answer fromSnapshot(SnapshotLabel label, String note) {
        String said = message == null ? note : note + " " + message;
        return new Answer(question, status, columns, rows, sql, explanation, path, specHash, clarify, said,
                readAs, model, specJson, null, label, citations, display);
    }

    /** This answer quoting {@code cited} (numbered from 1 in this order). */
    public Answer withCitations(List<Citation> cited) {
        return new Answer(question, status, columns, rows, sql, explanation, path, specHash, clarify, message,
                readAs, model, specJson, nextPage, snapshot, cited, display);
    }

    /** This answer with its rows as people read them (same shape as the rows; null: they read as stored). */
    public Answer withDisplay(List<List<String>> readable) {
        return new Answer(question, status, columns, rows, sql, explanation, path, specHash, clarify, message,
                readAs, model, specJson, nextPage, snapshot, citations, readable);
    }

    private static List<List<String>> copyDisplay(List<List<String>> display, List<List<Object>> rows) {
        if (display.size() != rows.size()) {
            throw new IllegalArgumentException("display has " + display.size() + " rows, the answer " + rows.size());
        }
        List<List<String>> out = new ArrayList<>(display.size());
        for (int i = 0; i < display.size(); i++) {
            if (display.get(i).size() != rows.get(i).size()) {
                throw new IllegalArgumentException("display row " + i + " has " + display.get(i).size()
                        + " values, the answer's " + rows.get(i).size());
            }
            out.add(List.copyOf(display.get(i)));
        }
        return Collections.unmodifiableList(out);
    }

    /** Rows may hold nulls, which List.copyOf refuses: copy into unmodifiable lists by hand. */
    private static List<List<Object>> copyRows(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>(rows.size());
        for (List<Object> row : rows) {
            out.add(Collections.unmodifiableList(new ArrayList<>(row)));
        }
        return Collections.unmodifiableList(out);
    }

    public static Answer refused(String question, List<PathStep> path, String message) {
        return new Answer(question, AnswerStatus.REFUSED, List.of(), List.of(), null, null, path, null, null, message);
    }

    public static Answer error(String question, List<PathStep> path, String message) {
        return new Answer(question, AnswerStatus.ERROR, List.of(), List.of(), null, null, path, null, null, message);
    }

    public static Answer clarify(String question, List<PathStep> path, String specHash, Clarify clarify) {
        return new Answer(question, AnswerStatus.CLARIFY, List.of(), List.of(), null, null, path, specHash, clarify,
                null);
    }
}
