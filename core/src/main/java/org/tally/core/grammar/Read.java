package org.tally.core.grammar;

/**
 * A rule's match: a count of tokens ({@code n}, what it means — tokens read or the index after them — is said by each
 * rule) and the reading with the fragments it read folded in. {@code n} of 0 (or below, where a rule says so) is no
 * match, and then {@code reading} is the one the rule was given.
 */
record Read(int n, Reading reading) {

    static Read none(Reading reading) {
        return new Read(0, reading);
    }

    static Result<Read> ok(int n, Reading reading) {
        return Result.ok(new Read(n, reading));
    }

    static Result<Read> noneOk(Reading reading) {
        return Result.ok(new Read(0, reading));
    }

    boolean matched() {
        return n > 0;
    }
}
