package org.tally.core.grammar;

import java.util.List;
import java.util.Objects;
import org.tally.core.spec.QuerySpec;

/** What the grammar made of a question: a spec, one question back to the user, or a typed miss. */
public sealed interface ParseOutcome permits ParseOutcome.Parsed, ParseOutcome.NeedsClarification,
        ParseOutcome.NoParse {

    /**
     * Every word was understood; the spec carries the rule that fired in its provenance. {@code readings} says, in
     * plain words, how a misspelt word was read ("read 'admited' as 'admitted'"); empty when every word was read as
     * typed.
     */
    record Parsed(QuerySpec spec, List<String> readings) implements ParseOutcome {
        public Parsed {
            Objects.requireNonNull(spec, "spec");
            readings = readings == null ? List.of() : List.copyOf(readings);
        }

        public Parsed(QuerySpec spec) {
            this(spec, List.of());
        }
    }

    /**
     * The question is understood except for one slot with several equally good readings. Each option names a
     * candidate and, where choosing it completes the parse, the spec it would give.
     *
     * @param slot     which part is open: {@code subject}, {@code column}, {@code timeColumn}, {@code value}
     * @param question the templated question shown to the user
     * @param options  at least two candidates
     */
    record NeedsClarification(String slot, String question, List<Option> options) implements ParseOutcome {
        public NeedsClarification {
            Objects.requireNonNull(slot, "slot");
            Objects.requireNonNull(question, "question");
            options = List.copyOf(options);
            if (options.size() < 2) {
                throw new IllegalArgumentException("a clarification needs at least two options");
            }
        }
    }

    /** No rule matched, or a word was not understood; {@code reason} says which and why. */
    record NoParse(String reason) implements ParseOutcome {
        public NoParse {
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("a miss needs a reason");
            }
        }
    }

    /** One candidate of a clarification: a label for a button, and the spec it leads to (null when unknown). */
    record Option(String label, QuerySpec spec) {
        public Option {
            Objects.requireNonNull(label, "label");
        }
    }
}
