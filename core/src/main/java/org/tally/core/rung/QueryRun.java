package org.tally.core.rung;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.catalog.Indexes;
import org.tally.core.execute.ExecutionOutcome;
import org.tally.core.execute.Preflight;
import org.tally.core.execute.QueryResult;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.execute.SqlParameter;
import org.tally.core.memory.CompileMemory;
import org.tally.core.memory.VerdictMemory;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.safety.ValidatedStatement;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.JoinColumns;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.SqlCompiler;
import org.tally.core.sql.SqlQuery;
import org.tally.core.sql.SqlRenderer;
import org.tally.core.sql.SqlValue;

/**
 * compile → validate → preflight → execute for one bound query, each step added to the path as it ends. The grammar
 * rung's first answer and every later page of a list go through this one pipeline, so a page passes the same safety
 * policy and bounds as the answer it continues.
 */
final class QueryRun {

    /** How a run ended. The execute step of a successful run is left to the caller, which knows what rows mean. */
    sealed interface Result {

        /** Rows came back; {@code inlined} is the validated statement with its values written in, for people. */
        record Ran(QueryResult result, String inlined) implements Result {
        }

        /** The query could not be compiled or was rejected by the policy: a miss the ladder may go past. */
        record Missed(String reason) implements Result {
        }

        /** The database was not asked or failed: an error the user sees. */
        record Failed(String message) implements Result {
        }
    }

    private final GrammarRung.Source source;
    private final VerdictMemory policy;
    private final ReadOnlyExecutor executor;
    private final LongSupplier nanoTime;
    private final CompileMemory compiler;
    private final SqlRenderer renderer;

    QueryRun(GrammarRung.Source source, SqlSafetyPolicy policy, ReadOnlyExecutor executor, LongSupplier nanoTime) {
        this(source, policy, executor, nanoTime, new CompileMemory(GrammarRung.REMEMBERED_STATEMENTS));
    }

    QueryRun(GrammarRung.Source source, SqlSafetyPolicy policy, ReadOnlyExecutor executor, LongSupplier nanoTime,
             CompileMemory compiler) {
        this.source = Objects.requireNonNull(source, "source");
        this.policy = new VerdictMemory(Objects.requireNonNull(policy, "policy"), 2 * GrammarRung.REMEMBERED_STATEMENTS);
        this.executor = Objects.requireNonNull(executor, "executor");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.compiler = Objects.requireNonNull(compiler, "compiler");
        this.renderer = SqlCompiler.renderer(source.dialect());
    }

    int maxRows() {
        return executor.settings().maxRows();
    }

    /** Whether {@code query} compiles and passes the safety policy, without running it: empty when it does, else why not. */
    Optional<String> check(SqlQuery query) {
        CompileResult compiled = compiler.compile(query, source.dialect());
        if (compiled instanceof CompileResult.Unsupported unsupported) {
            return Optional.of(unsupported.message());
        }
        Rendered rendered = ((CompileResult.Compiled) compiled).rendered();
        SafetyVerdict verdict = policy.check(rendered.sql(), source.dialect(), source.allowed(), maxRows());
        return verdict.allowed() ? Optional.empty()
                : Optional.of("the compiled statement was rejected: " + verdict.reason());
    }

    Result run(SqlQuery query, List<PathStep> steps) {
        long t = nanoTime.getAsLong();
        CompileResult compiled = compiler.compile(query, source.dialect()); // a pure function, remembered
        if (compiled instanceof CompileResult.Unsupported unsupported2) {
            String reason = unsupported2.message();
            steps.add(new PathStep("compile", Outcome.MISS, reason, ms(t)));
            return new Result.Missed(reason);
        }
        Rendered rendered = ((CompileResult.Compiled) compiled).rendered();
        steps.add(new PathStep("compile", Outcome.OK, null, ms(t)));
        return validateAndRun(rendered.sql(), "the compiled statement", query, steps,
                statement -> statement.withValuesWritten(literals(rendered)),
                SqlParameter.fromCompiled(rendered.parameters()), rendered.inlined());
    }

    /**
     * validate → preflight → execute for one statement a local model wrote (rung 4): the same policy, allow-list,
     * bounds and steps as a compiled one, without the compile step. It has no parameters; the copy shown is the
     * statement the policy allowed.
     */
    Result runWritten(String sql, List<PathStep> steps) {
        return validateAndRun(sql, "the model-written SQL", null, steps, ValidatedStatement::sql, List.of(), sql);
    }

    /** @param query the bound query the statement was compiled from, for index advice; null for a written one */
    private Result validateAndRun(String sql, String what, SqlQuery query, List<PathStep> steps,
                                  Function<ValidatedStatement, String> shown, List<SqlParameter> parameters,
                                  String fallback) {
        long t = nanoTime.getAsLong();
        SafetyVerdict verdict = policy.check(sql, source.dialect(), source.allowed(), maxRows());
        if (!verdict.allowed()) {
            steps.add(new PathStep("validate", Outcome.MISS, verdict.reason(), ms(t)));
            return new Result.Missed(what + " was rejected: " + verdict.reason());
        }
        ValidatedStatement statement = verdict.statement();
        // the copy shown to people is the validated statement with its values written in, not a second check
        String inlined = shown.apply(statement);
        steps.add(new PathStep("validate", Outcome.OK, null, ms(t)));

        ExecutionOutcome outcome = executor.execute(source.connection(), statement, parameters);
        Preflight preflight = preflightOf(outcome);
        steps.add(preflightStep(preflight));
        if (outcome instanceof ExecutionOutcome.CostRejected) {
            return new Result.Failed("This question needs a query the database estimates it could not finish in "
                    + seconds() + "; it was not run." + indexHint(query) + " (The estimate: " + preflight.note() + ")");
        }
        if (!(outcome instanceof ExecutionOutcome.Rows rows)) {
            String why = outcome instanceof ExecutionOutcome.Timeout
                    ? "This question needs a query the database could not finish in " + seconds() + "."
                    + indexHint(query)
                    : failure(outcome);
            steps.add(new PathStep("execute", Outcome.ERROR, why, elapsed(outcome)));
            return new Result.Failed(why);
        }
        return new Result.Ran(rows.result(), inlined != null ? inlined : fallback);
    }

    private List<String> literals(Rendered rendered) {
        List<String> literals = new ArrayList<>(rendered.parameters().size());
        for (SqlValue v : rendered.parameters()) {
            literals.add(renderer.inlineLiteral(v));
        }
        return literals;
    }

    private String seconds() {
        long ms = executor.settings().statementTimeout().toMillis();
        return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
    }

    /**
     * What an administrator could do about a query that is too slow: an index on the columns it matches rows on
     * that no index leads (docs/architecture.md, "The executor's envelope"). Empty when every such column is
     * indexed or the database does not say.
     */
    private String indexHint(SqlQuery query) {
        if (query == null) {
            return " Ask a narrower question.";
        }
        List<String> missing = new ArrayList<>();
        Indexes indexes = new Indexes(source.connection(), source.dialect());
        for (JoinColumns.Column c : JoinColumns.of(query)) {
            try {
                if (!indexes.leads(c.schema(), c.table(), c.column())) {
                    missing.add(c.table() + "." + c.column());
                }
            } catch (SQLException | RuntimeException e) {
                return ""; // the metadata is not readable here: no advice rather than a guess
            }
        }
        if (missing.isEmpty()) {
            return " Ask a narrower question, or ask an administrator whether the tables it reads are indexed.";
        }
        return " Ask an administrator about an index on " + String.join(" and ", missing) + ".";
    }

    private static Preflight preflightOf(ExecutionOutcome o) {
        if (o instanceof ExecutionOutcome.Rows rows2) {
            return rows2.preflight();
        }
        if (o instanceof ExecutionOutcome.Timeout timeout) {
            return timeout.preflight();
        }
        if (o instanceof ExecutionOutcome.Cancelled cancelled) {
            return cancelled.preflight();
        }
        if (o instanceof ExecutionOutcome.CostRejected costRejected) {
            return costRejected.preflight();
        }
        if (o instanceof ExecutionOutcome.Failed failed) {
            return failed.preflight();
        }
        throw new AssertionError(o);
    }

    private static PathStep preflightStep(Preflight p) {
        if (p instanceof Preflight.Ok ok) {
            return new PathStep("preflight", Outcome.OK, p.note(), ok.ms());
        }
        if (p instanceof Preflight.Rejected rejected) {
            return new PathStep("preflight", Outcome.ERROR, p.note(), rejected.ms());
        }
        if (p instanceof Preflight.Unavailable unavailable) {
            return new PathStep("preflight", Outcome.SKIPPED, p.note(), unavailable.ms());
        }
        throw new AssertionError(p);
    }

    private static String failure(ExecutionOutcome o) {
        if (o instanceof ExecutionOutcome.Timeout timeout2) {
            return "The query took longer than " + timeout2.limitMs() + " ms and was stopped.";
        }
        if (o instanceof ExecutionOutcome.Cancelled) {
            return "The query was cancelled.";
        }
        if (o instanceof ExecutionOutcome.Failed failed2) {
            return "The database refused the query: " + failed2.message();
        }
        throw new AssertionError(o);
    }

    private static long elapsed(ExecutionOutcome o) {
        if (o instanceof ExecutionOutcome.Timeout timeout3) {
            return timeout3.elapsedMs();
        }
        if (o instanceof ExecutionOutcome.Cancelled cancelled2) {
            return cancelled2.elapsedMs();
        }
        if (o instanceof ExecutionOutcome.Failed failed3) {
            return failed3.elapsedMs();
        }
        return 0;
    }

    private long ms(long start) {
        return Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
    }
}
