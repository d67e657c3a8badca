package org.tally.app;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.scene.Node;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tally.core.DataFolder;
import org.tally.ui.shell.ShellView;
import org.tally.ui.shell.ShellViewModel;
import org.tally.ui.task.FxTaskRunner;

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

    /** Call on the FX thread (from an {@code @Start} method). */
    void show(Stage stage, double width, double height) {
        view = new ShellView(model);
        stage.setScene(view.createScene(width, height));
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
        robot.clickOn("#question").type(KeyCode.ENTER);
        waitUntil(() -> robot.lookup(".answer-card").queryAll().size() > before
                && robot.lookup(".answer-card.pending").queryAll().isEmpty());
    }

    /** The first start generates the demo hospital and refreshes its catalog: allow a minute. */
    static void waitUntil(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (Exception e) {
            throw new AssertionError("condition not met within 90 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }
}
