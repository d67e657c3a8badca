package org.tally.core.binder;

import java.math.BigDecimal;
import java.sql.Connection;
import org.tally.core.pack.DomainPack;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.binding.TableBinding;
import org.tally.core.binding.Binding;
import java.time.ZoneId;
import java.time.LocalDate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.ResultValues;
import org.tally.core.answer.Rung;
import org.tally.core.execute.ExecutionOutcome;
import org.tally.core.execute.Preflight;
import org.tally.core.execute.QueryResult;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.execute.SqlParameter;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.source.Dialect;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecHash;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.SqlValue;

/**
 * Rung 2 of the ladder (DESIGN.md §2): parse → bind → compile → validate → preflight → execute, each step recorded
 * with its outcome and time. A question the grammar cannot read, or a spec that does not bind, is a miss (the next
 * rung may try); a failure while running is an error the user sees.
 *
 * <p>Compiling is remembered per bound query and dialect ({@link CompileMemory}); the standard rung's safety policy
 * remembers the verdicts it allowed, by exact text ({@link SqlSafetyPolicy#remembering}); its executor reuses a
 * recent cost estimate of the same statement. All three are pure or bounded in time; every statement still passes
 * the policy's verdict for exactly its text and runs read-only, with a timeout and a row cap.
 */
public final class GrammarRung implements Rung {

    /** Everything the rung needs about one open source. */
    public record Source(Connection connection, Dialect dialect, AllowedRelations allowed) {
        public Source {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(dialect, "dialect");
            Objects.requireNonNull(allowed, "allowed");
        }
    }

    private final Grammar grammar;
    private final SpecBinder binder;
    private final Source source;
    private final SqlSafetyPolicy policy;
    private final ReadOnlyExecutor executor;
    private final LongSupplier nanoTime;
    private final CompileMemory compiled = new CompileMemory(REMEMBERED_STATEMENTS);

    /** Compiled statements the rung remembers; the policy of the standard rung keeps two texts for each. */
    static final int REMEMBERED_STATEMENTS = 256;

    public GrammarRung(Grammar grammar, SpecBinder binder, Source source, SqlSafetyPolicy policy,
                       ReadOnlyExecutor executor, LongSupplier nanoTime) {
        this.grammar = Objects.requireNonNull(grammar, "grammar");
        this.binder = Objects.requireNonNull(binder, "binder");
        this.source = Objects.requireNonNull(source, "source");
        this.policy = Objects.requireNonNull(policy, "policy");
        this.executor = Objects.requireNonNull(executor, "executor");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /**
     * The grammar rung as the product runs it on one open source: the pack's grammar over the binding's vocabulary,
     * relative time counted from the start of {@code today}, the binding's bound tables as the allow-list. The rung
     * takes the connection over: it is left read-only with autocommit off between questions
     * ({@link ReadOnlyExecutor#prepare}), so build the binding on it before.
     */
    public static GrammarRung standard(Connection connection, Dialect dialect, Binding binding, DomainPack pack,
                                       LocalDate today, ExecutorSettings settings) {
        ZoneId zone = ZoneId.systemDefault();
        Clock day = Clock.fixed(today.atStartOfDay(zone).toInstant(), zone);
        Grammar grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), day);
        List<String> tables = binding.bound().stream().map(TableBinding::table).toList();
        Source source = new Source(connection, dialect, AllowedRelations.of(defaultSchema(connection), tables));
        ReadOnlyExecutor executor = new ReadOnlyExecutor(settings);
        try {
            executor.prepare(connection); // the rung is the connection's only user from here on
        } catch (java.sql.SQLException e) {
            // then every execution switches the session itself, as it does for any caller's connection
        }
        return new GrammarRung(grammar, new SpecBinder(binding, pack, day), source,
                SqlSafetyPolicy.remembering(2 * REMEMBERED_STATEMENTS), executor, System::nanoTime);
    }

    private static String defaultSchema(Connection connection) {
        try {
            String schema = connection.getSchema();
            return schema != null ? schema : connection.getCatalog();
        } catch (java.sql.SQLException e) {
            return null;
        }
    }

    @Override
    public String name() {
        return "grammar";
    }

    @Override
    public Attempt attempt(String question) {
        List<PathStep> steps = new ArrayList<>();
        ParseOutcome parsed = grammar.parse(question);
        if (parsed instanceof ParseOutcome.NoParse) {
            return new Attempt.Miss(((ParseOutcome.NoParse) parsed).reason(), steps);
        }
        if (parsed instanceof ParseOutcome.NeedsClarification) {
            ParseOutcome.NeedsClarification ask = (ParseOutcome.NeedsClarification) parsed;
            List<String> labels = ask.options().stream().map(ParseOutcome.Option::label).toList();
            return new Attempt.Done(Answer.clarify(question, steps, null, new Clarify(ask.question(), labels)), steps);
        }
        QuerySpec spec;
        try {
            spec = SpecCanonicalizer.canonicalize(((ParseOutcome.Parsed) parsed).spec());
        } catch (SpecException e) {
            return new Attempt.Miss("the question contradicts itself: " + e.getMessage(), steps);
        }
        String hash = SpecHash.of(spec);

        long t = nanoTime.getAsLong();
        BindResult bound = binder.bind(spec);
        if (bound instanceof BindResult.Failed) {
            return bindFailed(question, hash, ((BindResult.Failed) bound).failure(), steps, ms(t));
        }
        BindResult.Bound b = (BindResult.Bound) bound;
        steps.add(new PathStep("bind", Outcome.OK, null, ms(t)));

        t = nanoTime.getAsLong();
        CompileResult compile = compiled.compile(b.query(), source.dialect());
        if (compile instanceof CompileResult.Unsupported) {
            String reason = ((CompileResult.Unsupported) compile).message();
            steps.add(new PathStep("compile", Outcome.MISS, reason, ms(t)));
            return new Attempt.Miss(reason, steps);
        }
        Rendered rendered = ((CompileResult.Compiled) compile).rendered();
        steps.add(new PathStep("compile", Outcome.OK, null, ms(t)));

        t = nanoTime.getAsLong();
        SafetyVerdict verdict = policy.check(rendered.sql(), source.dialect(), source.allowed(),
                executor.settings().maxRows());
        if (!verdict.allowed()) {
            steps.add(new PathStep("validate", Outcome.MISS, verdict.reason(), ms(t)));
            return new Attempt.Miss("the compiled statement was rejected: " + verdict.reason(), steps);
        }
        SafetyVerdict shown = policy.check(rendered.inlined(), source.dialect(), source.allowed(),
                executor.settings().maxRows());
        String inlined = shown.allowed() ? shown.rewritten() : rendered.inlined();
        steps.add(new PathStep("validate", Outcome.OK, null, ms(t)));

        ExecutionOutcome outcome = executor.execute(source.connection(), source.dialect(), verdict.rewritten(),
                SqlParameter.fromCompiled(rendered.parameters()));
        Preflight preflight = preflightOf(outcome);
        steps.add(preflightStep(preflight));
        if (outcome instanceof ExecutionOutcome.CostRejected) {
            return new Attempt.Done(Answer.error(question, steps, "The query was not run: its estimated cost is "
                    + "above the limit (" + preflight.note() + ")."), steps);
        }
        if (!(outcome instanceof ExecutionOutcome.Rows)) {
            String why = failure(outcome);
            steps.add(new PathStep("execute", Outcome.ERROR, why, elapsed(outcome)));
            return new Attempt.Done(Answer.error(question, steps, why), steps);
        }
        QueryResult result = ((ExecutionOutcome.Rows) outcome).result();
        if (b.probe()) {
            if (result.rows().isEmpty()) {
                steps.add(new PathStep("execute", Outcome.MISS, "no row matches", result.elapsedMs()));
                return new Attempt.Miss("no matching row was found, so the existence question stays open", steps);
            }
            steps.add(new PathStep("execute", Outcome.OK, null, result.elapsedMs()));
            return new Attempt.Done(new Answer(question, AnswerStatus.ANSWERED, List.of("exists"),
                    List.of(List.of(Boolean.TRUE)), inlined, b.explanation(), steps, hash, null, null), steps);
        }
        steps.add(new PathStep("execute", Outcome.OK, result.truncated() ? "truncated at "
                + executor.settings().maxRows() + " rows" : null, result.elapsedMs()));
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row : result.rows()) {
            List<Object> out = new ArrayList<>(row.size());
            row.forEach(v -> out.add(ResultValues.normalise(v)));
            rows.add(out);
        }
        String message = result.truncated() ? "Only the first " + executor.settings().maxRows() + " rows are shown."
                : null;
        return new Attempt.Done(new Answer(question, AnswerStatus.ANSWERED, result.columns(), rows, inlined,
                b.explanation(), steps, hash, null, message), steps);
    }

    private static Preflight preflightOf(ExecutionOutcome o) {
        if (o instanceof ExecutionOutcome.Rows) {
            return ((ExecutionOutcome.Rows) o).preflight();
        }
        if (o instanceof ExecutionOutcome.Timeout) {
            return ((ExecutionOutcome.Timeout) o).preflight();
        }
        if (o instanceof ExecutionOutcome.Cancelled) {
            return ((ExecutionOutcome.Cancelled) o).preflight();
        }
        if (o instanceof ExecutionOutcome.CostRejected) {
            return ((ExecutionOutcome.CostRejected) o).preflight();
        }
        if (o instanceof ExecutionOutcome.Failed) {
            return ((ExecutionOutcome.Failed) o).preflight();
        }
        throw new AssertionError(o);
    }

    private static PathStep preflightStep(Preflight p) {
        if (p instanceof Preflight.Ok) {
            return new PathStep("preflight", Outcome.OK, p.note(), ((Preflight.Ok) p).ms());
        }
        if (p instanceof Preflight.Rejected) {
            return new PathStep("preflight", Outcome.ERROR, p.note(), ((Preflight.Rejected) p).ms());
        }
        if (p instanceof Preflight.Unavailable) {
            return new PathStep("preflight", Outcome.SKIPPED, p.note(), ((Preflight.Unavailable) p).ms());
        }
        throw new AssertionError(p);
    }

    private static String failure(ExecutionOutcome o) {
        if (o instanceof ExecutionOutcome.Timeout) {
            return "The query took longer than " + ((ExecutionOutcome.Timeout) o).limitMs() + " ms and was stopped.";
        }
        if (o instanceof ExecutionOutcome.Cancelled) {
            return "The query was cancelled.";
        }
        if (o instanceof ExecutionOutcome.Failed) {
            return "The database refused the query: " + ((ExecutionOutcome.Failed) o).message();
        }
        throw new AssertionError(o);
    }

    private static long elapsed(ExecutionOutcome o) {
        if (o instanceof ExecutionOutcome.Timeout) {
            return ((ExecutionOutcome.Timeout) o).elapsedMs();
        }
        if (o instanceof ExecutionOutcome.Cancelled) {
            return ((ExecutionOutcome.Cancelled) o).elapsedMs();
        }
        if (o instanceof ExecutionOutcome.Failed) {
            return ((ExecutionOutcome.Failed) o).elapsedMs();
        }
        return 0;
    }

    /**
     * A spec that does not bind misses, except when several bound candidates fit equally: then the user is asked
     * once which one is meant (the options are the candidates, never a pick among them).
     */
    static Attempt bindFailed(String question, String hash, BindFailure failure, List<PathStep> steps, long ms) {
        if (failure instanceof BindFailure.Ambiguous a && a.candidates().size() >= 2) {
            steps.add(new PathStep("bind", Outcome.CLARIFY, a.reason(), ms));
            return new Attempt.Done(Answer.clarify(question, steps, hash,
                    new Clarify(a.reason() + ". Which one do you mean?", a.candidates())), steps);
        }
        String reason = failure.kind() + ": " + failure.reason();
        steps.add(new PathStep("bind", Outcome.MISS, reason, ms));
        return new Attempt.Miss(reason, steps);
    }

    private long ms(long start) {
        return Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
    }
}
