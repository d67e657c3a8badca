package org.tally.core.names;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Turns physical identifiers and question phrases into comparable lowercase tokens.
 *
 * <p>The pipeline: split (separators, {@code camelCase}, {@code ACRONYMWord}, letter/digit boundaries, a run-together
 * word made only of known words) → for
 * table names only, strip meaningless prefixes and suffixes ({@code tbl_}, {@code dim_}, {@code _master}), never
 * the last remaining token → expand abbreviations ({@code dob} → {@code birth date}) → singularise the rest.
 *
 * <p>Deliberately <em>not</em> stripped: {@code dtl}/{@code detail}, {@code line}, {@code item}. A detail table
 * usually has a different grain from its header ({@code bill_dtl} holds bill lines, not bills), so the binder must
 * see that token; {@code dtl} is expanded to {@code detail} instead. Digits are kept as their own tokens
 * ({@code icd10} → {@code icd, 10}) so a trailing version or ordinal never hides the word before it.
 */
public final class NameTokens {

    private final NameRules rules;

    public NameTokens(NameRules rules) {
        this.rules = Objects.requireNonNull(rules, "rules");
    }

    /** The result of tokenising one identifier: its raw split, the affixes removed and the normalised tokens. */
    public record Tokenized(String identifier, List<String> raw, List<String> strippedAffixes, List<String> tokens) {
        public Tokenized {
            Objects.requireNonNull(identifier, "identifier");
            raw = List.copyOf(raw);
            strippedAffixes = List.copyOf(strippedAffixes);
            tokens = List.copyOf(tokens);
        }
    }

    public NameRules rules() {
        return rules;
    }

    /** Tokens of a table (or view) name: affixes stripped, abbreviations expanded, plurals singularised. */
    public Tokenized table(String identifier) {
        List<String> raw = separateRunTogether(separateGluedPrefix(split(identifier)));
        List<String> kept = new ArrayList<>(raw);
        List<String> stripped = new ArrayList<>();
        while (kept.size() > 1 && rules.prefixes().contains(kept.get(0))) {
            stripped.add(kept.remove(0));
        }
        while (kept.size() > 1 && rules.suffixes().contains(kept.get(kept.size() - 1))) {
            stripped.add(kept.remove(kept.size() - 1));
        }
        return new Tokenized(identifier, raw, stripped, normalise(kept));
    }

    /** Tokens of a column name: no affix stripping ({@code t} or {@code data} may mean something in a column). */
    public Tokenized column(String identifier) {
        List<String> raw = separateRunTogether(split(identifier));
        return new Tokenized(identifier, raw, List.of(), normalise(raw));
    }

    /** Tokens of a phrase from a question or the pack ("mode of delivery"), normalised like a column name. */
    public List<String> phrase(String text) {
        return normalise(split(text));
    }

    /** Expands abbreviations and singularises each remaining word. */
    public List<String> normalise(List<String> rawTokens) {
        List<String> out = new ArrayList<>();
        for (String token : rawTokens) {
            List<String> expansion = rules.abbreviations().get(token);
            if (expansion != null) {
                out.addAll(expansion);
            } else {
                out.add(singular(token));
            }
        }
        return out;
    }

    /**
     * Splits an identifier into lowercase tokens: on every character that is not a letter or digit, between a
     * lowercase letter and an uppercase one, before the last capital of an acronym followed by a lowercase letter
     * ({@code ICUStay} → {@code icu, stay}), and between letters and digits.
     */
    public static List<String> split(String identifier) {
        Objects.requireNonNull(identifier, "identifier");
        List<String> tokens = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int n = identifier.length();
        for (int i = 0; i < n; i++) {
            char c = identifier.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(current, tokens);
                continue;
            }
            if (current.length() > 0 && startsNewToken(identifier, i)) {
                flush(current, tokens);
            }
            current.append(c);
        }
        flush(current, tokens);
        return tokens;
    }

    private static boolean startsNewToken(String s, int i) {
        char prev = s.charAt(i - 1);
        char c = s.charAt(i);
        if (Character.isDigit(prev) != Character.isDigit(c)) {
            return true;
        }
        if (Character.isLowerCase(prev) && Character.isUpperCase(c)) {
            return true;
        }
        // the last capital of an acronym starts the next word: "ICUStay" → "ICU" + "Stay"
        boolean nextIsLower = i + 1 < s.length() && Character.isLowerCase(s.charAt(i + 1));
        return Character.isUpperCase(prev) && Character.isUpperCase(c) && nextIsLower;
    }

    private static void flush(StringBuilder current, List<String> tokens) {
        if (current.length() > 0) {
            tokens.add(current.toString().toLowerCase(Locale.ROOT));
            current.setLength(0);
        }
    }

    /**
     * Splits each token that is a concatenation of known words and nothing else ({@code admittime} → {@code admit,
     * time}, {@code icustays} → {@code icu, stays}). Conservative: a token that is itself a word or an abbreviation
     * stays whole, every part is a known word of two letters or more (an abbreviation of three or more), the fewest
     * parts win, and a token with two equally short readings stays whole.
     */
    List<String> separateRunTogether(List<String> raw) {
        if (rules.words().isEmpty()) {
            return raw;
        }
        List<String> out = new ArrayList<>(raw.size());
        for (String token : raw) {
            out.addAll(runTogether(token));
        }
        return out;
    }

    private List<String> runTogether(String token) {
        int n = token.length();
        if (n < 5 || !token.chars().allMatch(ch -> ch >= 'a' && ch <= 'z') || knownWord(token)
                || rules.abbreviations().containsKey(token)) {
            return List.of(token);
        }
        int[] parts = new int[n + 1];
        int[] ways = new int[n + 1];
        int[] from = new int[n + 1];
        Arrays.fill(parts, Integer.MAX_VALUE);
        parts[0] = 0;
        ways[0] = 1;
        for (int end = 2; end <= n; end++) {
            for (int start = 0; start <= end - 2; start++) {
                if (parts[start] == Integer.MAX_VALUE || !part(token.substring(start, end))) {
                    continue;
                }
                int count = parts[start] + 1;
                if (count < parts[end]) {
                    parts[end] = count;
                    ways[end] = ways[start];
                    from[end] = start;
                } else if (count == parts[end]) {
                    ways[end] = Math.min(2, ways[end] + ways[start]);
                }
            }
        }
        if (parts[n] == Integer.MAX_VALUE || parts[n] < 2 || ways[n] != 1) {
            return List.of(token);
        }
        List<String> split = new ArrayList<>();
        for (int end = n; end > 0; end = from[end]) {
            split.add(0, token.substring(from[end], end));
        }
        return split;
    }

    private boolean part(String piece) {
        return knownWord(piece) || piece.length() >= 3 && rules.abbreviations().containsKey(piece);
    }

    private boolean knownWord(String word) {
        return rules.words().contains(word) || rules.words().contains(singular(word));
    }

    /** {@code tblpatient} → {@code tbl, patient}; only for prefixes that never begin an ordinary word. */
    private List<String> separateGluedPrefix(List<String> raw) {
        if (raw.isEmpty()) {
            return raw;
        }
        String first = raw.get(0);
        for (String prefix : rules.gluedPrefixes()) {
            if (first.length() >= prefix.length() + 3 && first.startsWith(prefix)
                    && Character.isLetter(first.charAt(prefix.length()))) {
                List<String> out = new ArrayList<>(raw.size() + 1);
                out.add(prefix);
                out.add(first.substring(prefix.length()));
                out.addAll(raw.subList(1, raw.size()));
                return out;
            }
        }
        return raw;
    }

    /**
     * The singular of one lowercase word. Irregular plurals and invariant words come from the rules; words of three
     * letters or fewer are left alone because they are mostly abbreviations ({@code obs}, {@code ids}).
     */
    public String singular(String word) {
        String irregular = rules.irregularPlurals().get(word);
        if (irregular != null) {
            return irregular;
        }
        if (word.length() <= 3 || rules.invariantWords().contains(word) || !word.endsWith("s")
                || word.endsWith("ss") || word.endsWith("us") || word.endsWith("is")) {
            return word;
        }
        if (word.endsWith("ies") && word.length() > 4) {
            return word.substring(0, word.length() - 3) + "y";
        }
        if (endsWithAny(word, "sses", "atuses", "ruses", "nuses", "suses", "tuses",
                "xes", "shes", "tches", "nches", "rches", "oaches")) {
            return word.substring(0, word.length() - 2);
        }
        return word.substring(0, word.length() - 1);
    }

    private static boolean endsWithAny(String word, String... endings) {
        for (String ending : endings) {
            if (word.endsWith(ending)) {
                return true;
            }
        }
        return false;
    }
}
