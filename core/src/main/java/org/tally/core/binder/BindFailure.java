package org.tally.core.binder;

import java.util.List;
import java.util.Objects;

/** Why a QuerySpec cannot be bound to a source's tables and columns (docs/architecture.md, "The QuerySpec"). Each carries a readable reason. */
public sealed interface BindFailure {

    String reason();

    /** The kind, as provenance names it. */
    default String kind() {
        return getClass().getSimpleName();
    }

    /** No table is bound to the subject concept. */
    record NoSubject(String reason) implements BindFailure {
        public NoSubject {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The concept has no column with the role (and name hint) the spec needs. */
    record NoRole(String reason) implements BindFailure {
        public NoRole {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** No foreign-key path joins the concepts the spec relates. */
    record NoPath(String reason) implements BindFailure {
        public NoPath {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Several columns or paths fit equally; the candidates are named so the user can choose. */
    record Ambiguous(String reason, List<String> candidates) implements BindFailure {
        public Ambiguous {
            Objects.requireNonNull(reason, "reason");
            candidates = List.copyOf(candidates);
        }
    }

    /** A literal that no observed value of the column matches, or a condition that cannot select anything. */
    record UnsatisfiableFilter(String reason) implements BindFailure {
        public UnsatisfiableFilter {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The spec asks for something this binder does not compile exactly (or must not show, such as personal data). */
    record OutOfScope(String reason) implements BindFailure {
        public OutOfScope {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
