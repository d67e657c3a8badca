package org.tally.core.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The grammar's sources name no physical table or column of the demo schemas. */
class GrammarHasNoPhysicalNamesTest {

    @SuppressWarnings("unchecked")
    private static List<String> forbidden() throws ReflectiveOperationException {
        Class<?> pack = Class.forName("org.tally.core.pack.PackHasNoPhysicalNamesTest");
        Field f = pack.getDeclaredField("FORBIDDEN_PHYSICAL_NAMES");
        f.setAccessible(true);
        return (List<String>) f.get(null);
    }

    @Test
    void grammarSourcesCarryNoPhysicalName() throws IOException, ReflectiveOperationException {
        List<String> names = forbidden();
        assertThat(names).isNotEmpty();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java/org/tally/core/grammar"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                for (String name : names) {
                    assertThat(text).as(file + " mentions " + name).doesNotContain(name);
                }
            }
        }
    }
}
