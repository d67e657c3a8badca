package org.tally.core.catalog;

import java.util.Objects;

/**
 * Something a refresh could not do, recorded in the catalog instead of failing it: a table the account cannot
 * read, a column whose profile timed out, an empty database.
 *
 * @param table   the table concerned, or null for the whole source
 * @param column  the column concerned, or null for the whole table
 * @param message what happened, in words an administrator can act on
 */
public record CatalogWarning(String table, String column, String message) {
    public CatalogWarning {
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        String where = table == null ? "source" : column == null ? table : table + "." + column;
        return where + ": " + message;
    }
}
