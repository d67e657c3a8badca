package org.tally.core.archfixture;

import java.sql.Connection;
import java.util.List;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutionOutcome;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.safety.Unvalidated;

/** Code the architecture rules must catch (never run): it is imported by CoreArchitectureTest's own checks. */
public final class BreaksTheLayering {

    private BreaksTheLayering() {
    }

    /** A switch over the dialects outside their package. */
    static String quoteOf(Dialect d) {
        return switch (d) {
            case MYSQL -> "`";
            case SQLSERVER -> "[";
            default -> "\"";
        };
    }

    /** A comparison with a constant. */
    static boolean isPostgres(Dialect d) {
        return d == Dialect.POSTGRES;
    }

    /** The executor called from outside the pipeline. */
    static ExecutionOutcome runDirectly(Connection c) {
        return new ReadOnlyExecutor(ExecutorSettings.DEFAULTS).execute(c, Unvalidated.statement("SELECT 1",
                Dialect.H2), List.of());
    }
}
