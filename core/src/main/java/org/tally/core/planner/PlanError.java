package org.tally.core.planner;

import java.util.Objects;

/**
 * Why a planned spec was not used, typed so the one repair can carry it to the model and provenance can show it.
 *
 * @param kind    what went wrong
 * @param field   where, as a spec field path ({@code filters[1].value}), or {@code $} for the whole output
 * @param problem what is wrong, in words
 * @param fix     what a correct spec does instead
 */
public record PlanError(Kind kind, String field, String problem, String fix) {

    /** The kinds of failure, from the text up to the database's tables. */
    public enum Kind {
        /** The model wrote nothing, or stopped before the JSON was complete. */
        INCOMPLETE("the model's reading was incomplete"),
        /** The text is not a spec: malformed JSON, an unknown field or type, a broken invariant. */
        NOT_A_SPEC("the model's reading is not a valid query"),
        /** The spec names a concept, column or value this source's binding does not offer. */
        OUTSIDE_BINDING("the model's reading names something this source does not have"),
        /** The spec's conditions exclude each other. */
        CONTRADICTION("the model's reading contradicts itself"),
        /** The binder could not map the spec onto the source's tables, or the compiler could not compile it. */
        NOT_BOUND("the model's reading does not fit this source's tables");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    public PlanError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(fix, "fix");
    }

    /** One line for provenance and for the repair prompt: kind, field, problem and fix. */
    public String describe() {
        return kind.words() + " (" + (field.equals("$") ? "" : field + ": ") + problem + "; " + fix + ")";
    }
}
