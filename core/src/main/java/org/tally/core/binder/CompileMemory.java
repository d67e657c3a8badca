package org.tally.core.binder;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.tally.core.source.Dialect;
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
final class CompileMemory {

    private record Input(SqlQuery query, Dialect dialect) {
    }

    private final int capacity;
    private final Map<Input, CompileResult> results;
    private long hits;

    CompileMemory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, not " + capacity);
        }
        this.capacity = capacity;
        this.results = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Input, CompileResult> eldest) {
                return size() > CompileMemory.this.capacity;
            }
        };
    }

    /** {@link SqlCompiler#compile}, or the result it gave before for an equal query and the same dialect. */
    CompileResult compile(SqlQuery query, Dialect dialect) {
        Input input = new Input(Objects.requireNonNull(query, "query"), Objects.requireNonNull(dialect, "dialect"));
        synchronized (this) {
            CompileResult known = results.get(input);
            if (known != null) {
                hits++;
                return known;
            }
        }
        CompileResult compiled = SqlCompiler.compile(query, dialect); // outside the lock: compiling takes a while
        synchronized (this) {
            results.put(input, compiled);
        }
        return compiled;
    }

    synchronized int size() {
        return results.size();
    }

    synchronized long hits() {
        return hits;
    }
}
