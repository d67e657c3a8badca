package org.tally.core.binding;

import java.util.List;

/** An override file that cannot be used, with every problem named (entry and fix). Nothing of it is applied. */
public final class OverrideException extends RuntimeException {

    private final String file;
    private final List<String> problems;

    public OverrideException(String file, List<String> problems) {
        super("Override file " + file + " rejected:\n  - " + String.join("\n  - ", problems));
        this.file = file;
        this.problems = List.copyOf(problems);
    }

    public String file() {
        return file;
    }

    public List<String> problems() {
        return problems;
    }
}
