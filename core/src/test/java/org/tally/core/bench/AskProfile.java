package org.tally.core.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.binder.BindResult;
import org.tally.core.demo.DemoHospital;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutionOutcome;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.execute.SqlParameter;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.meta.MetaRung;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.memory.VerdictMemory;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecHash;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.SqlCompiler;

/**
 * Where the fixed time of a warm {@code AnswerEngine.ask} goes (a plain {@code main}, not a test). For every golden
 * question the grammar rung answers, the steps the rung takes are repeated one by one through the same public
 * objects and timed apart (meta rung, parse, canonicalize, hash, bind, compile, each safety check done afresh and
 * answered from the verdict memory, the executor with its estimate reuse),
 * and the executor's JDBC calls are timed through {@link JdbcTimer}. Prints the per-question mean of each step,
 * summed over the questions, next to the whole {@code ask}.
 *
 * <p>Same data and options as {@link EndToEndRatioBenchmark} ({@code tally.bench.scale}, {@code tally.bench.schema},
 * {@code tally.bench.targets}, {@code tally.bench.data}), plus {@code tally.bench.rounds} (default 20),
 * {@code tally.bench.question} (only golden ids containing this text) and {@code tally.bench.askOnly} (time nothing
 * but whole asks, for a sampling profiler).
 */
public final class AskProfile {

    private AskProfile() {
    }

    public static void main(String[] args) throws Exception {
        int scale = Integer.getInteger("tally.bench.scale", 13);
        int rounds = Integer.getInteger("tally.bench.rounds", 20);
        DemoSchema schema = DemoSchema.fromId(System.getProperty("tally.bench.schema", "dev")).orElseThrow();
        List<String> targets = Arrays.asList(System.getProperty("tally.bench.targets", "h2,postgres").split(","));
        Path root = Files.createDirectories(Path.of(System.getProperty("tally.bench.data",
                Path.of(System.getProperty("java.io.tmpdir"), "tally-bench-data").toString())));
        DemoHospital hospital = new DemoHospital(DemoHospital.DEFAULT_SEED, scale);
        ExecutorSettings settings = ExecutorSettings.DEFAULTS;
        for (String target : targets) {
            boolean h2 = target.trim().equals("h2");
            String url = h2 ? EndToEndRatioBenchmark.h2File(root, schema, hospital)
                    : EndToEndRatioBenchmark.postgres(schema, hospital);
            Dialect dialect = h2 ? Dialect.H2 : Dialect.POSTGRES;
            SourceRef ref = new SourceRef.Jdbc(url, dialect);
            DataFolder data = new DataFolder(Files.createTempDirectory(root, "state-"));
            JdbcTimer timer = new JdbcTimer();
            Connection raw = new SourceConnector(new EndToEndRatioBenchmark.NoDemos())
                    .open(ref, Credentials.NONE, Progress.NONE);
            try (BenchSource source = new BenchSource(data, ref.name(), dialect, timer.wrap(raw),
                    DemoHospital.REFERENCE_DATE, settings)) {
                System.out.printf(Locale.ROOT, "%n== %s, demo %s, scale %d, %d rounds%n", target, schema.id(), scale,
                        rounds);
                profile(source, new MetaRung(ref.name()), timer, rounds);
            }
        }
        System.exit(0);
    }

    private static void profile(BenchSource source, MetaRung meta, JdbcTimer timer, int rounds)
            throws java.sql.SQLException {
        SqlSafetyPolicy policy = new SqlSafetyPolicy();
        VerdictMemory remembering = new VerdictMemory(policy, 1024);
        ReadOnlyExecutor executor = new ReadOnlyExecutor(source.settings(), PreflightMemory.of(source.settings()));
        // prepared as the rung's own executor prepared the same connection (same settings), so neither undoes the other
        System.out.println("envelope: " + executor.prepare(source.connection(), source.dialect()));
        int maxRows = source.settings().maxRows();
        Map<String, Double> steps = new LinkedHashMap<>();
        Map<String, Long> calls = new LinkedHashMap<>();
        List<String> answered = new ArrayList<>();
        String only = System.getProperty("tally.bench.question", "");
        for (GoldenQuestions.Question q : GoldenQuestions.all()) {
            if (!q.id().contains(only)) {
                continue;
            }
            Answer first = source.engine().ask(q.text());
            if (q.trap() || first.status() != AnswerStatus.ANSWERED || first.sql() == null) {
                continue;
            }
            answered.add(q.text());
        }
        if (Boolean.getBoolean("tally.bench.askOnly")) {
            // for a sampling profiler: nothing but warm asks, for the given number of rounds
            long t = System.nanoTime();
            for (int r = 0; r < rounds; r++) {
                for (String question : answered) {
                    source.engine().ask(question);
                }
            }
            System.out.printf(Locale.ROOT, "%d questions x %d rounds of ask only: %.3f ms per ask%n", answered.size(),
                    rounds, (System.nanoTime() - t) / 1e6 / rounds / answered.size());
            return;
        }
        long execCount = 0;
        for (int r = -5; r < rounds; r++) {
            boolean measured = r >= 0;
            for (String question : answered) {
                long t = System.nanoTime();
                source.engine().ask(question);
                add(steps, "ask (whole)", t, measured);

                t = System.nanoTime();
                meta.attempt(question);
                add(steps, "meta rung", t, measured);
                t = System.nanoTime();
                ParseOutcome parsed = source.grammar().parse(question);
                add(steps, "grammar.parse", t, measured);
                t = System.nanoTime();
                QuerySpec spec = SpecCanonicalizer.canonicalize(((ParseOutcome.Parsed) parsed).spec());
                add(steps, "canonicalize", t, measured);
                t = System.nanoTime();
                SpecHash.of(spec);
                add(steps, "spec hash", t, measured);
                t = System.nanoTime();
                BindResult bound = source.binder().bind(spec);
                add(steps, "bind", t, measured);
                t = System.nanoTime();
                CompileResult compiled = SqlCompiler.compile(((BindResult.Bound) bound).query(), source.dialect());
                add(steps, "compile", t, measured);
                Rendered rendered = ((CompileResult.Compiled) compiled).rendered();
                t = System.nanoTime();
                SafetyVerdict verdict = policy.check(rendered.sql(), source.dialect(), source.allowed(), maxRows);
                add(steps, "validate sql", t, measured);
                t = System.nanoTime();
                verdict.statement().withValuesWritten(source.literals(rendered));
                add(steps, "values written into the validated statement", t, measured);
                t = System.nanoTime();
                remembering.check(rendered.sql(), source.dialect(), source.allowed(), maxRows);
                add(steps, "validate, remembered", t, measured);
                if (measured) {
                    timer.reset();
                }
                t = System.nanoTime();
                ExecutionOutcome outcome = executor.execute(source.connection(), verdict.statement(),
                        SqlParameter.fromCompiled(rendered.parameters()));
                add(steps, "execute (whole)", t, measured);
                if (!(outcome instanceof ExecutionOutcome.Rows)) {
                    throw new IllegalStateException("not rows: " + outcome + " for " + question);
                }
                if (measured) {
                    execCount++;
                    for (Map.Entry<String, long[]> e : timer.totals().entrySet()) {
                        steps.merge("  jdbc " + e.getKey(), e.getValue()[0] / 1e6, Double::sum);
                        calls.merge("  jdbc " + e.getKey(), e.getValue()[1], Long::sum);
                    }
                }
            }
        }
        int n = answered.size();
        System.out.printf(Locale.ROOT, "%d answered questions; per question, mean over %d rounds (ms):%n", n, rounds);
        for (Map.Entry<String, Double> e : steps.entrySet()) {
            Long c = calls.get(e.getKey());
            System.out.printf(Locale.ROOT, "  %-66s %8.3f%s%n", e.getKey(), e.getValue() / rounds / n,
                    c == null ? "" : String.format(Locale.ROOT, "  (%.1f calls)", c / (double) rounds / n));
        }
        System.out.printf(Locale.ROOT, "  (executions measured: %d)%n", execCount);
    }

    private static void add(Map<String, Double> steps, String name, long start, boolean measured) {
        if (measured) {
            steps.merge(name, (System.nanoTime() - start) / 1e6, Double::sum);
        }
    }
}
