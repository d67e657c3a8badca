package org.tally.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where Tally keeps its state: app database, demo hospitals, logs, overrides, models.
 * Resolution order: system property {@code tally.home}, environment {@code TALLY_HOME}, then the
 * platform's per-user data folder (so a locked-down workstation needs no admin rights).
 */
public record DataFolder(Path root) {

    public DataFolder {
        root = root.toAbsolutePath().normalize();
    }

    public static DataFolder resolve() {
        return resolve(System.getProperties().getProperty("tally.home"), System.getenv(),
                System.getProperty("os.name", ""), System.getProperty("user.home"));
    }

    static DataFolder resolve(String property, Map<String, String> env, String osName, String userHome) {
        if (property != null && !property.isBlank()) {
            return new DataFolder(Path.of(property));
        }
        String fromEnv = env.get("TALLY_HOME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return new DataFolder(Path.of(fromEnv));
        }
        if (osName.toLowerCase(Locale.ROOT).startsWith("windows")) {
            String local = env.get("LOCALAPPDATA");
            if (local != null && !local.isBlank()) {
                return new DataFolder(Path.of(local, "Tally"));
            }
            return new DataFolder(Path.of(userHome, "AppData", "Local", "Tally"));
        }
        String xdg = env.get("XDG_DATA_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return new DataFolder(Path.of(xdg, "tally"));
        }
        return new DataFolder(Path.of(userHome, ".local", "share", "tally"));
    }

    public Path logs() {
        return root.resolve("logs");
    }

    public Path demo() {
        return root.resolve("demo");
    }

    public Path state() {
        return root.resolve("state");
    }

    public Path overrides() {
        return root.resolve("overrides");
    }

    public Path models() {
        return root.resolve("models");
    }

    /** Where the local snapshots of sources are kept, one folder per source. */
    public Path snapshots() {
        return root.resolve("snapshots");
    }

    /** Creates the folder (and parents) if missing and returns it. */
    public static Path ensure(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create folder " + dir + ": " + e.getMessage(), e);
        }
    }
}
