package org.tally.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.AnswerJson;
import org.tally.core.answer.PathStep;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binding.Binding;
import org.tally.core.catalog.Catalog;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Overrides;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.TestBindings;

/**
 * A source served over TCP (a real server process boundary) that is taken down mid-session: the same question is
 * answered from the snapshot, with the same rows, and labelled as not live.
 */
class SnapshotFallbackTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final Instant TAKEN = Instant.parse("2026-11-28T14:02:00Z");
    private static final DomainPack PACK = PackLoader.hospital();

    @TempDir
    Path folder;
    private Server server;
    private Connection live;
    private Catalog catalog;
    private Binding binding;
    private SnapshotStore store;

    @BeforeEach
    void serve() throws SQLException {
        server = Server.createTcpServer("-tcpPort", "0", "-baseDir", folder.resolve("db").toString(), "-ifNotExists")
                .start();
        live = DriverManager.getConnection("jdbc:h2:tcp://localhost:" + server.getPort() + "/hospital", "sa", "");
        try (Statement s = live.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), outcome VARCHAR(20),"
                    + " delivered_at TIMESTAMP, birth_weight_g DECIMAL(6, 1))");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("INSERT INTO patients VALUES (1, 'F', DATE '1990-01-01'), (2, 'F', DATE '1991-02-02')");
            s.execute("INSERT INTO deliveries VALUES"
                    + " (1, 1, 1, 'caesarean', 'live_birth', TIMESTAMP '2026-10-03 04:00:00', 3120.5),"
                    + " (2, 2, 2, 'spontaneous', 'live_birth', TIMESTAMP '2026-10-10 16:00:00', 2890.0),"
                    + " (3, 1, 2, 'caesarean', 'live_birth', TIMESTAMP '2026-10-21 01:00:00', 3410.2),"
                    + " (4, 2, 1, 'assisted', 'stillbirth', TIMESTAMP '2025-09-09 09:00:00', 1990.0)");
        }
        catalog = TestBindings.refresh(live, "snapshot-fallback-test", Dialect.H2);
        binding = new Binder(PACK).bind(catalog, Overrides.NONE, List.of());
        store = SnapshotStore.of(new DataFolder(folder), catalog.source());
    }

    @AfterEach
    void stop() throws SQLException {
        if (!live.isClosed()) {
            live.close();
        }
        server.stop();
    }

    private AnswerLadder ladder() {
        GrammarRung grammar = GrammarRung.standard(live, Dialect.H2, binding, PACK, TODAY, ExecutorSettings.DEFAULTS);
        return new AnswerLadder(List.of(grammar, new SnapshotRung(store, binding, PACK, TODAY,
                ExecutorSettings.DEFAULTS, ZoneOffset.UTC)), System::nanoTime, null);
    }

    private void take(List<String> tables) {
        new SnapshotTaker(store, Clock.fixed(TAKEN, ZoneOffset.UTC), null)
                .take(live, Dialect.H2, catalog, binding, tables, Progress.NONE);
    }

    @Test
    void aSourceTakenDownMidSessionIsAnsweredFromItsSnapshotWithTheSameRows() {
        take(List.of("WARDS", "PATIENTS", "DELIVERIES")); // H2 folds unquoted names to upper case
        AnswerLadder engine = ladder();
        List<String> questions = List.of("How many deliveries were there?",
                "How many caesarean deliveries were there by ward?",
                "What is the average birth weight of deliveries?");
        List<Answer> before = questions.stream().map(engine::ask).toList();
        assertThat(before).allSatisfy(a -> {
            assertThat(a.status()).as(a.question() + " " + a.message()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(a.snapshot()).isNull();
        });

        server.stop(); // the source goes away under the open engine

        for (int i = 0; i < questions.size(); i++) {
            Answer after = engine.ask(questions.get(i));
            assertThat(after.status()).as(after.message()).isEqualTo(AnswerStatus.ANSWERED);
            assertThat(after.rows()).isEqualTo(before.get(i).rows());
            assertThat(after.specHash()).isEqualTo(before.get(i).specHash());
            assertThat(after.snapshot()).isNotNull();
            assertThat(after.snapshot().takenAt()).isEqualTo("2026-11-28T14:02:00Z");
            assertThat(after.snapshot().catalogVersion()).isEqualTo(catalog.versionId());
            assertThat(after.snapshot().tables()).contains("DELIVERIES");
            assertThat(after.message()).startsWith("From the snapshot of 28 Nov 2026 14:02 \u2014 not live data.");
            List<String> rungs = after.path().stream().map(PathStep::rung).toList();
            assertThat(rungs).containsSubsequence("execute", "grammar", "execute", "snapshot");
            assertThat(after.path().get(after.path().size() - 1).outcome().json()).isEqualTo("ok");
            assertThat(AnswerJson.line(after)).contains("\"snapshot\":{\"takenAt\":\"2026-11-28T14:02:00Z\"");
        }
    }

    @Test
    void aQuestionReadingATableWithNoCopyKeepsTheFailure() {
        take(List.of("DELIVERIES"));
        AnswerLadder engine = ladder();
        server.stop();
        Answer a = engine.ask("How many caesarean deliveries were there by ward?");
        assertThat(a.status()).isEqualTo(AnswerStatus.ERROR);
        assertThat(a.snapshot()).isNull();
        assertThat(a.path()).anySatisfy(s -> {
            assertThat(s.rung()).isEqualTo("snapshot");
            assertThat(s.reason()).contains("no copy of WARDS");
        });
    }

    @Test
    void aLiveAnswerNeverComesFromTheSnapshotAndNoSnapshotLeavesTheFailureAsItWas() {
        AnswerLadder engine = ladder();
        assertThat(engine.ask("How many deliveries were there?").snapshot()).isNull();
        server.stop();
        Answer a = engine.ask("How many deliveries were there?");
        assertThat(a.status()).isEqualTo(AnswerStatus.ERROR);
        assertThat(a.path()).noneMatch(s -> s.rung().equals("snapshot"));
        assertThat(AnswerJson.line(a)).doesNotContain("\"snapshot\"").doesNotContain("\"citations\"");
    }

    @Test
    void aKeyTheSourceServesTwiceIsKeptOnce() throws SQLException {
        // a declared key the source does not enforce (warehouses, linked servers): here a view that repeats rows,
        // recorded in the catalog with the key its owner declares
        try (Statement s = live.createStatement()) {
            s.execute("CREATE VIEW delivery_feed AS SELECT * FROM deliveries UNION ALL SELECT * FROM deliveries"
                    + " WHERE id <= 2");
        }
        Catalog refreshed = TestBindings.refresh(live, "snapshot-fallback-test", Dialect.H2);
        List<org.tally.core.catalog.CatalogTable> tables = refreshed.tables().stream()
                .map(t -> !t.name().equals("DELIVERY_FEED") ? t : new org.tally.core.catalog.CatalogTable(t.schema(),
                        t.name(), true, t.approxRowCount(), t.rowCount(), List.of("ID"), t.columns(),
                        t.foreignKeys()))
                .toList();
        Catalog keyed = new Catalog(refreshed.versionId(), refreshed.source(), refreshed.dialect(),
                refreshed.createdAt(), refreshed.defaultSchema(), tables, refreshed.warnings());
        new SnapshotTaker(store, Clock.systemUTC(), null).take(live, Dialect.H2, keyed,
                new Binder(PACK).bind(keyed, Overrides.NONE, List.of()), List.of("DELIVERY_FEED"), Progress.NONE);
        SnapshotTable copy = store.table("DELIVERY_FEED").orElseThrow();
        assertThat(copy.rows()).isEqualTo(4);
        assertThat(copy.duplicates()).isEqualTo(2);
    }

    @Test
    void copiesAreDeduplicatedByKeyRefreshableAndACancelledTakeKeepsTheLastCopy() throws SQLException {
        take(List.of("DELIVERIES"));
        assertThat(store.table("DELIVERIES")).hasValueSatisfying(t -> {
            assertThat(t.rows()).isEqualTo(4);
            assertThat(t.duplicates()).isZero();
            assertThat(t.primaryKey()).containsExactly("ID");
        });
        try (Statement s = live.createStatement()) {
            s.execute("INSERT INTO deliveries VALUES (5, 1, 1, 'assisted', 'live_birth', TIMESTAMP '2026-11-01"
                    + " 10:00:00', 3000.0)");
        }
        take(List.of("DELIVERIES")); // refreshed: the new row is in the copy
        assertThat(store.table("DELIVERIES").orElseThrow().rows()).isEqualTo(5);

        Progress cancelling = new Progress() {
            @Override
            public void report(String stage, double fraction) {
            }

            @Override
            public boolean cancelled() {
                return true;
            }
        };
        try (Statement s = live.createStatement()) {
            s.execute("INSERT INTO deliveries SELECT x + 10, 1, 1, 'assisted', 'live_birth', TIMESTAMP '2026-11-02"
                    + " 10:00:00', 3000.0 FROM SYSTEM_RANGE(1, 2500)");
        }
        assertThatThrownBy(() -> new SnapshotTaker(store, Clock.systemUTC(), null)
                .take(live, Dialect.H2, catalog, binding, List.of("DELIVERIES"), cancelling))
                .isInstanceOf(CancellationException.class);
        assertThat(store.table("DELIVERIES").orElseThrow().rows()).isEqualTo(5);
        assertThat(store.drop(List.of("DELIVERIES"))).containsExactly("DELIVERIES");
        assertThat(store.tables()).isEmpty();
    }
}
