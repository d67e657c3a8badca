package org.tally.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The golden suites' question texts (src/test/resources/golden, found above the module's folder), in file order. */
public final class GoldenQuestions {

    private static final Path GOLDEN = Path.of("src", "test", "resources", "golden");

    private GoldenQuestions() {
    }

    /** @param lists the suites' lists to read: "questions", and "traps" for the questions to refuse */
    public static List<String> of(String... lists) throws IOException {
        Path folder = null;
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve(GOLDEN))) {
                folder = p.resolve(GOLDEN);
                break;
            }
        }
        assertThat(folder).as("golden suites above " + Path.of("").toAbsolutePath()).isNotNull();
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                JsonNode suite = yaml.readTree(file.toFile());
                for (String list : lists) {
                    suite.path(list).forEach(q -> out.add(q.path("question").asText()));
                }
            }
        }
        return out;
    }
}
