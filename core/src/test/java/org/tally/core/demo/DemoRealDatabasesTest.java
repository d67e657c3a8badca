package org.tally.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.demo.DemoSchemaEquivalenceTest.Pair;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.RealDatabases;

/**
 * The demo written into real PostgreSQL and MariaDB (per-dialect DDL, batched inserts, every declared foreign
 * key checked by the server) answers the equivalence questions exactly as the H2 copy does.
 */
class DemoRealDatabasesTest {

    private static String postgresDev;
    private static String mariaDev;
    private static String mariaAlt;
    private static Map<String, Long> postgresCounts;

    @BeforeAll
    static void write() throws Exception {
        postgresDev = RealDatabases.newPostgresDatabase();
        postgresCounts = write(postgresDev, DemoSchema.DEV, Dialect.POSTGRES);
        mariaDev = RealDatabases.newMariaDbDatabase();
        write(mariaDev, DemoSchema.DEV, Dialect.MYSQL);
        mariaAlt = RealDatabases.newMariaDbDatabase();
        write(mariaAlt, DemoSchema.ALT, Dialect.MYSQL);
    }

    private static Map<String, Long> write(String url, DemoSchema schema, Dialect dialect) throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            return new DemoWriter(schema, dialect).write(DemoHospital.standard(), c, Progress.NONE);
        }
    }

    private static List<Pair> pairs() {
        return DemoSchemaEquivalenceTest.pairs().toList();
    }

    @Test
    void postgresHoldsTheSameRowsAndAnswersAsH2() throws Exception {
        for (DemoTable<?> t : DemoTables.ALL) {
            String name = t.name(DemoSchema.DEV);
            assertThat(DemoFixtures.rows(postgresDev, "SELECT COUNT(*) FROM " + name))
                    .as(name).isEqualTo(DemoFixtures.rows(DemoFixtures.h2(DemoSchema.DEV), "SELECT COUNT(*) FROM " + name));
        }
        assertThat(postgresCounts.get("patients")).isEqualTo(DemoHospital.PATIENTS_PER_SCALE);
        for (Pair pair : pairs()) {
            assertThat(DemoSchemaEquivalenceTest.comparable(DemoFixtures.rows(postgresDev, pair.dev()), null))
                    .as(pair.question())
                    .isEqualTo(DemoSchemaEquivalenceTest.comparable(
                            DemoFixtures.rows(DemoFixtures.h2(DemoSchema.DEV), pair.dev()), null));
        }
    }

    @Test
    void mariaDbAnswersBothSchemasAsH2Does() throws Exception {
        for (Pair pair : pairs()) {
            assertThat(DemoSchemaEquivalenceTest.comparable(DemoFixtures.rows(mariaDev, pair.dev()), null))
                    .as("dev: " + pair.question())
                    .isEqualTo(DemoSchemaEquivalenceTest.comparable(
                            DemoFixtures.rows(DemoFixtures.h2(DemoSchema.DEV), pair.dev()), null));
            assertThat(DemoSchemaEquivalenceTest.comparable(DemoFixtures.rows(mariaAlt, pair.alt()), null))
                    .as("alt: " + pair.question())
                    .isEqualTo(DemoSchemaEquivalenceTest.comparable(
                            DemoFixtures.rows(DemoFixtures.h2(DemoSchema.ALT), pair.alt()), null));
        }
    }
}
