package org.tally.core.spec;

/** A broken invariant, an unknown name or malformed JSON. */
public final class InvalidSpecException extends SpecException {

    public InvalidSpecException(String field, String problem, String fix) {
        super(field, problem, fix);
    }

    /** The same problem seen from an enclosing field: {@code at("filters[1]")} makes {@code low} {@code filters[1].low}. */
    public InvalidSpecException at(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            return this;
        }
        String joined = field().isEmpty() || field().startsWith("[") ? prefix + field() : prefix + "." + field();
        return new InvalidSpecException(joined, problem(), fix());
    }
}
