package org.tally.core.binding;

import java.util.Objects;

/**
 * One edge of the foreign-key graph: {@code fromTable.fromColumn} references {@code toTable.toColumn} (the target's
 * single-column key). Declared keys come from the catalog; inferred ones are evident from names and types only and
 * say so in {@code reason}.
 */
public record Link(String fromTable, String fromColumn, String toTable, String toColumn, boolean inferred,
                   String reason, boolean uniqueTarget) {

    /** A link whose target column is unique only if it is the target's primary key. */
    public Link(String fromTable, String fromColumn, String toTable, String toColumn, boolean inferred, String reason) {
        this(fromTable, fromColumn, toTable, toColumn, inferred, reason, false);
    }

    /**
     * @param uniqueTarget whether each value of the target column names one row whatever the target's primary key:
     *                     a declared key on a database that requires a unique key behind every foreign key
     */
    public Link {
        Objects.requireNonNull(fromTable, "fromTable");
        Objects.requireNonNull(fromColumn, "fromColumn");
        Objects.requireNonNull(toTable, "toTable");
        Objects.requireNonNull(toColumn, "toColumn");
        Objects.requireNonNull(reason, "reason");
    }

    @Override
    public String toString() {
        return fromTable + "." + fromColumn + " -> " + toTable + "." + toColumn + (inferred ? " (inferred)" : "");
    }
}
