package org.tally.core.memory;

import java.util.Objects;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.SqlCompiler;
import org.tally.core.sql.SqlQuery;

/**
 * Compiled statements by their bound query and dialect. Compiling is a pure function of the two (the query is an
 * immutable record tree over physical names, compared by value), so a remembered result is what compiling again
 * would give. The key is the bound query itself, not the spec: a spec bound against another catalog version or
 * another override file gives another query and is compiled afresh. Bounded: at most {@code capacity} entries,
 * the least recently used goes first.
 */
public final class CompileMemory {

    private record Input(SqlQuery query, Dialect dialect) {
    }

    private final RecentlyUsed<Input, CompileResult> results;

    public CompileMemory(int capacity) {
        this.results = new RecentlyUsed<>(capacity);
    }

    /** {@link SqlCompiler#compile}, or the result it gave before for an equal query and the same dialect. */
    public CompileResult compile(SqlQuery query, Dialect dialect) {
        Input input = new Input(Objects.requireNonNull(query, "query"), Objects.requireNonNull(dialect, "dialect"));
        CompileResult known = results.get(input);
        if (known != null) {
            return known;
        }
        CompileResult compiled = SqlCompiler.compile(query, dialect); // outside the memory's lock: compiling takes a while
        results.put(input, compiled);
        return compiled;
    }

    int size() {
        return results.size();
    }

    long hits() {
        return results.hits();
    }
}
