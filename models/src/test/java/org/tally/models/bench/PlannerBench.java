package org.tally.models.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.planner.Deadline;
import org.tally.core.planner.Generation;
import org.tally.core.planner.ModelInfo;
import org.tally.core.planner.Plan;
import org.tally.core.planner.PlanRequest;
import org.tally.core.planner.Planner;
import org.tally.core.planner.PlannerGate;
import org.tally.core.planner.PlannerLoader;
import org.tally.core.planner.PlannerRung;
import org.tally.core.planner.PlannerSettings;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.models.llama.GgufWriter;
import org.tally.models.llama.LlamaRuntime;

/**
 * The planner on stand-in GGUFs with the shapes of Qwen2.5-0.5B and 1.5B (random Q4_0 weights, a vocabulary with the
 * spec's own multi-character pieces so text splits into pieces of a byte-pair vocabulary's length), on the demo
 * hospital's binding, as {@code tally ask} runs it: load, then each question through the planner rung
 * (schema-constrained generation, reader, bind, run). Prints load time, memory, seconds per filled spec, tokens per
 * spec and tokens per second. One shape per run (one model per process):
 * {@code java -cp … org.tally.models.bench.PlannerBench qwen05b|qwen15b|tiny}. The first question is timed cold (the
 * instruction part not yet cached), the others warm; the load average is printed beside the figures. Options: {@code
 * tally.bench.threads} (default 2), {@code tally.bench.ctx} (8192), {@code tally.bench.questions} (10), {@code
 * tally.bench.deadline.ms} (300000), {@code tally.bench.data} (where models and the demo are kept).
 */
public final class PlannerBench {

    private static final List<String> QUESTIONS = List.of(
            "how many c-sections did we do in october",
            "babies delivered last month split by ward",
            "which ward had the most admissions this year",
            "any stillbirths recorded last year?",
            "what share of lab results this year were critical",
            "how many prescriptions were written per month this year",
            "list the beds out of service",
            "average length of stay of stays discharged last month",
            "how many patients are female",
            "count of appointments that were no-shows last week");

    private PlannerBench() {
    }

    public static void main(String[] args) throws Exception {
        String which = args.length == 0 ? "qwen05b" : args[0];
        GgufWriter.Shape shape = switch (which) {
            case "qwen05b" -> GgufWriter.Shape.qwen05b();
            case "qwen15b" -> GgufWriter.Shape.qwen15b();
            case "tiny" -> GgufWriter.Shape.tiny();
            default -> throw new IllegalArgumentException("give qwen05b, qwen15b or tiny");
        };
        int threads = Integer.getInteger("tally.bench.threads", 2);
        int ctx = Integer.getInteger("tally.bench.ctx", 8192);
        Path root = Path.of(System.getProperty("tally.bench.data",
                Path.of(System.getProperty("java.io.tmpdir"), "tally-bench-data").toString()));
        DataFolder data = new DataFolder(Files.createDirectories(root));
        DomainPack pack = PackLoader.hospital();
        SourceRef ref = new SourceRef.Demo(DemoSchema.DEV);
        DemoDatabases demos = new DemoDatabases(data);
        Connection c = new SourceConnector(demos).open(ref, Credentials.NONE, Progress.NONE);
        SourceBindings bindings = new SourceBindings(data, pack, Clock.systemUTC());
        Binding binding = bindings.bind(bindings.activeOrRefresh(ref.name(), ref.dialect(), c, Progress.NONE))
                .binding();
        GrammarRung grammar = GrammarRung.standard(c, ref.dialect(), binding, pack, demos.referenceDate(),
                ExecutorSettings.DEFAULTS);

        Path models = Files.createDirectories(root.resolve("models"));
        Path file = models.resolve("standin-" + which + ".gguf");
        if (!Files.isRegularFile(file)) {
            Plan probe = PlannerRung.standard(new PlannerGate(new Unloaded()), binding, pack, demos.referenceDate(),
                    grammar::run, PlannerSettings.DEFAULTS).planFor("");
            long t = System.nanoTime();
            GgufWriter.write(file, shape, 2026, pieces(probe.schema() + "\n" + probe.prompt().system()));
            System.out.printf(Locale.ROOT, "wrote %s (%.0f MB) in %.1f s%n", file, Files.size(file) / 1e6,
                    (System.nanoTime() - t) / 1e9);
        }
        Files.writeString(models.resolve("SHA256SUMS"), sha256(file) + "  " + file.getFileName() + "\n",
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);

        int questions = Math.min(QUESTIONS.size(), Integer.getInteger("tally.bench.questions", QUESTIONS.size()));
        long deadlineMs = Long.getLong("tally.bench.deadline.ms", 300_000);
        String loadAtStart = loadAverage();
        long rssBefore = rssKb();
        long t = System.nanoTime();
        Planner loaded = new LlamaRuntime(root.resolve("natives")).load(file,
                new PlannerLoader.LoadOptions(threads, ctx, 0), Progress.NONE);
        double loadS = (System.nanoTime() - t) / 1e9;
        long rssLoaded = rssKb();
        Recording model = new Recording(loaded);
        PlannerRung rung = PlannerRung.standard(new PlannerGate(model), binding, pack, demos.referenceDate(),
                grammar::run, new PlannerSettings(deadlineMs, PlannerSettings.DEFAULTS.maxTokens()));
        Plan plan = rung.planFor("");

        // Cold: the first question after the load reads the whole instruction part (nothing cached yet).
        Run cold = run(rung, model, QUESTIONS.subList(0, 1));
        String loadAfterCold = loadAverage();
        // Warm: the instruction part is in the cache; each question reads only its own part.
        Run warm = run(rung, model, QUESTIONS.subList(1, questions));
        long rssAfter = rssKb();
        String loadAtEnd = loadAverage();

        System.out.printf(Locale.ROOT, "%n== %s: %s, %d threads, context %d, deadline %d ms%n", which, shape.name(),
                threads, ctx, deadlineMs);
        System.out.printf(Locale.ROOT, "load average (1, 5, 15 min): %s at start, %s after the cold question, %s at"
                + " end; %d cores%n", loadAtStart, loadAfterCold, loadAtEnd, Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "model file %.0f MB; load %.1f s; RSS %d MB before, %d MB loaded, %d MB after"
                        + " %d questions%n", Files.size(file) / 1e6, loadS, rssBefore / 1024, rssLoaded / 1024,
                rssAfter / 1024, questions);
        System.out.printf(Locale.ROOT, "instruction part %d chars, schema %d chars%n", plan.prompt().system().length(),
                plan.schema().length());
        System.out.println("cold (first question, empty cache): " + cold.summary());
        System.out.println("warm (" + (questions - 1) + " questions, instruction part cached): " + warm.summary());
        System.exit(0); // the native runtime keeps a non-daemon thread
    }

    /** The generations of some questions through the rung: seconds per generation, tokens, answers. */
    private record Run(double[] seconds, double[] firstSeconds, long tokens, long ms, int answered, int questions) {

        String summary() {
            if (seconds.length == 0) {
                return "no generation";
            }
            return String.format(Locale.ROOT, "%d generations (%d first attempts); s per generation p50 %.2f, mean"
                            + " %.2f, max %.2f; first attempts p50 %.2f; %.1f tokens per generation; %.1f tokens/s"
                            + " (prompt reading included); %d of %d questions answered", seconds.length,
                    firstSeconds.length, rank(seconds, 0.5), Arrays.stream(seconds).average().orElse(0),
                    seconds[seconds.length - 1], rank(firstSeconds, 0.5), tokens / (double) seconds.length,
                    ms == 0 ? 0 : tokens * 1000.0 / ms, answered, questions);
        }
    }

    private static Run run(PlannerRung rung, Recording model, List<String> questions) {
        List<Double> all = new ArrayList<>();
        List<Double> first = new ArrayList<>();
        long tokens = 0;
        long ms = 0;
        int answered = 0;
        for (String q : questions) {
            int before = model.generations.size();
            if (rung.attempt(q) instanceof org.tally.core.answer.Rung.Attempt.Done) {
                answered++;
            }
            List<Generation> made = model.generations.subList(before, model.generations.size());
            for (int i = 0; i < made.size(); i++) {
                Generation g = made.get(i);
                all.add(g.ms() / 1000.0);
                if (i == 0) {
                    first.add(g.ms() / 1000.0);
                }
                tokens += g.tokens();
                ms += g.ms();
            }
        }
        return new Run(sorted(all), sorted(first), tokens, ms, answered, questions.size());
    }

    private static double[] sorted(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    /** The machine's load average as /proc/loadavg gives it (the figures mean little without it). */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    /** The quoted names, numbers and punctuation runs of the spec text: the pieces a BPE vocabulary would hold. */
    static List<String> pieces(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile("\"[^\"]{1,40}\"|[{}\\[\\]:,\"]{2,4}|[A-Za-z]{2,}|\\d{2,}").matcher(text);
        while (m.find()) {
            String p = m.group();
            out.add(p);
            if (p.startsWith("\"") && p.length() > 2) {
                out.add(p.substring(0, p.length() - 1));
                out.add(p.substring(1));
            }
        }
        return List.copyOf(out);
    }

    private static double rank(double[] xs, double p) {
        if (xs.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p * xs.length) - 1;
        return xs[Math.max(0, Math.min(xs.length - 1, i))];
    }

    private static long rssKb() throws java.io.IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("\\D+", ""));
            }
        }
        return -1;
    }

    private static String sha256(Path file) throws Exception {
        java.security.MessageDigest d = java.security.MessageDigest.getInstance("SHA-256");
        try (var in = Files.newInputStream(file)) {
            byte[] b = new byte[1 << 20];
            for (int n; (n = in.read(b)) > 0; ) {
                d.update(b, 0, n);
            }
        }
        return java.util.HexFormat.of().formatHex(d.digest());
    }

    /** Records every generation of the real planner. */
    private static final class Recording implements Planner {
        private final Planner inner;
        final List<Generation> generations = new CopyOnWriteArrayList<>();

        Recording(Planner inner) {
            this.inner = inner;
        }

        @Override
        public ModelInfo model() {
            return inner.model();
        }

        @Override
        public Generation generate(PlanRequest request, Deadline deadline) {
            Generation g = inner.generate(request, deadline);
            generations.add(g);
            return g;
        }
    }

    /** Stands in before the model exists, to build the prompt whose pieces go into the vocabulary. */
    private static final class Unloaded implements Planner {
        @Override
        public ModelInfo model() {
            return new ModelInfo("none", "0".repeat(64), 1, 512, 0, "none", false);
        }

        @Override
        public Generation generate(PlanRequest request, Deadline deadline) {
            return Generation.failed("no model", 0);
        }
    }
}
