package org.tally.core.restate;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.QuerySpec;

/**
 * Says a spec back as one question in the analyst's words, and keeps a sentence only when the grammar reads it back
 * to the same spec hash. Whole-sentence phrasings of plain counts are tried first (values before or after the
 * subject's term, the time phrase with or without the verb of its column); then sentences composed from parts the
 * grammar read one by one ({@link Composer}: aggregates, rates, predicates, related scopes, lookups, shown columns).
 * The first sentence the grammar reads back is the restatement. A spec no sentence round-trips gets none: an honest
 * gap rather than a sentence that means more or less than what ran.
 */
public final class Restater {

    /** The most whole sentences tried for one spec (each is one parse, besides the parts' own). */
    static final int MAX_PHRASINGS = 48;
    /** The most parses one restatement may cost, parts and whole sentences together (the golden readings need 57). */
    static final int MAX_PARSES = 96;

    private final Words words;
    private final Phrasings phrasings;
    private final Function<String, ParseOutcome> grammar;

    /**
     * @param pack    the concepts' own words (terms, role phrases)
     * @param grammar the source's grammar, as it reads a question
     */
    public Restater(DomainPack pack, Function<String, ParseOutcome> grammar) {
        this.words = new Words(Objects.requireNonNull(pack, "pack"));
        this.grammar = Objects.requireNonNull(grammar, "grammar");
        this.phrasings = new Phrasings(words);
    }

    /** The restatement of {@code spec}, whose canonical hash is {@code hash}; empty when none reads back to it. */
    public Optional<String> readAs(QuerySpec spec, String hash) {
        Probe probe = new Probe(grammar, MAX_PARSES);
        Optional<String> whole = first(phrasings.of(spec), hash, probe);
        return whole.isPresent() ? whole : first(new Composer(words, probe).sentences(spec), hash, probe);
    }

    private static Optional<String> first(List<String> sentences, String hash, Probe probe) {
        for (String sentence : sentences.subList(0, Math.min(sentences.size(), MAX_PHRASINGS))) {
            if (probe.reads(sentence, hash)) {
                return Optional.of(sentence);
            }
        }
        return Optional.empty();
    }

    /**
     * The sentences this restater would try for {@code spec}, in order: the whole-sentence phrasings first, then
     * those composed from parts the grammar read one by one (only built when the first give nothing).
     */
    List<String> candidates(QuerySpec spec) {
        Set<String> all = new LinkedHashSet<>(phrasings.of(spec));
        all.addAll(new Composer(words, new Probe(grammar, MAX_PARSES)).sentences(spec));
        return List.copyOf(all).subList(0, Math.min(all.size(), MAX_PHRASINGS));
    }

    /** A day range said as the grammar reads it: a whole month or year by name, else "between" its first and last day. */
    static String period(LocalDate from, LocalDate to) {
        if (from != null && to != null) {
            if (from.getDayOfMonth() == 1 && from.plusMonths(1).equals(to)) {
                return "in " + monthName(from) + " " + from.getYear();
            }
            if (from.getDayOfYear() == 1 && from.plusYears(1).equals(to)) {
                return "in " + from.getYear();
            }
            return "between " + from + " and " + to.minusDays(1);
        }
        return from != null ? "since " + from : "before " + to;
    }

    private static String monthName(LocalDate d) {
        String m = d.getMonth().name().toLowerCase(Locale.ROOT);
        return Character.toUpperCase(m.charAt(0)) + m.substring(1);
    }

    /** Every choice of one option per part, the first options first. */
    static <T> List<List<T>> combinations(List<List<T>> options) {
        List<List<T>> out = new ArrayList<>();
        out.add(List.of());
        for (List<T> choices : options) {
            List<List<T>> next = new ArrayList<>();
            for (List<T> prefix : out) {
                for (T c : choices) {
                    List<T> extended = new ArrayList<>(prefix);
                    extended.add(c);
                    next.add(extended);
                }
            }
            out = next;
        }
        return out;
    }

    /** Joins words with single spaces, leaving out empty parts. */
    static String words(String... parts) {
        List<String> kept = new ArrayList<>();
        for (String p : parts) {
            if (p != null && !p.isBlank()) {
                kept.add(p.strip());
            }
        }
        return String.join(" ", kept);
    }
}
