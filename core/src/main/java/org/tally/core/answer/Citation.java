package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * One passage a retrieval answer cites: the table and row key it was read from, the column, the row's date (ISO-8601,
 * or null when the table has none) and the passage's text. Numbered by its position in the answer's list, from 1.
 */
@JsonPropertyOrder({"table", "key", "column", "date", "text"})
public record Citation(String table, String key, String column, String date, String text) {
    public Citation {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(text, "text");
    }
}
