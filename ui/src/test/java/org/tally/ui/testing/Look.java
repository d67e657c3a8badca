package org.tally.ui.testing;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import javafx.scene.Scene;
import org.tally.ui.shell.ShellViewModel;

/**
 * One way the window may look on an analyst's machine: a font family (null: the platform's own), the app's text
 * scale and a window size. The UI tests run under more than one look, so that none of them passes only because of
 * the fonts installed or the size of the test window.
 */
public record Look(String name, String fontFamily, int textPercent, double width, double height) {

    /** The platform's font at the app's own text size, in a roomy window. */
    public static final Look STANDARD = new Look("standard", null, 100, 1180, 800);
    /** A wider font family set through CSS, text at 150% and a smaller window: every layout moves. */
    public static final Look LARGE_MONOSPACED = new Look("large monospaced text", "Monospaced", 150, 1000, 720);

    public static final List<Look> ALL = List.of(STANDARD, LARGE_MONOSPACED);

    /** Applies the font family and text scale to a scene showing {@code model}'s window. FX thread. */
    public void apply(Scene scene, ShellViewModel model) {
        model.useTextPercent(textPercent);
        if (fontFamily != null) {
            String css = ".root { -fx-font-family: \"" + fontFamily + "\"; }";
            scene.getStylesheets().add("data:text/css;base64,"
                    + Base64.getEncoder().encodeToString(css.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
