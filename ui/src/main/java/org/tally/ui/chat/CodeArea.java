package org.tally.ui.chat;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.TextArea;
import javafx.scene.layout.Region;
import javafx.scene.text.Text;

/**
 * Read-only, selectable code (SQL, spec JSON) as tall as its wrapped text, up to {@value #MAX_LINES} lines; only
 * longer text scrolls. The line count is measured at the area's own width and font, so it follows the text scale,
 * the font installed and the window size.
 */
final class CodeArea extends TextArea {

    static final int MAX_LINES = 18;
    /** Room for a vertical scroll bar, so a measured line never wraps once more in the real area. */
    private static final double SCROLL_BAR_ROOM = 16;

    CodeArea(String text, String styleClass) {
        super(text);
        getStyleClass().add(styleClass);
        setEditable(false);
        setWrapText(true);
        // Tab would stop in the text for good: the keyboard passes it by and copies with the button above it
        setFocusTraversable(false);
        setPrefRowCount(Math.min(MAX_LINES, Math.max(1, text.split("\n", -1).length)));
        widthProperty().addListener((o, was, now) -> fit());
        fontProperty().addListener((o, was, now) -> fit());
        textProperty().addListener((o, was, now) -> fit());
    }

    /** The wrapped lines of the text at the current width and font. */
    int visualLines() {
        Node content = lookup(".content");
        Insets inner = content instanceof Region r ? r.getInsets() : Insets.EMPTY;
        double wrap = getWidth() - snappedLeftInset() - snappedRightInset() - inner.getLeft() - inner.getRight()
                - SCROLL_BAR_ROOM;
        Text probe = new Text(getText());
        probe.setFont(getFont());
        Text one = new Text("Xg");
        one.setFont(getFont());
        double line = one.getLayoutBounds().getHeight();
        if (wrap > 0) {
            probe.setWrappingWidth(wrap);
        }
        return (int) Math.max(1, Math.ceil(probe.getLayoutBounds().getHeight() / line - 0.01));
    }

    private void fit() {
        if (getWidth() <= 0) {
            return;
        }
        int rows = Math.min(MAX_LINES, visualLines());
        if (rows != getPrefRowCount()) {
            setPrefRowCount(rows);
        }
    }
}
