package org.tally.core.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.binder.BindResult;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;

/**
 * Companion of {@link ParseBindBenchmark} (a plain {@code main}): the same parse + bind over the golden questions,
 * timed per question in a plain loop after a warm-up, so the slow questions can be named. Prints, per demo schema,
 * the p50 and p99 of all single timings and the ten slowest questions by their median.
 * {@code -Dtally.bench.rounds} (default 30) measured rounds after as many warm-up rounds.
 */
public final class ParseBindProfile {

    private ParseBindProfile() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("tally.bench.rounds", 30);
        Path root = Path.of(System.getProperty("tally.bench.data",
                Path.of(System.getProperty("java.io.tmpdir"), "tally-bench-data").toString()));
        DataFolder data = new DataFolder(Files.createDirectories(root));
        List<GoldenQuestions.Question> questions = GoldenQuestions.all();
        for (DemoSchema schema : DemoSchema.values()) {
            SourceRef ref = new SourceRef.Demo(schema);
            DemoDatabases demos = new DemoDatabases(data);
            Connection c = new SourceConnector(demos).open(ref, Credentials.NONE, Progress.NONE);
            try (BenchSource source = new BenchSource(data, ref.name(), ref.dialect(), c, demos.referenceDate(),
                    ExecutorSettings.DEFAULTS)) {
                double[][] ms = new double[questions.size()][rounds];
                String[] outcome = new String[questions.size()];
                for (int r = -rounds; r < rounds; r++) {
                    for (int q = 0; q < questions.size(); q++) {
                        long t = System.nanoTime();
                        Object result = source.parseAndBind(questions.get(q).text());
                        long ns = System.nanoTime() - t;
                        if (r >= 0) {
                            ms[q][r] = ns / 1e6;
                            outcome[q] = kind(result);
                        }
                    }
                }
                double[] all = Arrays.stream(ms).flatMapToDouble(Arrays::stream).sorted().toArray();
                System.out.printf(Locale.ROOT, "%n== %s: %d questions x %d rounds: p50 %.3f ms, p90 %.3f ms,"
                                + " p99 %.3f ms, max %.3f ms%n", ref.name(), questions.size(), rounds, rank(all, 0.5),
                        rank(all, 0.9), rank(all, 0.99), all[all.length - 1]);
                List<Integer> order = new ArrayList<>();
                for (int q = 0; q < questions.size(); q++) {
                    order.add(q);
                }
                double[] medians = Arrays.stream(ms).mapToDouble(xs -> rank(xs.clone(), 0.5)).toArray();
                order.sort(Comparator.comparingDouble((Integer q) -> medians[q]).reversed());
                System.out.println("ten slowest by median (ms, outcome, id: question):");
                for (int q : order.subList(0, Math.min(10, order.size()))) {
                    System.out.printf(Locale.ROOT, "  %7.3f  %-8s %s: %s%n", medians[q], outcome[q],
                            questions.get(q).id(), questions.get(q).text());
                }
            }
        }
    }

    private static String kind(Object result) {
        if (result instanceof BindResult.Bound) {
            return "bound";
        }
        if (result instanceof BindResult.Failed) {
            return "no-bind";
        }
        if (result instanceof ParseOutcome.NoParse) {
            return "no-parse";
        }
        if (result instanceof ParseOutcome.NeedsClarification) {
            return "clarify";
        }
        return "invalid";
    }

    private static double rank(double[] xs, double p) {
        Arrays.sort(xs);
        int i = (int) Math.ceil(p * xs.length) - 1;
        return xs[Math.max(0, Math.min(xs.length - 1, i))];
    }
}
