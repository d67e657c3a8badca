package org.tally.core.grammar;

import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.Dimension;
import org.tally.core.spec.InvalidSpecException;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;

/**
 * The deterministic grammar (see docs/architecture.md): question text → {@link ParseOutcome}, with no model. One
 * instance per source (pack + vocabulary + clock); thread-safe, because a parse shares nothing but what never
 * changes. The rules, in the order they are tried, are documented in the package overview.
 */
public final class Grammar {

    private final DomainPack pack;
    private final GrammarVocabulary vocabulary;
    private final Clock clock;
    private final Lexicon lexicon;

    public Grammar(DomainPack pack, GrammarVocabulary vocabulary, Clock clock) {
        this.pack = Objects.requireNonNull(pack, "pack");
        this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lexicon = new Lexicon(pack, vocabulary);
    }

    /** The source's concepts, columns and values as this grammar reads them. */
    public GrammarVocabulary vocabulary() {
        return vocabulary;
    }

    public DomainPack pack() {
        return pack;
    }

    /** The day relative time phrases count from. */
    public LocalDate today() {
        return now().toLocalDate();
    }

    /** The words this grammar reads on its source, with what each can mean. */
    public Lexicon lexicon() {
        return lexicon;
    }

    /** Parses a question; never throws for any input text. */
    public ParseOutcome parse(String question) {
        return parse(question, Map.of());
    }

    /**
     * Parses a question with earlier answers to clarifications: {@code choices} maps an open slot's key to the
     * chosen option label (what {@link ParseOutcome.NeedsClarification} offered).
     */
    public ParseOutcome parse(String question, Map<String, String> choices) {
        LocalDateTime now = now();
        ParseOutcome read = outcome(chosen -> run(question, chosen, now, Rules::parse), choices);
        if (!(read instanceof ParseOutcome.NoParse)) {
            return read;
        }
        // a phrase put first ("Last month, how many …") is read where it usually stands, when every place it could
        // stand gives the same reading
        List<String> placements = FrontedPhrases.placements(question);
        if (!placements.isEmpty()) {
            Optional<ParseOutcome> placed = agreed(placements, choices, now);
            if (placed.isPresent()) {
                return placed.get();
            }
        }
        return respelt(question, choices, now).orElse(read);
    }

    /**
     * The reading every placement that parses agrees on (the first placement's outcome), a question back when that
     * is the only outcome, or empty when none parses or two give different specs: then the order is left unread.
     */
    private Optional<ParseOutcome> agreed(List<String> placements, Map<String, String> choices, LocalDateTime now) {
        ParseOutcome first = null;
        QuerySpec meaning = null;
        for (String text : placements) {
            ParseOutcome o = outcome(chosen -> run(text, chosen, now, Rules::parse), choices);
            if (o instanceof ParseOutcome.NoParse) {
                continue;
            }
            if (!(o instanceof ParseOutcome.Parsed parsed)) {
                if (placements.size() == 1) {
                    return Optional.of(o);
                }
                return Optional.empty(); // a question back about one placement: the order is not clear
            }
            QuerySpec spec = parsed.spec().withProvenance(Provenance.NONE);
            if (meaning == null) {
                meaning = spec;
                first = o;
            } else if (!meaning.equals(spec)) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(first);
    }

    /**
     * A question that misses, read again with each word this source does not know read as the one known word it is
     * a letter away from (see {@link Spelling}): the outcome when that reading parses (or asks), with each such
     * reading said in words; empty when no word has exactly one such reading or the question still misses.
     */
    private Optional<ParseOutcome> respelt(String question, Map<String, String> choices, LocalDateTime now) {
        Result<List<Token>> tokens = Tokenizer.tokenize(question);
        if (tokens.stopped()) {
            return Optional.empty();
        }
        List<Spelling.Correction> corrections = lexicon.spelling().corrections(tokens.value());
        if (corrections.isEmpty()) {
            return Optional.empty();
        }
        String text = question;
        for (Spelling.Correction c : corrections) {
            text = Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(c.typed()) + "(?![\\p{L}\\p{N}])",
                    Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE).matcher(text).replaceAll(
                            Matcher.quoteReplacement(c.read()));
        }
        String respelt = text;
        ParseOutcome read = outcome(chosen -> run(respelt, chosen, now, Rules::parse), choices);
        if (read instanceof ParseOutcome.Parsed parsed) {
            return Optional.of(new ParseOutcome.Parsed(parsed.spec(),
                    corrections.stream().map(Spelling.Correction::describe).toList()));
        }
        return read instanceof ParseOutcome.NeedsClarification ? Optional.of(read) : Optional.empty();
    }

    /**
     * Reads a follow-up to {@code last} ("and by ward?", "only caesareans", "what about 2024?"): its words are read
     * against the last spec's subject by the same modifier rules as a whole question, and what they say is applied
     * to that spec (conditions and related scopes added, a grouping or time bucket added, a period replaced). The
     * outcome is the refined spec, one clarifying question, or a miss when the words do not refine it.
     */
    public ParseOutcome refine(QuerySpec last, String followUp) {
        return refine(last, followUp, Map.of());
    }

    /** {@link #refine(QuerySpec, String)} with earlier answers to its clarifications. */
    public ParseOutcome refine(QuerySpec last, String followUp, Map<String, String> choices) {
        return refine(last, null, followUp, choices);
    }

    /**
     * {@link #refine(QuerySpec, String, Map)} when {@code last} itself refined {@code narrowedFrom} (null: it stood
     * alone): "as a percentage" then counts the share the last follow-up narrowed to. The refined spec's provenance
     * names the move ({@link FollowUpMove#of}).
     */
    public ParseOutcome refine(QuerySpec last, QuerySpec narrowedFrom, String followUp, Map<String, String> choices) {
        Objects.requireNonNull(last, "last");
        LocalDateTime now = now();
        ParseOutcome read = outcome(chosen -> run(followUp, chosen, now,
                rules -> rules.followUps.refine(last, narrowedFrom)), choices);
        return intoGroup(last, read);
    }

    /**
     * A follow-up value that could be on several columns, one of which the last answer is grouped by ("only
     * Cardiology" after "by clinic"), means that group: the analyst is looking at those groups.
     */
    private static ParseOutcome intoGroup(QuerySpec last, ParseOutcome read) {
        if (!(read instanceof ParseOutcome.NeedsClarification ask)) {
            return read;
        }
        List<ParseOutcome.Option> grouped = ask.options().stream().filter(o -> o.spec() != null
                && last.dimensions().stream().anyMatch(d -> d instanceof Dimension.Column
                && o.spec().filters().stream().anyMatch(f -> FollowUps.fixes(f, d.column())))).toList();
        return grouped.size() == 1 ? new ParseOutcome.Parsed(grouped.get(0).spec()) : read;
    }

    private LocalDateTime now() {
        return LocalDateTime.now(clock).truncatedTo(ChronoUnit.MINUTES);
    }

    /** A reading as the outcome the caller sees; a question back offers each option with the spec it leads to. */
    private static ParseOutcome outcome(Function<Map<String, String>, Result<QuerySpec>> reading,
                                        Map<String, String> choices) {
        Result<QuerySpec> read = reading.apply(choices);
        if (read instanceof Result.Ok<QuerySpec> ok) {
            return new ParseOutcome.Parsed(ok.value());
        }
        Halt halt = ((Result.Stop<QuerySpec>) read).halt();
        if (halt instanceof Halt.Miss miss) {
            return new ParseOutcome.NoParse(miss.reason());
        }
        Halt.Ask ask = (Halt.Ask) halt;
        List<ParseOutcome.Option> options = new ArrayList<>();
        for (String label : ask.labels()) {
            Map<String, String> chosen = new HashMap<>(choices);
            chosen.put(ask.key(), label);
            Result<QuerySpec> next = reading.apply(chosen);
            options.add(new ParseOutcome.Option(label, next.stopped() ? null : next.value()));
        }
        return new ParseOutcome.NeedsClarification(ask.slot() + ":" + ask.key(), ask.question(), options);
    }

    /**
     * One reading of {@code text} with these choices. The spec library validates what it is given by throwing; those
     * failures are the question's own contradictions and become misses here.
     */
    private Result<QuerySpec> run(String text, Map<String, String> choices, LocalDateTime now,
                                  Function<Rules, Result<QuerySpec>> read) {
        Result<List<Token>> tokens = Tokenizer.tokenize(text);
        if (tokens.stopped()) {
            return tokens.stop();
        }
        LocalDate today = now.toLocalDate();
        ParseContext context = new ParseContext(pack, vocabulary, lexicon, new TokenCursor(tokens.value()),
                new TimePhrases(tokens.value(), today), today, now, new Clarifications(choices));
        try {
            Result<QuerySpec> spec = read.apply(new Rules(context));
            if (!spec.stopped()) {
                // a contradiction ("paid unpaid bills") is found now, so a parsed spec always has a hash
                SpecCanonicalizer.canonicalize(spec.value());
            }
            return spec;
        } catch (InvalidSpecException e) {
            return Result.miss("the question does not make a valid query: " + e.getMessage());
        } catch (SpecException e) {
            return Result.miss("the question contradicts itself: " + e.getMessage());
        }
    }
}
