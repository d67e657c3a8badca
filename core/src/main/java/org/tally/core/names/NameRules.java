package org.tally.core.names;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The word tables {@link NameTokens} applies: data from the domain pack, kept apart from the algorithm so a pack
 * can extend them without code changes. Every key and word is a lowercase token of letters and digits.
 *
 * @param abbreviations   token → the words it stands for ({@code dob} → {@code [birth, date]})
 * @param prefixes        leading tokens that carry no meaning in a table name ({@code tbl}, {@code dim})
 * @param suffixes        trailing tokens that carry no meaning in a table name ({@code master}, {@code tbl})
 * @param gluedPrefixes   prefixes also recognised when glued to a lowercase word ({@code tblpatient})
 * @param irregularPlurals plural → singular where the suffix rules would be wrong ({@code diagnoses})
 * @param invariantWords  words ending in s that are already singular ({@code diabetes}, {@code series})
 * @param words           known words a run-together name may be made of ({@code admit}, {@code time}): a token that
 *                        is a concatenation of them and nothing else is split ({@code admittime})
 */
public record NameRules(
        Map<String, List<String>> abbreviations,
        Set<String> prefixes,
        Set<String> suffixes,
        Set<String> gluedPrefixes,
        Map<String, String> irregularPlurals,
        Set<String> invariantWords,
        Set<String> words) {

    public NameRules {
        abbreviations = deepCopy(abbreviations);
        prefixes = Set.copyOf(prefixes);
        suffixes = Set.copyOf(suffixes);
        gluedPrefixes = Set.copyOf(gluedPrefixes);
        irregularPlurals = Map.copyOf(irregularPlurals);
        invariantWords = Set.copyOf(invariantWords);
        words = Set.copyOf(words);
    }

    /** Rules without a word list: run-together names stay whole. */
    public NameRules(Map<String, List<String>> abbreviations, Set<String> prefixes, Set<String> suffixes,
                     Set<String> gluedPrefixes, Map<String, String> irregularPlurals, Set<String> invariantWords) {
        this(abbreviations, prefixes, suffixes, gluedPrefixes, irregularPlurals, invariantWords, Set.of());
    }

    /** These rules with {@code more} known words. */
    public NameRules withWords(Collection<String> more) {
        Set<String> all = new HashSet<>(words);
        all.addAll(more);
        return new NameRules(abbreviations, prefixes, suffixes, gluedPrefixes, irregularPlurals, invariantWords, all);
    }

    private static Map<String, List<String>> deepCopy(Map<String, List<String>> source) {
        Map<String, List<String>> copy = new HashMap<>();
        source.forEach((key, words) -> copy.put(key, List.copyOf(words)));
        return Map.copyOf(copy);
    }

    /** No abbreviations, no affixes: only splitting and the built-in plural rules. */
    public static NameRules none() {
        return new NameRules(Map.of(), Set.of(), Set.of(), Set.of(), Map.of(), Set.of());
    }
}
