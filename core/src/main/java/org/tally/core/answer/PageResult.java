package org.tally.core.answer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** The next page of a listed answer, or why it could not be read. */
public sealed interface PageResult {

    /**
     * @param rows the page's rows, the same columns as the answer's, values normalised like an answer's
     * @param next where the page after this one starts; null when this was the last page
     * @param sql  the statement that read the page, inlined like an answer's
     * @param path the steps run for this page (validate, preflight, execute)
     */
    record Rows(List<List<Object>> rows, PageCursor next, String sql, List<PathStep> path) implements PageResult {
        public Rows {
            List<List<Object>> copy = new ArrayList<>(rows.size());
            rows.forEach(r -> copy.add(Collections.unmodifiableList(new ArrayList<>(r))));
            rows = Collections.unmodifiableList(copy);
            Objects.requireNonNull(sql, "sql");
            path = List.copyOf(path);
        }
    }

    /** The page was not read; {@code message} says why in plain words. */
    record Failed(String message, List<PathStep> path) implements PageResult {
        public Failed {
            if (message == null || message.isBlank()) {
                throw new IllegalArgumentException("a failed page must say why");
            }
            path = List.copyOf(path);
        }
    }
}
