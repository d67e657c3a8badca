package org.tally.core.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;

/** A stored catalog says what its profiling measured, so one written by an older Tally is refreshed once. */
class CatalogProfileVersionTest {

    private static final Catalog CURRENT = new Catalog("01", "src", Dialect.H2, Instant.parse("2026-12-01T00:00:00Z"),
            "PUBLIC", List.of(), List.of());

    @Test
    void aNewCatalogCarriesTheCurrentProfileVersionThroughItsJson() {
        assertThat(CURRENT.profileVersion()).isEqualTo(Catalog.PROFILE_VERSION);
        Catalog read = CatalogJson.readCatalog(CatalogJson.write(CURRENT));
        assertThat(read).isEqualTo(CURRENT);
        assertThat(read.profiledBefore()).isFalse();
    }

    @Test
    void aCatalogStoredBeforeVersionsWereRecordedReadsAsProfiledBefore() {
        String old = CatalogJson.write(CURRENT).replace(",\"profileVersion\":" + Catalog.PROFILE_VERSION, "");
        assertThat(old).doesNotContain("profileVersion");
        Catalog read = CatalogJson.readCatalog(old);
        assertThat(read.profileVersion()).isZero();
        assertThat(read.profiledBefore()).isTrue();
    }
}
