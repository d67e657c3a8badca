package org.tally.core.grammar;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.tally.core.catalog.TextShape;
import org.tally.core.pack.ObservedValue;
import org.tally.core.spec.ColumnRole;

/**
 * What the grammar needs to know about one source, in concepts and roles only. A binding implements it; tests
 * implement it by hand. Every answer must be exact: a column listed here is one the binder will resolve for the same
 * concept, role and hint.
 */
public interface GrammarVocabulary {

    /** The concept ids of the domain pack that are bound to a table on this source. */
    Set<String> concepts();

    /** The bound columns of a concept (empty when the concept is not bound), never with role Unknown. */
    List<Column> columns(String concept);

    /**
     * Concepts reachable from {@code subject} by following foreign keys forward: one hop ({@code via} null) or two
     * hops through {@code via}. One entry per distinct path; two entries for the same concept and via mean two
     * references (a from-ward and a to-ward) that the spec cannot tell apart.
     */
    List<Path> forward(String subject);

    /** Whether one foreign-key hop links the two concepts, in either direction (EXISTS / NOT EXISTS). */
    boolean linked(String a, String b);

    /** Words of the bound table names that name a concept in a question (e.g. "ipd admission"), lower case. */
    List<String> tableWords(String concept);

    /**
     * The tables of this source that hold no concept (unbound, not ignored by an administrator): the words of each
     * name, lower case, to the name. A question word spelling one of them must not reach another table through a
     * pack synonym ("visits" is an Encounter word, but a table of visits is not the encounters table).
     */
    default Map<String, String> unboundTables() {
        return Map.of();
    }

    /**
     * Every table of this source a question may name, bound or not (those an administrator ignored left out): the
     * words of each name, lower case, to the name. A question word that is one of these names, or the last word of
     * one ("episodes" for a table of consultant episodes), is about those tables only.
     */
    default Map<String, String> namedTables() {
        return unboundTables();
    }

    /**
     * Whether {@code table} is a code dictionary (a lookup) of {@code concept}'s own rows: a column of the concept's
     * table refers to it for the labels of its codes ("procedures" spells a dictionary of procedure codes, which is
     * the procedures' own catalogue, not other rows).
     */
    default boolean labelsCodesOf(String table, String concept) {
        return false;
    }

    /** Administrator value aliases: a question phrase that means one observed value of one column. */
    List<ValueAlias> aliases();

    /**
     * One bound column, described without its physical name.
     *
     * @param role       the column's role
     * @param nameTokens the normalised tokens of its name, for the pack's name hints ({@code [delivery, mode]})
     * @param hint       the words a column reference must carry when several columns of the concept share the role,
     *                   null when the role is unique on the concept
     * @param values     observed values from exact profiling; empty for non-enumerated or PII columns
     * @param shape      lengths and letters of a text column's values, null when not measured: what a literal
     *                   identifier is matched against
     */
    record Column(ColumnRole role, List<String> nameTokens, String hint, List<ObservedValue> values,
                  TextShape shape) {
        public Column {
            Objects.requireNonNull(role, "role");
            nameTokens = List.copyOf(nameTokens);
            values = List.copyOf(values);
        }

        public Column(ColumnRole role, List<String> nameTokens, String hint, List<ObservedValue> values) {
            this(role, nameTokens, hint, values, null);
        }
    }

    /** A concept reachable from a subject, directly ({@code via} null) or through one intermediate concept. */
    record Path(String concept, String via) {
        public Path {
            Objects.requireNonNull(concept, "concept");
        }
    }

    /** An administrator's alias: {@code phrase} on {@code concept}'s column (role, hint) means {@code value}. */
    record ValueAlias(String phrase, String concept, ColumnRole role, String hint, String value) {
        public ValueAlias {
            Objects.requireNonNull(phrase, "phrase");
            Objects.requireNonNull(concept, "concept");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(value, "value");
        }
    }
}
