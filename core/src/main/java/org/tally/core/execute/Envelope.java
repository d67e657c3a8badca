package org.tally.core.execute;

/**
 * How a connection {@link ReadOnlyExecutor#prepare prepared} for the executor keeps every statement read-only and
 * time-bounded. Both give the same guarantees; they differ in where the bounds live and what each statement costs.
 */
enum Envelope {

    /**
     * Read-only and the timeout are set on the session once; before each statement the executor checks, from the
     * driver's own state, that nothing undid them (and puts them back, or refuses to run, when something did), and
     * where the database takes it the timeout travels with the statement itself. One round trip per statement.
     * PostgreSQL 14+, MariaDB, H2 opened read-only in-process.
     */
    SESSION,

    /**
     * Every statement runs in a transaction the executor opens read-only, bounds with the timeout and rolls back.
     * For databases that cannot hold both guarantees at session level (MySQL, SQL Server, PostgreSQL before 14, a
     * writable or remote H2).
     */
    TRANSACTION
}
