package org.tally.ui.fx;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.shell.ShellView;
import org.tally.ui.shell.ShellViewModel;
import org.tally.core.source.SourceCheck;
import org.tally.ui.sources.SourceStore;
import org.tally.core.source.WriteAccess;
import org.tally.ui.task.FxTaskRunner;
import org.tally.ui.testing.FakeEngines;

/** The real window content on a stage, wired by constructor to a fake engine, as the workstation wires it. */
final class WorkstationFixture {

    final FakeEngines engines = FakeEngines.byKeyword();
    final FxTaskRunner runner = new FxTaskRunner();
    final Path sourcesFile;
    final ShellViewModel model;
    ShellView view;

    WorkstationFixture(Path dir, BindingProvider bindings) {
        this.sourcesFile = dir.resolve("state").resolve("sources.json");
        this.model = new ShellViewModel(engines, runner, new SourceStore(sourcesFile),
                (ref, creds) -> new SourceCheck(true, "H2 2.5", WriteAccess.READ_ONLY, "no write privilege found"),
                bindings, dir.resolve("models"), false);
    }

    /** Call on the FX thread (from an {@code @Start} method). */
    void show(Stage stage, double width, double height) {
        view = new ShellView(model);
        stage.setScene(view.createScene(width, height));
        stage.show();
        model.start();
        view.focusQuestion();
    }

    static void waitUntil(BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (Exception e) {
            throw new AssertionError("condition not met within 10 s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Clicks the node {@code query} finds after scrolling every scroll pane around it so that it is in view: where a
     * control lands depends on the fonts installed and the text size, so a test never clicks where it merely hopes
     * the control is.
     */
    static void clickInView(FxRobot robot, String query) {
        Node node = robot.lookup(query).query();
        bringIntoView(robot, node);
        robot.clickOn(node);
    }

    static void bringIntoView(FxRobot robot, Node node) {
        robot.interact(() -> {
            for (Node p = node.getParent(); p != null; p = p.getParent()) {
                if (p instanceof ScrollPane pane && pane.getContent() != null) {
                    scrollTo(pane, node);
                }
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void scrollTo(ScrollPane pane, Node node) {
        Node content = pane.getContent();
        content.applyCss();
        if (content instanceof Parent parent) {
            parent.layout();
        }
        Bounds inContent = content.sceneToLocal(node.localToScene(node.getBoundsInLocal()));
        double extra = content.getBoundsInLocal().getHeight() - pane.getViewportBounds().getHeight();
        if (extra > 0) {
            double top = inContent.getMinY() - pane.getViewportBounds().getHeight() / 3;
            pane.setVvalue(pane.getVmin() + (pane.getVmax() - pane.getVmin()) * Math.max(0, Math.min(1, top / extra)));
        }
        double extraX = content.getBoundsInLocal().getWidth() - pane.getViewportBounds().getWidth();
        if (extraX > 0) {
            double left = inContent.getMinX() - pane.getViewportBounds().getWidth() / 3;
            pane.setHvalue(pane.getHmin() + (pane.getHmax() - pane.getHmin()) * Math.max(0, Math.min(1, left / extraX)));
        }
        pane.layout();
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
