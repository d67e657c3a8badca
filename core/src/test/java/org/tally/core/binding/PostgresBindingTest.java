package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.catalog.Catalog;
import org.tally.core.demo.DemoHospital;
import org.tally.core.demo.DemoWriter;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.RealDatabases;

/** The ALT demo written into real PostgreSQL binds exactly as on H2: same concepts, roles and inferred keys. */
class PostgresBindingTest {

    @Test
    void altOnPostgresBindsLikeH2() throws Exception {
        String url = RealDatabases.newPostgresDatabase();
        Catalog catalog;
        try (Connection c = DriverManager.getConnection(url)) {
            new DemoWriter(DemoSchema.ALT, Dialect.POSTGRES).write(DemoHospital.standard(), c, Progress.NONE);
            catalog = BindingFixtures.refresh(url, Dialect.POSTGRES, c);
        }
        Binding postgres = BindingFixtures.bind(catalog);
        Binding h2 = BindingFixtures.bind(BindingFixtures.demo(DemoSchema.ALT));

        Map<String, String> concepts = new LinkedHashMap<>();
        postgres.tables().forEach(t -> concepts.put(t.table(), t.concept()));
        assertThat(concepts).isEqualTo(DemoBindingTest.expectedConcepts(DemoSchema.ALT));
        assertThat(roles(postgres)).isEqualTo(roles(h2));
        assertThat(postgres.links()).extracting(Link::toString)
                .containsExactlyInAnyOrderElementsOf(h2.links().stream().map(Link::toString).toList());
    }

    private static Map<String, String> roles(Binding b) {
        Map<String, String> m = new LinkedHashMap<>();
        b.tables().forEach(t -> t.columns().forEach(c -> m.put(t.table() + "." + c.column(), c.role().jsonName())));
        return m;
    }
}
