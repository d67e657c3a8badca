package org.tally.core.planner;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.read.ListAppender;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.StepListener;
import org.tally.core.dialect.Dialect;

/**
 * Prompts are never written to the log: with every logger of Tally at TRACE, a question that is read by the grammar
 * rung, missed, planned, repaired once, and then tried as model-written SQL, plus a warm-up and a runtime that throws,
 * leaves no log line (message or exception) holding the question, any line of the instructions, the schema, or what
 * the model wrote. The log does record that the planner ran and that the runtime failed, with its stack trace.
 */
class PlannerLogTest {

    /** A word no log line has a reason to hold except by copying the question. */
    private static final String MARK = "quokkaville";
    private static final String QUESTION = "how many " + MARK + " c-sections did we do in october";
    private static final String ECHO = "wombatecho";
    /** The first output names a value the binding lacks and echoes a marker: it is rejected and repaired once. */
    private static final String REJECTED = "{\"subject\":\"Delivery\",\"shape\":\"Scalar\",\"measures\":[{\"type\":"
            + "\"count\"}],\"filters\":[{\"type\":\"compare\",\"target\":{\"type\":\"column\",\"concept\":\"Delivery\","
            + "\"role\":\"Category\",\"hint\":\"delivery mode\"},\"op\":\"eq\",\"value\":{\"type\":\"string\","
            + "\"value\":\"" + ECHO + "\"}}]}";
    private static final String FILLED = REJECTED.replace(ECHO, "caesarean");

    private static PlannerFixture fixture;
    private final ListAppender<ILoggingEvent> events = new ListAppender<>();
    private final Logger tally = (Logger) LoggerFactory.getLogger("org.tally");
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private Level level;

    @BeforeAll
    static void open() throws Exception {
        fixture = new PlannerFixture();
    }

    @AfterAll
    static void close() throws Exception {
        fixture.close();
    }

    @BeforeEach
    void capture() {
        level = tally.getLevel();
        tally.setLevel(Level.TRACE);
        events.start();
        root.addAppender(events);
    }

    @AfterEach
    void release() {
        root.detachAppender(events);
        events.stop();
        tally.setLevel(level);
    }

    @Test
    void noPromptQuestionSchemaOrOutputReachesTheLog() {
        // the warm-up's one token, the first reading (rejected), its repair, then rung 4's statement
        List<String> outputs = List.of("{", REJECTED, FILLED, "{\"sql\":\"SELECT COUNT(*) AS n FROM deliveries WHERE"
                + " delivery_mode = '" + MARK + "'\"}");
        ScriptedPlanner model = ScriptedPlanner.of(outputs.toArray(String[]::new));
        PlannerGate gate = new PlannerGate(model);
        PlannerRung planner = fixture.rung(gate, fixture.pipeline(), PlannerSettings.DEFAULTS);
        RawSqlRung rawSql = new RawSqlRung(gate, fixture.binding(), Dialect.H2, fixture.grammarRung()::runWritten,
                PlannerSettings.DEFAULTS, System::nanoTime);

        planner.warm(1_000);
        var answer = new AnswerLadder(List.of(fixture.grammarRung(), planner), System::nanoTime, null)
                .ask(QUESTION, StepListener.NONE);
        assertThat(answer.model()).as("the planner answered after one repair").isNotNull();
        assertThat(rawSql.attempt(QUESTION)).isNotNull();

        List<String> secrets = new ArrayList<>(List.of(MARK, ECHO));
        for (PlanRequest r : model.requests()) {
            secrets.addAll(lines(r.system()));
            secrets.addAll(lines(r.user()));
            secrets.add(r.schema());
        }
        outputs.stream().filter(o -> o.length() > 1).forEach(secrets::add);
        List<String> logged = logged();
        assertThat(logged).as("the planner's runs are logged (by size)").anyMatch(l -> l.contains("planner attempt"));
        for (String line : logged) {
            for (String secret : secrets) {
                assertThat(line).as("a log line").doesNotContain(secret);
            }
        }
    }

    @Test
    void aRuntimeThatThrowsIsLoggedWithItsStackTraceButNotTheRequest() {
        Function<PlanRequest, Generation> broken = r -> {
            throw new IllegalStateException("the runtime broke");
        };
        ScriptedPlanner model = ScriptedPlanner.answering(List.of(broken));
        var attempt = fixture.rung(new PlannerGate(model), fixture.pipeline(), PlannerSettings.DEFAULTS)
                .attempt(QUESTION);

        assertThat(attempt.steps().get(0).reason()).contains("IllegalStateException").contains("the runtime broke");
        assertThat(events.list).anySatisfy(e -> {
            assertThat(e.getLevel()).isEqualTo(Level.WARN);
            assertThat(e.getThrowableProxy().getMessage()).isEqualTo("the runtime broke");
            assertThat(e.getThrowableProxy().getStackTraceElementProxyArray()).isNotEmpty();
        });
        PlanRequest request = model.requests().get(0);
        for (String line : logged()) {
            assertThat(line).doesNotContain(MARK);
            lines(request.system()).forEach(secret -> assertThat(line).doesNotContain(secret));
        }
    }

    /** Every event as it would be written: the formatted message and each exception's message in its chain. */
    private List<String> logged() {
        List<String> out = new ArrayList<>();
        for (ILoggingEvent e : events.list) {
            StringBuilder s = new StringBuilder(e.getFormattedMessage());
            for (IThrowableProxy t = e.getThrowableProxy(); t != null; t = t.getCause()) {
                s.append('\n').append(t.getMessage());
            }
            out.add(s.toString());
        }
        return out;
    }

    /** The lines of a prompt long enough to be its own (short lines such as "Spec:" say nothing). */
    private static List<String> lines(String text) {
        return text.lines().map(String::strip).filter(l -> l.length() >= 24).toList();
    }
}
