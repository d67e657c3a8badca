package org.tally.core.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.demo.DemoHospital;
import org.tally.core.demo.DemoWriter;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutionOutcome;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.core.testing.RealDatabases;

/**
 * End-to-end ratio (a plain {@code main}, not a test): for every golden question Tally answers through the grammar
 * rung, Tally's warm end-to-end time for {@code AnswerEngine.ask} divided by the database's own warm time for the
 * very statement Tally executed (same SQL, same bound parameters, same max rows and fetch size), run directly over
 * JDBC on a second connection to the same database, opened the same way (read-only, autocommit on: the engine's
 * own connection belongs to its grammar rung, which keeps it outside autocommit). Both sides are timed in
 * interleaved rounds and compared by their medians.
 *
 * <p>With {@code -Dtally.bench.envelope=true} a third side splits the gap: the same statement run by a
 * {@link ReadOnlyExecutor} without preflight on a third connection prepared for it, i.e. the database inside the
 * envelope the design requires of every statement (read-only transaction, timeout, row cap, rollback). Tally ÷
 * envelope is what Tally adds on top of that envelope; envelope ÷ database is what the envelope itself costs. The
 * rounds then rotate through the three sides, so no side directly follows itself. By default the two sides alternate
 * (Tally first, then database first), which lets half of the database runs follow a database run of the same
 * statement: H2 answers those from its cached result (see docs/benchmarks.md).
 *
 * <p>System properties: {@code tally.bench.scale} (demo scale, default 13 ≈ 1.03 M rows), {@code tally.bench.schema}
 * (dev or alt, default dev), {@code tally.bench.targets} (comma list of h2, postgres; default both),
 * {@code tally.bench.budgetMs} (time per question, default 600), {@code tally.bench.rounds.min} (default 5),
 * {@code tally.bench.preflight} (the executor's EXPLAIN preflight, default true as in the app),
 * {@code tally.bench.data} (where the H2 file is kept between runs), {@code tally.bench.envelope} (the third side,
 * default false).
 */
public final class EndToEndRatioBenchmark {

    private static final String H2_OPTIONS = ";DATABASE_TO_UPPER=FALSE;CASE_INSENSITIVE_IDENTIFIERS=TRUE";

    private EndToEndRatioBenchmark() {
    }

    /** One question's measurement. */
    record Row(String id, String question, int rounds, double tallyMs, double databaseMs, double envelopeMs,
               double parseBindMs, double toStatementMs) {
        double ratio() {
            return tallyMs / databaseMs;
        }
    }

    /** The database run inside the executor's envelope (no preflight), on a connection of its own. */
    record Envelope(ReadOnlyExecutor executor, Connection connection, Dialect dialect) {
    }

    public static void main(String[] args) throws Exception {
        int scale = Integer.getInteger("tally.bench.scale", 13);
        DemoSchema schema = DemoSchema.fromId(System.getProperty("tally.bench.schema", "dev")).orElseThrow();
        List<String> targets = Arrays.asList(System.getProperty("tally.bench.targets", "h2,postgres").split(","));
        long budgetMs = Long.getLong("tally.bench.budgetMs", 600);
        int minRounds = Integer.getInteger("tally.bench.rounds.min", 5);
        boolean preflight = Boolean.parseBoolean(System.getProperty("tally.bench.preflight", "true"));
        boolean withEnvelope = Boolean.parseBoolean(System.getProperty("tally.bench.envelope", "false"));
        Path root = Files.createDirectories(Path.of(System.getProperty("tally.bench.data",
                Path.of(System.getProperty("java.io.tmpdir"), "tally-bench-data").toString())));
        ExecutorSettings settings = ExecutorSettings.DEFAULTS.withPreflight(preflight);
        DemoHospital hospital = new DemoHospital(DemoHospital.DEFAULT_SEED, scale);

        for (String target : targets) {
            String url;
            Dialect dialect;
            long t0 = System.nanoTime();
            if (target.trim().equals("h2")) {
                url = h2File(root, schema, hospital);
                dialect = Dialect.H2;
            } else if (target.trim().equals("postgres")) {
                url = postgres(schema, hospital);
                dialect = Dialect.POSTGRES;
            } else {
                throw new IllegalArgumentException("tally.bench.targets: unknown target '" + target
                        + "'; use h2, postgres or both (comma-separated)");
            }
            double loadS = (System.nanoTime() - t0) / 1e9;
            SourceRef ref = new SourceRef.Jdbc(url, dialect);
            DataFolder data = new DataFolder(Files.createTempDirectory(root, "state-"));
            SourceConnector connector = new SourceConnector(new NoDemos());
            Connection connection = connector.open(ref, Credentials.NONE, Progress.NONE);
            long t1 = System.nanoTime();
            try (BenchSource source = new BenchSource(data, ref.name(), dialect, connection,
                    DemoHospital.REFERENCE_DATE, settings);
                 Connection direct = connector.open(ref, Credentials.NONE, Progress.NONE);
                 Connection bounded = connector.open(ref, Credentials.NONE, Progress.NONE)) {
                Envelope envelope = withEnvelope
                        ? new Envelope(new ReadOnlyExecutor(settings.withPreflight(false)), bounded, dialect) : null;
                if (envelope != null) {
                    envelope.executor().prepare(bounded, dialect);
                }
                double bindS = (System.nanoTime() - t1) / 1e9;
                System.out.printf(Locale.ROOT, "%n== %s, demo %s schema, scale %d (%,d rows), preflight %s: data ready"
                                + " in %.1f s, catalog refresh + binding %.1f s%n", target, schema.id(), scale,
                        rowCount(direct), preflight ? "on" : "off", loadS, bindS);
                report(measure(source, direct, envelope, budgetMs, minRounds));
            }
        }
        System.exit(0); // embedded PostgreSQL's shutdown hook stops the server
    }

    private static List<Row> measure(BenchSource source, Connection direct, Envelope envelope, long budgetMs,
                                     int minRounds) throws SQLException {
        List<Row> rows = new ArrayList<>();
        int refused = 0;
        int mismatched = 0;
        for (GoldenQuestions.Question q : GoldenQuestions.all()) {
            Answer first = source.engine().ask(q.text());
            if (first.status() != AnswerStatus.ANSWERED || first.sql() == null) {
                refused++;
                continue;
            }
            if (q.trap()) {
                System.out.printf("WARNING: trap %s was answered (it must be refused): %s%n", q.id(), q.text());
                continue;
            }
            Optional<BenchSource.Statement> statement = source.executedStatement(q.text());
            if (statement.isEmpty() || !statement.get().inlined().equals(first.sql())) {
                mismatched++; // the answer came from another path than the one reproduced here: not comparable
                continue;
            }
            BenchSource.Statement s = statement.get();
            // warm every side, and size the rounds to the budget
            long w = System.nanoTime();
            source.engine().ask(q.text());
            runDirectly(source, direct, s);
            if (envelope != null) {
                timeEnvelope(envelope, s);
            }
            double tripleMs = (System.nanoTime() - w) / 1e6;
            int rounds = (int) Math.max(minRounds, Math.min(41, budgetMs / Math.max(tripleMs, 0.01)));
            double[] tally = new double[rounds];
            double[] database = new double[rounds];
            double[] bounded = new double[rounds];
            double[] parseBind = new double[rounds];
            double[] toStatement = new double[rounds];
            for (int i = 0; i < rounds; i++) {
                if (envelope == null) {
                    // alternate which side goes first so neither always runs on the other's warmed caches
                    if (i % 2 == 0) {
                        tally[i] = timeAsk(source, q.text());
                        database[i] = timeDirect(source, direct, s);
                    } else {
                        database[i] = timeDirect(source, direct, s);
                        tally[i] = timeAsk(source, q.text());
                    }
                    bounded[i] = Double.NaN;
                } else {
                    // rotate the order, so no side directly follows itself or always runs on another's warm caches
                    for (int k = 0; k < 3; k++) {
                        switch ((i + k) % 3) {
                            case 0 -> tally[i] = timeAsk(source, q.text());
                            case 1 -> database[i] = timeDirect(source, direct, s);
                            default -> bounded[i] = timeEnvelope(envelope, s);
                        }
                    }
                }
                long p = System.nanoTime();
                source.parseAndBind(q.text());
                parseBind[i] = (System.nanoTime() - p) / 1e6;
                p = System.nanoTime();
                source.executedStatement(q.text());
                toStatement[i] = (System.nanoTime() - p) / 1e6;
            }
            rows.add(new Row(q.id(), q.text(), rounds, median(tally), median(database), median(bounded),
                    median(parseBind), median(toStatement)));
        }
        System.out.printf(Locale.ROOT, "answered and measured: %d; refused or not answered by the grammar rung: %d;"
                + " answer SQL not reproduced (skipped): %d%n", rows.size(), refused, mismatched);
        return rows;
    }

    private static double timeAsk(BenchSource source, String question) {
        long t = System.nanoTime();
        Answer a = source.engine().ask(question);
        long ns = System.nanoTime() - t;
        if (a.status() != AnswerStatus.ANSWERED) {
            throw new IllegalStateException("answer changed between runs for: " + question);
        }
        return ns / 1e6;
    }

    private static double timeDirect(BenchSource source, Connection direct, BenchSource.Statement s)
            throws SQLException {
        long t = System.nanoTime();
        runDirectly(source, direct, s);
        return (System.nanoTime() - t) / 1e6;
    }

    private static double timeEnvelope(Envelope envelope, BenchSource.Statement s) {
        long t = System.nanoTime();
        ExecutionOutcome outcome = envelope.executor().execute(envelope.connection(), s.validated(),
                s.parameters());
        long ns = System.nanoTime() - t;
        if (!(outcome instanceof ExecutionOutcome.Rows)) {
            throw new IllegalStateException("the statement failed inside the envelope: " + outcome);
        }
        return ns / 1e6;
    }

    /** The database's own time: prepare, bind, execute, read every value, with the executor's row bound. */
    private static long runDirectly(BenchSource source, Connection direct, BenchSource.Statement s)
            throws SQLException {
        int maxRows = source.settings().maxRows();
        long values = 0;
        try (PreparedStatement ps = direct.prepareStatement(s.sql())) {
            ps.setMaxRows(maxRows + 1);
            ps.setFetchSize(Math.min(source.settings().fetchSize(), maxRows + 1));
            for (int i = 0; i < s.parameters().size(); i++) {
                s.parameters().get(i).bind(ps, i + 1);
            }
            try (ResultSet rs = ps.executeQuery()) {
                int columns = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int c = 1; c <= columns; c++) {
                        if (rs.getObject(c) != null) {
                            values++;
                        }
                    }
                }
            }
        }
        return values;
    }

    private static void report(List<Row> rows) {
        if (rows.isEmpty()) {
            System.out.println("nothing measured");
            return;
        }
        List<Row> byRatio = rows.stream().sorted(Comparator.comparingDouble(Row::ratio)).toList();
        double[] ratios = byRatio.stream().mapToDouble(Row::ratio).toArray();
        double tallySum = rows.stream().mapToDouble(Row::tallyMs).sum();
        double dbSum = rows.stream().mapToDouble(Row::databaseMs).sum();
        System.out.printf(Locale.ROOT, "ratio Tally/database over %d questions: median %.3f, p90 %.3f, max %.3f;"
                        + " summed medians %.1f ms / %.1f ms = %.3f; questions at or under 1.10: %d%n",
                rows.size(), nearestRank(ratios, 0.5), nearestRank(ratios, 0.9), ratios[ratios.length - 1],
                tallySum, dbSum, tallySum / dbSum, byRatio.stream().filter(r -> r.ratio() <= 1.10).count());
        double envelopeSum = rows.stream().mapToDouble(Row::envelopeMs).sum();
        if (Double.isNaN(envelopeSum)) {
            System.out.println("no envelope side (tally.bench.envelope=false): Tally and database alternate");
        } else {
            double[] overEnvelope = rows.stream().mapToDouble(r -> r.tallyMs() / r.envelopeMs()).sorted().toArray();
            double[] envelopeOverDb = rows.stream().mapToDouble(r -> r.envelopeMs() / r.databaseMs()).sorted()
                    .toArray();
            System.out.printf(Locale.ROOT, "inside the envelope (read-only transaction, timeout, row cap, rollback;"
                            + " no preflight): envelope/database median %.3f, p90 %.3f, summed %.1f ms / %.1f ms ="
                            + " %.3f; Tally/envelope median %.3f, p90 %.3f, summed %.3f%n",
                    nearestRank(envelopeOverDb, 0.5), nearestRank(envelopeOverDb, 0.9), envelopeSum, dbSum,
                    envelopeSum / dbSum, nearestRank(overEnvelope, 0.5), nearestRank(overEnvelope, 0.9),
                    tallySum / envelopeSum);
        }
        double parseBindSum = rows.stream().mapToDouble(Row::parseBindMs).sum();
        double toStatementSum = rows.stream().mapToDouble(Row::toStatementMs).sum();
        System.out.printf(Locale.ROOT, "timed apart, summed: parse + bind %.1f ms; parse + bind + compile + validate"
                + " done afresh, as for a first ask (a warm ask reuses the remembered compile and verdicts) %.1f ms%n",
                parseBindSum, toStatementSum);
        System.out.println("worst 8 (ratio, Tally ms, database ms, envelope ms, parse+bind ms, rounds, id: question):");
        for (int i = byRatio.size() - 1; i >= Math.max(0, byRatio.size() - 8); i--) {
            Row r = byRatio.get(i);
            String envelope = Double.isNaN(r.envelopeMs()) ? "-" : String.format(Locale.ROOT, "%.2f", r.envelopeMs());
            System.out.printf(Locale.ROOT, "  %6.2f %9.2f %9.2f %9s %7.2f %3d  %s: %s%n", r.ratio(), r.tallyMs(),
                    r.databaseMs(), envelope, r.parseBindMs(), r.rounds(), r.id(), r.question());
        }
        List<Row> slowest = rows.stream().sorted(Comparator.comparingDouble(Row::databaseMs).reversed()).limit(5).toList();
        System.out.println("slowest 5 by database time (ratio, Tally ms, database ms, parse+bind ms):");
        for (Row r : slowest) {
            System.out.printf(Locale.ROOT, "  %6.2f %9.2f %9.2f %7.2f  %s%n", r.ratio(), r.tallyMs(), r.databaseMs(),
                    r.parseBindMs(), r.id());
        }
    }

    private static double nearestRank(double[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** The demo written at {@code hospital}'s scale into an H2 file, kept between runs; its read-only URL. */
    static String h2File(Path root, DemoSchema schema, DemoHospital hospital) throws Exception {
        String base = "e2e-" + schema.id() + "-v" + DemoHospital.GENERATOR_VERSION + "-s" + hospital.scale();
        Path file = root.resolve(base + ".mv.db");
        if (!Files.exists(file)) {
            Path building = root.resolve(base + "-building");
            Files.deleteIfExists(root.resolve(base + "-building.mv.db"));
            try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + building + H2_OPTIONS);
                 Statement s = c.createStatement()) {
                new DemoWriter(schema, Dialect.H2).write(hospital, c, Progress.NONE);
                s.execute("ANALYZE");
                s.execute("SHUTDOWN");
            }
            Files.move(root.resolve(base + "-building.mv.db"), file, StandardCopyOption.ATOMIC_MOVE);
        }
        // tally.bench.h2.reuseResults=false: H2 executes every run instead of answering a repeated statement from
        // the result it kept, on every side alike (see docs/benchmarks.md)
        boolean reuse = Boolean.parseBoolean(System.getProperty("tally.bench.h2.reuseResults", "true"));
        return "jdbc:h2:file:" + root.resolve(base) + ";ACCESS_MODE_DATA=r" + H2_OPTIONS
                + (reuse ? "" : ";OPTIMIZE_REUSE_RESULTS=FALSE");
    }

    /** A fresh embedded PostgreSQL database holding the demo at {@code hospital}'s scale, analysed; its URL. */
    static String postgres(DemoSchema schema, DemoHospital hospital) throws SQLException {
        String url = RealDatabases.newPostgresDatabase();
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            new DemoWriter(schema, Dialect.POSTGRES).write(hospital, c, Progress.NONE);
            s.execute("ANALYZE");
        }
        return url;
    }

    private static long rowCount(Connection c) throws SQLException {
        long total = 0;
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getTables(null, c.getSchema(), "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME"));
            }
        }
        try (Statement s = c.createStatement()) {
            for (String t : tables) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM \"" + t + "\"")) {
                    rs.next();
                    total += rs.getLong(1);
                }
            }
        }
        return total;
    }

    /** The benchmark names its databases by URL; no demo source is opened through the provider. */
    static final class NoDemos implements org.tally.core.source.DemoDatabaseProvider {
        @Override
        public java.time.LocalDate referenceDate() {
            return DemoHospital.REFERENCE_DATE;
        }

        @Override
        public String jdbcUrl(DemoSchema schema, Progress progress) {
            throw new IllegalStateException("the end-to-end benchmark opens its databases by JDBC URL");
        }
    }
}
