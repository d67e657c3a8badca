package org.tally.core.binder;

import java.util.List;
import java.util.Objects;
import org.tally.core.binding.Link;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.TableBinding;
import org.tally.core.spec.QuerySpec;
import org.tally.core.sql.OrderItem;
import org.tally.core.sql.ValueExpr;

/**
 * A spec bound to one source: every column reference resolved to its table, column and the links that reach it,
 * every literal converted to what the column holds, every check passed. A planner turns it into SQL without
 * failing; {@link RowScopes} then adds what keeps each table's rows to the ones that count.
 *
 * @param where       the subject's conditions, time range and related scopes, in the spec's order
 * @param reads       every table the query reads, where and why, with the notes the explanation gives, in the order
 *                    they were met
 * @param tables      the physical tables read, in the order they were met
 */
record BoundSpec(QuerySpec spec, TableBinding subject, List<BoundCondition> where, Shape shape, List<Read> reads,
                 List<String> tables) {

    BoundSpec {
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(subject, "subject");
        where = List.copyOf(where);
        Objects.requireNonNull(shape, "shape");
        reads = List.copyOf(reads);
        tables = List.copyOf(tables);
    }

    /** A value shown in a column of the answer, with the label it is shown under (before labels are made unique). */
    record Shown(ValueExpr expr, String label) {
    }

    /** What the answer's shape needs, bound. */
    sealed interface Shape permits Probe, Rows, Aggregate {
    }

    /** An existence question: any one row, by its key. */
    record Probe(ValueExpr.ColumnRef key) implements Shape {
    }

    /** A list: the values shown per row, the order, the limit, and the key that breaks ties. */
    record Rows(List<Shown> shown, List<OrderItem> order, Integer limit, ValueExpr.ColumnRef key) implements Shape {
        Rows {
            shown = List.copyOf(shown);
            order = List.copyOf(order);
        }
    }

    /**
     * Counts, sums and the like: the groups (each shows one or more values and groups by its keys), the measures, the
     * order and the limit. {@code trend} orders by the time buckets where the spec does not.
     */
    record Aggregate(List<Group> groups, List<BoundMeasure> measures, List<OrderItem> order, boolean trend, Integer limit)
            implements Shape {
        Aggregate {
            groups = List.copyOf(groups);
            measures = List.copyOf(measures);
            order = List.copyOf(order);
        }
    }

    /** One grouping: what it shows (the first value is the one an order by dimension means) and its keys. */
    record Group(List<Shown> shown, List<ValueExpr> keys) {
        Group {
            shown = List.copyOf(shown);
            keys = List.copyOf(keys);
        }
    }


    /** A table the query reads, or a note for the explanation, in the order binding met them. */
    sealed interface Read permits SubjectRows, JoinedRows, RelatedRows, ScopeJoinedRows, Note {
    }

    /** The subject's rows (alias {@code s}); {@code kind} when they are a refined concept's. */
    record SubjectRows(TableBinding table, Refinement kind) implements Read {
    }

    /** A table reached by a many-to-one join of the outer query from the rows at {@code fromAlias}. */
    record JoinedRows(String alias, String fromAlias, Link link, TableBinding table, Refinement kind) implements Read {
    }

    /** A related scope's own rows; {@code referring} when they refer to the subject's (the subject is not theirs). */
    record RelatedRows(String alias, TableBinding table, Refinement kind, boolean referring) implements Read {
    }

    /** A table reached by a many-to-one join inside a related scope. */
    record ScopeJoinedRows(String alias, TableBinding table) implements Read {
    }

    /** What the explanation says the query did: left something out ({@code leftOut}), or read it in a way. */
    record Note(boolean leftOut, String text) implements Read {
    }
}
