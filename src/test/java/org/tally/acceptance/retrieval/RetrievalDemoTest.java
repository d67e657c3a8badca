package org.tally.acceptance.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Citation;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.catalog.Catalog;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.retrieval.RetrievalRung;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.snapshot.SnapshotStore;
import org.tally.core.snapshot.SnapshotTaker;
import org.tally.core.source.DemoSchema;
import org.tally.models.onnx.OnnxEmbeddings;

/**
 * Retrieval over the demo hospital's incident narratives, with the real bge model: narrative questions cite the
 * passages that hand-written SQL over the same text finds; counts are refused; an unrelated question finds nothing;
 * a scope never searches text outside it, and an analyst's scope never searches text the binder marks personal.
 */
class RetrievalDemoTest {

    private static final DomainPack PACK = PackLoader.hospital();
    @TempDir
    static Path home;
    private static OnnxEmbeddings model;
    private static Connection demo;
    private static Binding binding;
    private static SnapshotStore store;

    @BeforeAll
    static void ingest() throws SQLException {
        DataFolder data = DataFolder.resolve();
        demo = DriverManager.getConnection(new DemoDatabases(data).jdbcUrl(DemoSchema.DEV, Progress.NONE));
        SourceBindings bindings = new SourceBindings(data, PACK, Clock.systemUTC());
        Catalog catalog = bindings.activeOrRefresh(DemoSchema.DEV.sourceName(), org.tally.core.dialect.Dialect.H2, demo);
        binding = bindings.bind(catalog).binding();
        model = OnnxEmbeddings.standard();
        store = SnapshotStore.of(new DataFolder(home), catalog.source());
        new SnapshotTaker(store, Clock.systemUTC(), model).take(demo, org.tally.core.dialect.Dialect.H2, catalog, binding,
                List.of("incidents"), Progress.NONE);
    }

    @AfterAll
    static void close() throws SQLException {
        model.close();
        demo.close();
    }

    private static RetrievalRung rung(Scope scope) {
        return new RetrievalRung(store, ScopedBinding.narrow(binding, scope), binding, PACK, scope,
                EmbeddingModel.of(model), System::nanoTime);
    }

    private static Answer answer(Rung.Attempt a) {
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        return ((Rung.Attempt.Done) a).answer();
    }

    /** The keys of incidents whose narrative matches one of the LIKE patterns (';' between), by hand-written SQL. */
    private static Set<String> incidentsWhere(String likes) throws SQLException {
        Set<String> keys = new TreeSet<>();
        for (String like : likes.split(";")) {
            try (var ps = demo.prepareStatement("SELECT id FROM incidents WHERE LOWER(narrative) LIKE ?")) {
                ps.setString(1, like);
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        keys.add(rs.getString(1));
                    }
                }
            }
        }
        return keys;
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "What did the incident reports say about falls on the stairs?|%stair%",
        "What do the incident reports say about infusion pumps?|%infusion pump%",
        "What did the incident reports say about norovirus?|%norovirus%",
        "Summarise the incident reports about pressure sores|%pressure%;%heels%",
        "What did the incident reports say about visitors pushing staff?|%visitor%;%struck%;%abuse%"})
    void aNarrativeQuestionCitesThePassagesThatSayIt(String question, String like) throws SQLException {
        Set<String> expected = incidentsWhere(like);
        assertThat(expected).as("the demo holds such narratives").isNotEmpty();
        Answer a = answer(rung(Scope.ALL).attempt(question));
        assertThat(a.status()).as(a.message() + " " + a.path()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(a.citations()).isNotEmpty().hasSizeLessThanOrEqualTo(5);
        List<String> cited = new ArrayList<>();
        for (Citation c : a.citations()) {
            assertThat(c.table()).isEqualTo("incidents");
            assertThat(c.column()).isEqualTo("narrative");
            assertThat(c.date()).isNotNull();
            cited.add(c.key());
        }
        assertThat(expected).as("every cited incident says it").containsAll(cited);
        assertThat(a.rows()).hasSameSizeAs(a.citations());
        assertThat(a.explanation()).contains("not counted");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "What did the incident reports say about parking fees for visitors?",
        "What did the incident reports say about the canteen menu?",
        "What do the incident reports say about the weather in July?"})
    void aQuestionTheTextDoesNotAnswerFindsNothing(String question) {
        Answer a = answer(rung(Scope.ALL).attempt(question));
        assertThat(a.status()).as(a.path().toString()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(a.message()).isEqualTo("I found nothing that answers this in the ingested records' text.");
        assertThat(a.citations()).isEmpty();
    }

    @Test
    void countsTotalsAndRankingsAreNeverAnswered() {
        for (String q : List.of("How many incident reports mention falls?",
                "What is the number of incident reports that describe medication errors?",
                "Which ward has the most incident reports mentioning norovirus?")) {
            Rung.Attempt a = rung(Scope.ALL).attempt(q);
            assertThat(a).as(q).isInstanceOf(Rung.Attempt.Miss.class);
            assertThat(((Rung.Attempt.Miss) a).reason()).contains("never counts");
        }
    }

    @Test
    void aQuestionNotAboutRecordsTextIsNotRetrievals() {
        Rung.Attempt a = rung(Scope.ALL).attempt("How many deliveries were there last month?");
        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) a).applies()).isFalse();
    }

    @Test
    void aScopeNeverSearchesTextOutsideIt() {
        Scope maternity = Scope.named(PACK, "Maternity");
        Answer redirected = answer(rung(maternity).attempt("What did the incident reports say about falls?"));
        assertThat(redirected.status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(redirected.message()).contains("outside the Maternity scope");
        // without naming them, the incidents' text is still not searched from Maternity
        Rung.Attempt unnamed = rung(maternity).attempt("What did the notes say about falls on the stairs?");
        assertThat(unnamed).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) unnamed).reason()).contains("has been ingested");
        // an incident names the patient involved, so the binder marks its narrative personal: the scope that owns
        // incidents is an analyst's and neither searches nor quotes it (the identity hook); every table's view does
        Answer quality = answer(rung(Scope.named(PACK, "QualitySafety"))
                .attempt("What did the incident reports say about falls on the stairs?"));
        assertThat(quality.status()).isEqualTo(AnswerStatus.REFUSED);
        assertThat(quality.citations()).isEmpty();
        assertThat(quality.message()).contains("is personal (it is about patients)")
                .contains("not searched in the Quality & Safety scope").endsWith("ask it under All service lines.");
    }
}
