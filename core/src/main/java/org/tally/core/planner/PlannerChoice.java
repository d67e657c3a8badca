package org.tally.core.planner;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * The planner model an administrator chose for this data folder, kept in {@value #FILE_NAME} beside the model files:
 * the Models tab writes it, and {@code tally ask} uses it when no {@code --planner-model} is given. Raw SQL (rung 4)
 * is off unless this file turns it on.
 *
 * @param model    the chosen file's name in the models folder
 * @param options  how it is loaded
 * @param settings the question deadline and token budget
 * @param rawSql   whether the model may write one SQL statement when its spec reading fails (off by default)
 */
public record PlannerChoice(String model, PlannerLoader.LoadOptions options, PlannerSettings settings,
                            boolean rawSql) {

    public static final String FILE_NAME = "planner.properties";

    public PlannerChoice {
        Objects.requireNonNull(model, "model");
        if (model.isBlank() || model.contains("/") || model.contains("\\")) {
            throw new IllegalArgumentException("the chosen model is a file name of the models folder, not '" + model
                    + "'");
        }
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(settings, "settings");
    }

    /** The choice kept in {@code modelsFolder}, if there is one that can be read. */
    public static Optional<PlannerChoice> read(Path modelsFolder) throws IOException {
        Path file = modelsFolder.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        String model = p.getProperty("model", "").strip();
        if (model.isEmpty()) {
            return Optional.empty();
        }
        PlannerLoader.LoadOptions defaults = PlannerLoader.LoadOptions.defaults();
        try {
            PlannerLoader.LoadOptions options = new PlannerLoader.LoadOptions(
                    number(p, "threads", defaults.threads()), number(p, "contextSize", defaults.contextSize()),
                    number(p, "gpuLayers", defaults.gpuLayers()));
            PlannerSettings settings = new PlannerSettings(number(p, "deadlineMs",
                    (int) PlannerSettings.DEFAULTS.deadlineMs()), number(p, "maxTokens",
                    PlannerSettings.DEFAULTS.maxTokens()));
            return Optional.of(new PlannerChoice(model, options, settings,
                    Boolean.parseBoolean(p.getProperty("rawSql", "false").strip())));
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    public void write(Path modelsFolder) throws IOException {
        Properties p = new Properties();
        p.setProperty("model", model);
        p.setProperty("threads", String.valueOf(options.threads()));
        p.setProperty("contextSize", String.valueOf(options.contextSize()));
        p.setProperty("gpuLayers", String.valueOf(options.gpuLayers()));
        p.setProperty("deadlineMs", String.valueOf(settings.deadlineMs()));
        p.setProperty("maxTokens", String.valueOf(settings.maxTokens()));
        p.setProperty("rawSql", String.valueOf(rawSql));
        Files.createDirectories(modelsFolder);
        Path tmp = modelsFolder.resolve(FILE_NAME + ".tmp");
        try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            p.store(w, "The planner model Tally loads (written by the Models tab)");
        }
        Files.move(tmp, modelsFolder.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    private static int number(Properties p, String key, int fallback) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, not '" + v.strip() + "'");
        }
    }
}
