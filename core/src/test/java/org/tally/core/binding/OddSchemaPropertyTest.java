package org.tally.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Rung;
import org.tally.core.rung.GrammarRung;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogJson;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.UuidV7;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.meta.MetaRung;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.dialect.Dialect;
import org.tally.core.state.StateDatabase;

/**
 * No schema, however odd, crashes the catalog store, the binder or the answer ladder: 1,000 generated catalogs
 * ({@link OddSchemas}: the four drivers' types, odd names and keys, 300-table schemas) are stored, bound, shown and
 * asked five questions each, and 60 generated schemas are written into H2 for real (quoted odd names, views, cycles of
 * declared keys, empty tables, all-null columns) and refreshed, bound and asked end to end. A crash is an exception
 * that escapes, or an answer whose path says a step stopped unexpectedly. Seeded: a failure names its seed and schema.
 */
class OddSchemaPropertyTest {

    private static final long SEED = 20261201L;
    private static final int CATALOGS = 1_000;
    private static final int WRITTEN = 60;
    private static final DomainPack PACK = PackLoader.hospital();
    private static final LocalDate TODAY = LocalDate.of(2026, 11, 29);
    private static final java.util.Map<AnswerStatus, Integer> STATUSES = new java.util.concurrent.ConcurrentHashMap<>();

    @Test
    void generatedCatalogsBindAndAnswerWithoutACrash() throws SQLException {
        Binder binder = new Binder(PACK);
        List<String> crashes = new ArrayList<>();
        int asked = 0;
        int boundTables = 0;
        try (Connection empty = DriverManager.getConnection("jdbc:h2:mem:odd_catalogs;DB_CLOSE_DELAY=-1")) {
            for (int n = 0; n < CATALOGS && crashes.size() < 20; n++) {
                Catalog catalog = OddSchemas.catalog(SEED, n);
                String where = "seed " + SEED + ", schema " + n + " (" + catalog.tables().size() + " tables)";
                try {
                    Catalog stored = CatalogJson.readCatalog(CatalogJson.write(catalog));
                    Binding binding = binder.bind(stored, Overrides.NONE, List.of());
                    boundTables += binding.bound().size();
                    CatalogJson.write(BindingJson.toMap(binding, true));
                    asked += ask(empty, Dialect.H2, binding, questions(new Random(n), catalog), where, crashes);
                } catch (RuntimeException | AssertionError e) {
                    crashes.add(where + ": " + trace(e));
                }
            }
        }
        System.err.printf("odd catalogs: %d bound, %d tables bound, %d questions asked, statuses %s%n", CATALOGS,
                boundTables, asked, STATUSES);
        assertThat(crashes).as("crashes").isEmpty();
        assertThat(asked).isGreaterThanOrEqualTo(CATALOGS * 4);
        assertThat(boundTables).as("the generator reaches the binder's concept paths").isPositive();
    }

    @Test
    void generatedSchemasWrittenIntoH2RefreshBindAndAnswerWithoutACrash() throws SQLException {
        Binder binder = new Binder(PACK);
        List<String> crashes = new ArrayList<>();
        for (int n = 0; n < WRITTEN && crashes.size() < 10; n++) {
            Random r = new Random(SEED * 31 + n);
            String url = "jdbc:h2:mem:odd_written_" + n + ";DB_CLOSE_DELAY=-1";
            String where = "seed " + SEED + ", written schema " + n;
            try (Connection c = DriverManager.getConnection(url)) {
                List<String> ddl = WrittenSchema.ddl(r, n == WRITTEN - 1 ? 300 : 1 + r.nextInt(10));
                try (Statement s = c.createStatement()) {
                    for (String statement : ddl) {
                        s.execute(statement);
                    }
                }
                Catalog catalog;
                try (StateDatabase state = StateDatabase.open("jdbc:h2:mem:odd_state_" + n)) {
                    catalog = new CatalogRefresher(new CatalogStore(state), new UuidV7(Clock.systemUTC(),
                            new SecureRandom()), Clock.systemUTC())
                            .refresh(url, Dialect.H2, c, RefreshOptions.defaults(), Progress.NONE).catalog();
                }
                Binding binding = binder.bind(catalog, Overrides.NONE, List.of());
                CatalogJson.write(BindingJson.toMap(binding, true));
                ask(c, Dialect.H2, binding, questions(r, catalog), where, crashes);
            } catch (RuntimeException | AssertionError e) {
                crashes.add(where + ": " + trace(e));
            }
        }
        assertThat(crashes).as("crashes").isEmpty();
    }

    /** Asks each question through the ladder as the app builds it; returns how many got an answer object. */
    private static int ask(Connection connection, Dialect dialect, Binding binding, List<String> questions,
                           String where, List<String> crashes) {
        GrammarRung grammar = GrammarRung.standard(connection, dialect, binding, PACK, TODAY, ExecutorSettings.DEFAULTS);
        List<Rung> rungs = List.of(new MetaRung(binding.source()), grammar);
        int answered = 0;
        try (AnswerLadder ladder = new AnswerLadder(rungs, System::nanoTime, null)) {
            for (String q : questions) {
                Answer a = ladder.ask(q);
                answered++;
                STATUSES.merge(a.status(), 1, Integer::sum);
                boolean stopped = a.status() == AnswerStatus.ERROR && a.path().stream()
                        .anyMatch(p -> p.reason() != null && p.reason().contains("stopped unexpectedly"));
                if (stopped) {
                    crashes.add(where + ", question '" + q + "': " + a.message());
                }
            }
        }
        return answered;
    }

    /** Five questions: two every schema gets, three made of its own table and column names. */
    private static List<String> questions(Random r, Catalog catalog) {
        List<String> out = new ArrayList<>(List.of("How many patients are there?",
                "How many admissions were there last month, by ward?"));
        if (catalog.tables().isEmpty()) {
            out.addAll(List.of("hello", "list the wards", "what is the average length of stay?"));
            return out;
        }
        CatalogTable t = catalog.tables().get(r.nextInt(catalog.tables().size()));
        String table = words(t.name());
        String column = t.columns().isEmpty() ? "value" : words(t.columns().get(r.nextInt(t.columns().size())).name());
        out.add("How many " + table + " are there in 2025?");
        out.add("list the " + table + " with their " + column);
        out.add("what is the average " + column + " of " + table + " by " + column + "?");
        return out;
    }

    private static String words(String name) {
        return name.replaceAll("[_$#]+", " ").toLowerCase(Locale.ROOT).strip();
    }

    private static String trace(Throwable e) {
        StringWriter w = new StringWriter();
        e.printStackTrace(new PrintWriter(w));
        String s = w.toString();
        return s.length() > 3_000 ? s.substring(0, 3_000) : s;
    }
}
