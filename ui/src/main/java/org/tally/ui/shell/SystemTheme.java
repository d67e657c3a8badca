package org.tally.ui.shell;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Whether the desktop prefers a dark theme, read where the platform makes it readable: GTK_THEME and GNOME's
 * color-scheme on Linux, AppsUseLightTheme in the Windows registry (HKCU, no admin needed), AppleInterfaceStyle on
 * macOS. Anything unreadable means light. Local commands only; nothing touches the network.
 */
public final class SystemTheme {

    private SystemTheme() {
    }

    public static boolean prefersDark() {
        return prefersDark(System.getProperty("os.name", ""), System.getenv(), SystemTheme::runQuietly);
    }

    static boolean prefersDark(String osName, Map<String, String> env,
                               Function<List<String>, Optional<String>> command) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return command.apply(List.of("reg", "query",
                            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize", "/v",
                            "AppsUseLightTheme"))
                    .map(out -> out.contains("0x0") && !out.contains("0x1")).orElse(false);
        }
        if (os.contains("mac")) {
            return command.apply(List.of("defaults", "read", "-g", "AppleInterfaceStyle"))
                    .map(out -> out.strip().equalsIgnoreCase("dark")).orElse(false);
        }
        String gtkTheme = env.getOrDefault("GTK_THEME", "");
        if (!gtkTheme.isBlank()) {
            return gtkTheme.toLowerCase(Locale.ROOT).contains("dark");
        }
        Optional<String> scheme = command.apply(List.of("gsettings", "get", "org.gnome.desktop.interface",
                "color-scheme"));
        if (scheme.isPresent() && scheme.get().contains("prefer-dark")) {
            return true;
        }
        return command.apply(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"))
                .map(out -> out.toLowerCase(Locale.ROOT).contains("dark")).orElse(false);
    }

    private static Optional<String> runQuietly(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (InputStream in = p.getInputStream()) {
                in.transferTo(out);
            }
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return Optional.empty();
            }
            return p.exitValue() == 0 ? Optional.of(out.toString(StandardCharsets.UTF_8)) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
