package org.tally.core.catalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.Random;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

/**
 * Benchmark, not a test: builds a 100-table H2 hospital-like schema with about a million rows in total (a file
 * database, as the demo hospital is) and times catalog refresh (introspect + profile + store).
 * Run: {@code java -cp <core test classpath> org.tally.core.catalog.CatalogRefreshBenchmark [runs]}.
 */
public final class CatalogRefreshBenchmark {

    private static final int TABLES = 100;
    private static final int ROWS_PER_TABLE = 10_000;

    private CatalogRefreshBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        Path dir = Files.createTempDirectory("tally-bench");
        String url = "jdbc:h2:file:" + dir.resolve("hospital");
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            for (int t = 0; t < TABLES; t++) {
                String name = "t" + t + "_" + new String[] {"visit", "admission", "lab_result", "rx_order", "bill"}[t % 5];
                String parent = t == 0 ? null : "t" + (t - 1) + "_" + new String[] {"visit", "admission",
                        "lab_result", "rx_order", "bill"}[(t - 1) % 5];
                s.execute("CREATE TABLE " + name + " (id BIGINT PRIMARY KEY, parent_id BIGINT"
                        + (parent == null ? "" : " REFERENCES " + parent)
                        + ", status VARCHAR(12), kind VARCHAR(20), flag BOOLEAN, level SMALLINT, code INT,"
                        + " created_at TIMESTAMP, amount DECIMAL(12, 2), label VARCHAR(40), note VARCHAR(200))");
                s.execute("INSERT INTO " + name + " SELECT X, " + (parent == null ? "NULL" : "MOD(X * 7, 10000) + 1")
                        + ", ARRAY['open', 'closed', 'cancelled', 'pending', 'DNA', 'void'][MOD(X, 6) + 1],"
                        + " 'kind' || MOD(X * 13, 30), MOD(X, 3) = 0, CAST(MOD(X, 5) AS SMALLINT), MOD(X, 40) + 1,"
                        + " TIMESTAMP '2024-01-01 00:00:00' + X * INTERVAL '37' MINUTE,"
                        + " CASE WHEN MOD(X, 9) = 0 THEN NULL ELSE X * 1.25 END, 'label-' || X,"
                        + " 'free text ' || MOD(X * 31, 997) FROM SYSTEM_RANGE(1, " + ROWS_PER_TABLE + ")");
            }
        }
        System.out.printf("built %d tables x %d rows in %d ms%n", TABLES, ROWS_PER_TABLE,
                (System.nanoTime() - t0) / 1_000_000);

        try (StateDatabase state = StateDatabase.open("jdbc:h2:mem:benchstate");
             Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.setReadOnly(true);
            CatalogRefresher refresher = new CatalogRefresher(new CatalogStore(state),
                    new UuidV7(Clock.systemUTC(), new Random()), Clock.systemUTC());
            java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
            for (int run = 1; run <= runs; run++) {
                long cpuStart = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                RefreshResult r = refresher.refresh(url, Dialect.H2, c, RefreshOptions.defaults(), Progress.NONE);
                long total = (System.nanoTime() - start) / 1_000_000;
                long cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1_000_000;
                // embedded H2 runs each query on the calling thread, so its CPU time is the work itself, whatever
                // else the machine is doing
                System.out.printf("run %d: refresh %d ms wall, %d ms CPU (introspect %d ms, profile %d ms, store %d ms),"
                                + " %d tables, %d columns, %d warnings%n", run, total, cpu, r.introspectMillis(),
                        r.profileMillis(),
                        total - r.introspectMillis() - r.profileMillis(), r.catalog().tables().size(),
                        r.catalog().columnCount(), r.catalog().warnings().size());
            }
        }
    }
}
