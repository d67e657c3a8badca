package org.tally.core.pack;

import java.util.List;

/** A domain pack that cannot be used; every problem is listed with the entry it concerns. */
final class PackException extends RuntimeException {
    private final List<String> problems;

    public PackException(String source, List<String> problems) {
        super("Domain pack " + source + " is invalid:\n  - " + String.join("\n  - ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
