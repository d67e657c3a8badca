package org.tally.core.answer;

import java.util.Objects;
import org.tally.core.sql.KeysetCursor;

/**
 * Where the next page of a listed answer starts (docs/architecture.md, "The workstation"): the list's spec hash, which names the query, and the
 * sort values of the last row shown. Never an offset, so a row is neither repeated nor skipped between pages.
 *
 * @param specHash  the hash of the listed spec; the engine reruns exactly the query it compiled for it
 * @param after     the ORDER BY values of the last row shown, tie-breaking key included
 * @param rowsShown how many rows the pages so far held (a list that asked for N rows stops at N)
 */
public record PageCursor(String specHash, KeysetCursor after, int rowsShown) {
    public PageCursor {
        if (specHash == null || specHash.isBlank()) {
            throw new IllegalArgumentException("a page cursor needs the spec hash of its list");
        }
        Objects.requireNonNull(after, "after");
        if (rowsShown < 1) {
            throw new IllegalArgumentException("a page cursor follows at least one row, not " + rowsShown);
        }
    }

    /** Values are hidden: a cursor may hold patient data and must not reach a log line. */
    @Override
    public String toString() {
        return "PageCursor[" + specHash + " after " + rowsShown + " rows]";
    }
}
