package org.tally.ui.shell;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How the window looked when it was last closed: its size, light or dark, and the text scale, kept in
 * {@code <data>/state/window.json} and written by one atomic move. A missing or unreadable file means the defaults
 * (the system's theme, 100%, the default size); a value out of range is brought within it.
 *
 * @param dark null: follow the desktop
 */
public record WindowPrefs(double width, double height, Boolean dark, int textPercent) {

    public static final double DEFAULT_WIDTH = 1180;
    public static final double DEFAULT_HEIGHT = 780;
    static final double MIN_WIDTH = 720;
    static final double MIN_HEIGHT = 480;
    static final double MAX_SIDE = 10_000;
    public static final WindowPrefs DEFAULTS = new WindowPrefs(DEFAULT_WIDTH, DEFAULT_HEIGHT, null,
            TextScale.DEFAULT_PERCENT);
    static final String FILE = "window.json";

    private static final Logger LOG = LoggerFactory.getLogger(WindowPrefs.class);
    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    public WindowPrefs {
        width = Double.isFinite(width) ? Math.max(MIN_WIDTH, Math.min(MAX_SIDE, width)) : DEFAULT_WIDTH;
        height = Double.isFinite(height) ? Math.max(MIN_HEIGHT, Math.min(MAX_SIDE, height)) : DEFAULT_HEIGHT;
        textPercent = TextScale.clamp(textPercent);
    }

    /** The theme to start in: the one chosen last, else the desktop's. */
    public boolean darkOr(boolean desktopPrefersDark) {
        return dark == null ? desktopPrefersDark : dark;
    }

    /** The preferences in {@code stateFolder}, or the defaults when there are none or they cannot be read. */
    public static WindowPrefs load(Path stateFolder) {
        Path file = stateFolder.resolve(FILE);
        if (!Files.exists(file)) {
            return DEFAULTS;
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            JsonNode dark = root.path("dark");
            return new WindowPrefs(root.path("width").asDouble(DEFAULT_WIDTH),
                    root.path("height").asDouble(DEFAULT_HEIGHT), dark.isBoolean() ? dark.asBoolean() : null,
                    root.path("textPercent").asInt(TextScale.DEFAULT_PERCENT));
        } catch (IOException | RuntimeException e) {
            LOG.warn("{} cannot be read, the window starts with its defaults: {}", file, e.toString());
            return DEFAULTS;
        }
    }

    /** Saves these preferences in {@code stateFolder}; a failure is logged and loses only the window's look. */
    public void save(Path stateFolder) {
        Path file = stateFolder.resolve(FILE);
        try {
            Files.createDirectories(stateFolder);
            ObjectNode root = JSON.createObjectNode();
            root.put("version", 1);
            root.put("width", Math.round(width));
            root.put("height", Math.round(height));
            if (dark != null) {
                root.put("dark", dark);
            }
            root.put("textPercent", textPercent);
            Path tmp = Files.createTempFile(stateFolder, FILE, ".tmp");
            try {
                JSON.writeValue(tmp.toFile(), root);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            LOG.warn("the window's size, theme and text size could not be saved to {}: {}", file, e.toString());
        }
    }

    /** What {@code stage} and {@code model} show now: saved when the window closes. FX thread. */
    public static WindowPrefs of(javafx.stage.Stage stage, ShellViewModel model) {
        return new WindowPrefs(stage.getWidth(), stage.getHeight(), model.darkProperty().get(),
                model.textPercentProperty().get());
    }

    /** Gives {@code stage} and {@code model} this size and text scale (the theme is given when the model is built). */
    public void applyTo(javafx.stage.Stage stage, ShellViewModel model) {
        stage.setWidth(width);
        stage.setHeight(height);
        model.useTextPercent(textPercent);
    }
}
