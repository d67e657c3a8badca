package org.tally.core.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.tally.core.dialect.Dialect;

/**
 * Golden files {@code sql/golden/NAME.txt}: a description, the bound parameters and one expected statement per
 * dialect (or {@code UNSUPPORTED construct}) for the query {@link HospitalQueries#named()} calls NAME. Every
 * expected statement must also parse with JSqlParser in its dialect (SQL Server with square brackets).
 */
class GoldenSqlTest {

    static Stream<Path> goldenFiles() throws IOException, URISyntaxException {
        Path dir = Path.of(GoldenSqlTest.class.getResource("/sql/golden").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.toString().endsWith(".txt")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goldenFiles")
    void compilesToTheGoldenSqlOnEveryDialect(Path file) throws IOException {
        String name = file.getFileName().toString().replace(".txt", "");
        Map<String, String> fields = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                int colon = line.indexOf(": ");
                fields.put(line.substring(0, colon), line.substring(colon + 2));
            }
        }
        assertThat(fields.get("description")).as("%s needs a description", name).isNotBlank();
        SqlQuery query = HospitalQueries.named().get(name).get();
        CompilesExpectation expect = CompilesExpectation.compiles(query);
        for (Dialect d : Dialect.values()) {
            String expected = fields.get(d.id());
            assertThat(expected).as("%s has a line for %s", name, d.id()).isNotNull();
            if (expected.startsWith("UNSUPPORTED ")) {
                expect.unsupported(d, expected.substring("UNSUPPORTED ".length()));
            } else {
                expect.expect(d, expected);
                Rendered r = ((CompileResult.Compiled) SqlCompiler.compile(query, d)).rendered();
                assertThat(describe(r.parameters())).as("%s parameters", name).isEqualTo(fields.get("parameters"));
            }
        }
    }

    @Test
    void everyNamedQueryHasAGoldenFileAndViceVersa() throws Exception {
        List<String> files = goldenFiles().map(p -> p.getFileName().toString().replace(".txt", "")).toList();
        assertThat(files).containsExactlyInAnyOrderElementsOf(HospitalQueries.named().keySet());
    }

    private static String describe(List<SqlValue> values) {
        if (values.isEmpty()) {
            return "none";
        }
        return values.stream().map(v -> {
            if (v instanceof SqlValue.Text t) {
                return "text " + t.value();
            } else if (v instanceof SqlValue.Number n) {
                return "number " + n.value().toPlainString();
            } else if (v instanceof SqlValue.Bool b) {
                return "bool " + b.value();
            } else if (v instanceof SqlValue.Date d) {
                return "date " + d.value();
            } else if (v instanceof SqlValue.Timestamp t) {
                return "timestamp " + t.value();
            }
            throw new AssertionError(v);
        }).collect(Collectors.joining(" | "));
    }
}
