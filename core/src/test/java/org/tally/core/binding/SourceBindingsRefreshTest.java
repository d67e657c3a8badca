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
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

/** The active catalog is reused, unless an older Tally profiled it: then it is refreshed once. */
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
}
