package org.tally.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tally.ui.testing.FxSteps;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.EngineFactory;
import org.tally.core.answer.StepListener;
import org.tally.core.conversation.Conversation;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.source.SourceCheck;
import org.tally.core.source.WriteAccess;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.SmallHospital;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.shell.ShellView;
import org.tally.ui.shell.ShellViewModel;
import org.tally.ui.sources.SourceStore;
import org.tally.ui.task.FxTaskRunner;

/**
 * The conversation in the window, headless on Monocle, on a real engine over a small hospital: a typed follow-up
 * shows what it used, a chip click answers, a clarify reply typed as text fills the slot, a reopened conversation
 * keeps its focus.
 */
@ExtendWith(ApplicationExtension.class)
class ConversationFxTest {

    private static SmallHospital hospital;

    @TempDir
    Path dir;

    private final EngineFactory engines = (source, credentials, today, progress) -> {
        try {
            return hospital.engine();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    };
    private FxTaskRunner runner;
    private ShellViewModel model;

    @BeforeAll
    static void openHospital() throws SQLException {
        hospital = new SmallHospital();
    }

    @AfterAll
    static void closeHospital() throws SQLException {
        hospital.close();
    }

    @Start
    void start(Stage stage) {
        runner = new FxTaskRunner();
        model = new ShellViewModel(engines, runner, new SourceStore(dir.resolve("state").resolve("sources.json")),
                (ref, creds) -> new SourceCheck(true, "H2 2.5", WriteAccess.READ_ONLY, "no write privilege found"),
                BindingProvider.NONE, dir.resolve("models"), false);
        ShellView view = new ShellView(model);
        stage.setScene(view.createScene(1180, 800));
        stage.show();
        model.start();
        view.focusQuestion();
    }

    @AfterEach
    void stop() {
        runner.close();
    }

    private static int cards(FxRobot robot) {
        return robot.lookup(".answer-card").queryAll().size();
    }

    /** Puts the question into the box and presses Enter; waits for its card to be finished. */
    private static void ask(FxRobot robot, String question) {
        int before = cards(robot);
        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText(question));
        robot.clickOn("#question").type(KeyCode.ENTER);
        waitForCard(robot, before + 1);
    }

    private static void waitForCard(FxRobot robot, int count) {
        FxSteps.waitUntil(() -> cards(robot) == count && robot.lookup(".answer-card").queryAll().stream()
                .noneMatch(n -> n.getStyleClass().contains("pending")));
    }

    private static boolean lastCardIs(FxRobot robot, String state) {
        var all = robot.lookup(".answer-card").queryAll().stream().toList();
        return all.get(all.size() - 1).getStyleClass().contains(state);
    }

    @Test
    void aTypedFollowUpShowsWhatItUsed(FxRobot robot) {
        ask(robot, "How many deliveries were there last month?");
        assertThat(robot.lookup("#using-line").tryQuery()).isEmpty();
        ask(robot, "only caesareans");
        assertThat(lastCardIs(robot, "answered")).isTrue();
        assertThat(robot.lookup("#using-line").queryAs(Label.class).getText())
                .startsWith("using: ").contains("October 2026", "Deliveries");
    }

    @Test
    void aChipClickAnswers(FxRobot robot) {
        ask(robot, "How many deliveries were there this year?");
        Button chip = robot.lookup(".suggestion-chip").queryAs(Button.class);
        String label = chip.getText();
        FxSteps.bringIntoView(robot, chip);
        robot.clickOn(chip);
        waitForCard(robot, 2);
        assertThat(lastCardIs(robot, "answered")).as(label).isTrue();
    }

    @Test
    void aClarifyReplyTypedAsTextFillsTheSlot(FxRobot robot) {
        ask(robot, "How many falls were reported this year?");
        assertThat(lastCardIs(robot, "clarify")).isTrue();
        ask(robot, "incidents");
        assertThat(lastCardIs(robot, "answered")).isTrue();
    }

    @Test
    void aReopenedConversationKeepsItsFocus(FxRobot robot) throws SQLException {
        try (StateDatabase state = StateDatabase.open("jdbc:h2:mem:fx_conversations;DB_CLOSE_DELAY=-1");
             AnswerEngine engine = hospital.engine()) {
            ConversationStore store = new ConversationStore(state,
                    Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC));
            String id = store.start("small-hospital", "All service lines");
            Conversation earlier = new Conversation(engine, "All service lines", store.log(id));
            earlier.ask("How many deliveries were there last month?", StepListener.NONE);
            earlier.ask("only caesareans", StepListener.NONE);
            ConversationStore.Kept kept = store.open(id).orElseThrow();

            robot.interact(() -> model.chat().reopen(kept.turns(), kept.focus(), store.log(id)));
            waitForCard(robot, 2);
            ask(robot, "and by ward?");
            assertThat(lastCardIs(robot, "answered")).isTrue();
            // the kept turn's line, then the new one: it followed the reopened conversation's last answer
            assertThat(robot.lookup("#using-line").queryAllAs(Label.class)).hasSize(2)
                    .allSatisfy(l -> assertThat(l.getText()).contains("Deliveries", "October 2026"));
        }
    }
}
