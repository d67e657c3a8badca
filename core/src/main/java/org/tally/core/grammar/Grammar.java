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
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.InvalidSpecException;
import org.tally.core.spec.SpecException;

/**
 * The deterministic grammar (docs/architecture.md, "One question, step by step"): question text → {@link ParseOutcome}, with no model. One instance per
 * source (pack + vocabulary + clock); thread-safe, because each parse has its own state. The rules, in the order
 * they are tried, are documented in the package overview.
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

    /** Parses a question; never throws for any input text. */
    public ParseOutcome parse(String question) {
        return parse(question, Map.of());
    }

    /**
     * Parses a question with earlier answers to clarifications: {@code choices} maps an open slot's key to the
     * chosen option label (what {@link ParseOutcome.NeedsClarification} offered).
     */
    public ParseOutcome parse(String question, Map<String, String> choices) {
        LocalDateTime now = LocalDateTime.now(clock).truncatedTo(ChronoUnit.MINUTES);
        try {
            return new ParseOutcome.Parsed(run(question, choices, now));
        } catch (GrammarMiss miss) {
            return new ParseOutcome.NoParse(miss.getMessage());
        } catch (GrammarAsk ask) {
            List<ParseOutcome.Option> options = new ArrayList<>();
            for (String label : ask.labels) {
                Map<String, String> chosen = new HashMap<>(choices);
                chosen.put(ask.key, label);
                ParseOutcome next;
                try {
                    next = new ParseOutcome.Parsed(run(question, chosen, now));
                } catch (GrammarMiss | GrammarAsk | SpecException e) {
                    next = null;
                }
                options.add(new ParseOutcome.Option(label,
                        next == null ? null : ((ParseOutcome.Parsed) next).spec()));
            }
            return new ParseOutcome.NeedsClarification(ask.slot + ":" + ask.key, ask.question, options);
        } catch (InvalidSpecException e) {
            return new ParseOutcome.NoParse("the question does not make a valid query: " + e.getMessage());
        } catch (SpecException e) {
            return new ParseOutcome.NoParse("the question contradicts itself: " + e.getMessage());
        }
    }

    private org.tally.core.spec.QuerySpec run(String question, Map<String, String> choices, LocalDateTime now) {
        List<Token> tokens = Tokenizer.tokenize(question);
        LocalDate today = now.toLocalDate();
        org.tally.core.spec.QuerySpec spec =
                new QuestionParser(pack, vocabulary, lexicon, tokens, today, now, choices).parse();
        // a contradiction ("paid unpaid bills") is found now, so a parsed spec always has a hash
        org.tally.core.spec.SpecCanonicalizer.canonicalize(spec);
        return spec;
    }
}
