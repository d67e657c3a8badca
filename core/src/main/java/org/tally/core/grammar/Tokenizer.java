package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Question text → {@link Token}s. Lower-cases, drops final punctuation and commas, removes possessives, keeps
 * hyphens, slashes and ampersands inside words ("no-show", "c/s", "a&e"), turns number words into digits ("twenty
 * one" → 21) and reads ordinals ("1st", "third"). Round and square brackets are word boundaries, as a comma is:
 * "ferrous sulfate (liquid)" reads as "ferrous sulfate liquid", and a stored value spelt with its brackets still
 * matches, since values compare by their letters and digits only (ValueText). A percent sign
 * is read only right after a number ("5%", "0.9%"), and "N percent" is read the same: one word "5%" that is not a
 * count, so no rule takes it for a limit or a threshold, and a value phrase holding it ("5% dextrose", "nacl
 * 0.9%") matches the stored spelling. No bracket or percent sign ever leaves the tokenizer except inside such a
 * word, and words reach SQL only as the stored values they matched, bound as parameters. Any other character
 * (quotes, semicolons, operators, a percent sign elsewhere) makes the question unreadable: a miss naming the
 * character, never a guess.
 */
final class Tokenizer {

    private static final int MAX_LENGTH = 400;

    private static final Map<String, Integer> UNITS = Map.ofEntries(
            Map.entry("zero", 0), Map.entry("one", 1), Map.entry("two", 2), Map.entry("three", 3),
            Map.entry("four", 4), Map.entry("five", 5), Map.entry("six", 6), Map.entry("seven", 7),
            Map.entry("eight", 8), Map.entry("nine", 9), Map.entry("ten", 10), Map.entry("eleven", 11),
            Map.entry("twelve", 12), Map.entry("thirteen", 13), Map.entry("fourteen", 14),
            Map.entry("fifteen", 15), Map.entry("sixteen", 16), Map.entry("seventeen", 17),
            Map.entry("eighteen", 18), Map.entry("nineteen", 19));
    private static final Map<String, Integer> TENS = Map.of("twenty", 20, "thirty", 30, "forty", 40, "fifty", 50,
            "sixty", 60, "seventy", 70, "eighty", 80, "ninety", 90);
    private static final Map<String, Integer> ORDINALS = Map.ofEntries(
            Map.entry("first", 1), Map.entry("second", 2), Map.entry("third", 3), Map.entry("fourth", 4),
            Map.entry("fifth", 5), Map.entry("sixth", 6), Map.entry("seventh", 7), Map.entry("eighth", 8),
            Map.entry("ninth", 9), Map.entry("tenth", 10), Map.entry("eleventh", 11), Map.entry("twelfth", 12),
            Map.entry("thirteenth", 13), Map.entry("fourteenth", 14), Map.entry("fifteenth", 15),
            Map.entry("sixteenth", 16), Map.entry("seventeenth", 17), Map.entry("eighteenth", 18),
            Map.entry("nineteenth", 19), Map.entry("twentieth", 20), Map.entry("thirtieth", 30));

    /**
     * Contractions of a question word and "is" (with or without the apostrophe: analysts type "whats"), read as the
     * two words; a possessive of any other word is still dropped ("this year's deliveries").
     */
    private static final Map<String, String> CONTRACTIONS = Map.ofEntries(
            Map.entry("what's", "what is"), Map.entry("whats", "what is"), Map.entry("how's", "how is"),
            Map.entry("where's", "where is"), Map.entry("who's", "who is"), Map.entry("which's", "which is"),
            Map.entry("there's", "there is"), Map.entry("that's", "that is"), Map.entry("what're", "what are"),
            Map.entry("how're", "how are"));

    private Tokenizer() {
    }

    /** The tokens of a question, or a miss naming a character no question needs. */
    static Result<List<Token>> tokenize(String question) {
        if (question == null || question.isBlank()) {
            return Result.miss("the question is empty");
        }
        if (question.length() > MAX_LENGTH) {
            return Result.miss("the question is longer than " + MAX_LENGTH + " characters");
        }
        String typed = question.strip().replace('’', '\'');
        int end = typed.length();
        while (end > 0 && ".?!".indexOf(typed.charAt(end - 1)) >= 0) {
            end--;
        }
        // a colon that ends a word is punctuation, a boundary as a comma is ("The Cardiac ICU: what is …")
        typed = typed.substring(0, end).replaceAll(":(?=\\s|$)", " ");
        List<String> words = new ArrayList<>();
        List<String> raw = new ArrayList<>();
        for (String chunk : typed.split("[\\s,()\\[\\]]+")) {
            if (chunk.isEmpty()) {
                continue;
            }
            String contracted = CONTRACTIONS.get(chunk.toLowerCase(Locale.ROOT));
            if (contracted != null) {
                // "what's the number of …" is "what is the number of …", never a possessive of "what"
                for (String part : contracted.split(" ")) {
                    words.add(part);
                    raw.add(part);
                }
                continue;
            }
            String word = clean(chunk);
            if (word == null) {
                return Result.miss(unexpected(chunk));
            }
            words.add(word.toLowerCase(Locale.ROOT));
            raw.add(word);
        }
        if (words.isEmpty()) {
            return Result.miss("the question has no words");
        }
        percents(words, raw);
        List<Token> tokens = numbers(words);
        if (tokens.size() != words.size()) {
            return Result.ok(tokens); // number words merged: positions moved, and numbers need no typed spelling
        }
        List<Token> typedTokens = new ArrayList<>(tokens.size());
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            typedTokens.add(t.number() == null ? new Token(t.text(), null, false, raw.get(i)) : t);
        }
        return Result.ok(typedTokens);
    }

    /** The word without its possessive, or null when it holds a character no question needs. */
    private static String clean(String chunk) {
        String word = withoutPossessive(chunk);
        return unreadable(word) < 0 ? word : null;
    }

    private static String withoutPossessive(String chunk) {
        if (chunk.endsWith("'s") || chunk.endsWith("'S")) {
            return chunk.substring(0, chunk.length() - 2);
        }
        return chunk.endsWith("s'") ? chunk.substring(0, chunk.length() - 1) : chunk;
    }

    /** Where the first character no question needs is in {@code word}, or -1. */
    private static int unreadable(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            boolean inner = i > 0 && i < word.length() - 1;
            boolean ok = Character.isLetterOrDigit(c)
                    || (inner && (c == '-' || c == '/' || c == '&'))
                    || (c == '%' && i == word.length() - 1 && isNumber(word.substring(0, i)))
                    || (inner && c == '.' && Character.isDigit(word.charAt(i - 1))
                        && Character.isDigit(word.charAt(i + 1)));
            if (!ok) {
                return i;
            }
        }
        return -1;
    }

    /** Digits with an optional decimal part ("5", "0.9"): what a percent sign may follow. */
    private static boolean isNumber(String text) {
        return text.matches("\\d+(\\.\\d+)?");
    }

    private static String unexpected(String chunk) {
        String word = withoutPossessive(chunk);
        return "unexpected character '" + word.charAt(unreadable(word)) + "' in '" + chunk + "'";
    }

    /**
     * "N percent" and "N per cent" as the one word "N%" (in {@code words} and, alike, in {@code raw}), so both
     * spellings read as the percent sign does. Only digits merge: a number word before "percent" is left as it was.
     */
    private static void percents(List<String> words, List<String> raw) {
        for (int i = 0; i + 1 < words.size(); i++) {
            if (!isNumber(words.get(i))) {
                continue;
            }
            int spelt = words.get(i + 1).equals("percent") ? 1
                    : words.get(i + 1).equals("per") && i + 2 < words.size() && words.get(i + 2).equals("cent") ? 2
                    : 0;
            if (spelt > 0) {
                words.set(i, words.get(i) + "%");
                raw.set(i, raw.get(i) + "%");
                words.subList(i + 1, i + 1 + spelt).clear();
                raw.subList(i + 1, i + 1 + spelt).clear();
            }
        }
    }

    /** Number words → digits ("twenty one", "twenty-one" → 21); ordinals ("3rd", "third") flagged. */
    private static List<Token> numbers(List<String> words) {
        List<Token> out = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (w.matches("\\d{1,9}")) {
                out.add(new Token(w, Integer.parseInt(w), false));
                continue;
            }
            if (w.matches("\\d{1,2}(st|nd|rd|th)")) {
                int n = Integer.parseInt(w.substring(0, w.length() - 2));
                out.add(new Token(Integer.toString(n), n, true));
                continue;
            }
            Integer ordinal = ordinalWord(w);
            if (ordinal != null) {
                out.add(new Token(Integer.toString(ordinal), ordinal, true, w)); // "first care unit" may be a name
                continue;
            }
            String[] parts = w.split("-");
            if (parts.length == 2 && TENS.containsKey(parts[0]) && UNITS.containsKey(parts[1])
                    && UNITS.get(parts[1]) < 10 && UNITS.get(parts[1]) > 0) {
                int n = TENS.get(parts[0]) + UNITS.get(parts[1]);
                out.add(new Token(Integer.toString(n), n, false));
                continue;
            }
            if (TENS.containsKey(w)) {
                int n = TENS.get(w);
                if (i + 1 < words.size() && UNITS.containsKey(words.get(i + 1))
                        && UNITS.get(words.get(i + 1)) > 0 && UNITS.get(words.get(i + 1)) < 10) {
                    n += UNITS.get(words.get(++i));
                }
                out.add(new Token(Integer.toString(n), n, false));
                continue;
            }
            if (UNITS.containsKey(w)) {
                int n = UNITS.get(w);
                out.add(new Token(Integer.toString(n), n, false));
                continue;
            }
            out.add(new Token(w, null, false));
        }
        return out;
    }

    private static Integer ordinalWord(String w) {
        if (ORDINALS.containsKey(w)) {
            return ORDINALS.get(w);
        }
        String[] parts = w.split("-");
        if (parts.length == 2 && TENS.containsKey(parts[0]) && ORDINALS.containsKey(parts[1])
                && ORDINALS.get(parts[1]) < 10) {
            return TENS.get(parts[0]) + ORDINALS.get(parts[1]);
        }
        return null;
    }
}
