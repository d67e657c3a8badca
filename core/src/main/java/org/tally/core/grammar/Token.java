package org.tally.core.grammar;

/**
 * One normalised word of a question: lower case, possessive removed, number words as digits.
 *
 * @param text    the normalised text ("no-show", "21", "may")
 * @param number  the value when the word is a whole number (digits or words), else null
 * @param ordinal whether the number was written as an ordinal ("1st", "third")
 */
record Token(String text, Integer number, boolean ordinal) {

    boolean is(String word) {
        return text.equals(word);
    }

    boolean isNumber() {
        return number != null && !ordinal;
    }
}
