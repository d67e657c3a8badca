package org.tally.core.sql;

/**
 * How many rows of a joined relation match one row of the side it hangs from. Only ONE_TO_MANY multiplies the rows
 * already in the query (a fan-out), which is what the grain-safety pass looks for.
 */
public enum Cardinality {
    /** Along a forward foreign key: each row on the left finds at most one row. */
    MANY_TO_ONE,
    /** Along a reverse foreign key: one row on the left may find many. */
    ONE_TO_MANY,
    /** Each side matches at most one row of the other. */
    ONE_TO_ONE;

    public boolean fansOut() {
        return this == ONE_TO_MANY;
    }
}
