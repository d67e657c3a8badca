package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

/**
 * The active catalog is reused, unless an older Tally profiled it or it was read from another build of a database
 * the source names (the demo hospital of an older generator): then it is refreshed once.
 */
class SourceBindingsRefreshTest {

    @Test
    void aCatalogProfiledByAnOlderTallyIsRefreshedOnceAndTheNewOneIsReused() throws Exception {
        Path home = Files.createTempDirectory("source-bindings");
        DataFolder data = new DataFolder(home);
        SourceBindings bindings = new SourceBindings(data, PackLoader.hospital(), Clock.systemUTC());
        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:source_bindings_refresh;DB_CLOSE_DELAY=-1");
             Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40))");
            String key = CatalogRefresher.sourceKey("old");
            Catalog old = new Catalog("01a0000000000000000000000000old", key, Dialect.H2,
                    Instant.parse("2026-01-01T00:00:00Z"), "PUBLIC", List.of(), List.of(), 1);
            try (StateDatabase state = StateDatabase.open(data)) {
                new CatalogStore(state).saveAndActivate(old);
            }
            Catalog first = bindings.activeOrRefresh("old", Dialect.H2, db);
            assertThat(first.versionId()).isNotEqualTo(old.versionId());
            assertThat(first.profileVersion()).isEqualTo(Catalog.PROFILE_VERSION);
            assertThat(first.table("wards")).isPresent();
            assertThat(bindings.activeOrRefresh("old", Dialect.H2, db).versionId()).isEqualTo(first.versionId());
        }
    }

    @Test
    void aCatalogReadFromAnotherBuildOfTheDatabaseIsRefreshedOnceAndTheNewOneIsReused() throws Exception {
        Path home = Files.createTempDirectory("source-bindings-origin");
        DataFolder data = new DataFolder(home);
        SourceBindings bindings = new SourceBindings(data, PackLoader.hospital(), Clock.systemUTC());
        try (Connection db = DriverManager.getConnection("jdbc:h2:mem:source_bindings_origin;DB_CLOSE_DELAY=-1");
             Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40))");
            Catalog unnamed = bindings.activeOrRefresh("demo", Dialect.H2, db);
            Catalog built2 = bindings.activeOrRefresh("demo", Dialect.H2, db, Progress.NONE, "demo build 2");
            assertThat(built2.versionId()).as("stored before origins were kept: which build is unknown, so refreshed")
                    .isNotEqualTo(unnamed.versionId());
            assertThat(bindings.activeOrRefresh("demo", Dialect.H2, db, Progress.NONE, "demo build 2").versionId())
                    .isEqualTo(built2.versionId());
            s.execute("CREATE TABLE beds (id INT PRIMARY KEY, ward_id INT)");
            Catalog built3 = bindings.activeOrRefresh("demo", Dialect.H2, db, Progress.NONE, "demo build 3");
            assertThat(built3.versionId()).isNotEqualTo(built2.versionId());
            assertThat(built3.table("beds")).as("the catalog of the new build").isPresent();
            assertThat(bindings.activeOrRefresh("demo", Dialect.H2, db, Progress.NONE, "demo build 3").versionId())
                    .isEqualTo(built3.versionId());
            assertThat(bindings.activeOrRefresh("demo", Dialect.H2, db).versionId())
                    .as("a caller naming no origin takes the active catalog as it is").isEqualTo(built3.versionId());
            assertThat(bindings.previous(built3)).map(Catalog::versionId).contains(built2.versionId());
        }
    }
}
