package org.tally.app;

import static org.tally.ui.testing.FxSteps.clickInView;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.tally.core.DataFolder;
import org.tally.ui.shell.ShellView;
import org.tally.ui.shell.ShellViewModel;
import org.tally.ui.task.FxTaskRunner;
import org.tally.ui.testing.FxSteps;
import org.tally.ui.testing.Look;

/** The workstation as {@code Main} wires it, on the real demo hospital, shown on a test's stage (headless). */
final class RealWindow {

    final DataFolder data;
    final FxTaskRunner runner = new FxTaskRunner();
    final ShellViewModel model;
    ShellView view;

    RealWindow(Path home) {
        this.data = new DataFolder(home);
        this.model = new Wiring(data).workstation().model(runner, false);
    }

    /** Shows the window as {@code look} has it. Call on the FX thread (from an {@code @Start} method). */
    void show(Stage stage, Look look) {
        view = new ShellView(model);
        stage.setScene(view.createScene(look.width(), look.height()));
        look.apply(stage.getScene(), model);
        stage.show();
        model.start();
        view.focusQuestion();
    }

    void close() {
        runner.close();
        model.close();
    }

    /** Types the question into the box and presses Enter; waits until its card is answered, refused or asks. */
    void ask(FxRobot robot, String question) {
        int before = robot.lookup(".answer-card").queryAll().size();
        TextField box = robot.lookup("#question").queryAs(TextField.class);
        robot.interact(() -> box.setText(question));
        clickInView(robot, "#question");
        robot.type(KeyCode.ENTER);
        waitUntil(() -> robot.lookup(".answer-card").queryAll().size() > before
                && robot.lookup(".answer-card.pending").queryAll().isEmpty());
    }

    /** The first start generates the demo hospital and refreshes its catalog: allow a few minutes on a busy machine. */
    static void waitUntil(BooleanSupplier condition) {
        FxSteps.waitUntil(condition, 240);
    }
}
