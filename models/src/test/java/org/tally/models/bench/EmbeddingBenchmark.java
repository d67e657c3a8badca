package org.tally.models.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.catalog.Catalog;
import org.tally.core.dialect.Dialect;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.embed.Embeddings;
import org.tally.core.linking.SchemaCards;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.retrieval.RetrievalRung;
import org.tally.core.scope.Scope;
import org.tally.core.snapshot.SnapshotStore;
import org.tally.core.snapshot.SnapshotTaker;
import org.tally.models.onnx.OnnxEmbeddings;

/**
 * Plain {@code main} (see docs/benchmarks.md): (1) ingesting and embedding N free-text rows into a snapshot (wall
 * time, CPU time, peak heap), (2) retrieval over them, p50/p99 of a warm ask of the retrieval rung, (3) the cost of
 * embedding the schema cards of a 100-table schema, the work linking adds to a catalog refresh. Properties:
 * {@code tally.bench.rows} (default 100000), {@code tally.bench.queries} (default 200).
 */
public final class EmbeddingBenchmark {

    private static final String[] WHAT = {"Patient slipped on the stairs and fell", "A dose was omitted on the round",
        "A pressure ulcer was found on the heel", "The infusion pump alarmed and stopped",
        "A visitor shouted at staff near the desk", "A wound infection was found on day four",
        "The bed rail broke during repositioning", "Oxygen supply failed at the bed space",
        "The wrong dose of insulin was given", "Patient found on the floor beside the bed"};
    private static final String[] HARM = {"No harm resulted.", "Minor bruising was seen.", "An X-ray was needed.",
        "The patient was moved to intensive care.", "A small graze was dressed."};
    private static final String[] PLACE = {"ward", "corridor", "bathroom", "bay", "side room", "stairwell",
        "day room", "nurses' station"};

    private EmbeddingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rows = Integer.getInteger("tally.bench.rows", 100_000);
        int queries = Integer.getInteger("tally.bench.queries", 200);
        DomainPack pack = PackLoader.hospital();
        Path dir = Files.createTempDirectory("tally-embed-bench");
        DataFolder data = new DataFolder(dir.resolve("home"));
        String url = "jdbc:h2:file:" + dir.resolve("source");
        OnnxEmbeddings model = OnnxEmbeddings.standard();
        SourceBindings bindings = new SourceBindings(data, pack, Clock.systemUTC());
        if (rows > 0) {
            texts(url, rows, queries, pack, data, model, bindings);
        }
        wide(dir, pack, model, bindings);
        model.close();
        System.exit(0);
    }

    private static void texts(String url, int rows, int queries, DomainPack pack, DataFolder data,
                              OnnxEmbeddings model, SourceBindings bindings) throws Exception {
        long t0 = System.nanoTime();
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("INSERT INTO patients SELECT X, CASE WHEN MOD(X, 2) = 0 THEN 'F' ELSE 'M' END,"
                    + " DATEADD(DAY, X, DATE '1950-01-01') FROM SYSTEM_RANGE(1, 5000)");
            s.execute("CREATE TABLE incidents (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " reported_at TIMESTAMP, category VARCHAR(20), narrative VARCHAR(1000))");
            Random r = new Random(20261129L);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO incidents VALUES (?, ?, DATEADD(MINUTE, ?,"
                    + " TIMESTAMP '2024-01-01 00:00:00'), ?, ?)")) {
                for (int i = 1; i <= rows; i++) {
                    ps.setInt(1, i);
                    ps.setInt(2, 1 + r.nextInt(5000));
                    ps.setInt(3, i * 7);
                    ps.setString(4, "category" + r.nextInt(6));
                    ps.setString(5, WHAT[r.nextInt(WHAT.length)] + " in the " + PLACE[r.nextInt(PLACE.length)]
                            + " at " + r.nextInt(24) + ":" + (10 + r.nextInt(50)) + ". " + HARM[r.nextInt(HARM.length)]
                            + " Reported by shift " + r.nextInt(300) + ".");
                    ps.addBatch();
                    if (i % 1000 == 0) {
                        ps.executeBatch();
                    }
                }
                ps.executeBatch();
            }
        }
        System.out.printf("built %d text rows in %d ms%n", rows, (System.nanoTime() - t0) / 1_000_000);
        try (Connection live = DriverManager.getConnection(url, "sa", "")) {
            Catalog catalog = bindings.refresh(url, Dialect.H2, live);
            Binding binding = bindings.bind(catalog).binding();
            SnapshotStore store = SnapshotStore.of(data, catalog.source());
            AtomicLong peak = new AtomicLong();
            Thread sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    Runtime rt = Runtime.getRuntime();
                    peak.accumulateAndGet(rt.totalMemory() - rt.freeMemory(), Math::max);
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            sampler.setDaemon(true);
            System.gc();
            long heapBefore = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
            sampler.start();
            long cpu0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
            long w0 = System.nanoTime();
            var taken = new SnapshotTaker(store, Clock.systemUTC(), model).take(live, Dialect.H2, catalog, binding,
                    List.of("INCIDENTS"), Progress.NONE);
            long wall = (System.nanoTime() - w0) / 1_000_000;
            long cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0) / 1_000_000;
            sampler.interrupt();
            System.out.printf("ingest + embed: %d rows, %d passages in %d ms wall (%.2f ms/passage), calling"
                            + " thread %d ms CPU; heap %d MB before, peak %d MB during%n", taken.get(0).rows(),
                    taken.get(0).passages(), wall, (double) wall / taken.get(0).passages(), cpu,
                    heapBefore >> 20, peak.get() >> 20);

            RetrievalRung rung = new RetrievalRung(store, binding, binding, pack, Scope.ALL, EmbeddingModel.of(model),
                    System::nanoTime);
            String[] topics = {"falls on the stairs", "infusion pumps", "insulin errors", "pressure ulcers",
                "visitors shouting", "oxygen failures", "wound infections", "broken bed rails"};
            rung.attempt("What did the incident reports say about " + topics[0] + "?"); // loads the passages
            System.gc();
            long heapIndexed = Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
            long[] ms = new long[queries];
            int answered = 0;
            for (int i = 0; i < queries; i++) {
                long q0 = System.nanoTime();
                Rung.Attempt a = rung.attempt("What did the incident reports say about " + topics[i % topics.length]
                        + "?");
                ms[i] = (System.nanoTime() - q0) / 1_000;
                if (a instanceof Rung.Attempt.Done d && d.answer().status().json().equals("answered")) {
                    answered++;
                }
            }
            Arrays.sort(ms);
            System.out.printf("retrieval over %d passages: p50 %.1f ms, p99 %.1f ms (%d of %d answered); heap with"
                            + " the passages in memory %d MB%n", taken.get(0).passages(), ms[queries / 2] / 1000.0,
                    ms[Math.min(queries - 1, (int) Math.ceil(queries * 0.99) - 1)] / 1000.0, answered, queries,
                    heapIndexed >> 20);
        }
    }

    /** The 100-table schema: what embedding every table's card adds to a refresh. */
    private static void wide(Path dir, DomainPack pack, OnnxEmbeddings model, SourceBindings bindings)
            throws Exception {
        String wide = "jdbc:h2:file:" + dir.resolve("wide");
        try (Connection c = DriverManager.getConnection(wide, "sa", ""); Statement s = c.createStatement()) {
            String[] kinds = {"visit", "admission", "lab_result", "rx_order", "bill"};
            for (int t = 0; t < 100; t++) {
                s.execute("CREATE TABLE t" + t + "_" + kinds[t % 5] + " (id BIGINT PRIMARY KEY, status VARCHAR(12),"
                        + " kind VARCHAR(20), created_at TIMESTAMP, amount DECIMAL(12, 2), note VARCHAR(200))");
                s.execute("INSERT INTO t" + t + "_" + kinds[t % 5] + " SELECT X, ARRAY['open', 'closed',"
                        + " 'cancelled'][MOD(X, 3) + 1], 'kind' || MOD(X, 7), TIMESTAMP '2024-01-01 00:00:00', X,"
                        + " 'n' FROM SYSTEM_RANGE(1, 1000)");
            }
        }
        try (Connection c = DriverManager.getConnection(wide, "sa", "")) {
            long r0 = System.nanoTime();
            Catalog catalog = bindings.refresh(wide, Dialect.H2, c);
            Binding binding = bindings.bind(catalog).binding();
            long refresh = (System.nanoTime() - r0) / 1_000_000;
            List<String> cards = binding.tables().stream().map(t -> SchemaCards.text(t, pack)).toList();
            List<Long> runs = new ArrayList<>();
            for (int run = 0; run < 3; run++) {
                long e0 = System.nanoTime();
                model.embed(cards, Embeddings.Kind.PASSAGE);
                runs.add((System.nanoTime() - e0) / 1_000_000);
            }
            System.out.printf("100-table schema: refresh + binding %d ms; embedding the cards of all %d tables %s ms"
                    + " (3 runs)%n", refresh, cards.size(), runs);
        }
    }
}
