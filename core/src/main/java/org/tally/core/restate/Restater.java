package org.tally.core.restate;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecHash;

/**
 * Says a spec back as one question in the analyst's words, and keeps a sentence only when the grammar reads it back
 * to the same spec hash. Several phrasings are tried in a fixed order (values before or after the subject's term,
 * the time phrase with or without the verb of its column); the first that the grammar reads back is the
 * restatement. A spec no phrasing round-trips gets none: an honest gap rather than a sentence that means more or
 * less than what ran.
 */
public final class Restater {

    /** The most phrasings tried for one spec (each is one parse). */
    static final int MAX_PHRASINGS = 12;

    private final Phrasings phrasings;
    private final Function<String, ParseOutcome> grammar;

    /**
     * @param pack    the concepts' own words (terms, role phrases)
     * @param grammar the source's grammar, as it reads a question
     */
    public Restater(DomainPack pack, Function<String, ParseOutcome> grammar) {
        this.phrasings = new Phrasings(Objects.requireNonNull(pack, "pack"));
        this.grammar = Objects.requireNonNull(grammar, "grammar");
    }

    /** The restatement of {@code spec}, whose canonical hash is {@code hash}; empty when none reads back to it. */
    public Optional<String> readAs(QuerySpec spec, String hash) {
        for (String sentence : candidates(spec)) {
            if (readsBackTo(sentence, hash)) {
                return Optional.of(sentence);
            }
        }
        return Optional.empty();
    }

    /** The phrasings this restater would try for {@code spec}, in order, before any is checked. */
    List<String> candidates(QuerySpec spec) {
        List<String> all = phrasings.of(spec);
        return all.size() > MAX_PHRASINGS ? all.subList(0, MAX_PHRASINGS) : all;
    }

    private boolean readsBackTo(String sentence, String hash) {
        ParseOutcome read = grammar.apply(sentence);
        if (!(read instanceof ParseOutcome.Parsed parsed)) {
            return false;
        }
        try {
            return SpecHash.canonical(parsed.spec()).hash().equals(hash);
        } catch (SpecException e) {
            return false;
        }
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
        String m = d.getMonth().name().toLowerCase(java.util.Locale.ROOT);
        return Character.toUpperCase(m.charAt(0)) + m.substring(1);
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
