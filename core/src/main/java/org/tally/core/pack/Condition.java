package org.tally.core.pack;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The typed expression language of domain predicates. It speaks only of column roles, name hints (tokens a column
 * name must carry), value classes and concepts — never of a table, a column or a literal value of a source.
 *
 * <p>Every role-based condition names a set of {@code roles} (any of them) and optional {@code nameHints} (at least
 * one must match the column's name tokens); the binder must find <em>exactly one</em> column satisfying both, or the
 * condition does not bind. For {@link InClass} the candidates are further narrowed to columns whose observed values
 * hold the class ({@link ValueResolver#resolveClass}); none left means the alternative does not bind, several mean
 * Ambiguous. "Now" is the engine's injected clock, never the database's. In JSON each node carries {@code "kind"}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Condition.IsNull.class, name = "isNull"),
        @JsonSubTypes.Type(value = Condition.NotNull.class, name = "notNull"),
        @JsonSubTypes.Type(value = Condition.InClass.class, name = "inClass"),
        @JsonSubTypes.Type(value = Condition.Compare.class, name = "compare"),
        @JsonSubTypes.Type(value = Condition.TimeVsNow.class, name = "timeVsNow"),
        @JsonSubTypes.Type(value = Condition.Exists.class, name = "exists"),
        @JsonSubTypes.Type(value = Condition.All.class, name = "all"),
        @JsonSubTypes.Type(value = Condition.Any.class, name = "any"),
        @JsonSubTypes.Type(value = Condition.Not.class, name = "not")
})
public sealed interface Condition {

    /** A condition on one column of the concept's table, found by role and name hints. */
    sealed interface OnColumn extends Condition {
        List<String> roles();

        List<NameHint> nameHints();
    }

    /** The column is NULL ("currently admitted": Admission whose EndTime is null). */
    record IsNull(List<String> roles, List<NameHint> nameHints) implements OnColumn {
        public IsNull {
            roles = Lists.copy(roles, "roles");
            nameHints = Lists.copy(nameHints, "nameHints");
        }
    }

    /** The column is not NULL ("discharged": Admission whose EndTime is set). */
    record NotNull(List<String> roles, List<NameHint> nameHints) implements OnColumn {
        public NotNull {
            roles = Lists.copy(roles, "roles");
            nameHints = Lists.copy(nameHints, "nameHints");
        }
    }

    /**
     * The column's value is one of the observed values that resolve to any of {@code classes}. If the column holds
     * none of them, the condition is unsatisfiable on that source (a refusal, never an empty guess).
     */
    record InClass(List<String> roles, List<NameHint> nameHints, List<String> classes) implements OnColumn {
        public InClass {
            roles = Lists.copy(roles, "roles");
            nameHints = Lists.copy(nameHints, "nameHints");
            classes = Lists.copy(classes, "classes");
        }
    }

    /** The column compared with a number ("outstanding": Amount named balance &gt; 0). */
    record Compare(List<String> roles, List<NameHint> nameHints, Op op, BigDecimal value) implements OnColumn {
        public Compare {
            roles = Lists.copy(roles, "roles");
            nameHints = Lists.copy(nameHints, "nameHints");
        }
    }

    /** A time column before or after the current moment plus {@code offsetDays} ("overdue": due date before now). */
    record TimeVsNow(List<String> roles, List<NameHint> nameHints, Direction direction, int offsetDays)
            implements OnColumn {
        public TimeVsNow {
            roles = Lists.copy(roles, "roles");
            nameHints = Lists.copy(nameHints, "nameHints");
        }
    }

    /**
     * Another row of {@code concept} exists, linked by {@code link}, optionally satisfying {@code where} (evaluated
     * on that row) and lying within {@code window}. The related row is always a different row from this one.
     */
    record Exists(String concept, Link link, Condition where, Window window) implements Condition {
        public Exists {
            concept = Lists.text(concept);
        }
    }

    /** All of the conditions hold. */
    record All(List<Condition> of) implements Condition {
        public All {
            of = Lists.copy(of, "of");
        }
    }

    /** At least one of the conditions holds (an SQL OR, not a choice between alternatives). */
    record Any(List<Condition> of) implements Condition {
        public Any {
            of = Lists.copy(of, "of");
        }
    }

    /** The condition does not hold. */
    record Not(Condition of) implements Condition {
    }

    /**
     * A day window between a time of this row and a time of the related row: {@code minDays <= related.toRole −
     * this.fromRole <= maxDays} (readmitted: another admission starting 0–30 days after this discharge).
     */
    record Window(String fromRole, String toRole, int minDays, int maxDays) {
        public Window {
            fromRole = Lists.text(fromRole);
            toRole = Lists.text(toRole);
        }
    }

    enum Op {
        @JsonProperty("gt") GT,
        @JsonProperty("ge") GE,
        @JsonProperty("lt") LT,
        @JsonProperty("le") LE,
        @JsonProperty("eq") EQ,
        @JsonProperty("ne") NE
    }

    enum Direction {
        @JsonProperty("before") BEFORE,
        @JsonProperty("after") AFTER
    }

    /** How the related row of an {@link Exists} is linked to this one. */
    enum Link {
        /** One foreign-key hop between the two concepts' tables, in either direction. */
        @JsonProperty("references") REFERENCES,
        /** The two rows belong to the same patient (through each table's patient path). */
        @JsonProperty("samePatient") SAME_PATIENT
    }

    /** Calls {@code visitor} on this node and every nested condition, depth first. */
    static void walk(Condition condition, Consumer<Condition> visitor) {
        Objects.requireNonNull(condition, "condition");
        visitor.accept(condition);
        if (condition instanceof Exists exists) {
            Condition where = exists.where();
            if (where != null) {
                walk(where, visitor);
            }
        } else if (condition instanceof All all) {
            all.of().forEach(c -> walk(c, visitor));
        } else if (condition instanceof Any any) {
            any.of().forEach(c -> walk(c, visitor));
        } else if (condition instanceof Not not) {
            Condition inner = not.of();
            if (inner != null) {
                walk(inner, visitor);
            }
        } else if (!(condition instanceof OnColumn)) {
            throw new AssertionError(condition);
        }
    }
}
