package org.tally.core.spec;

/**
 * Two parts of a spec that no row can satisfy together (e.g. {@code status = 'open'} and {@code status = 'closed'}):
 * the answer would always be empty, so the spec is refused instead of run.
 */
public final class ContradictionException extends SpecException {

    private final String first;
    private final String second;

    public ContradictionException(String field, String first, String second) {
        super(field, "'" + first + "' contradicts '" + second + "'", "remove one of the two conditions");
        this.first = first;
        this.second = second;
    }

    /** A readable rendering of the first condition (see {@link Filter#describe()}). */
    public String first() {
        return first;
    }

    /** A readable rendering of the condition it contradicts. */
    public String second() {
        return second;
    }
}
