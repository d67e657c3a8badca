package org.tally.ui.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.ScrollPane;
import javafx.stage.Window;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What a UI test does before it clicks: where a control lands depends on the fonts installed, the text size and the
 * window, so a test scrolls the control into view first, and fails plainly when it still cannot be reached, rather
 * than clicking where it merely hopes the control is. Waits are generous: the machines are shared and slow.
 */
public final class FxSteps {

    private FxSteps() {
    }

    /** Waits until {@code condition} holds (at most {@code seconds}), then lets the FX thread settle. */
    public static void waitUntil(BooleanSupplier condition, int seconds) {
        try {
            WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, condition::getAsBoolean);
        } catch (Exception e) {
            throw new AssertionError("condition not met within " + seconds + " s", e);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Waits (at most a minute) until {@code condition} holds. */
    public static void waitUntil(BooleanSupplier condition) {
        waitUntil(condition, 60);
    }

    /** Clicks the node {@code query} finds, after scrolling it into view. */
    public static void clickInView(FxRobot robot, String query) {
        clickInView(robot, robot.lookup(query).query());
    }

    public static void clickInView(FxRobot robot, Node node) {
        bringIntoView(robot, node);
        assertReachable(node);
        robot.clickOn(node);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Scrolls every scroll pane around {@code node} so that the node is in its viewport. */
    public static void bringIntoView(FxRobot robot, Node node) {
        robot.interact(() -> {
            for (Node p = node.getParent(); p != null; p = p.getParent()) {
                if (p instanceof ScrollPane pane && pane.getContent() != null) {
                    scrollTo(pane, node);
                }
            }
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The node is shown, and its centre lies inside its window and inside every scroll pane's viewport around it. */
    public static void assertReachable(Node node) {
        assertThat(shown(node)).as("%s is shown", node).isTrue();
        Bounds b = node.localToScreen(node.getBoundsInLocal());
        Window w = node.getScene().getWindow();
        Rectangle2D window = new Rectangle2D(w.getX(), w.getY(), w.getWidth(), w.getHeight());
        double x = b.getCenterX();
        double y = b.getCenterY();
        assertThat(window.contains(x, y)).as("%s (centre %.0f,%.0f) lies inside the window %s", node, x, y, window)
                .isTrue();
        for (Node p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane pane) {
                Bounds viewport = pane.localToScreen(pane.getLayoutBounds());
                assertThat(viewport.contains(x, y)).as("%s lies in the visible part of its scroll pane", node)
                        .isTrue();
            }
        }
    }

    /** True when the whole node is shown inside its window and inside every scroll pane's viewport around it. */
    public static boolean inViewport(Node node) {
        if (!shown(node)) {
            return false;
        }
        Bounds b = node.localToScreen(node.getBoundsInLocal());
        Window w = node.getScene().getWindow();
        if (!new Rectangle2D(w.getX(), w.getY(), w.getWidth(), w.getHeight()).contains(b.getMinX(), b.getMinY(),
                b.getWidth(), b.getHeight())) {
            return false;
        }
        for (Node p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane pane && !pane.localToScreen(pane.getLayoutBounds()).contains(b)) {
                return false;
            }
        }
        return true;
    }

    /** Where {@code node} is on screen, and where its window and scroll panes are: for failure messages. */
    public static String placement(Node node) {
        StringBuilder b = new StringBuilder(String.valueOf(node)).append(" at ")
                .append(node.localToScreen(node.getBoundsInLocal()));
        if (node.getScene() != null) {
            Window w = node.getScene().getWindow();
            b.append("; window ").append(new Rectangle2D(w.getX(), w.getY(), w.getWidth(), w.getHeight()));
        }
        for (Node p = node.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane pane) {
                b.append("; scroll pane ").append(pane.localToScreen(pane.getLayoutBounds())).append(" vvalue ")
                        .append(pane.getVvalue());
            }
        }
        return b.toString();
    }

    /** True when a control's own content scrolls vertically (its vertical scroll bar is shown). */
    public static boolean scrollsVertically(Parent control) {
        return control.lookupAll(".scroll-bar").stream().anyMatch(n -> n instanceof ScrollBar bar
                && bar.getOrientation() == Orientation.VERTICAL && bar.isVisible());
    }

    /** True when the node and all its parents are visible and it is in a scene. */
    public static boolean shown(Node n) {
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
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
            pane.setVvalue(pane.getVmin() + (pane.getVmax() - pane.getVmin()) * clamp(top / extra));
        }
        double extraX = content.getBoundsInLocal().getWidth() - pane.getViewportBounds().getWidth();
        if (extraX > 0) {
            double left = inContent.getMinX() - pane.getViewportBounds().getWidth() / 3;
            pane.setHvalue(pane.getHmin() + (pane.getHmax() - pane.getHmin()) * clamp(left / extraX));
        }
        pane.layout();
    }

    private static double clamp(double v) {
        return Math.max(0, Math.min(1, v));
    }
}
