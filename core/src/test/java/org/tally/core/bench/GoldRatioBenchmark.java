package org.tally.core.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
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
import org.tally.core.answer.PathStep;
import org.tally.core.demo.DemoHospital;
import org.tally.core.demo.DemoWriter;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.ResultValues;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.core.testing.RealDatabases;

/**
 * Tally against the best SQL (a plain {@code main}, not a test): for every golden question, Tally's warm answer time
 * divided by the database's own time for the question's hand-written gold SQL (the golden suites' gold, translated
 * from H2 by {@link GoldSql}), on PostgreSQL and MariaDB with the demo written at a given scale. The ratio to the
 * database's time for Tally's own statement (what {@link EndToEndRatioBenchmark} measures: Tally's overhead) is the
 * second column. A question whose answer is not the gold's rows is reported, not timed; one that fails or times out
 * is counted with the message it got.
 *
 * <p>System properties: {@code tally.bench.scale} (default 13 ≈ 1.04 M rows; 125 ≈ 10 M), {@code tally.bench.schema}
 * (dev or alt, default dev), {@code tally.bench.targets} (postgres, mariadb, h2; default postgres,mariadb),
 * {@code tally.bench.rounds} (timed rounds per side, default 3), {@code tally.bench.budgetMs} (more rounds, up to 9,
 * while a question's rounds stay under this, default 2000), {@code tally.bench.question} (only ids containing this),
 * {@code tally.bench.timeoutS} (statement timeout, default 30 as in the app).
 */
public final class GoldRatioBenchmark {

    private GoldRatioBenchmark() {
    }

    /** One question's outcome: times are medians in ms (NaN when not measured). */
    record Row(String id, String status, double tallyMs, double goldMs, double ownMs, double costEstimate, String note,
               String sql) {
        Row(String id, String status, double costEstimate, String note) {
            this(id, status, Double.NaN, Double.NaN, Double.NaN, costEstimate, note, "");
        }

        double overGold() {
            return tallyMs / goldMs;
        }

        double overOwn() {
            return tallyMs / ownMs;
        }

        boolean measured() {
            return !Double.isNaN(tallyMs) && !Double.isNaN(goldMs);
        }
    }

    public static void main(String[] args) throws Exception {
        int scale = Integer.getInteger("tally.bench.scale", 13);
        DemoSchema schema = DemoSchema.fromId(System.getProperty("tally.bench.schema", "dev")).orElseThrow();
        List<String> targets = Arrays.asList(System.getProperty("tally.bench.targets", "postgres,mariadb").split(","));
        int rounds = Integer.getInteger("tally.bench.rounds", 3);
        long budgetMs = Long.getLong("tally.bench.budgetMs", 2000);
        String only = System.getProperty("tally.bench.question", "");
        ExecutorSettings settings = ExecutorSettings.DEFAULTS.withStatementTimeout(
                Duration.ofSeconds(Long.getLong("tally.bench.timeoutS", 30)));
        Path root = Files.createDirectories(Path.of(System.getProperty("tally.bench.data",
                Path.of(System.getProperty("java.io.tmpdir"), "tally-bench-data").toString())));
        DemoHospital hospital = new DemoHospital(DemoHospital.DEFAULT_SEED, scale);

        for (String target : targets) {
            long t0 = System.nanoTime();
            Dialect dialect;
            String url;
            switch (target.trim()) {
                case "postgres" -> {
                    dialect = Dialect.POSTGRES;
                    url = written(RealDatabases.newPostgresDatabase(), dialect, schema, hospital);
                }
                case "mariadb" -> {
                    dialect = Dialect.MYSQL;
                    url = written(RealDatabases.newMariaDbDatabase(), dialect, schema, hospital);
                }
                case "h2" -> {
                    dialect = Dialect.H2;
                    url = EndToEndRatioBenchmark.h2File(root, schema, hospital);
                }
                default -> throw new IllegalArgumentException("tally.bench.targets: unknown target '" + target
                        + "'; use postgres, mariadb or h2");
            }
            double loadS = (System.nanoTime() - t0) / 1e9;
            SourceRef ref = new SourceRef.Jdbc(url, dialect);
            SourceConnector connector = new SourceConnector(new EndToEndRatioBenchmark.NoDemos());
            DataFolder data = new DataFolder(Files.createTempDirectory(root, "state-"));
            long t1 = System.nanoTime();
            try (BenchSource source = new BenchSource(data, ref.name(), dialect,
                    connector.open(ref, Credentials.NONE, Progress.NONE), DemoHospital.REFERENCE_DATE, settings);
                 Connection direct = connector.open(ref, Credentials.NONE, Progress.NONE)) {
                if (dialect == Dialect.MYSQL) {
                    try (Statement s = direct.createStatement()) {
                        s.execute("SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES,PIPES_AS_CONCAT')");
                    }
                }
                System.out.printf(Locale.ROOT, "%n== %s, demo %s schema, scale %d (%,d rows): data ready in %.0f s,"
                                + " catalog refresh + binding %.0f s, statement timeout %d s%n", target.trim(),
                        schema.id(), scale, rowCount(direct, dialect), loadS,
                        (System.nanoTime() - t1) / 1e9, settings.statementTimeout().toSeconds());
                List<Row> rows = new ArrayList<>();
                printHeader();
                for (GoldenQuestions.Question q : GoldenQuestions.all()) {
                    if (q.trap() || !q.id().contains(only) || !q.gold().containsKey(schema.id())) {
                        continue;
                    }
                    Row row = measure(source, direct, dialect, schema, q, rounds, budgetMs, settings);
                    print(row); // as it comes: a 10 M-row run takes hours
                    rows.add(row);
                }
                summarise(rows);
            }
        }
        System.exit(0); // the embedded servers' shutdown hooks stop them
    }

    private static String written(String url, Dialect dialect, DemoSchema schema, DemoHospital hospital)
            throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            new DemoWriter(schema, dialect).write(hospital, c, Progress.NONE);
            if (dialect == Dialect.POSTGRES) {
                s.execute("ANALYZE");
            } else {
                List<String> tables = new ArrayList<>();
                try (ResultSet rs = c.getMetaData().getTables(c.getCatalog(), null, "%", new String[] {"TABLE"})) {
                    while (rs.next()) {
                        tables.add(rs.getString("TABLE_NAME"));
                    }
                }
                for (String t : tables) {
                    s.execute("ANALYZE TABLE " + dialect.rules().quote(t));
                }
            }
        }
        return url;
    }

    private static Row measure(BenchSource source, Connection direct, Dialect dialect, DemoSchema schema,
                               GoldenQuestions.Question q, int minRounds, long budgetMs, ExecutorSettings settings) {
        String gold = GoldSql.in(dialect, q.gold().get(schema.id()));
        long t = System.nanoTime();
        Answer first = source.engine().ask(q.text());
        double firstMs = (System.nanoTime() - t) / 1e6;
        double cost = cost(first);
        if (first.status() != AnswerStatus.ANSWERED) {
            return new Row(q.id(), first.status().name().toLowerCase(Locale.ROOT), cost, String.format(Locale.ROOT,
                    "%.0f ms: %s", firstMs, first.message() == null ? "" : first.message()));
        }
        List<List<Object>> goldRows;
        try {
            goldRows = run(direct, gold, List.of(), settings);
        } catch (SQLException e) {
            return new Row(q.id(), "no gold here", cost,
                    "the gold SQL failed on this database: " + firstLine(e.getMessage()));
        }
        if (!GoldRows.same(first.rows(), goldRows, q.ordered())) {
            return new Row(q.id(), "differs", cost, "Tally " + shorten(first.rows()) + " vs gold "
                    + shorten(goldRows));
        }
        Optional<BenchSource.Statement> own = source.executedStatement(q.text());
        double[] tally = new double[9];
        double[] golds = new double[9];
        double[] owns = new double[9];
        int n = 0;
        long start = System.nanoTime();
        try {
            while (n < 9 && (n < minRounds || (System.nanoTime() - start) / 1e6 < budgetMs)) {
                // rotate the order so no side always runs on another's warm caches
                for (int k = 0; k < 3; k++) {
                    switch ((n + k) % 3) {
                        case 0 -> tally[n] = timeAsk(source, q.text());
                        case 1 -> golds[n] = time(direct, gold, null, settings);
                        default -> owns[n] = own.isPresent() ? time(direct, own.get().sql(), own.get(), settings)
                                : Double.NaN;
                    }
                }
                n++;
            }
        } catch (SQLException | IllegalStateException e) {
            return new Row(q.id(), "failed while timed", cost, firstLine(e.getMessage()));
        }
        return new Row(q.id(), "answered", median(tally, n), median(golds, n), median(owns, n), cost, "",
                own.map(BenchSource.Statement::inlined).orElse(""));
    }

    private static double timeAsk(BenchSource source, String question) {
        long t = System.nanoTime();
        Answer a = source.engine().ask(question);
        long ns = System.nanoTime() - t;
        if (a.status() != AnswerStatus.ANSWERED) {
            throw new IllegalStateException("answer changed between runs: " + a.status() + " " + a.message());
        }
        return ns / 1e6;
    }

    private static double time(Connection c, String sql, BenchSource.Statement own, ExecutorSettings settings)
            throws SQLException {
        long t = System.nanoTime();
        run(c, sql, own == null ? List.of() : List.of(own), settings);
        return (System.nanoTime() - t) / 1e6;
    }

    /** Prepare, bind (Tally's own statement's values), execute and read every value, within the row cap. */
    private static List<List<Object>> run(Connection c, String sql, List<BenchSource.Statement> own,
                                          ExecutorSettings settings) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setQueryTimeout((int) settings.statementTimeout().toSeconds());
            ps.setMaxRows(settings.maxRows() + 1);
            ps.setFetchSize(Math.min(settings.fetchSize(), settings.maxRows() + 1));
            if (!own.isEmpty()) {
                for (int i = 0; i < own.get(0).parameters().size(); i++) {
                    own.get(0).parameters().get(i).bind(ps, i + 1);
                }
            }
            try (ResultSet rs = ps.executeQuery()) {
                int width = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>(width);
                    for (int i = 1; i <= width; i++) {
                        row.add(ResultValues.normalise(rs.getObject(i)));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    /** The preflight's estimate from the answer's path, or NaN. */
    private static double cost(Answer a) {
        for (PathStep s : a.path()) {
            if (s.rung().equals("preflight") && s.reason() != null && s.reason().startsWith("ok(")) {
                String number = s.reason().substring(3).split(" ")[0];
                try {
                    return Double.parseDouble(number);
                } catch (NumberFormatException e) {
                    return Double.NaN;
                }
            }
        }
        return Double.NaN;
    }

    private static void printHeader() {
        System.out.println("| question | status | Tally ms | gold ms | Tally ÷ gold | Tally's statement ms | Tally ÷ own"
                + " | cost estimate | note |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
    }

    private static void print(Row r) {
        System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", r.id(), r.status(),
                fmt(r.tallyMs()), fmt(r.goldMs()), fmt(r.overGold()), fmt(r.ownMs()), fmt(r.overOwn()),
                Double.isNaN(r.costEstimate()) ? "" : String.format(Locale.ROOT, "%.0f", r.costEstimate()),
                r.note().replace("|", "/"));
        System.out.flush();
    }

    private static void summarise(List<Row> rows) {
        List<Row> measured = rows.stream().filter(Row::measured).toList();
        double[] overGold = measured.stream().mapToDouble(Row::overGold).sorted().toArray();
        double[] overOwn = measured.stream().filter(r -> !Double.isNaN(r.ownMs())).mapToDouble(Row::overOwn).sorted()
                .toArray();
        long timeouts = rows.stream().filter(r -> r.note().contains("could not finish")
                || r.note().toLowerCase(Locale.ROOT).contains("timed out")
                || r.note().contains("longer than")).count();
        long differs = rows.stream().filter(r -> r.status().equals("differs")).count();
        long overOneSecond = measured.stream().filter(r -> r.tallyMs() > 1000).count();
        System.out.printf(Locale.ROOT, "%d golden questions with gold here: %d measured, %d timed out, %d not answered"
                        + " otherwise, %d differ from the gold, %d with no gold on this database%n",
                rows.size(), measured.size(), timeouts,
                rows.stream().filter(r -> !r.measured() && !r.status().equals("differs")
                        && !r.status().equals("no gold here")).count() - timeouts, differs,
                rows.stream().filter(r -> r.status().equals("no gold here")).count());
        if (overGold.length > 0) {
            System.out.printf(Locale.ROOT, "Tally ÷ gold: median %.2f, p90 %.2f, max %.2f; Tally ÷ its own statement:"
                            + " median %.2f, p90 %.2f, max %.2f; answers over 1 s: %d; slowest answer %.0f ms%n",
                    nearestRank(overGold, 0.5), nearestRank(overGold, 0.9), overGold[overGold.length - 1],
                    nearestRank(overOwn, 0.5), nearestRank(overOwn, 0.9), overOwn[overOwn.length - 1], overOneSecond,
                    measured.stream().mapToDouble(Row::tallyMs).max().orElse(0));
            System.out.println("worst 10 by Tally ÷ gold:");
            measured.stream().sorted(Comparator.comparingDouble(Row::overGold).reversed()).limit(10)
                    .forEach(r -> System.out.printf(Locale.ROOT, "  %6.2f %9.1f %9.1f  %s%n      %s%n", r.overGold(),
                            r.tallyMs(), r.goldMs(), r.id(), r.sql().replaceAll("\\s+", " ")));
        }
    }

    private static long rowCount(Connection c, Dialect dialect) throws SQLException {
        boolean catalog = dialect.rules().namespaceIsCatalog();
        String namespace = dialect.rules().currentNamespace(c);
        List<String> tables = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getTables(catalog ? namespace : c.getCatalog(), catalog ? null : namespace,
                "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                tables.add(rs.getString("TABLE_NAME"));
            }
        }
        long total = 0;
        try (Statement s = c.createStatement()) {
            for (String t : tables) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + dialect.rules().quote(t))) {
                    rs.next();
                    total += rs.getLong(1);
                }
            }
        }
        return total;
    }

    private static String fmt(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.0f", v);
    }

    private static String shorten(List<List<Object>> rows) {
        String s = rows.size() > 3 ? rows.subList(0, 3) + " … (" + rows.size() + " rows)" : String.valueOf(rows);
        return s.length() > 160 ? s.substring(0, 160) + "…" : s;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no message";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static double nearestRank(double[] sorted, double p) {
        int i = (int) Math.ceil(p * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    private static double median(double[] xs, int n) {
        double[] s = Arrays.copyOf(xs, n);
        if (Arrays.stream(s).anyMatch(Double::isNaN)) {
            return Double.NaN;
        }
        Arrays.sort(s);
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
