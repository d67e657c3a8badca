package org.tally.core.binding;

import java.util.Objects;

/**
 * A row that stands for "no value" in a table other tables refer to (the warehouse's "Unknown" member under key -1):
 * facts point at it when the source sent nothing. It is not one of the table's entities, so it is left out of counts,
 * lists and rankings of the table and never satisfies a related condition through a reference to it.
 *
 * @param key    the table's key column
 * @param value  the placeholder's key value, as text
 * @param label  what the row says it is ("Unknown"), or null when given by override without a label
 * @param reason why the row is read this way, for {@code binding --explain}
 */
public record Placeholder(ColumnBinding key, String value, String label, String reason) {
    public Placeholder {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(reason, "reason");
    }

    /** In words: "placeholder member -1 'Unknown'". */
    public String describe() {
        return "placeholder member " + value + (label == null ? "" : " '" + label + "'");
    }
}
