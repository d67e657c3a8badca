package org.tally.core.sql;

/**
 * An expression of the physical query IR: either a value ({@link ValueExpr}) or a condition ({@link Predicate}).
 * Keeping the two apart lets the type system refuse {@code WHERE col} or {@code SUM(a > b)}.
 */
public sealed interface SqlExpr permits ValueExpr, Predicate {
}
