package org.tally.core.sql;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The sort values of the last row of a page, one per ORDER BY item; empty for a NULL. */
public record KeysetCursor(List<Optional<SqlValue>> lastValues) {
    public KeysetCursor {
        lastValues = List.copyOf(lastValues);
        lastValues.forEach(v -> Objects.requireNonNull(v, "KeysetCursor.lastValues entries (use Optional.empty() for NULL)"));
        if (lastValues.isEmpty()) {
            throw new IllegalArgumentException("KeysetCursor.lastValues must not be empty");
        }
    }
}
