package org.tally.core.binding;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Random;
import org.tally.core.Progress;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.RefreshResult;
import org.tally.core.catalog.UuidV7;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

/**
 * Benchmark, not a test: a generated 100-table hospital-like H2 file database with a million rows in all (twenty
 * kinds of table in five naming styles, keys declared in half of them), timed for catalog refresh plus binding.
 * Run: {@code java -cp <core test classpath> org.tally.core.binding.BindingBenchmark [runs]}.
 */
public final class BindingBenchmark {

    private static final int TABLES = 100;
    private static final int ROWS_PER_TABLE = 10_000;
    private static final String[] KINDS = {"patient", "admission", "lab_result", "rx_order", "bill", "appointment",
        "ward", "delivery", "newborn", "surgery", "payment", "referral", "incident", "allergy", "immunization",
        "vital_sign", "diagnosis", "transfer", "lab_order", "encounter"};
    private static final String[] STYLES = {"%s", "tbl_%s", "%s_mstr", "dim_%s", "%s_dtl"};

    private BindingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Path dir = Files.createTempDirectory("tally-bind-bench");
        String url = "jdbc:h2:file:" + dir.resolve("hospital");
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            for (int t = 0; t < TABLES; t++) {
                String name = String.format(STYLES[t / KINDS.length], KINDS[t % KINDS.length]) + "_" + t;
                boolean declare = t % 2 == 0 && t > 0;
                s.execute("CREATE TABLE " + name + " (id BIGINT PRIMARY KEY, patient_id BIGINT"
                        + (declare ? " REFERENCES patient_0(id)" : "")
                        + ", status VARCHAR(12), category VARCHAR(20), is_flagged BOOLEAN, priority SMALLINT,"
                        + " started_at TIMESTAMP, ended_at TIMESTAMP, total_amount DECIMAL(12, 2), name VARCHAR(40),"
                        + " note VARCHAR(200))");
                s.execute("INSERT INTO " + name + " SELECT X, MOD(X * 7, 10000) + 1,"
                        + " ARRAY['open', 'closed', 'cancelled', 'pending', 'DNA', 'void'][MOD(X, 6) + 1],"
                        + " 'kind' || MOD(X * 13, 30), MOD(X, 3) = 0, CAST(MOD(X, 5) AS SMALLINT),"
                        + " TIMESTAMP '2024-01-01 00:00:00' + X * INTERVAL '37' MINUTE,"
                        + " CASE WHEN MOD(X, 9) = 0 THEN NULL ELSE TIMESTAMP '2024-01-02 00:00:00' + X * INTERVAL"
                        + " '37' MINUTE END, X * 1.25, 'name-' || X, 'free text ' || MOD(X * 31, 997)"
                        + " FROM SYSTEM_RANGE(1, " + ROWS_PER_TABLE + ")");
            }
        }
        System.out.printf("built %d tables x %d rows in %d ms%n", TABLES, ROWS_PER_TABLE,
                (System.nanoTime() - t0) / 1_000_000);
        Binder binder = BindingFixtures.binder();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        try (StateDatabase state = StateDatabase.open("jdbc:h2:mem:bindbenchstate");
             Connection c = DriverManager.getConnection(url, "sa", "")) {
            c.setReadOnly(true);
            CatalogRefresher refresher = new CatalogRefresher(new CatalogStore(state),
                    new UuidV7(Clock.systemUTC(), new Random()), Clock.systemUTC());
            for (int run = 1; run <= runs; run++) {
                long cpu0 = threads.getCurrentThreadCpuTime();
                long start = System.nanoTime();
                RefreshResult r = refresher.refresh(url, Dialect.H2, c, RefreshOptions.defaults(), Progress.NONE);
                long refreshed = System.nanoTime();
                Binding b = binder.bind(r.catalog(), Overrides.NONE, List.of());
                long bound = System.nanoTime();
                long cpu = (threads.getCurrentThreadCpuTime() - cpu0) / 1_000_000;
                System.out.printf("run %d: refresh %d ms + binding %d ms = %d ms wall (%d ms CPU); %d tables, %d"
                                + " bound, %d links (%d inferred)%n", run, (refreshed - start) / 1_000_000,
                        (bound - refreshed) / 1_000_000, (bound - start) / 1_000_000, cpu, b.tables().size(),
                        b.bound().size(), b.links().size(), b.links().stream().filter(Link::inferred).count());
            }
        }
    }
}
