package org.tally.models.llama;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.planner.Deadline;
import org.tally.core.planner.Generation;
import org.tally.core.planner.ModelInfo;
import org.tally.core.planner.Plan;
import org.tally.core.planner.PlanReading;
import org.tally.core.planner.PlanRequest;
import org.tally.core.planner.Planner;
import org.tally.core.planner.PlannerFixture;
import org.tally.core.planner.PlannerGate;
import org.tally.core.planner.PlannerRung;
import org.tally.core.planner.PlannerSettings;
import org.tally.core.planner.SpecPipeline;

/**
 * The planner rung on a real llama.cpp model: the test suite's tiny random-weight GGUF. Its readings are random, so
 * the tests assert what holds for any model: the grammar keeps every output to the schema and complete, the rung
 * answers or misses with a typed reason, repairs at most once, stops at the deadline, and refuses when busy.
 */
class LlamaPlannerRungTest {

    private static final PlannerSettings SMALL = new PlannerSettings(20_000, 400);
    private static final List<String> QUESTIONS = List.of("how many c-sections were done in october",
            "deliveries by outcome", "which ward had the most births this year", "any stillbirths last year?",
            "list last month's deliveries", "share of assisted deliveries");

    private static PlannerFixture fixture;
    private static Planner tiny;

    @BeforeAll
    static void open() throws Exception {
        fixture = new PlannerFixture();
        tiny = TinyModel.planner();
    }

    @AfterAll
    static void close() throws Exception {
        fixture.close();
    }

    /** The real planner, its requests and outputs recorded. */
    private static final class Recording implements Planner {
        final List<PlanRequest> requests = new CopyOnWriteArrayList<>();
        final List<Generation> outputs = new CopyOnWriteArrayList<>();

        @Override
        public ModelInfo model() {
            return tiny.model();
        }

        @Override
        public Generation generate(PlanRequest request, Deadline deadline) {
            requests.add(request);
            Generation g = tiny.generate(request, deadline);
            outputs.add(g);
            return g;
        }
    }

    @Test
    void theGrammarKeepsEveryOutputCompleteAndInsideTheBinding() {
        Plan plan = fixture.plan();
        for (String q : QUESTIONS) {
            Generation g = tiny.generate(new PlanRequest(plan.prompt().system(), "Question: " + q + "\nSpec:",
                    plan.schema(), SMALL.maxTokens()), Deadline.in(20_000, System::nanoTime));
            assertThat(g.end()).as(q).isEqualTo(Generation.End.COMPLETE);
            PlanReading r = plan.reader().read(g.text());
            if (r instanceof PlanReading.Rejected rejected) {
                // a random model may break a shape's invariants, never the schema's names or values
                assertThat(rejected.error().kind()).as(q + ": " + rejected.error().describe())
                        .isNotIn(org.tally.core.planner.PlanError.Kind.OUTSIDE_BINDING,
                                org.tally.core.planner.PlanError.Kind.INCOMPLETE);
            }
        }
    }

    @Test
    void theRungAnswersOrMissesTypedAndTriesAtMostTwice() {
        for (String q : QUESTIONS) {
            Recording model = new Recording();
            Rung.Attempt a = fixture.rung(new PlannerGate(model), fixture.pipeline(), SMALL).attempt(q);
            assertThat(model.requests).as(q).hasSizeBetween(1, PlannerRung.MAX_ATTEMPTS);
            assertThat(a.attempts()).as(q).isEqualTo(model.requests.size());
            assertThat(a.steps()).as(q).filteredOn(s -> s.rung().equals("generate")).hasSize(model.requests.size());
            if (a instanceof Rung.Attempt.Done done) {
                assertThat(done.answer().model().sha256()).isEqualTo(tiny.model().sha256());
            } else {
                assertThat(((Rung.Attempt.Miss) a).reason()).as(q).isNotBlank();
            }
        }
    }

    /**
     * The real model under a schema that allows exactly one text per call (the outputs given, the last repeated): what
     * it writes is then known, so the rung's fill and repair can be checked on a real llama.cpp generation.
     */
    private static final class Constrained implements Planner {
        final List<String> outputs;
        final List<PlanRequest> requests = new CopyOnWriteArrayList<>();
        final List<Generation> generations = new CopyOnWriteArrayList<>();

        Constrained(String... outputs) {
            this.outputs = List.of(outputs);
        }

        @Override
        public ModelInfo model() {
            return tiny.model();
        }

        @Override
        public Generation generate(PlanRequest request, Deadline deadline) {
            requests.add(request);
            String only = outputs.get(Math.min(requests.size(), outputs.size()) - 1);
            Generation g = tiny.generate(new PlanRequest(request.system(), request.user(), "{\"const\":" + only + "}",
                    request.maxTokens()), deadline);
            generations.add(g);
            return g;
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode json(String text) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + text, e);
        }
    }

    private static final String COUNT_DELIVERIES = "{\"subject\":\"Delivery\",\"shape\":\"Scalar\","
            + "\"measures\":[{\"type\":\"count\"}]}";
    private static final String UNKNOWN_VALUE = "{\"subject\":\"Delivery\",\"shape\":\"Scalar\",\"measures\":"
            + "[{\"type\":\"count\"}],\"filters\":[{\"type\":\"compare\",\"target\":{\"type\":\"column\","
            + "\"concept\":\"Delivery\",\"role\":\"Category\",\"hint\":\"delivery mode\"},\"op\":\"eq\","
            + "\"value\":{\"type\":\"string\",\"value\":\"CS\"}}]}";

    @Test
    void fillsASpecThatTheGrammarRungsPipelineRuns() {
        Constrained model = new Constrained(COUNT_DELIVERIES);
        Rung.Attempt a = fixture.rung(new PlannerGate(model), fixture.pipeline(), SMALL).attempt("how many births");
        assertThat(model.generations).singleElement().satisfies(g -> {
            assertThat(g.end()).isEqualTo(Generation.End.COMPLETE);
            assertThat(json(g.text())).isEqualTo(json(COUNT_DELIVERIES));
        });
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        assertThat(((Rung.Attempt.Done) a).answer().rows()).containsExactly(List.of(4L));
        assertThat(a.attempts()).isEqualTo(1);
    }

    @Test
    void repairsOnceWithTheTypedErrorAndThenAnswers() {
        Constrained model = new Constrained(UNKNOWN_VALUE, COUNT_DELIVERIES);
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = fixture.rung(new PlannerGate(model), pipeline, SMALL).attempt("how many CS births");
        assertThat(model.requests).hasSize(2);
        assertThat(model.requests.get(1).user()).contains("'CS' is not a recorded value");
        assertThat(pipeline.calls()).isEqualTo(1);
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        assertThat(((Rung.Attempt.Done) a).answer().rows()).containsExactly(List.of(4L));
        assertThat(a.attempts()).isEqualTo(2);
    }

    @Test
    void aReadingThatFailsTwiceGetsNoThirdAttempt() {
        Constrained model = new Constrained(UNKNOWN_VALUE);
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = fixture.rung(new PlannerGate(model), pipeline, SMALL).attempt("how many CS births");
        assertThat(model.requests).hasSize(PlannerRung.MAX_ATTEMPTS);
        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(a.attempts()).isEqualTo(2);
        assertThat(pipeline.calls()).isZero();
    }

    @Test
    void aSpecThatNeverBindsGetsNoThirdAttemptEither() {
        Recording model = new Recording();
        AtomicInteger runs = new AtomicInteger();
        SpecPipeline neverBinds = (question, spec, live) -> {
            runs.incrementAndGet();
            PathStep bind = new PathStep("bind", Outcome.MISS, "NoRole: the test binding fits nothing", 0);
            return new Rung.Attempt.Miss("NoRole: the test binding fits nothing", List.of(bind));
        };
        Rung.Attempt a = fixture.rung(new PlannerGate(model), neverBinds, SMALL).attempt("how many deliveries");
        assertThat(model.requests).hasSize(2);
        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(a.attempts()).isEqualTo(2);
        assertThat(model.requests.get(1).user()).contains("It was not used");
        assertThat(runs.get()).isLessThanOrEqualTo(2);
    }

    @Test
    void theDeadlineStopsTheModelAndNoRepairFollows() {
        Recording model = new Recording();
        Rung.Attempt a = fixture.rung(new PlannerGate(model), fixture.pipeline(), new PlannerSettings(1, 4000))
                .attempt("how many deliveries");
        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) a).reason()).contains("did not finish its reading");
        assertThat(model.requests).hasSizeLessThanOrEqualTo(1);
        assertThat(model.outputs).allMatch(g -> g.end() == Generation.End.DEADLINE);
    }

    @Test
    void aQuestionThatFindsTheModelBusyMissesAtOnce() throws Exception {
        CountDownLatch generating = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Planner holding = new Planner() {
            @Override
            public ModelInfo model() {
                return tiny.model();
            }

            @Override
            public Generation generate(PlanRequest request, Deadline deadline) {
                generating.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return tiny.generate(request, deadline);
            }
        };
        PlannerGate gate = new PlannerGate(holding);
        PlannerRung first = fixture.rung(gate, fixture.pipeline(), SMALL);
        PlannerRung second = fixture.rung(gate, fixture.pipeline(), SMALL);
        Thread t = new Thread(() -> first.attempt("how many deliveries"));
        t.start();
        assertThat(generating.await(30, TimeUnit.SECONDS)).isTrue();
        Rung.Attempt busy = second.attempt("deliveries by ward");
        release.countDown();
        t.join(60_000);
        assertThat(busy).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(((Rung.Attempt.Miss) busy).reason()).isEqualTo(PlannerRung.BUSY);
        assertThat(gate.busy()).isFalse();
    }

    @Test
    void aReadingNamingAnotherConceptNeverReachesSql() {
        Constrained model = new Constrained("{\"subject\":\"Prescription\",\"shape\":\"Scalar\","
                + "\"measures\":[{\"type\":\"count\"}]}");
        PlannerFixture.CountingPipeline pipeline = fixture.pipeline();
        Rung.Attempt a = fixture.rung(new PlannerGate(model), pipeline, SMALL).attempt("how many prescriptions");
        assertThat(a).isInstanceOf(Rung.Attempt.Miss.class);
        assertThat(pipeline.calls()).isZero();
        assertThat(a.steps()).extracting(PathStep::rung).containsOnly("generate");
        assertThat(((Rung.Attempt.Miss) a).reason()).contains("'Prescription' is not a concept of this source");
    }

    @Test
    void anAnswerOfTheModelIsStampedWithItsNameAndHash() {
        Rung.Attempt a = fixture.rung(new PlannerGate(new Constrained(COUNT_DELIVERIES)), fixture.pipeline(), SMALL)
                .attempt("how many births");
        assertThat(a).isInstanceOf(Rung.Attempt.Done.class);
        var answer = ((Rung.Attempt.Done) a).answer();
        assertThat(answer.status()).isEqualTo(AnswerStatus.ANSWERED);
        assertThat(answer.model().name()).isEqualTo("tally-tiny-test");
        assertThat(answer.model().sha256()).isEqualTo(tiny.model().sha256());
        assertThat(a.steps().get(0).reason()).contains("tally-tiny-test").contains(tiny.model().shortHash());
    }
}
