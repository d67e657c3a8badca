package org.tally.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
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
 * With {@code -Dtally.bench.jar=app/target/tally.jar} the runs start that jar ({@code java -jar JAR ask QUESTION};
 * the window's engine with this class in a small jar beside it), and each round runs both paths twice, without and
 * with the start-up archive: the options {@code mvn package} wrote beside the jar ({@code tally-train.args} once
 * after the data folder is prepared, {@code tally.args} for the runs), the archive moved to the data folder's side.
 * Class-data sharing takes classes from jars only, hence the jar.
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
        if (System.getProperty("tally.bench.jar") != null) {
            withAndWithoutArchive(home, Path.of(System.getProperty("tally.bench.jar")).toAbsolutePath(), rounds);
            System.out.printf("load after: %s%n", load());
            return;
        }
        long first = timed(home, cli(home), new ArrayList<>());
        System.out.printf("first start of an empty data folder (demo generated, catalog refreshed): %d ms%n", first);
        List<Long> cli = new ArrayList<>();
        List<Long> window = new ArrayList<>();
        List<Long> cliCpu = new ArrayList<>();
        List<Long> windowCpu = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            cli.add(timed(home, cli(home), cliCpu));
            window.add(timed(home, windowCommand(home), windowCpu));
        }
        System.out.printf("command line, cold JVM to first answer: %s%n", summary(cli));
        System.out.printf("window's engine, cold JVM to first answer: %s%n", summary(window));
        if (!cliCpu.isEmpty()) {
            // CPU time hardly depends on how many other processes share the cores: the figure to compare across loads
            System.out.printf("command line, CPU time of the whole run (user + system, all threads): %s%n",
                    summary(cliCpu));
            System.out.printf("window's engine, CPU time of the whole run (user + system, all threads): %s%n",
                    summary(windowCpu));
        }
        System.out.printf("load after: %s%n", load());
    }

    /** The jar's runs, alternating without and with the start-up archive in every round. */
    private static void withAndWithoutArchive(Path home, Path jar, int rounds) throws Exception {
        Path archive = home.toAbsolutePath().resolveSibling(home.getFileName() + "-startup.jsa");
        List<String> train = argFile(jar.resolveSibling("tally-train.args"), "-XX:ArchiveClassesAtExit=", archive);
        List<String> use = argFile(jar.resolveSibling("tally.args"), "-XX:SharedArchiveFile=", archive);
        Path benchJar = benchJar(home.toAbsolutePath().resolveSibling(home.getFileName() + "-bench.jar"));
        String windowCp = jar + System.getProperty("path.separator") + benchJar;
        long first = timed(home, jarCli(home, List.of(), jar), new ArrayList<>());
        System.out.printf("first start of an empty data folder (demo generated, catalog refreshed): %d ms%n", first);
        Files.deleteIfExists(archive);
        List<Long> trainCpu = new ArrayList<>();
        long trained = timed(home, jarCli(home, train, jar), trainCpu);
        System.out.printf("training run (ask, archive written at exit): %d ms, CPU %s ms, archive %d MB%n", trained,
                trainCpu, Files.size(archive) >> 20);
        String[] names = {"command line, no archive", "command line, with the archive",
            "window's engine, no archive", "window's engine, with the archive"};
        List<List<Long>> wall = new ArrayList<>();
        List<List<Long>> cpu = new ArrayList<>();
        for (int k = 0; k < names.length; k++) {
            wall.add(new ArrayList<>());
            cpu.add(new ArrayList<>());
        }
        for (int i = 0; i < rounds; i++) {
            // which of each pair runs first alternates, so neither side always follows the other
            int[] order = i % 2 == 0 ? new int[] {0, 1, 2, 3} : new int[] {1, 0, 3, 2};
            for (int k : order) {
                List<String> options = k % 2 == 0 ? List.of() : use;
                List<String> command = k < 2 ? jarCli(home, options, jar)
                        : jarWindow(home, options, windowCp);
                wall.get(k).add(timed(home, command, cpu.get(k)));
            }
        }
        for (int k = 0; k < names.length; k++) {
            System.out.printf("%s, cold JVM to first answer: %s%n", names[k], summary(wall.get(k)));
            if (!cpu.get(k).isEmpty()) {
                System.out.printf("%s, CPU time of the whole run (user + system, all threads): %s%n", names[k],
                        summary(cpu.get(k)));
            }
        }
    }

    /** The options of an argument file written by {@code mvn package}, its archive moved to {@code archive}. */
    private static List<String> argFile(Path file, String flag, Path archive) throws IOException {
        List<String> options = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String option = line.strip();
            if (!option.isEmpty() && !option.startsWith("#")) {
                options.add(option.startsWith(flag) ? flag + archive : option);
            }
        }
        return options;
    }

    /** This class (and its nested ones) in a jar: class-data sharing archives classes from jars only. */
    private static Path benchJar(Path jar) throws IOException {
        String dir = StartupBenchmark.class.getPackageName().replace('.', '/');
        Path classes = Path.of(StartupBenchmark.class.getProtectionDomain().getCodeSource().getLocation().getPath())
                .resolve(dir);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                DirectoryStream<Path> files = Files.newDirectoryStream(classes,
                        StartupBenchmark.class.getSimpleName() + "*.class")) {
            for (Path f : files) {
                out.putNextEntry(new JarEntry(dir + "/" + f.getFileName()));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
        return jar;
    }

    private static List<String> jarJava(Path home, List<String> options) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        cmd.addAll(options);
        cmd.add("-Dtally.home=" + home.toAbsolutePath());
        return cmd;
    }

    private static List<String> jarCli(Path home, List<String> options, Path jar) {
        List<String> cmd = jarJava(home, options);
        cmd.addAll(List.of("-jar", jar.toString(), "ask", QUESTION));
        return cmd;
    }

    private static List<String> jarWindow(Path home, List<String> options, String classPath) {
        List<String> cmd = jarJava(home, options);
        cmd.addAll(List.of("-cp", classPath, StartupBenchmark.class.getName(), "--window-engine", home.toString()));
        return cmd;
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

    /**
     * Milliseconds from starting the process to its first line on standard output (the answer). Where
     * {@code /usr/bin/time} exists the run goes through it and its CPU time (user + system, until it exits) is added
     * to {@code cpu}.
     */
    private static long timed(Path home, List<String> command, List<Long> cpu) throws IOException,
            InterruptedException {
        Path time = Path.of("/usr/bin/time");
        Path cpuFile = Files.createTempFile("tally-startup-cpu-", ".txt");
        List<String> run = new ArrayList<>();
        if (Files.isExecutable(time)) {
            run.addAll(List.of(time.toString(), "-o", cpuFile.toString(), "-f", "%U %S"));
        }
        run.addAll(command);
        long start = System.nanoTime();
        Process p = new ProcessBuilder(run).redirectError(ProcessBuilder.Redirect.DISCARD).start();
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
        String[] used = Files.readString(cpuFile).strip().split("\\s+");
        Files.deleteIfExists(cpuFile);
        if (used.length == 2) {
            cpu.add(Math.round((Double.parseDouble(used[0]) + Double.parseDouble(used[1])) * 1000));
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
