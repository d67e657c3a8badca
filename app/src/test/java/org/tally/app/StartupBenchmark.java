package org.tally.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.chat.EngineSession;

/**
 * Cold start to first answer, on the demo hospital without a model: a new JVM each run, timed from starting the
 * process to the first answer printed. Two paths: the command line ({@code ask QUESTION}) and the window's engine
 * (the workstation's wiring and its engine session, as the window opens it; no stage drawn). The data folder is
 * prepared once (the demo generated, its catalog refreshed), as after a first start; the very first start of an
 * empty data folder is timed once apart. Not a test: run it by hand (see docs/benchmarks.md).
 *
 * <pre>java -cp "$CP" org.tally.app.StartupBenchmark</pre>
 * Options: {@code -Dtally.bench.rounds=N} (default 7), {@code -Dtally.bench.data=DIR} (default a temporary folder).
 */
public final class StartupBenchmark {

    static final String QUESTION = "How many patients are there?";
    private static final String READY = "tally-startup-answered";

    private StartupBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 2 && args[0].equals("--window-engine")) {
            windowEngine(Path.of(args[1]));
            return;
        }
        int rounds = Integer.getInteger("tally.bench.rounds", 7);
        Path home = System.getProperty("tally.bench.data") != null ? Path.of(System.getProperty("tally.bench.data"))
                : Files.createTempDirectory("tally-startup-");
        System.out.printf("load before: %s%n", load());
        long first = timed(home, cli(home));
        System.out.printf("first start of an empty data folder (demo generated, catalog refreshed): %d ms%n", first);
        List<Long> cli = new ArrayList<>();
        List<Long> window = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            cli.add(timed(home, cli(home)));
            window.add(timed(home, windowCommand(home)));
        }
        System.out.printf("command line, cold JVM to first answer: %s%n", summary(cli));
        System.out.printf("window's engine, cold JVM to first answer: %s%n", summary(window));
        System.out.printf("load after: %s%n", load());
    }

    /** In a fresh JVM: the workstation's engines as the window opens them, then the first question. */
    private static void windowEngine(Path home) {
        Wiring wiring = new Wiring(new DataFolder(home));
        try (EngineSession session = new EngineSession(wiring.workstationEngines(Wiring.WORKSTATION_PAGE_SIZE),
                new SourceRef.Demo(DemoSchema.DEV))) {
            session.open(Progress.NONE);
            Answer a = session.ask(QUESTION, Progress.NONE);
            long sinceStart = System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
            System.out.println(READY + " " + a.status() + " " + sinceStart + " ms after the JVM started");
            if (a.status() != AnswerStatus.ANSWERED) {
                throw new IllegalStateException("not answered: " + a);
            }
        }
        System.exit(0);
    }

    private static List<String> java(Path home) {
        return new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dtally.home=" + home.toAbsolutePath(), "-cp", System.getProperty("java.class.path")));
    }

    private static List<String> cli(Path home) {
        List<String> cmd = java(home);
        cmd.addAll(List.of(Main.class.getName(), "ask", QUESTION));
        return cmd;
    }

    private static List<String> windowCommand(Path home) {
        List<String> cmd = java(home);
        cmd.addAll(List.of(StartupBenchmark.class.getName(), "--window-engine", home.toString()));
        return cmd;
    }

    /** Milliseconds from starting the process to its first line on standard output (the answer). */
    private static long timed(Path home, List<String> command) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String line;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            line = out.readLine();
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0 || line == null
                || !(line.contains("\"status\":\"answered\"") || line.startsWith(READY))) {
            throw new IllegalStateException("the run did not answer: " + line);
        }
        return ms;
    }

    private static String summary(List<Long> ms) {
        List<Long> sorted = new ArrayList<>(ms);
        Collections.sort(sorted);
        long median = sorted.get(sorted.size() / 2);
        long p90 = sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(0.9 * sorted.size()) - 1));
        return "median " + median + " ms, p90 " + p90 + " ms, best " + sorted.get(0) + " ms, worst "
                + sorted.get(sorted.size() - 1) + " ms over " + ms.size() + " runs";
    }

    private static String load() {
        return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
}
