package org.tally.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextArea;
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
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.StepListener;
import org.tally.core.conversation.Conversation;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.scope.Scope;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceCheck;
import org.tally.core.source.SourceRef;
import org.tally.core.source.WriteAccess;
import org.tally.core.state.StateDatabase;
import org.tally.core.testing.SmallHospital;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.chat.StoredConversations;
import org.tally.ui.conversations.FxChartImages;
import org.tally.ui.conversations.ReportFormat;
import org.tally.ui.result.PngExport;
import org.tally.ui.settings.PlannerControl;
import org.tally.ui.shell.ShellView;
import org.tally.ui.shell.ShellViewModel;
import org.tally.ui.sources.SourceStore;
import org.tally.ui.task.FxTaskRunner;
import org.tally.ui.testing.FxSteps;

/**
 * The Conversations tab in the window, headless on Monocle, over a real engine and a real app-state database: a
 * conversation kept earlier is listed with its first question, Reopen shows it in the Ask tab and the next question
 * follows its last answer (the "using:" line), the backlog shows what was not answered, and its HTML report carries
 * its bar chart as an image.
 */
@ExtendWith(ApplicationExtension.class)
class PastConversationsFxTest {

    private static final AtomicInteger STATES = new AtomicInteger();
    private static SmallHospital hospital;

    @TempDir
    Path dir;

    private final String url = "jdbc:h2:mem:fx_past_" + STATES.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
    private final StoredConversations stored = new StoredConversations(() -> StateDatabase.open(url),
            Clock.fixed(Instant.parse("2026-11-29T10:00:00Z"), ZoneOffset.UTC));
    private final StateDatabase keepAlive = StateDatabase.open(url);
    private FxTaskRunner runner;
    private ShellViewModel model;
    private ShellView view;

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
        model = new ShellViewModel(hospital.engines(), runner,
                new SourceStore(dir.resolve("state").resolve("sources.json")),
                (ref, creds) -> new SourceCheck(true, "H2 2.5", WriteAccess.READ_ONLY, "no write privilege found"),
                BindingProvider.NONE, dir.resolve("models"), false, PlannerControl.NONE, stored);
        view = new ShellView(model);
        stage.setScene(view.createScene(1180, 800));
        stage.show();
        model.start();
    }

    @AfterEach
    void stop() {
        runner.close();
        keepAlive.close();
    }

    /** A conversation kept earlier on the demo source: deliveries last month, then by ward. */
    private void keepOne() throws SQLException {
        var log = stored.begin(new SourceRef.Demo(DemoSchema.DEV), Scope.ALL);
        try (AnswerEngine engine = hospital.engine()) {
            Conversation earlier = new Conversation(engine, Scope.ALL.label(), log);
            earlier.ask("How many deliveries were there last month?", StepListener.NONE);
            earlier.ask("and by ward?", StepListener.NONE);
        }
    }

    private static int cards(FxRobot robot) {
        return robot.lookup(".answer-card").queryAll().size();
    }

    private static boolean settled(FxRobot robot, int count) {
        return cards(robot) == count && robot.lookup(".answer-card").queryAll().stream()
                .noneMatch(n -> n.getStyleClass().contains("pending"));
    }

    @SuppressWarnings("unchecked")
    private static ListView<ConversationStore.Summary> list(FxRobot robot) {
        return robot.lookup("#conversation-list").queryAs(ListView.class);
    }

    @Test
    void aKeptConversationIsListedReopenedAndCarriedOn(FxRobot robot) throws Exception {
        keepOne();
        try (AnswerEngine engine = hospital.engine()) {
            new Conversation(engine, Scope.ALL.label(), stored.begin(new SourceRef.Demo(DemoSchema.DEV), Scope.ALL))
                    .ask("How many purple unicorns are there?", StepListener.NONE);
        }
        robot.interact(() -> view.showTab(4));
        FxSteps.waitUntil(() -> list(robot).getItems().size() == 2);
        assertThat(robot.lookup("#conversation-list .label").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("How many deliveries were there last month?", "How many purple unicorns are there?");
        int deliveries = list(robot).getItems().stream().map(ConversationStore.Summary::title).toList()
                .indexOf("How many deliveries were there last month?");
        robot.interact(() -> list(robot).getSelectionModel().select(deliveries));
        robot.clickOn("#show-backlog");
        FxSteps.waitUntil(() -> !robot.lookup("#backlog-text").queryAs(TextArea.class).getText().isEmpty());
        assertThat(robot.lookup("#backlog-text").queryAs(TextArea.class).getText())
                .contains("What Tally could not answer on demo:dev:", "How many purple unicorns are there?");
        Path shot = Path.of("target", "screenshots", "conversations-tab.png");
        robot.interact(() -> {
            try {
                PngExport.write(view, shot);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        robot.clickOn("#reopen-conversation");
        FxSteps.waitUntil(() -> settled(robot, 2));
        assertThat(robot.lookup(".tab-pane").queryAs(TabPane.class).getSelectionModel().getSelectedIndex())
                .as("the chat is shown").isZero();

        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText("only caesareans"));
        robot.clickOn("#question").type(KeyCode.ENTER);
        FxSteps.waitUntil(() -> settled(robot, 3));
        var using = robot.lookup("#using-line").queryAllAs(Label.class).stream().map(Label::getText).toList();
        assertThat(using).hasSize(2);
        assertThat(using.get(1)).contains("October 2026", "Deliveries", "ward");
        assertThat(stored.list(new SourceRef.Demo(DemoSchema.DEV), 10)).as("carried on, not a new conversation")
                .hasSize(2).filteredOn(s -> s.title().startsWith("How many deliveries")).singleElement()
                .satisfies(s -> assertThat(s.turns()).isEqualTo(3));
    }

    @Test
    void theHtmlReportCarriesTheChartAsAnImage(FxRobot robot) throws Exception {
        keepOne();
        ConversationStore.Summary kept = stored.list(new SourceRef.Demo(DemoSchema.DEV), 10).get(0);
        Path html = dir.resolve("report.html");
        robot.interact(() -> model.conversations().export(kept, ReportFormat.HTML, html, new FxChartImages()));
        FxSteps.waitUntil(() -> model.conversations().statusProperty().get().startsWith("Saved"));
        assertThat(model.conversations().statusProperty().get()).isEqualTo("Saved report.html (HTML, 1 chart).");
        String text = Files.readString(html);
        assertThat(text).contains("<img alt=\"chart of turn 2\" src=\"data:image/png;base64,iVBOR")
                .doesNotContain("chart of turn 1");
    }
}
