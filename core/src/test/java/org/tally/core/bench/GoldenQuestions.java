package org.tally.core.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The {@code question:} texts of every golden suite file: its questions, then its traps, file by file. */
final class GoldenQuestions {

    /** Where the golden suites live relative to the repository root. */
    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    private GoldenQuestions() {
    }

    /**
     * One golden question: its suite id, its text, whether it is a trap (it must be refused), its hand-written gold
     * SQL per demo schema ({@code dev}, {@code alt}; none for traps) and whether its rows come in a defined order.
     */
    record Question(String id, String text, boolean trap, Map<String, String> gold, boolean ordered) {
        Question {
            gold = Map.copyOf(gold);
        }
    }

    static List<Question> all() {
        Path folder = folder();
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<Question> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                JsonNode suite = yaml.readTree(file.toFile());
                for (String list : List.of("questions", "traps")) {
                    for (JsonNode q : suite.path(list)) {
                        Map<String, String> gold = new HashMap<>();
                        q.path("gold").fields().forEachRemaining(e -> gold.put(e.getKey(), e.getValue().asText()));
                        out.add(new Question(q.path("id").asText(), q.path("question").asText(), list.equals("traps"),
                                gold, q.path("ordered").asBoolean(false)));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the golden suites in " + folder, e);
        }
        if (out.isEmpty()) {
            throw new IllegalStateException("no golden questions found in " + folder);
        }
        return List.copyOf(out);
    }

    /** {@code -Dtally.golden=DIR}, else the first parent of the working directory that holds the suites. */
    private static Path folder() {
        String given = System.getProperty("tally.golden");
        if (given != null) {
            return Path.of(given);
        }
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve(GOLDEN))) {
                return p.resolve(GOLDEN);
            }
        }
        throw new IllegalStateException("golden suites not found above " + Path.of("").toAbsolutePath()
                + "; pass -Dtally.golden=<repo>/src/test/resources/golden");
    }
}
