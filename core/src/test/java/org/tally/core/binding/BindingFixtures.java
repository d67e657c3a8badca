package org.tally.core.binding;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.tally.core.Progress;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.UuidV7;
import org.tally.core.demo.DemoHospital;
import org.tally.core.demo.DemoWriter;
import org.tally.core.pack.PackLoader;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

/** Catalogs of the demo hospital and of small hand-made schemas, refreshed the way the product refreshes them. */
final class BindingFixtures {

    private static final Map<DemoSchema, Catalog> DEMO = new EnumMap<>(DemoSchema.class);
    private static final AtomicInteger SEQ = new AtomicInteger();

    private BindingFixtures() {
    }

    static Binder binder() {
        return new Binder(PackLoader.hospital());
    }

    /** The demo schema written into an in-memory H2 database and refreshed (once per JVM). */
    static synchronized Catalog demo(DemoSchema schema) throws SQLException {
        Catalog catalog = DEMO.get(schema);
        if (catalog == null) {
            String url = "jdbc:h2:mem:binding_demo_" + schema.id()
                    + ";DB_CLOSE_DELAY=-1;DATABASE_TO_UPPER=FALSE;CASE_INSENSITIVE_IDENTIFIERS=TRUE";
            try (Connection c = DriverManager.getConnection(url)) {
                new DemoWriter(schema, Dialect.H2).write(DemoHospital.standard(), c, Progress.NONE);
                catalog = refresh(schema.sourceName(), Dialect.H2, c);
            }
            DEMO.put(schema, catalog);
        }
        return catalog;
    }

    /** A fresh H2 database holding {@code ddl}, refreshed. */
    static Catalog h2(String... ddl) throws SQLException {
        String url = "jdbc:h2:mem:binding_schema_" + SEQ.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            for (String statement : ddl) {
                s.execute(statement);
            }
            return refresh(url, Dialect.H2, c);
        }
    }

    static Catalog refresh(String source, Dialect dialect, Connection c) {
        try (StateDatabase state = StateDatabase.open("jdbc:h2:mem:binding_state_" + SEQ.incrementAndGet())) {
            return new CatalogRefresher(new CatalogStore(state), new UuidV7(Clock.systemUTC(), new SecureRandom()),
                    Clock.systemUTC()).refresh(source, dialect, c, RefreshOptions.defaults(), Progress.NONE).catalog();
        }
    }

    static Binding bind(Catalog catalog) {
        return binder().bind(catalog, Overrides.NONE, List.of());
    }
}
