package org.tally.app;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerJson;
import org.tally.core.answer.EngineFactory;
import org.tally.core.eval.CaseResult;
import org.tally.core.eval.EvalTotals;
import org.tally.core.eval.Evaluation;
import org.tally.core.eval.Expected;
import org.tally.core.eval.GoldRunner;
import org.tally.core.eval.GoldStatements;
import org.tally.core.eval.Suite;
import org.tally.core.eval.SuiteFiles;
import org.tally.core.eval.SuiteFormatException;
import org.tally.core.safety.SourceTables;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code eval}: asks every question of a suite on one source through one engine, judges each answer against the
 * suite's own expected answer and prints each verdict and the totals (text, or JSON lines with {@code --json}: one
 * object per question, then one {@code {"totals": ...}} object). Expected answers always come from the suite file.
 */
@Command(name = "eval", description = "Ask a suite's questions on a source and score the answers against the suite's"
        + " expected answers (Tally's golden and unseen suites, or EHRSQL-2024's data.json + answer.json).")
final class EvalCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(EvalCommand.class);

    @Mixin
    SourceOptions sourceOptions;

    @Option(names = "--suite", paramLabel = "FILE", required = true,
            description = "A golden or unseen suite .yaml, or an EHRSQL folder (or its data.json).")
    Path suiteFile;

    @Option(names = "--today", paramLabel = "YYYY-MM-DD",
            description = "The date relative time phrases count from. Default: the suite's own, if it says.")
    String today;

    @Option(names = "--gold", paramLabel = "KEY",
            description = "Which gold SQL of a golden suite to run (dev or alt). Default: the demo source's own.")
    String goldKey;

    @Option(names = "--json", description = "One JSON object per question, then the totals, instead of text.")
    boolean json;

    @Mixin
    PlannerOptions plannerOptions;

    private final EngineFactory engines;
    private final AskCommand.Planners planners;
    private final SourceConnector sources;
    private final PrintStream out;
    private final PrintStream err;

    EvalCommand(EngineFactory engines, AskCommand.Planners planners, SourceConnector sources, PrintStream out,
                PrintStream err) {
        this.engines = engines;
        this.planners = planners;
        this.sources = sources;
        this.out = out;
        this.err = err;
    }

    /** One question's line of {@code --json}; the field order is the contract. */
    @JsonPropertyOrder({"id", "question", "verdict", "status", "extra_columns", "detail", "sql", "rung"})
    record Line(String id, String question, String verdict, String status, boolean extra_columns, String detail,
                String sql, String rung) {

        static Line of(CaseResult r) {
            return new Line(r.id(), r.question(), r.verdict().label(), r.status().json(), r.extraColumns(),
                    r.detail(), r.sql(), r.rung());
        }
    }

    /** The last line of {@code --json}: {@code {"totals": {...}}}, snake_case like every line of the CLI. */
    static Map<String, Object> totalsLine(Suite suite, SourceRef ref, EvalTotals t, long seconds) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("suite", suite.name());
        m.put("source", ref.name());
        m.put("seconds", seconds);
        m.put("questions", t.questions());
        m.put("answerable", t.answerable());
        m.put("unanswerable", t.unanswerable());
        m.put("correct", t.correct());
        m.put("wrong", t.wrong());
        m.put("not_answered", t.notAnswered());
        m.put("answered_unanswerable", t.answeredUnanswerable());
        m.put("abstained", t.abstained());
        m.put("gold_failed", t.goldFailed());
        m.put("extra_columns", t.extraColumns());
        m.put("refused", t.refused());
        m.put("clarified", t.clarified());
        m.put("errors", t.errors());
        m.put("rs0", t.rs0());
        m.put("rs10", t.rs10());
        m.put("rs_n", t.rsN());
        m.put("coverage", t.coverage());
        Map<String, Map<String, Integer>> byRung = new LinkedHashMap<>();
        t.byRung().forEach((rung, verdicts) -> {
            Map<String, Integer> counts = new LinkedHashMap<>();
            verdicts.forEach((v, n) -> counts.put(v.name().toLowerCase(Locale.ROOT), n));
            byRung.put(rung, counts);
        });
        m.put("by_rung", byRung);
        return Map.of("totals", m);
    }

    @Override
    public Integer call() {
        String plannerProblem = plannerOptions.problem();
        if (plannerProblem != null) {
            return usage(plannerProblem);
        }
        return new SourceCommand("tally eval", err).run(sourceOptions, this::evaluate);
    }

    private int evaluate(SourceRef ref) throws SQLException {
        Suite suite;
        try {
            suite = SuiteFiles.read(suiteFile, goldKey != null ? goldKey
                    : ref instanceof SourceRef.Demo demo ? demo.schema().id() : null);
        } catch (SuiteFormatException e) {
            return usage(e.getMessage());
        }
        LocalDate day;
        try {
            day = today != null ? LocalDate.parse(today) : suite.today();
        } catch (DateTimeParseException e) {
            return usage("--today must be a date as YYYY-MM-DD, not '" + today + "'");
        }
        if (!plannerOptions.enable(planners, err)) {
            return TallyCli.USAGE;
        }
        boolean needsGold = suite.cases().stream().anyMatch(c -> c.expected() instanceof Expected.GoldSql);
        long started = System.nanoTime();
        try (Connection goldConnection = needsGold ? sources.open(ref, sourceOptions.credentials(), Progress.NONE)
                : null;
             AnswerEngine engine = engines.open(ref, sourceOptions.credentials(), day, Progress.NONE)) {
            GoldRunner gold = goldConnection == null ? GoldRunner.NONE
                    : new GoldStatements(goldConnection, ref.dialect(), SourceTables.of(goldConnection, ref.dialect()));
            List<CaseResult> results = Evaluation.run(suite, engine, gold, printer());
            EvalTotals totals = EvalTotals.of(results);
            long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
            if (json) {
                out.println(AnswerJson.mapper().writeValueAsString(totalsLine(suite, ref, totals, seconds)));
            } else {
                out.print(text(suite, ref, totals, seconds));
            }
            out.flush();
            return 0;
        } catch (JsonProcessingException e) {
            LOG.error("the totals could not be written", e);
            err.println("tally: the totals could not be written: " + e.getMessage());
            return 1;
        }
    }

    private Consumer<CaseResult> printer() {
        return r -> {
            if (json) {
                try {
                    out.println(AnswerJson.mapper().writeValueAsString(Line.of(r)));
                } catch (JsonProcessingException e) {
                    throw new IllegalStateException("a verdict could not be written as JSON", e);
                }
            } else {
                out.println(r.verdict().label().toUpperCase(Locale.ROOT) + "  " + r.id() + "  " + r.question()
                        + (r.detail() == null ? "" : "  — " + r.detail().replace('\n', ' ')));
            }
            out.flush();
        };
    }

    static String text(Suite suite, SourceRef ref, EvalTotals t, long seconds) {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%nSuite %s on %s: %d questions (%d answerable, %d not) in %d s%n",
                suite.name(), ref.name(), t.questions(), t.answerable(), t.unanswerable(), seconds));
        s.append(String.format(Locale.ROOT, "correct %d (%.1f%% of answerable; %d needed the extra-columns"
                        + " allowance), wrong %d, not answered %d%n",
                t.correct(), t.correctShare(), t.extraColumns(), t.wrong(), t.notAnswered()));
        s.append(String.format(Locale.ROOT, "unanswerable: abstained %d, answered %d%n", t.abstained(),
                t.answeredUnanswerable()));
        s.append(String.format(Locale.ROOT, "Tally refused %d, asked to clarify %d, stopped with an error %d%n",
                t.refused(), t.clarified(), t.errors()));
        if (t.goldFailed() > 0) {
            s.append(String.format(Locale.ROOT, "left out: %d whose gold statement failed on this source%n",
                    t.goldFailed()));
        }
        s.append(String.format(Locale.ROOT, "RS(0) %.2f  RS(10) %.2f  RS(N) %.2f  coverage %.1f%%%n", t.rs0(), t.rs10(),
                t.rsN(), t.coverage()));
        t.byRung().forEach((rung, verdicts) -> s.append("decided by the ").append(rung).append(" rung: ")
                .append(verdicts.entrySet().stream().map(e -> e.getKey().label() + " " + e.getValue())
                        .collect(Collectors.joining(", "))).append(System.lineSeparator()));
        return s.toString();
    }

    private int usage(String message) {
        err.println("tally eval: " + message);
        return TallyCli.USAGE;
    }
}
