package org.tally.core.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Checks and canonical spellings of concept ids and name hints. */
final class Identifiers {

    private Identifiers() {
    }

    /** {@code [A-Za-z][A-Za-z0-9_]*}, by hand: every column reference checks its concept ids. */
    private static boolean isConceptId(String id) {
        if (id.isEmpty() || !isAsciiLetter(id.charAt(0))) {
            return false;
        }
        for (int i = 1; i < id.length(); i++) {
            char c = id.charAt(i);
            if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '_') {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    }

    /** A concept id is a pack identifier such as {@code Delivery}; surrounding whitespace is tolerated. */
    static void checkConcept(String id, String field) {
        if (id == null || id.isBlank()) {
            throw new InvalidSpecException(field, "is missing", "name a concept id of the domain pack, e.g. Delivery");
        }
        if (!isConceptId(id.trim())) {
            throw new InvalidSpecException(field, "'" + id + "' is not a concept id",
                    "use a concept id of the domain pack (letters, digits and underscores, e.g. LabResult)");
        }
    }

    /** Concept ids are case-insensitive; the canonical spelling is lower case. */
    static String canonicalConcept(String id) {
        return id == null ? null : id.trim().toLowerCase(Locale.ROOT);
    }

    static boolean sameConcept(String a, String b) {
        return a != null && b != null && canonicalConcept(a).equals(canonicalConcept(b));
    }

    /**
     * A name hint is a sequence of words: split on anything but letters and digits and at lower-to-upper case
     * changes, lower-cased and joined by one space ({@code "Delivery_Method"} → {@code "delivery method"}). A hint
     * with no words is no hint (null).
     */
    static String canonicalHint(String hint) {
        if (hint == null) {
            return null;
        }
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < hint.length(); i++) {
            char c = hint.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(word, words);
                continue;
            }
            if (Character.isUpperCase(c) && i > 0 && Character.isLowerCase(hint.charAt(i - 1))) {
                flush(word, words);
            }
            word.append(c);
        }
        flush(word, words);
        return words.isEmpty() ? null : String.join(" ", words);
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (word.length() > 0) {
            words.add(word.toString().toLowerCase(Locale.ROOT));
            word.setLength(0);
        }
    }
}
