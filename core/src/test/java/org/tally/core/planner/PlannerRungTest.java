package org.tally.core.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.answer.StepListener;

/**
 * The planner rung's decisions with a scripted model: it fills a spec that the grammar rung's pipeline runs, repairs
 * once with the typed error, never tries a third time, stops at the deadline, refuses when busy, and rejects a spec
 * naming anything outside the binding before any SQL exists.
 */
class PlannerRungTest {

    private static final String CAESAREANS_LAST_MONTH = "{\"subject\":\"Delivery\",\"shape\":\"Scalar\","
            + "\"measures\":[{\"type\":\"count\"}],\"filters\":[{\"type\":\"compare\",\"target\":{\"type\":\"column\","
            + "\"concept\":\"Delivery\",\"role\":\"Category\",\"hint\":\"delivery mode\"},\"op\":\"eq\","
            + "\"value\":{\"type\":\"string\",\"value\":\"caesarean\"}}],\"timeScope\":{\"column\":{\"type\":\"column\","
            + "\"concept\":\"Delivery\",\"role\":\"EventTime\"},\"from\":{\"type\":\"date\",\"value\":\"2026-10-01\"},"
            + "\"to\":{\"type\":\"date\",\"value\":\"2026-11-01\"}}}";
    private static final String UNKNOWN_VALUE = CAESAREANS_LAST_MONTH.replace("\"caesarean\"", "\"CS\"");
    /** A spec a table name, a column name and SQL are smuggled into. */
    private static final String PHYSICAL_NAMES = CAESAREANS_LAST_MONTH.replace("\"hint\":\"delivery mode\"",
            "\"hint\":\"deliveries.delivery_mode; DROP TABLE patients\"");
    private static final String OTHER_CONCEPT = "{\"subject\":\"Prescription\",\"shape\":\"Scalar\","
            + "\"measures\":[{\"type\":\"count\"}]}";
    /** Offered columns that do not connect: wards have no delivery mode of their own. */
    private static final String UNBOUND_COMBINATION = "{\"subject\":\"Ward\",\"shape\":\"Scalar\","
            + "\"measures\":[{\"type\":\"aggregate\",\"function\":\"countDistinct\",\"of\":{\"type\":\"column\","
            + "\"concept\":\"Patient\",\"role\":\"Gender\"}}]}";

    private static PlannerFixture fixture;

    @BeforeAll
    static void open() throws Exception {
        fixture = new PlannerFixture();
    }

    @AfterAll
    static void close() throws Exception {
        fixture.close();
    }

    private static PlannerRung rung(ScriptedPlanner planner, SpecPipeline pipeline) {
        return fixture.rung(new PlannerGate(planner), pipeline, PlannerSettings.DEFAULTS);
    }

    private static List<String> rungs(List<PathStep> steps) {
        return steps.stream().map(PathStep::rung).toList();
    }

    @Test
    void fillsTheSpecAndRunsItThroughTheGrammarRungsPipeline() {
        ScriptedPlanner model = ScriptedPlanner.of(CAESAREANS_LAST_MONTH);
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = rung(model, pipeline).attempt("how many c-sections did we do in october?");

        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        Rung.Attempt.Done done = (Rung.Attempt.Done) a;
        assertThat(done.answer().status()).isEqualTo(AnswerStatus.ANSWERED);
        // independent count: deliveries 1 and 3 are caesareans in October 2026
        assertThat(done.answer().rows()).containsExactly(List.of(2L));
        assertThat(done.attempts()).isEqualTo(1);
        assertThat(done.answer().model().name()).isEqualTo(ScriptedPlanner.MODEL.name());
        assertThat(done.answer().model().sha256()).isEqualTo(ScriptedPlanner.MODEL.sha256());
        assertThat(rungs(done.steps())).containsExactly("generate", "bind", "compile", "validate", "preflight",
                "execute");
        assertThat(done.steps().get(0).reason()).contains("attempt 1").contains(ScriptedPlanner.MODEL.name());
        assertThat(pipeline.specs()).singleElement()
                .satisfies(spec -> assertThat(spec.provenance().rule()).isEqualTo(PlannerRung.RULE));
        assertThat(model.requests()).singleElement().satisfies(r -> {
            assertThat(r.user()).contains("how many c-sections did we do in october?");
            assertThat(r.schema()).contains("\"caesarean\"");
        });
    }

    @Test
    void repairsOnceCarryingTheTypedErrorOfTheFirstAttempt() {
        ScriptedPlanner model = ScriptedPlanner.of(UNKNOWN_VALUE, CAESAREANS_LAST_MONTH);
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = rung(model, pipeline).attempt("how many CS deliveries last month");

        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        assertThat(((Rung.Attempt.Done) a).answer().rows()).containsExactly(List.of(2L));
        assertThat(a.attempts()).isEqualTo(2);
        assertThat(model.requests()).hasSize(2);
        String repair = model.requests().get(1).user();
        assertThat(repair).contains("how many CS deliveries last month").contains(UNKNOWN_VALUE)
                .contains("'CS' is not a recorded value").contains(PlanError.Kind.OUTSIDE_BINDING.words());
        assertThat(model.requests().get(1).system()).isEqualTo(model.requests().get(0).system());
        assertThat(pipeline.calls()).isEqualTo(1);
        assertThat(a.steps().get(0).outcome()).isEqualTo(Outcome.MISS);
    }

    @Test
    void aBindFailureIsRepairedWithItsReason() {
        ScriptedPlanner model = ScriptedPlanner.of(UNBOUND_COMBINATION, CAESAREANS_LAST_MONTH);
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = rung(model, pipeline).attempt("how many genders per ward");

        assertThat(pipeline.calls()).isEqualTo(2);
        assertThat(model.requests()).hasSize(2);
        assertThat(model.requests().get(1).user()).contains(PlanError.Kind.NOT_BOUND.words());
        assertThat(rungs(a.steps())).startsWith("generate", "bind", "generate");
        assertThat(a.steps().get(1).outcome()).isEqualTo(Outcome.MISS);
        assertThat(a.attempts()).isEqualTo(2);
    }

    @Test
    void neverTriesAThirdTime() {
        ScriptedPlanner model = ScriptedPlanner.of(UNKNOWN_VALUE);
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = rung(model, pipeline).attempt("how many CS deliveries last month");

        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(model.requests()).hasSize(PlannerRung.MAX_ATTEMPTS);
        assertThat(a.attempts()).isEqualTo(2);
        assertThat(((Rung.Attempt.Miss) a).reason()).contains("after one repair")
                .contains("is not a recorded value");
        assertThat(pipeline.calls()).isZero();
    }

    @Test
    void aSpecThatDoesNotBindTwiceStopsAfterTheRepair() {
        ScriptedPlanner model = ScriptedPlanner.of(UNBOUND_COMBINATION);
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = rung(model, pipeline).attempt("how many genders per ward");

        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(model.requests()).hasSize(2);
        assertThat(pipeline.calls()).isEqualTo(2);
        assertThat(rungs(a.steps())).doesNotContain("execute", "compile");
    }

    @Test
    void anythingOutsideTheBindingIsRejectedBeforeAnySqlExists() {
        for (String output : List.of(PHYSICAL_NAMES, OTHER_CONCEPT, UNKNOWN_VALUE,
                "SELECT COUNT(*) FROM deliveries", "{\"subject\":\"Delivery\"", "")) {
            ScriptedPlanner model = ScriptedPlanner.of(output);
            PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
            Rung.Attempt a = rung(model, pipeline).attempt("how many deliveries");

            assertThat(a).as(output).isInstanceOf(Rung.Attempt.Miss.class);
            assertThat(pipeline.calls()).as(output).isZero();
            assertThat(rungs(a.steps())).as(output).containsOnly("generate");
            assertThat(a.steps()).as(output).allMatch(s -> s.outcome() == Outcome.MISS);
        }
    }

    @Test
    void stopsAtTheDeadlineWithoutARepair() {
        ScriptedPlanner model = ScriptedPlanner.answering(List.of(
                r -> new Generation("{\"subject\":", 3, 20_000, Generation.End.DEADLINE, null)));
        Rung.Attempt a = rung(model, fixture.pipeline()).attempt("how many deliveries");

        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) a).reason()).isEqualTo("the local model did not finish its reading within"
                + " 20 s");
        assertThat(model.requests()).hasSize(1);
        assertThat(a.attempts()).isEqualTo(1);
    }

    @Test
    void oneDeadlineCoversBothAttempts() {
        AtomicLong clock = new AtomicLong();
        // the first attempt takes the whole budget and writes a spec that is not usable
        Function<PlanRequest, Generation> slowAndWrong = r -> {
            clock.addAndGet(PlannerSettings.DEFAULTS.deadlineMs() * 1_000_000L);
            return Generation.complete(UNKNOWN_VALUE, 40, PlannerSettings.DEFAULTS.deadlineMs());
        };
        ScriptedPlanner model = ScriptedPlanner.answering(List.of(slowAndWrong));
        PlannerRung rung = new PlannerRung(new PlannerGate(model), question -> fixture.binding().bound(),
                planBuilder(), fixture.pipeline(), PlannerSettings.DEFAULTS, clock::get);
        Rung.Attempt a = rung.attempt("how many CS deliveries");

        assertThat(model.requests()).hasSize(1);
        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(a.steps().get(a.steps().size() - 1).outcome()).isEqualTo(Outcome.SKIPPED);
        assertThat(a.attempts()).isEqualTo(1);
    }

    @Test
    void aBusyModelIsAFastTypedMissAndIsNotAsked() {
        ScriptedPlanner model = ScriptedPlanner.of(CAESAREANS_LAST_MONTH);
        PlannerGate gate = new PlannerGate(model);
        PlannerRung rung = fixture.rung(gate, fixture.pipeline(), PlannerSettings.DEFAULTS);
        Optional<PlannerGate.Entry> other = gate.tryEnter();
        assertThat(other).isPresent();
        try {
            Rung.Attempt a = rung.attempt("how many deliveries");
            assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
            assertThat(((Rung.Attempt.Miss) a).reason()).isEqualTo(PlannerRung.BUSY);
            assertThat(model.requests()).isEmpty();
        } finally {
            other.get().close();
        }
        assertThat(rung.attempt("how many deliveries")).isInstanceOf(Rung.Attempt.Done.class);
        assertThat(gate.busy()).isFalse();
    }

    @Test
    void theLadderShowsThePlannerWithItsOutcomeAttemptsAndTime() {
        ScriptedPlanner model = ScriptedPlanner.of(UNKNOWN_VALUE, CAESAREANS_LAST_MONTH);
        AnswerLadder ladder = new AnswerLadder(List.of(fixture.grammarRung(), rung(model, fixture.pipeline())),
                System::nanoTime, null);
        // a word nobody knows, too short to be read as a misspelling, so the question falls to the planner
        var answer = ladder.ask("qq how many c-sections were there in october", StepListener.NONE);

        assertThat(answer.status()).isEqualTo(AnswerStatus.ANSWERED);
        PathStep planner = answer.path().get(answer.path().size() - 1);
        assertThat(planner.rung()).isEqualTo("planner");
        assertThat(planner.outcome()).isEqualTo(Outcome.OK);
        assertThat(planner.attempts()).isEqualTo(2);
        assertThat(answer.path().get(0).rung()).isEqualTo("grammar");
        assertThat(answer.path().get(0).outcome()).isEqualTo(Outcome.MISS);
        assertThat(answer.model()).isNotNull();
    }

    private static PlanBuilder planBuilder() {
        java.util.Map<String, String> labels = new java.util.HashMap<>();
        fixture.pack().concepts().forEach(c -> labels.put(c.id(), c.plural()));
        return new PlanBuilder(fixture.pack().nameTokens(), labels, new PlanTime(PlannerFixture.TODAY),
                reader -> List.of());
    }
}
