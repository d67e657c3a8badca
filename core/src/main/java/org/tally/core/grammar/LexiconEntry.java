package org.tally.core.grammar;

import java.util.List;
import java.util.Objects;
import org.tally.core.spec.ColumnRole;

/**
 * One meaning a word or phrase has on one source, and why: what the {@code lexicon} command shows. The grammar reads
 * words through the same pack and vocabulary; an entry says which of them a phrase can be.
 *
 * @param phrase  the phrase as the lexicon holds it (lower case)
 * @param meaning what it can stand for
 * @param why     where that reading comes from, in words
 */
public record LexiconEntry(String phrase, Meaning meaning, String why) {

    public LexiconEntry {
        Objects.requireNonNull(phrase, "phrase");
        Objects.requireNonNull(meaning, "meaning");
        Objects.requireNonNull(why, "why");
    }

    /** What a phrase can stand for. */
    public sealed interface Meaning permits Concept, Column, Value, Predicate, Word {
        /** The kind of meaning, for display ("concept", "column", "value", "predicate", or a word's kind). */
        String kind();

        /** The meaning in words ("Admission", "the discharge time of Admission", "'CS' in Delivery's mode"). */
        String describe();
    }

    /** A concept of the pack; {@code bound} when this source holds it. */
    public record Concept(String concept, boolean bound) implements Meaning {
        @Override
        public String kind() {
            return "concept";
        }

        @Override
        public String describe() {
            return concept + (bound ? "" : " (not held by this source)");
        }
    }

    /** A column of a concept, named by its role and the words of its name. */
    public record Column(String concept, ColumnRole role, List<String> nameWords) implements Meaning {
        public Column {
            nameWords = List.copyOf(nameWords);
        }

        @Override
        public String kind() {
            return "column";
        }

        @Override
        public String describe() {
            return "the " + String.join(" ", nameWords) + " column of " + concept + " (" + role.jsonName() + ")";
        }
    }

    /** A value stored in a column of a concept, in the spelling the column holds. */
    public record Value(String concept, ColumnRole role, List<String> nameWords, String stored) implements Meaning {
        public Value {
            nameWords = List.copyOf(nameWords);
        }

        @Override
        public String kind() {
            return "value";
        }

        @Override
        public String describe() {
            return "'" + stored + "' in the " + String.join(" ", nameWords) + " column of " + concept;
        }
    }

    /** A condition of the pack ("currently admitted"), with the concepts of this source it can be checked on. */
    public record Predicate(String id, List<String> concepts) implements Meaning {
        public Predicate {
            concepts = List.copyOf(concepts);
        }

        @Override
        public String kind() {
            return "predicate";
        }

        @Override
        public String describe() {
            return "the condition '" + id + "'" + (concepts.isEmpty() ? " (no concept of this source can be checked)"
                    : " on " + String.join(", ", concepts));
        }
    }

    /** A word of the questions themselves: a time, measure, comparison, unit, grouping, question or filler word. */
    public record Word(String kind, String means) implements Meaning {
        public Word {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(means, "means");
        }

        @Override
        public String describe() {
            return means;
        }
    }
}
