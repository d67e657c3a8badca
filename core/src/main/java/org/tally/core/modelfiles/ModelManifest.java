package org.tally.core.modelfiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The list of model files an administrator vouches for (docs/architecture.md, "Local models"): {@value #FILE_NAME} in the models folder, in
 * the format {@code sha256sum} writes, one {@code <64 hex digits>  <file name>} per line ({@code *} before the name
 * is allowed, {@code #} starts a comment). Names are plain file names in the models folder, never paths.
 *
 * @param entries  file name → expected SHA-256 (lower-case hex), in manifest order
 * @param problems lines that could not be read, each naming its line number and why
 */
public record ModelManifest(Map<String, String> entries, List<String> problems) {

    public static final String FILE_NAME = "SHA256SUMS";

    private static final Pattern LINE = Pattern.compile("([0-9a-fA-F]{64})\\s+\\*?(.+)");

    public ModelManifest {
        entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        problems = List.copyOf(problems);
    }

    /** Reads the manifest of {@code folder}; empty when there is none. */
    public static Optional<ModelManifest> read(Path folder) throws IOException {
        Path file = folder.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(parse(Files.readString(file, StandardCharsets.UTF_8)));
    }

    public static ModelManifest parse(String text) {
        Map<String, String> entries = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            int number = i + 1;
            if (!m.matches()) {
                problems.add("line " + number + ": expected '<SHA-256 in 64 hex digits>  <file name>'");
                continue;
            }
            String name = m.group(2).strip();
            if (name.contains("/") || name.contains("\\") || name.equals("..") || name.equals(".")) {
                problems.add("line " + number + ": '" + name + "' is a path; list plain file names of the models"
                        + " folder");
                continue;
            }
            String previous = entries.put(name, m.group(1).toLowerCase(Locale.ROOT));
            if (previous != null && !previous.equals(entries.get(name))) {
                problems.add("line " + number + ": " + name + " is listed twice with different hashes");
            }
        }
        return new ModelManifest(entries, problems);
    }
}
