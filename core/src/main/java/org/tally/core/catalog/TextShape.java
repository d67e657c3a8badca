package org.tally.core.catalog;

/**
 * The outline of a text column's values, measured by the profile's one scan without reading a value out: the
 * shortest and longest value (in characters) and how many non-null values hold a letter. It lets a typed identifier
 * ("MRN0001643") be matched to the one column whose values could spell it, without storing any identifier; so it
 * is kept for personal columns too.
 *
 * @param minLength   the shortest non-null value's length
 * @param maxLength   the longest non-null value's length
 * @param withLetters non-null values holding at least one letter
 * @param nonNull     non-null values in all
 */
public record TextShape(int minLength, int maxLength, long withLetters, long nonNull) {

    public TextShape {
        if (minLength < 0 || maxLength < minLength) {
            throw new IllegalArgumentException("lengths " + minLength + ".." + maxLength + " are not a range");
        }
        if (withLetters < 0 || withLetters > nonNull) {
            throw new IllegalArgumentException("withLetters " + withLetters + " outside 0.." + nonNull);
        }
    }

    /** Whether a value spelled like {@code literal} could be one of this column's: its length and letters fit. */
    public boolean couldHold(String literal) {
        boolean lettered = literal.chars().anyMatch(Character::isLetter);
        boolean lengthFits = literal.length() >= minLength && literal.length() <= maxLength;
        return lengthFits && (lettered ? withLetters > 0 : withLetters < nonNull);
    }
}
