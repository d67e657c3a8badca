package org.tally.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

class CatalogRefresherTest {

    private static final AtomicInteger STATES = new AtomicInteger();

    private String source;
    private StateDatabase state;
    private CatalogStore store;
    private CatalogRefresher refresher;

    @BeforeEach
    void setUp() throws Exception {
        source = SqlScript.newH2();
        SqlScript.run(source,
                "CREATE TABLE births (birth_id INT PRIMARY KEY, mode VARCHAR(20), born_at TIMESTAMP)",
                "INSERT INTO births SELECT X, CASE WHEN MOD(X, 3) = 0 THEN 'CS' ELSE 'SVD' END,"
                        + " TIMESTAMP '2025-01-01 00:00:00' + X * INTERVAL '1' HOUR FROM SYSTEM_RANGE(1, 300)",
                "CREATE TABLE wards (code VARCHAR(5) PRIMARY KEY)",
                "INSERT INTO wards VALUES ('MAT'), ('ICU')");
        state = StateDatabase.open("jdbc:h2:mem:state" + STATES.incrementAndGet());
        store = new CatalogStore(state, 3);
        refresher = refresher(store);
    }

    @AfterEach
    void tearDown() {
        state.close();
    }

    private static CatalogRefresher refresher(CatalogStore store) {
        Clock clock = Clock.fixed(Instant.parse("2026-05-01T10:00:00Z"), ZoneOffset.UTC);
        return new CatalogRefresher(store, new UuidV7(clock, new Random(7)), clock);
    }

    private RefreshResult refresh() throws Exception {
        try (Connection c = SqlScript.connect(source)) {
            return refresher.refresh(source, Dialect.H2, c, RefreshOptions.defaults(), Progress.NONE);
        }
    }

    @Test
    void aRefreshStoresACompleteVersionAndMakesItActive() throws Exception {
        RefreshResult result = refresh();
        Catalog active = store.active(source).orElseThrow();
        assertThat(active).isEqualTo(result.catalog());
        assertThat(active.tables()).extracting(CatalogTable::name).containsExactly("BIRTHS", "WARDS");
        assertThat(active.table("births").orElseThrow().column("MODE").orElseThrow().profile().values())
                .containsExactly(new ValueCount("SVD", 200), new ValueCount("CS", 100));
        assertThat(result.drift().previousVersion()).isNull();
        assertThat(result.drift().none()).isTrue();
        assertThat(store.history(source)).singleElement().satisfies(v -> {
            assertThat(v.active()).isTrue();
            assertThat(v.tableCount()).isEqualTo(2);
        });
    }

    @Test
    void driftReportsNewAndVanishedSpellingsWithCounts() throws Exception {
        RefreshResult first = refresh();
        SqlScript.run(source, "UPDATE births SET mode = 'C-section' WHERE birth_id = 3",
                "UPDATE births SET mode = 'Caesarean' WHERE mode = 'CS'",
                "CREATE TABLE newborns (id INT PRIMARY KEY)", "DROP TABLE wards");
        RefreshResult second = refresh();

        assertThat(second.catalog().versionId()).isGreaterThan(first.catalog().versionId());
        assertThat(store.active(source).orElseThrow().versionId()).isEqualTo(second.catalog().versionId());
        Drift drift = second.drift();
        assertThat(drift.previousVersion()).isEqualTo(first.catalog().versionId());
        assertThat(drift.addedTables()).containsExactly("PUBLIC.NEWBORNS");
        assertThat(drift.removedTables()).containsExactly("PUBLIC.WARDS");
        assertThat(drift.columns()).singleElement().satisfies(d -> {
            assertThat(d.table()).isEqualTo("PUBLIC.BIRTHS");
            assertThat(d.column()).isEqualTo("MODE");
            assertThat(d.added()).containsExactlyInAnyOrder(new ValueCount("Caesarean", 99),
                    new ValueCount("C-section", 1));
            assertThat(d.vanished()).containsExactly(new ValueCount("CS", 100));
        });
    }

    @Test
    void aFailureInjectedMidProfileLeavesTheLastGoodVersionActive() throws Exception {
        Catalog good = refresh().catalog();
        SqlScript.run(source, "INSERT INTO births VALUES (1000, 'Forceps', NULL)");
        Progress failing = (stage, fraction) -> {
            if (stage.equals("profile")) {
                throw new IllegalStateException("injected failure while profiling");
            }
        };
        try (Connection c = SqlScript.connect(source)) {
            assertThatThrownBy(() -> refresher.refresh(source, Dialect.H2, c, RefreshOptions.defaults(), failing))
                    .hasMessageContaining("injected failure");
        }
        assertThat(store.active(source).orElseThrow()).isEqualTo(good);
        assertThat(store.history(source)).hasSize(1);
    }

    @Test
    void aCancelledRefreshWritesNothing() throws Exception {
        Catalog good = refresh().catalog();
        Progress cancelled = new Progress() {
            @Override
            public void report(String stage, double fraction) {
            }

            @Override
            public boolean cancelled() {
                return true;
            }
        };
        try (Connection c = SqlScript.connect(source)) {
            assertThatThrownBy(() -> refresher.refresh(source, Dialect.H2, c, RefreshOptions.defaults(), cancelled))
                    .isInstanceOf(java.util.concurrent.CancellationException.class);
        }
        assertThat(store.history(source)).extracting(CatalogStore.VersionInfo::versionId)
                .containsExactly(good.versionId());
    }

    @Test
    void aConnectionLostMidProfileFailsTheRefreshAndKeepsTheLastGoodVersion() throws Exception {
        Catalog good = refresh().catalog();
        try (Connection real = SqlScript.connect(source)) {
            // the introspector's own statements come first; fail on the third plain query (inside profiling)
            Connection dropping = FailingConnection.failingAtQuery(real, 3);
            assertThatThrownBy(() -> refresher.refresh(source, Dialect.H2, dropping, RefreshOptions.defaults(),
                    Progress.NONE))
                    .isInstanceOfSatisfying(CatalogRefreshException.class, e -> {
                        assertThat(e.reason()).isEqualTo(CatalogRefreshException.Reason.SOURCE_FAILED);
                        assertThat(e.getMessage()).contains("I/O error").contains(good.versionId() + " stays active");
                    });
        }
        assertThat(store.active(source).orElseThrow()).isEqualTo(good);
    }

    @Test
    void anEmptySourceDoesNotSilentlyReplaceANonEmptyVersion() throws Exception {
        Catalog good = refresh().catalog();
        SqlScript.run(source, "DROP TABLE births", "DROP TABLE wards");
        assertThatThrownBy(this::refresh).isInstanceOfSatisfying(CatalogRefreshException.class, e -> {
            assertThat(e.reason()).isEqualTo(CatalogRefreshException.Reason.REFUSED_EMPTY);
            assertThat(e.getMessage()).contains("no readable table").contains("Refusing");
        });
        assertThat(store.active(source).orElseThrow()).isEqualTo(good);
    }

    @Test
    void aFirstRefreshOfAnEmptySourceStoresAnEmptyVersionWithAWarning() throws Exception {
        String empty = SqlScript.newH2();
        try (Connection c = SqlScript.connect(empty)) {
            RefreshResult result = refresher.refresh(empty, Dialect.H2, c, RefreshOptions.defaults(), Progress.NONE);
            assertThat(result.catalog().tables()).isEmpty();
            assertThat(result.catalog().warnings()).singleElement()
                    .satisfies(w -> assertThat(w.message()).contains("no readable table"));
        }
        assertThat(store.active(empty)).isPresent();
    }

    @Test
    void keepsOnlyTheConfiguredHistoryNewestFirst() throws Exception {
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(refresh().catalog().versionId());
        }
        assertThat(store.history(source)).extracting(CatalogStore.VersionInfo::versionId)
                .containsExactly(ids.get(4), ids.get(3), ids.get(2));
        assertThat(store.history(source).get(0).active()).isTrue();
        assertThat(store.version(ids.get(0))).isEmpty();
        assertThat(store.version(ids.get(2))).isPresent();
    }

    @Test
    void passwordsInTheSourceNameAreNotStored() throws Exception {
        String withPassword = source + ";PASSWORD=secret";
        try (Connection c = SqlScript.connect(source)) {
            refresher.refresh(withPassword, Dialect.H2, c, RefreshOptions.defaults(), Progress.NONE);
        }
        assertThat(store.active(CatalogRefresher.sourceKey(withPassword)).orElseThrow().source())
                .doesNotContain("secret").endsWith("PASSWORD=****");
    }

    @Test
    void versionsSurviveReopeningTheStateFile(@TempDir Path dir) throws Exception {
        Catalog written;
        int migrated;
        try (StateDatabase file = StateDatabase.open(new org.tally.core.DataFolder(dir))) {
            migrated = file.schemaVersion();
            try (Connection c = SqlScript.connect(source)) {
                written = refresher(new CatalogStore(file)).refresh(source, Dialect.H2, c, RefreshOptions.defaults(),
                        Progress.NONE).catalog();
            }
        }
        assertThat(dir.resolve("state").resolve("tally.mv.db")).exists();
        try (StateDatabase file = StateDatabase.open(new org.tally.core.DataFolder(dir))) {
            assertThat(new CatalogStore(file).active(source)).contains(written);
            // reopening finds every migration applied and runs none again
            assertThat(migrated).isPositive();
            assertThat(file.schemaVersion()).isEqualTo(migrated);
        }
    }
}
