package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * How a spec came to be: the grammar rule (or planner) that produced it and the conversation-focus substitutions
 * applied ("using: 2025 · Deliveries"). Shown to the user; never part of the canonical form or the hash.
 *
 * @param rule          id of the rule that fired, or null (a follow-up keeps the rule of the question it refines)
 * @param substitutions focus values filled in, in the order applied
 * @param followUp      what a follow-up did to the spec it refines (a move id), or null for a question read alone
 * @param fromTurn      the conversation turn whose spec a follow-up refines, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Provenance(String rule, List<Substitution> substitutions, String followUp, Integer fromTurn) {

    /** No provenance recorded. */
    public static final Provenance NONE = new Provenance(null, List.of());

    public Provenance {
        substitutions = substitutions == null ? List.of() : List.copyOf(substitutions);
        if (fromTurn != null && fromTurn < 1) {
            throw new InvalidSpecException("fromTurn", "is " + fromTurn, "number turns from 1");
        }
    }

    public Provenance(String rule, List<Substitution> substitutions) {
        this(rule, substitutions, null, null);
    }

    /** This provenance as a follow-up's: {@code move} applied to the spec of turn {@code turn} (null: not known). */
    public Provenance asFollowUp(String move, Integer turn) {
        return new Provenance(rule, substitutions, move, turn);
    }

    /** This provenance with the focus substitutions shown for it. */
    public Provenance withSubstitutions(List<Substitution> shown) {
        return new Provenance(rule, shown, followUp, fromTurn);
    }

    public static Provenance rule(String rule) {
        return new Provenance(rule, List.of());
    }

    /** JSON inclusion filter: an empty provenance is left out of the JSON. */
    public static final class NoneFilter {
        @Override
        public boolean equals(Object other) {
            return other == null || NONE.equals(other);
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** A slot of the spec filled from the conversation focus, e.g. slot {@code timeScope}, shown {@code 2025}. */
    public record Substitution(String slot, String shown) {
        public Substitution {
            if (slot == null || slot.isBlank()) {
                throw new InvalidSpecException("slot", "is missing", "name the spec field the focus filled");
            }
            if (shown == null) {
                throw new InvalidSpecException("shown", "is missing", "give the text shown to the user");
            }
        }
    }
}
