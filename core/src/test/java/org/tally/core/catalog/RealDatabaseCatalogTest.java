package org.tally.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.RealDatabases;

/** Introspection and profiling against real PostgreSQL 14 and MariaDB 10.11, not only H2. */
class RealDatabaseCatalogTest {

    private static final int ROWS = 5000;
    private static final LocalDateTime START = LocalDateTime.of(2025, 1, 1, 0, 0);
    private static final AtomicInteger STATES = new AtomicInteger();

    private StateDatabase state;
    private CatalogStore store;
    private CatalogRefresher refresher;

    @BeforeEach
    void setUp() {
        state = StateDatabase.open("jdbc:h2:mem:realstate" + STATES.incrementAndGet());
        store = new CatalogStore(state);
        Clock clock = Clock.systemUTC();
        refresher = new CatalogRefresher(store, new UuidV7(clock, new Random()), clock);
    }

    @AfterEach
    void tearDown() {
        state.close();
    }

    /** 5,000 deliveries: 'stillbirth' on row 4321 only, 'forceps' on row 2345 only. */
    private static void insertDeliveries(Connection c, String modeParameter) throws Exception {
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO deliveries (id, patient_id, ward_code, mode,"
                + " outcome, delivered_at, weight_g, apgar) VALUES (?, ?, ?, " + modeParameter + ", ?, ?, ?, ?)")) {
            for (int i = 1; i <= ROWS; i++) {
                ps.setInt(1, i);
                ps.setInt(2, i % 100 + 1);
                ps.setString(3, i % 2 == 0 ? "MAT" : "LAB");
                ps.setString(4, i == 2345 ? "forceps" : i % 3 == 0 ? "CS" : "SVD");
                ps.setString(5, i == 4321 ? "stillbirth" : "live birth");
                ps.setTimestamp(6, Timestamp.valueOf(START.plusHours(i)));
                ps.setInt(7, 2000 + i % 2000);
                ps.setInt(8, i % 11);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        c.commit();
        c.setAutoCommit(true);
    }

    private static void assertDeliveriesProfiled(Catalog catalog) {
        CatalogTable deliveries = catalog.table("deliveries").orElseThrow();
        assertThat(deliveries.primaryKey()).containsExactly("id");
        assertThat(deliveries.rowCount()).isEqualTo((long) ROWS);
        assertThat(deliveries.approxRowCount()).as("statistics estimate").isNotNull().isPositive();
        assertThat(deliveries.foreignKeys()).extracting(ForeignKey::columns, ForeignKey::referencedTable)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple(List.of("patient_id"), "patients"),
                        org.assertj.core.groups.Tuple.tuple(List.of("ward_code"), "wards"));
        ColumnProfile outcome = deliveries.column("outcome").orElseThrow().profile();
        assertThat(outcome.values()).containsExactly(new ValueCount("live birth", ROWS - 1),
                new ValueCount("stillbirth", 1));
        ColumnProfile mode = deliveries.column("mode").orElseThrow().profile();
        assertThat(deliveries.column("mode").orElseThrow().typeClass()).isEqualTo(TypeClass.TEXT);
        assertThat(mode.values()).containsExactly(new ValueCount("SVD", 3333), new ValueCount("CS", 1666),
                new ValueCount("forceps", 1));
        assertThat(mode.shape()).isEqualTo(new TextShape(2, 7, ROWS, ROWS)); // characters, not bytes
        ColumnProfile at = deliveries.column("delivered_at").orElseThrow().profile();
        assertThat(at.min()).isEqualTo(START.plusHours(1).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
        assertThat(at.max()).isEqualTo(START.plusHours(ROWS).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME));
        ColumnProfile weight = deliveries.column("weight_g").orElseThrow().profile();
        assertThat(weight.min()).isEqualTo("2000");
        assertThat(weight.max()).isEqualTo("3999");
        assertThat(weight.cardinality()).isEqualTo(Cardinality.HIGH);
        assertThat(deliveries.column("apgar").orElseThrow().profile().distinctCount()).isEqualTo(11);

        CatalogTable stays = catalog.table("bed_stays").orElseThrow();
        assertThat(stays.foreignKeys()).singleElement().satisfies(fk -> {
            assertThat(fk.columns()).containsExactly("ward_code", "bed_no");
            assertThat(fk.referencedTable()).isEqualTo("beds");
            assertThat(fk.referencedColumns()).containsExactly("ward_code", "bed_no");
        });
        assertThat(catalog.table("beds").orElseThrow().primaryKey()).containsExactly("ward_code", "bed_no");
    }

    @Test
    void postgres() throws Exception {
        String url = RealDatabases.newPostgresDatabase();
        String db = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        try (Connection c = DriverManager.getConnection(url)) {
            SqlScript.run(c,
                    "CREATE TYPE delivery_mode AS ENUM ('SVD', 'CS', 'forceps')",
                    "CREATE TABLE patients (patient_id INT PRIMARY KEY, first_name TEXT)",
                    "INSERT INTO patients SELECT g, 'name' || g FROM generate_series(1, 100) g",
                    "CREATE TABLE wards (ward_code VARCHAR(8) PRIMARY KEY)",
                    "INSERT INTO wards VALUES ('MAT'), ('LAB')",
                    "CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients,"
                            + " ward_code VARCHAR(8) REFERENCES wards, mode delivery_mode, outcome TEXT,"
                            + " delivered_at TIMESTAMP, weight_g INT, apgar SMALLINT, flags INT[], meta JSONB,"
                            + " doc JSON, uid UUID, los INTERVAL, scan BYTEA, ok BOOLEAN, ip INET)",
                    "CREATE TABLE beds (ward_code VARCHAR(8), bed_no INT, PRIMARY KEY (ward_code, bed_no))",
                    "CREATE TABLE bed_stays (id INT PRIMARY KEY, ward_code VARCHAR(8), bed_no INT,"
                            + " FOREIGN KEY (ward_code, bed_no) REFERENCES beds (ward_code, bed_no))",
                    "CREATE TABLE staff_salaries (staff_id INT PRIMARY KEY, grade VARCHAR(4))");
            insertDeliveries(c, "CAST(? AS delivery_mode)");
            SqlScript.run(c, "UPDATE deliveries SET flags = ARRAY[1, 2], meta = '{\"a\": 1}', doc = '[]',"
                    + " uid = gen_random_uuid(), los = INTERVAL '2 days', scan = '\\x00ff', ok = (id % 2 = 0),"
                    + " ip = '10.0.0.1' WHERE id <= 10", "ANALYZE");
            // an analyst account that may read everything but salaries
            String role = "analyst_" + db;
            SqlScript.run(c, "CREATE ROLE " + role + " LOGIN PASSWORD 'pw'",
                    "GRANT USAGE ON SCHEMA public TO " + role,
                    "GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + role,
                    "REVOKE SELECT ON staff_salaries FROM " + role);

            Catalog owner = refresher.refresh(url, Dialect.POSTGRES, c, RefreshOptions.defaults(), Progress.NONE)
                    .catalog();
            assertThat(owner.defaultSchema()).isEqualTo("public");
            assertDeliveriesProfiled(owner);
            CatalogTable deliveries = owner.table("deliveries").orElseThrow();
            assertThat(deliveries.approxRowCount()).isEqualTo((long) ROWS);
            for (String other : List.of("flags", "meta", "doc", "uid", "los", "ip")) {
                assertThat(deliveries.column(other).orElseThrow().typeClass()).as(other).isEqualTo(TypeClass.OTHER);
            }
            assertThat(deliveries.column("scan").orElseThrow().typeClass()).isEqualTo(TypeClass.BINARY);
            assertThat(deliveries.column("ok").orElseThrow().profile().values())
                    .containsExactly(new ValueCount("false", 5), new ValueCount("true", 5));
            assertThat(owner.table("patients").orElseThrow().column("first_name").orElseThrow().profile().pii())
                    .isTrue();
            assertThat(owner.warnings()).isEmpty();

            String analystUrl = url.replace("user=postgres", "user=" + role + "&password=pw");
            try (Connection analyst = DriverManager.getConnection(analystUrl)) {
                RefreshResult limited = refresher.refresh(url, Dialect.POSTGRES, analyst, RefreshOptions.defaults(),
                        Progress.NONE);
                assertThat(limited.catalog().table("staff_salaries")).isEmpty();
                assertThat(limited.catalog().warnings()).singleElement().satisfies(w -> {
                    assertThat(w.table()).isEqualTo("public.staff_salaries");
                    assertThat(w.message()).contains("permission denied");
                });
                assertThat(limited.drift().removedTables()).containsExactly("public.staff_salaries");
                assertDeliveriesProfiled(limited.catalog());
            }

            // the link drops mid-profile: the refresh fails and the version before stays active
            String activeBefore = store.active(url).orElseThrow().versionId();
            Connection dropping = FailingConnection.failingAtQuery(c, 4);
            assertThatThrownBy(() -> refresher.refresh(url, Dialect.POSTGRES, dropping, RefreshOptions.defaults(),
                    Progress.NONE)).isInstanceOf(CatalogRefreshException.class).hasMessageContaining("stays active");
            assertThat(store.active(url).orElseThrow().versionId()).isEqualTo(activeBefore);
        }
    }

    @Test
    void postgresStatementTimeoutLeavesASlowViewUnprofiledWithAWarning() throws Exception {
        String url = RealDatabases.newPostgresDatabase();
        try (Connection c = DriverManager.getConnection(url)) {
            SqlScript.run(c, "CREATE TABLE t (id INT PRIMARY KEY, kind TEXT)", "INSERT INTO t VALUES (1, 'a')",
                    "CREATE VIEW slow AS SELECT n FROM (SELECT 1 AS n, pg_sleep(4) AS pause) s");
            RefreshOptions oneSecond = new RefreshOptions(null, NamePatterns.ALL, PiiPolicy.byName(),
                    Duration.ofSeconds(1));
            Catalog catalog = refresher.refresh(url, Dialect.POSTGRES, c, oneSecond, Progress.NONE).catalog();
            assertThat(catalog.table("slow").orElseThrow().view()).isTrue();
            assertThat(catalog.table("slow").orElseThrow().columns()).allSatisfy(col -> assertThat(col.profiled()).isFalse());
            assertThat(catalog.warnings()).singleElement().satisfies(w -> {
                assertThat(w.table()).isEqualTo("public.slow");
                assertThat(w.message()).contains("timed out");
            });
            assertThat(catalog.table("t").orElseThrow().column("kind").orElseThrow().profile().values())
                    .containsExactly(new ValueCount("a", 1));
        }
    }

    @Test
    void mariaDb() throws Exception {
        String url = RealDatabases.newMariaDbDatabase();
        String db = url.substring(url.lastIndexOf('/') + 1, url.indexOf('?'));
        try (Connection c = DriverManager.getConnection(url)) {
            SqlScript.run(c,
                    "CREATE TABLE patients (patient_id INT PRIMARY KEY, first_name VARCHAR(40))",
                    "CREATE TABLE wards (ward_code VARCHAR(8) PRIMARY KEY)",
                    "INSERT INTO wards VALUES ('MAT'), ('LAB')",
                    "CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT, ward_code VARCHAR(8),"
                            + " mode ENUM('SVD', 'CS', 'forceps'), outcome VARCHAR(20), delivered_at DATETIME,"
                            + " weight_g INT, apgar SMALLINT, tags SET('a', 'b'), meta JSON, scan BLOB,"
                            + " twin TINYINT(1), uid UUID, note LONGTEXT,"
                            + " FOREIGN KEY (patient_id) REFERENCES patients (patient_id),"
                            + " FOREIGN KEY (ward_code) REFERENCES wards (ward_code))",
                    "CREATE TABLE beds (ward_code VARCHAR(8), bed_no INT, PRIMARY KEY (ward_code, bed_no))",
                    "CREATE TABLE bed_stays (id INT PRIMARY KEY, ward_code VARCHAR(8), bed_no INT,"
                            + " FOREIGN KEY (ward_code, bed_no) REFERENCES beds (ward_code, bed_no))",
                    "CREATE VIEW cs_deliveries AS SELECT id, ward_code FROM deliveries WHERE mode = 'CS'");
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO patients VALUES (?, ?)")) {
                for (int i = 1; i <= 100; i++) {
                    ps.setInt(1, i);
                    ps.setString(2, "name" + i);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            insertDeliveries(c, "?");
            SqlScript.run(c, "UPDATE deliveries SET tags = 'a,b', meta = '{\"a\": 1}', scan = X'00FF', twin = id % 2,"
                    + " uid = UUID(), note = 'long text' WHERE id <= 10", "ANALYZE TABLE deliveries");

            Catalog catalog = refresher.refresh(url, Dialect.MYSQL, c, RefreshOptions.defaults(), Progress.NONE)
                    .catalog();
            assertThat(catalog.defaultSchema()).isEqualTo(db);
            assertThat(catalog.warnings()).isEmpty();
            assertDeliveriesProfiled(catalog);
            assertThat(catalog.table("cs_deliveries").orElseThrow().view()).isTrue();
            assertThat(catalog.table("cs_deliveries").orElseThrow().rowCount()).isEqualTo(1666L);
            CatalogTable deliveries = catalog.table("deliveries").orElseThrow();
            assertThat(deliveries.schema()).isEqualTo(db);
            assertThat(deliveries.column("scan").orElseThrow().typeClass()).isEqualTo(TypeClass.BINARY);
            assertThat(deliveries.column("twin").orElseThrow().typeClass()).isEqualTo(TypeClass.BOOLEAN);
            assertThat(deliveries.column("twin").orElseThrow().profile().values())
                    .containsExactly(new ValueCount("false", 5), new ValueCount("true", 5));
            assertThat(deliveries.column("tags").orElseThrow().profile().values())
                    .containsExactly(new ValueCount("a,b", 10));
            assertThat(deliveries.column("uid").orElseThrow().profile().nullCount()).isEqualTo(ROWS - 10);
        }
    }
}
