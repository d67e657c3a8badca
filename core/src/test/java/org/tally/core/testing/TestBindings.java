package org.tally.core.testing;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.tally.core.Progress;
import org.tally.core.binding.Binder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Overrides;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.UuidV7;
import org.tally.core.pack.DomainPack;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

/** A test database as the product sees it: a fresh catalog refresh (its own in-memory state) and its binding. */
public final class TestBindings {

    private static final AtomicInteger STATES = new AtomicInteger();

    /** The demo's reference day, 2026-11-29 at midnight UTC: the "today" relative phrases count from in tests. */
    public static final Clock REFERENCE_DAY = Clock.fixed(java.time.LocalDate.of(2026, 11, 29)
            .atStartOfDay(java.time.ZoneOffset.UTC).toInstant(), java.time.ZoneOffset.UTC);

    private TestBindings() {
    }

    /** Refreshes the catalog of an H2 test database and binds it with the pack, no overrides. */
    public static Binding bind(Connection db, String source, DomainPack pack) throws SQLException {
        return new Binder(pack).bind(refresh(db, source, Dialect.H2), Overrides.NONE, List.of());
    }

    /** A complete catalog refresh of {@code db}, stored in a throwaway state database. */
    public static Catalog refresh(Connection db, String source, Dialect dialect) throws SQLException {
        try (StateDatabase state = StateDatabase.open("jdbc:h2:mem:test_bindings_state_" + STATES.incrementAndGet())) {
            return new CatalogRefresher(new CatalogStore(state), new UuidV7(Clock.systemUTC(), new SecureRandom()),
                    Clock.systemUTC()).refresh(source, dialect, db, RefreshOptions.defaults(), Progress.NONE).catalog();
        }
    }
}
