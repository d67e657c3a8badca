package org.tally.core.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Citation;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.catalog.Catalog;
import org.tally.core.dialect.Dialect;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.planner.PlanRequest;
import org.tally.core.planner.PlannerGate;
import org.tally.core.planner.ScriptedPlanner;
import org.tally.core.scope.Scope;
import org.tally.core.snapshot.SnapshotStore;
import org.tally.core.snapshot.SnapshotTaker;
import org.tally.core.testing.TestBindings;
import org.tally.core.testing.WordVectors;

/**
 * Narration of a retrieval answer with a scripted local model: off without a model; with one, the model is given the
 * cited passages only and no tools, and every kept sentence carries valid citation numbers, checked in code (a
 * sentence citing nothing, citing a passage that is not there, or sharing no word with what it cites is dropped; with
 * none left the narration is discarded and the passages stand alone).
 */
class NarrationTest {

    private static final DomainPack PACK = PackLoader.hospital();
    private static final String QUESTION = "What did the incident reports say about falls on the stairs?";

    @TempDir
    static Path home;
    private static Connection db;
    private static Binding binding;
    private static SnapshotStore store;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:narration_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("CREATE TABLE incidents (id INT PRIMARY KEY, ward_id INT REFERENCES wards(id),"
                    + " reported_at TIMESTAMP, category VARCHAR(20), narrative VARCHAR(1000))");
            String[] narratives = {
                "A visitor had a fall on the stairs near the main entrance and was helped up",
                "A porter slipped and had a fall on the stairs of the east wing",
                "The infusion pump alarmed and stopped during the night round",
                "A dose of insulin was omitted on the morning round",
                "A pressure ulcer was found on the heel during a skin check",
                "Oxygen supply failed at the bed space for ten minutes",
                "The bed rail broke during repositioning",
                "A wound infection was found on day four after surgery",
                "A visitor shouted at staff near the nurses desk",
                "The wrong dose of heparin was drawn up and caught before giving",
                "A syringe driver battery ran flat during a transfer",
                "Theatre list was delayed by a missing instrument tray"};
            for (int i = 0; i < narratives.length; i++) {
                s.execute("INSERT INTO incidents VALUES (" + (i + 1) + ", " + (1 + i % 2) + ", TIMESTAMP"
                        + " '2026-10-" + (10 + i) + " 09:00:00', 'category" + (i % 3) + "', '" + narratives[i] + "')");
            }
        }
        Catalog catalog = TestBindings.refresh(db, "narration-test", Dialect.H2);
        binding = TestBindings.bind(db, "narration-test", PACK);
        store = SnapshotStore.of(new DataFolder(home), catalog.source());
        new SnapshotTaker(store, Clock.systemUTC(), new WordVectors()).take(db, Dialect.H2, catalog, binding,
                List.of("INCIDENTS"), Progress.NONE);
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static Answer ask(Narrator narrator) {
        RetrievalRung rung = new RetrievalRung(store, binding, binding, PACK, Scope.ALL,
                EmbeddingModel.of(new WordVectors()), System::nanoTime, narrator);
        Rung.Attempt a = rung.attempt(QUESTION);
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        Answer answer = ((Rung.Attempt.Done) a).answer();
        assertThat(answer.status()).as(answer.message()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(answer.citations()).isNotEmpty()
                .allSatisfy(c -> assertThat(c.text()).containsIgnoringCase("fall on the stairs"));
        return answer;
    }

    private static Narrator narrator(ScriptedPlanner model) {
        return new Narrator(new PlannerGate(model), 10_000, System::nanoTime);
    }

    private static String sentence(String text, int... cites) {
        StringBuilder s = new StringBuilder("{\"text\":\"" + text + "\",\"cites\":[");
        for (int i = 0; i < cites.length; i++) {
            s.append(i == 0 ? "" : ",").append(cites[i]);
        }
        return s.append("]}").toString();
    }

    @Test
    void withoutAModelTheAnswerIsThePassagesThemselves() {
        Answer answer = ask(null);
        assertThat(answer.path()).extracting(PathStep::rung).doesNotContain("narrate");
        assertThat(answer.explanation()).doesNotContain("Summary");
    }

    @Test
    void aNarrationOverTheCitedPassagesKeepsItsCitationNumbers() {
        ScriptedPlanner model = ScriptedPlanner.of("{\"sentences\":[" + sentence("Two people had a fall on the stairs",
                1, 2) + "," + sentence("A visitor was helped up near the main entrance", 1, 2) + "]}");
        Answer answer = ask(narrator(model));
        assertThat(answer.citations()).hasSize(2);
        assertThat(answer.explanation()).contains("Two people had a fall on the stairs [1][2].")
                .contains("A visitor was helped up near the main entrance [1][2].");
        assertThat(answer.path()).anySatisfy(p -> {
            assertThat(p.rung()).isEqualTo("narrate");
            assertThat(p.outcome()).isEqualTo(Outcome.OK);
        });
        // the model saw the cited passages and nothing else of the records
        PlanRequest request = model.requests().get(0);
        for (Citation c : answer.citations()) {
            assertThat(request.user()).contains(c.text());
        }
        assertThat(request.user() + request.system()).doesNotContain("infusion pump").doesNotContain("heparin");
        assertThat(request.schema()).contains("\"maximum\":2");
    }

    @Test
    void sentencesWithoutAValidCitationAreDroppedAndNoneLeftDiscardsTheNarration() {
        ScriptedPlanner mixed = ScriptedPlanner.of("{\"sentences\":["
                + sentence("A visitor had a fall on the stairs", 1) + ","
                + sentence("A porter fell on the stairs", 7) + ","          // no passage 7 was cited
                + sentence("Someone had a fall on the stairs") + ","         // cites nothing
                + sentence("Staffing levels were low all month", 2) + ","   // shares no word with passage 2
                + sentence("A porter slipped on the stairs [3]", 2) + "]}"); // writes a number it does not cite
        Answer answer = ask(narrator(mixed));
        assertThat(answer.explanation()).contains("A visitor had a fall on the stairs [1].")
                .doesNotContain("[7]").doesNotContain("Someone").doesNotContain("Staffing").doesNotContain("[3]");
        assertThat(answer.path()).anySatisfy(p -> assertThat(p.reason()).contains("4 dropped"));

        ScriptedPlanner invented = ScriptedPlanner.of("{\"sentences\":[" + sentence("Staffing levels were low", 1)
                + "," + sentence("The stairs were fine", 9) + "]}");
        Answer passagesOnly = ask(narrator(invented));
        assertThat(passagesOnly.explanation()).doesNotContain("Summary").doesNotContain("Staffing");
        assertThat(passagesOnly.path()).anySatisfy(p -> {
            assertThat(p.rung()).isEqualTo("narrate");
            assertThat(p.outcome()).isEqualTo(Outcome.MISS);
        });
        assertThat(passagesOnly.citations()).hasSize(2);

        Answer unreadable = ask(narrator(ScriptedPlanner.of("the stairs were slippery [1]")));
        assertThat(unreadable.explanation()).doesNotContain("Summary");
    }
}
