package org.tally.core.spec;

/**
 * A spec that cannot be used, with the field at fault and how to fix it. The message is fit to show a user:
 * {@code "<field>: <problem>. Fix: <fix>"}.
 */
public abstract class SpecException extends RuntimeException {

    private final String field;
    private final String problem;
    private final String fix;

    protected SpecException(String field, String problem, String fix) {
        super(field + ": " + problem + ". Fix: " + fix);
        this.field = field;
        this.problem = problem;
        this.fix = fix;
    }

    /** The path of the field at fault, e.g. {@code filters[2].low} or {@code limit}. */
    public String field() {
        return field;
    }

    /** What is wrong, without the field. */
    public String problem() {
        return problem;
    }

    /** What to change to make the spec valid. */
    public String fix() {
        return fix;
    }
}
