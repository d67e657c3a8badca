package org.tally.core.grammar;

import java.util.List;

/** The question's tokens with the look-ups every rule makes: a word at a position, a run of words, a phrase. */
final class TokenCursor {

    private final List<Token> t;

    TokenCursor(List<Token> tokens) {
        this.t = tokens;
    }

    Token get(int i) {
        return t.get(i);
    }

    int size() {
        return t.size();
    }

    int skipFillers(int i, String... words) {
        while (i < t.size() && List.of(words).contains(t.get(i).text())) {
            i++;
        }
        return i;
    }

    /** How many tokens from {@code i} spell {@code words} exactly: all of them, or 0. */
    int match(int i, String... words) {
        if (i + words.length > t.size()) {
            return 0;
        }
        for (int k = 0; k < words.length; k++) {
            if (!t.get(i + k).is(words[k])) {
                return 0;
            }
        }
        return words.length;
    }

    int indexOf(String w, int from) {
        for (int k = from; k < t.size(); k++) {
            if (t.get(k).is(w)) {
                return k;
            }
        }
        return -1;
    }

    boolean word(int i, String w) {
        return i >= 0 && i < t.size() && t.get(i).is(w);
    }

    /** The words as typed where an ordinal word was read as a number ("first" rather than "1"). */
    String wordsAsWritten(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int k = from; k < to && k < t.size(); k++) {
            Token w = t.get(k);
            s.append(k == from ? "" : " ").append(w.ordinal() && w.raw().chars().allMatch(Character::isLetter)
                    ? w.raw() : w.text());
        }
        return s.toString();
    }

    String words(int from, int to) {
        StringBuilder s = new StringBuilder();
        for (int k = from; k < to && k < t.size(); k++) {
            s.append(k == from ? "" : " ").append(t.get(k).text());
        }
        return s.toString();
    }

    /** A whole non-negative count at {@code k} ("3", "three"), or null. */
    Integer number(int k) {
        return k < t.size() && t.get(k).isNumber() && t.get(k).number() >= 0 ? t.get(k).number() : null;
    }
}
