package org.tally.core.binder;

import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.sql.ValueExpr;

/**
 * A column reference bound on this source: its value as the query reads it (a physical column under its table's
 * alias, or a person's joined name), its binding, its table, that alias and, when the table was reached through a
 * join, the key of the joined row (the referenced column), which tells two rows with the same label apart.
 */
record BoundColumn(ValueExpr expr, ColumnBinding column, TableBinding table, String alias, ValueExpr.ColumnRef rowKey) {
}
