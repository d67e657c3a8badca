package org.tally.core.grammar;

/**
 * One normalised word of a question: lower case, possessive removed, number words as digits.
 *
 * @param text    the normalised text ("no-show", "21", "may")
 * @param number  the value when the word is a whole number (digits or words), else null
 * @param ordinal whether the number was written as an ordinal ("1st", "third")
 * @param raw     the word as typed (case kept, possessive removed): how a literal identifier is matched
 */
record Token(String text, Integer number, boolean ordinal, String raw) {

    Token(String text, Integer number, boolean ordinal) {
        this(text, number, ordinal, text);
    }

    boolean is(String word) {
        return text.equals(word);
    }

    boolean isNumber() {
        return number != null && !ordinal;
    }
}
