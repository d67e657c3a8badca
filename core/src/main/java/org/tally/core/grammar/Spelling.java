package org.tally.core.grammar;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.Predicate;
import org.tally.core.pack.RoleHint;
import org.tally.core.pack.ValueClass;

/**
 * The words one source knows, and the one known word a misspelt word can be read as. Known: every word of the
 * source's lexicon (concept terms, column words, recorded values, predicates, aliases), every word of the pack's
 * vocabulary, and the grammar's own words ({@code grammar-words.txt}). A word that is none of these, at least five
 * letters long and without digits, is read as a known word only when exactly one known word of four letters or more
 * is one edit away (a letter added, dropped, changed, or two neighbours swapped: "admited" as "admitted",
 * "potasium" as "potassium") with the same first and last letters (so never another form of a word: "discharges" is
 * not read as "discharged"); two or more, or none: no reading, and the question misses as it would have. A known word is never read as
 * another. Built once per lexicon; the look-up is a deletion index, so no question scans the known words.
 */
final class Spelling {

    /** A word read as another known word, said back to the user in plain words. */
    record Correction(String typed, String read) {
        String describe() {
            return "read '" + typed + "' as '" + read + "'";
        }
    }

    private static final int MIN_TYPED = 5;
    private static final int MIN_TARGET = 4;
    private static final Set<String> GRAMMAR_WORDS = grammarWords();

    private final Set<String> known;
    private final NameTokens names;
    /** Each target word, and each of its spellings with one letter dropped, to the target words. */
    private final Map<String, List<String>> deletions = new HashMap<>();

    Spelling(DomainPack pack, GrammarVocabulary vocabulary, List<LexiconEntry> entries) {
        this.names = pack.nameTokens();
        Set<String> words = new LinkedHashSet<>(GRAMMAR_WORDS);
        for (LexiconEntry e : entries) {
            addWords(words, e.phrase());
        }
        for (Concept c : pack.concepts()) {
            c.terms().forEach(t -> addWords(words, t));
            for (RoleHint h : c.roleHints()) {
                h.phrases().forEach(p -> addWords(words, p));
            }
        }
        for (Predicate p : pack.predicates()) {
            p.phrases().forEach(ph -> addWords(words, ph));
        }
        for (ValueClass vc : pack.valueClasses()) {
            vc.phrases().forEach(ph -> addWords(words, ph));
        }
        pack.nameTokens().rules().abbreviations().forEach((abbreviation, expansion) -> {
            addWords(words, abbreviation);
            expansion.forEach(x -> addWords(words, x));
        });
        vocabulary.namedTables().keySet().forEach(t -> addWords(words, t));
        this.known = Set.copyOf(words);
        Set<String> targets = new HashSet<>();
        for (String w : words) {
            if (w.length() >= MIN_TARGET && w.chars().allMatch(ch -> Character.isLetter(ch) || ch == '-')) {
                targets.add(w);
                targets.add(w.endsWith("s") ? w : w + "s"); // "admisions" is one letter from "admissions"
            }
        }
        for (String t : targets) {
            deletions.computeIfAbsent(t, k -> new ArrayList<>(1)).add(t);
            for (int i = 0; i < t.length(); i++) {
                String d = t.substring(0, i) + t.substring(i + 1);
                List<String> to = deletions.computeIfAbsent(d, k -> new ArrayList<>(1));
                if (!to.contains(t)) {
                    to.add(t);
                }
            }
        }
    }

    private static void addWords(Set<String> words, String phrase) {
        for (String w : phrase.toLowerCase(Locale.ROOT).split("[\\s,()\\[\\]]+")) {
            if (!w.isEmpty()) {
                words.add(w);
            }
        }
    }

    /** Whether {@code word} (a token's text) is a word this source or the grammar knows, in the singular too. */
    boolean known(String word) {
        return known.contains(word) || known.contains(names.singular(word));
    }

    /** The one known word {@code word} is a misspelling of, or empty (known, too short, a number, none or several). */
    Optional<String> correction(String word) {
        if (word.length() < MIN_TYPED || !word.chars().allMatch(ch -> Character.isLetter(ch) || ch == '-')
                || known(word)) {
            return Optional.empty();
        }
        Set<String> near = new LinkedHashSet<>();
        collect(word, near);
        for (int i = 0; i < word.length(); i++) {
            collect(word.substring(0, i) + word.substring(i + 1), near);
        }
        // the first and last letters as typed: a word ending otherwise is another form of a word ("discharges",
        // "discharged"), or another word, not a slip
        near.removeIf(t -> t.charAt(0) != word.charAt(0) || t.charAt(t.length() - 1) != word.charAt(word.length() - 1)
                || distance(word, t) != 1);
        return near.size() == 1 ? Optional.of(near.iterator().next()) : Optional.empty();
    }

    private void collect(String key, Set<String> into) {
        List<String> to = deletions.get(key);
        if (to != null) {
            into.addAll(to);
        }
    }

    /** The corrections of a question's words, in order; empty when no word needs one or none has exactly one. */
    List<Correction> corrections(List<Token> tokens) {
        List<Correction> out = new ArrayList<>();
        for (Token t : tokens) {
            if (t.number() != null) {
                continue;
            }
            correction(t.text()).ifPresent(read -> {
                if (out.stream().noneMatch(c -> c.typed().equals(t.text()))) {
                    out.add(new Correction(t.text(), read));
                }
            });
        }
        return out;
    }

    /** Edit distance with swaps of neighbours (optimal string alignment). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** The grammar's own words (the resource beside this class). */
    static Set<String> grammarWords() {
        Set<String> words = new HashSet<>();
        try (InputStream in = Spelling.class.getResourceAsStream("grammar-words.txt")) {
            if (in == null) {
                throw new IllegalStateException("grammar-words.txt is missing from the grammar package");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String w = line.strip();
                if (!w.isEmpty() && !w.startsWith("#")) {
                    words.add(w);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.copyOf(words);
    }
}
