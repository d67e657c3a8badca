package org.tally.core.linking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.embed.Embeddings;
import org.tally.core.embed.Vectors;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.testing.TestBindings;
import org.tally.core.testing.WordVectors;

/**
 * The schema cards of a catalog version are embedded once, when the refresh prepares them, and read back by every
 * later engine without embedding again; cancelling keeps what was embedded.
 */
class CardStoreTest {

    private static final DomainPack PACK = PackLoader.hospital();

    @TempDir
    Path dir;

    /** Word vectors that count the texts they embed. */
    private static final class Counting implements Embeddings {
        final WordVectors inner = new WordVectors();
        final AtomicInteger texts = new AtomicInteger();

        @Override
        public String modelId() {
            return inner.modelId();
        }

        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public List<float[]> embed(List<String> list, Kind kind) {
            texts.addAndGet(list.size());
            return inner.embed(list, kind);
        }
    }

    private static Binding hospital(String name, boolean many) throws Exception {
        Connection db = DriverManager.getConnection("jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), delivered_at TIMESTAMP)");
            if (many) { // a table named for each of the pack's other concepts: more cards than one batch
                for (Concept c : PACK.concepts()) {
                    String table = c.plural().toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z]+", "_");
                    if (!List.of("wards", "patients", "deliveries").contains(table)) {
                        s.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, label VARCHAR(40),"
                                + " recorded_at TIMESTAMP)");
                    }
                }
            }
        }
        return TestBindings.bind(db, name, PACK);
    }

    @Test
    void aVersionsCardsAreEmbeddedOnceAndReadBackUnchanged() throws Exception {
        Binding binding = hospital("card_store_once", false);
        CardStore store = new CardStore(new DataFolder(dir));
        Counting model = new Counting();
        CardStore.Prepared first = store.prepare(binding, PACK, model, Progress.NONE);
        assertThat(first.embedded()).isEqualTo(binding.bound().size()).isPositive();
        assertThat(model.texts.get()).isEqualTo(binding.bound().size());

        // a second engine (a new store over the same data folder) reads them: nothing embedded again
        CardStore.Prepared again = new CardStore(new DataFolder(dir)).prepare(binding, PACK, model, Progress.NONE);
        assertThat(again.embedded()).isZero();
        assertThat(model.texts.get()).isEqualTo(binding.bound().size());
        assertThat(again.cards().keySet()).isEqualTo(first.cards().keySet());
        first.cards().forEach((table, v) -> assertThat(Vectors.dot(v, again.cards().get(table)))
                .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-5)));
    }

    @Test
    void cancellingKeepsTheCardsEmbeddedSoFar() throws Exception {
        Binding binding = hospital("card_store_cancel", true);
        assertThat(binding.bound().size()).isGreaterThan(4);
        CardStore store = new CardStore(new DataFolder(dir), 2);
        AtomicInteger reports = new AtomicInteger();
        Progress stopAfterFirstBatch = new Progress() {
            @Override
            public void report(String stage, double fraction) {
                reports.incrementAndGet();
            }

            @Override
            public boolean cancelled() {
                return reports.get() > 1;
            }
        };
        assertThatThrownBy(() -> store.prepare(binding, PACK, new WordVectors(), stopAfterFirstBatch))
                .isInstanceOf(CancellationException.class);
        CardStore.Prepared rest = store.prepare(binding, PACK, new WordVectors(), Progress.NONE);
        assertThat(rest.embedded()).isPositive().isLessThan(binding.bound().size());
        assertThat(rest.cards()).hasSize(binding.bound().size());
    }
}
