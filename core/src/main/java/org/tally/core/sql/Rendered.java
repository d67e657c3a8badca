package org.tally.core.sql;

import java.util.List;
import java.util.Objects;

/**
 * A rendered statement: {@code sql} with {@code ?} placeholders and its {@code parameters} in order (what is
 * executed), and {@code inlined}, the same statement with escaped literals in place of the placeholders, for
 * provenance and display only. Never execute {@code inlined}.
 */
public record Rendered(String sql, List<SqlValue> parameters, String inlined) {
    public Rendered {
        Objects.requireNonNull(sql, "Rendered.sql");
        parameters = List.copyOf(parameters);
        Objects.requireNonNull(inlined, "Rendered.inlined");
    }
}
