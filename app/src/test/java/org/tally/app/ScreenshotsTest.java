package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.tally.ui.testing.FxSteps.clickInView;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.ComboBox;
import javafx.scene.control.TableView;
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
import org.tally.core.scope.Scope;
import org.tally.ui.result.PngExport;
import org.tally.ui.testing.Look;

/**
 * Renders the main states of the real workstation on the demo hospital into PNG files, headless (Monocle + JavaFX
 * snapshot, no display needed):
 * <pre>mvn -B -pl app -am test -Dtest=ScreenshotsTest -Dsurefire.failIfNoSpecifiedTests=false -Dtally.screenshots=true</pre>
 * The files land in {@code app/target/screenshots/}. Every answer shown comes from the demo database.
 */
@EnabledIfSystemProperty(named = "tally.screenshots", matches = "true")
@ExtendWith(ApplicationExtension.class)
class ScreenshotsTest {

    @TempDir
    static Path home;

    private RealWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = new RealWindow(home);
        window.show(stage, new Look("screenshots", null, 100, 1280, 860));
    }

    @AfterEach
    void stop() {
        window.close();
    }

    private void shoot(FxRobot robot, String name) throws Exception {
        Path file = Path.of(System.getProperty("tally.screenshots.dir", "target/screenshots")).resolve(name + ".png");
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

    private void fresh(FxRobot robot) {
        robot.interact(() -> {
            window.view.showTab(0);
            window.model.chat().clear();
        });
    }

    @Test
    void rendersTheMainStates(FxRobot robot) throws Exception {
        RealWindow.waitUntil(() -> window.model.sourceStatusProperty().get().equals("Ready")
                && !window.model.activity().runningProperty().get());
        shoot(robot, "01-welcome");

        window.ask(robot, "How many admissions were there last year, by ward?");
        clickInView(robot, ".sql-toggle");
        shoot(robot, "02-answer-bar-chart-with-sql");

        fresh(robot);
        window.ask(robot, "How many patients are there?");
        window.ask(robot, "Number of admissions per month this year");
        shoot(robot, "03-answer-kpi-and-line-chart");

        fresh(robot);
        window.ask(robot, "How many bills are unpaid?");
        shoot(robot, "04-clarify");

        fresh(robot);
        window.ask(robot, "What is the weather tomorrow?");
        shoot(robot, "05-refusal");

        fresh(robot);
        window.ask(robot, "list the beds");
        clickInView(robot, "#load-more");
        RealWindow.waitUntil(() -> !window.model.activity().runningProperty().get());
        shoot(robot, "06-list-with-pages");

        robot.interact(() -> window.view.showTab(2));
        RealWindow.waitUntil(() -> !robot.lookup("#binding-tables").queryAs(TableView.class).getItems().isEmpty());
        shoot(robot, "07a-binding-summary");
        robot.interact(() -> {
            TableView<?> tables = robot.lookup("#binding-tables").queryAs(TableView.class);
            for (int i = 0; i < tables.getItems().size(); i++) {
                if (tables.getItems().get(i).toString().contains("table=deliveries")) {
                    tables.getSelectionModel().select(i);
                }
            }
        });
        shoot(robot, "07-binding-inspector");

        robot.interact(() -> {
            window.view.showTab(1);
            window.model.sources().nameProperty().set("Maternity warehouse");
            window.model.sources().urlProperty().set("jdbc:postgresql://db.local:5432/mat?password=x");
            window.model.sources().validate();
        });
        shoot(robot, "08-sources-with-validation");

        fresh(robot);
        Scope maternity = window.model.scopes().stream().filter(s -> s.id().equals("Maternity")).findFirst()
                .orElseThrow();
        robot.interact(() -> robot.lookup("#scope-picker").queryAs(ComboBox.class).setValue(maternity));
        window.ask(robot, "How many caesarean deliveries were there in 2025?");
        window.ask(robot, "How many admissions were there last month?");
        shoot(robot, "09-service-line-scope-and-redirect");
        robot.interact(() -> robot.lookup("#scope-picker").queryAs(ComboBox.class).setValue(Scope.ALL));

        robot.interact(() -> window.view.showTab(3));
        RealWindow.waitUntil(() -> !window.model.models().checkingProperty().get()
                && !window.model.models().summaryProperty().get().equals("Not checked yet."));
        shoot(robot, "10-model-settings");

        fresh(robot);
        robot.interact(window.model::toggleTheme);
        window.ask(robot, "How many deliveries were there per month this year?");
        shoot(robot, "11-dark-answer");
        robot.interact(window.model::toggleTheme);

        fresh(robot);
        window.ask(robot, "List last month's patient safety incidents with their category and severity");
        shoot(robot, "12-list-in-time-order-with-readable-values");

        fresh(robot);
        window.ask(robot, "How many critical lab results were there per month this year?");
        shoot(robot, "13-empty-months-shown-as-zero");

        fresh(robot);
        robot.interact(() -> window.model.useTextPercent(150));
        window.ask(robot, "Which 3 wards had the most admissions this year?");
        shoot(robot, "14-top-n-bars-at-150-percent-text");

        // the keyboard walks from the question box into the answer: the focused control shows its ring
        clickInView(robot, "#question");
        for (int i = 0; i < 3; i++) {
            robot.type(KeyCode.TAB);
        }
        shoot(robot, "15-keyboard-focus");
        robot.interact(() -> window.model.useTextPercent(100));
    }
}
