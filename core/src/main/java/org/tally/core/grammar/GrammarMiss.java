package org.tally.core.grammar;

/** Internal: a parse stops with a reason; becomes {@link ParseOutcome.NoParse}. */
final class GrammarMiss extends RuntimeException {
    GrammarMiss(String reason) {
        super(reason, null, false, false);
    }
}
