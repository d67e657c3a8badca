package org.tally.ui.fx;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.tally.ui.result.PngExport;
import org.tally.ui.testing.SampleBinding;

/**
 * Renders the main states of the window into PNG files, headless (Monocle + JavaFX snapshot, no display):
 * <pre>mvn -B -pl ui -am test -Dtest=ScreenshotsTest -Dsurefire.failIfNoSpecifiedTests=false -Dtally.screenshots=true</pre>
 * The files land in {@code ui/target/screenshots/}.
 */
@EnabledIfSystemProperty(named = "tally.screenshots", matches = "true")
@ExtendWith(ApplicationExtension.class)
class ScreenshotsTest {

    @TempDir
    Path dir;

    private WorkstationFixture fx;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        fx = new WorkstationFixture(dir, SampleBinding.provider());
        fx.show(stage, 1280, 860);
    }

    @AfterEach
    void stop() {
        fx.runner.close();
    }

    private Path out(String name) {
        return Path.of(System.getProperty("tally.screenshots.dir", "target/screenshots")).resolve(name + ".png");
    }

    private void shoot(FxRobot robot, String name) throws Exception {
        Path file = out(name);
        Exception[] failure = new Exception[1];
        robot.interact(() -> {
            try {
                PngExport.write(stage.getScene().getRoot(), file);
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        assertThat(Files.size(file)).isGreaterThan(10_000);
    }

    private void ask(FxRobot robot, String question) {
        int before = robot.lookup(".answer-card").queryAll().size();
        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText(question));
        robot.clickOn("#question").type(KeyCode.ENTER);
        WorkstationFixture.waitUntil(() -> robot.lookup(".answer-card").queryAll().size() > before
                && robot.lookup(".answer-card.pending").queryAll().isEmpty());
    }

    @Test
    void rendersTheMainStates(FxRobot robot) throws Exception {
        WorkstationFixture.waitUntil(() -> !fx.model.activity().runningProperty().get());
        shoot(robot, "01-welcome");

        ask(robot, "How many deliveries were there last month, by ward?");
        robot.clickOn(".sql-toggle");
        shoot(robot, "02-answer-bar-chart-with-sql");

        robot.interact(() -> fx.model.chat().clear());
        ask(robot, "How many patients are there?");
        ask(robot, "Number of admissions per month in 2025");
        shoot(robot, "03-answer-kpi-and-line-chart");

        robot.interact(() -> fx.model.chat().clear());
        ask(robot, "What was the average length of stay?");
        shoot(robot, "04-clarify");

        robot.interact(() -> fx.model.chat().clear());
        ask(robot, "What is the weather tomorrow?");
        shoot(robot, "05-refusal");

        robot.interact(() -> fx.view.showTab(2));
        WorkstationFixture.waitUntil(() -> !robot.lookup("#binding-tables").queryAs(TableView.class).getItems()
                .isEmpty());
        robot.interact(() -> robot.lookup("#binding-tables").queryAs(TableView.class).getSelectionModel().select(0));
        shoot(robot, "06-binding-inspector");

        robot.interact(() -> {
            fx.view.showTab(1);
            fx.model.sources().nameProperty().set("Maternity warehouse");
            fx.model.sources().urlProperty().set("jdbc:postgresql://db.local:5432/mat?password=x");
            fx.model.sources().validate();
        });
        shoot(robot, "07-sources-with-validation");

        robot.interact(() -> {
            fx.view.showTab(0);
            fx.model.chat().clear();
            fx.model.toggleTheme();
        });
        ask(robot, "How many deliveries were there last month, by ward?");
        shoot(robot, "08-dark-answer");
        robot.interact(fx.model::toggleTheme);
    }
}
