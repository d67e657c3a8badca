package org.tally.core.sql;

import java.util.Objects;
import org.tally.core.dialect.Dialect;

/**
 * Lowers a query (grain safety) and renders it for one dialect. A construct the pass or the dialect cannot express
 * safely comes back as {@link CompileResult.Unsupported}; bugs in the tree (unknown aliases, broken invariants)
 * throw {@link IllegalArgumentException}.
 */
public final class SqlCompiler {

    private SqlCompiler() {
    }

    public static SqlRenderer renderer(Dialect dialect) {
        return new SqlRenderer(Objects.requireNonNull(dialect, "dialect").rules());
    }

    /**
     * Applies {@link GrainSafety} (and {@link RelatedProbe} where the dialect asks for it), lowers a cut that keeps
     * ties to a rank filter ({@link TiesAtCut}) and renders.
     */
    public static CompileResult compile(SqlQuery query, Dialect dialect) {
        SqlQuery lowered;
        try {
            lowered = GrainSafety.apply(query);
            if (dialect.rules().drivesProbesFromRelatedRows()) {
                lowered = RelatedProbe.apply(lowered);
            }
            lowered = TiesAtCut.apply(lowered);
        } catch (UnsupportedSqlException e) {
            return new CompileResult.Unsupported(dialect.id(), e.construct(), e.reason());
        }
        return renderer(dialect).render(lowered);
    }
}
