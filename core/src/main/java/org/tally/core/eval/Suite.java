package org.tally.core.eval;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The questions of one suite file, in the file's order. {@code today} is the date the suite's relative phrases were
 * resolved from, when the file says (null otherwise).
 */
public record Suite(String name, SuiteFormat format, LocalDate today, List<SuiteCase> cases) {

    public Suite {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(format, "format");
        cases = List.copyOf(cases);
        Set<String> ids = new HashSet<>();
        for (SuiteCase c : cases) {
            if (!ids.add(c.id())) {
                throw new IllegalArgumentException("the suite holds question id " + c.id() + " twice");
            }
        }
    }
}
