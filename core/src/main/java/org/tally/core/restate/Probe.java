package org.tally.core.restate;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecHash;

/**
 * The source's grammar asked whether a sentence reads as a given spec (compared by canonical spec hash), at most a
 * fixed number of times: one restatement costs a bounded number of parses however many parts its spec has. One
 * probe serves one restatement (it counts).
 */
final class Probe {

    private static final Logger LOG = LoggerFactory.getLogger(Probe.class);

    private final Function<String, ParseOutcome> grammar;
    private int parsesLeft;

    Probe(Function<String, ParseOutcome> grammar, int parses) {
        this.grammar = grammar;
        this.parsesLeft = parses;
    }

    /**
     * True when the grammar reads {@code sentence} to the spec whose canonical hash is {@code hash}; false, without
     * parsing, once the parses are spent.
     */
    boolean reads(String sentence, String hash) {
        if (parsesLeft <= 0) {
            return false;
        }
        parsesLeft--;
        ParseOutcome read;
        try {
            read = grammar.apply(sentence);
        } catch (RuntimeException e) {
            // a restatement is never worth an answer: the failure is logged (not the sentence, which holds values)
            LOG.warn("the grammar failed on a restatement candidate of {} characters", sentence.length(), e);
            return false;
        }
        if (!(read instanceof ParseOutcome.Parsed parsed)) {
            return false;
        }
        return hash(parsed::spec).map(hash::equals).orElse(false);
    }

    /** The canonical hash of the spec {@code build} makes; empty when the spec's rules refuse it. */
    static Optional<String> hash(Supplier<QuerySpec> build) {
        try {
            return Optional.of(SpecHash.canonical(build.get()).hash());
        } catch (SpecException e) {
            return Optional.empty();
        }
    }
}
