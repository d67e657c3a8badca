package org.tally.acceptance.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.app.Main;
import org.tally.core.DataFolder;

/** The command-line contract (docs/architecture.md, "The command line") that outside tests and benchmarks depend on. */
class CliContractTest {

    static final List<String> FIELDS = List.of("question", "status", "columns", "rows", "sql", "explanation", "path",
            "specHash", "clarify", "message", "readAs", "focus", "suggestions");
    static final List<String> STATUSES = List.of("answered", "clarify", "refused", "error");

    @TempDir
    static Path dir;
    static String h2Url;

    record Run(int code, String out, String err) {
        List<JsonNode> objects() throws Exception {
            List<JsonNode> list = new ArrayList<>();
            for (String line : out.split("\n")) {
                if (!line.isEmpty()) {
                    list.add(new ObjectMapper().readTree(line));
                }
            }
            return list;
        }
    }

    @BeforeAll
    static void smallSource() throws Exception {
        h2Url = "jdbc:h2:file:" + dir.resolve("clinic").toAbsolutePath();
        try (Connection c = DriverManager.getConnection(h2Url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE patient (id INT PRIMARY KEY, gender VARCHAR(1))");
            s.execute("INSERT INTO patient VALUES (1, 'F'), (2, 'M')");
        }
    }

    static Run run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                DataFolder.resolve());
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void jsonlWritesOneObjectPerQuestionWithEveryFieldInOrderAndSkipsEmptyLines() throws Exception {
        Run r = run("How many patients are there?\n\n   \nDelete all patients\n", "ask", "--source", h2Url, "--jsonl");
        assertThat(r.code()).as(r.err()).isZero();
        List<JsonNode> objects = r.objects();
        assertThat(objects).hasSize(2);
        for (JsonNode o : objects) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            assertThat(names).containsExactlyElementsOf(FIELDS);
            assertThat(STATUSES).contains(o.get("status").asText());
            assertThat(o.get("columns").isArray()).isTrue();
            assertThat(o.get("rows").isArray()).isTrue();
            assertThat(o.get("path").isArray()).isTrue();
            if (!o.get("status").asText().equals("answered")) {
                assertThat(o.get("rows")).isEmpty();
                assertThat(o.get("message").asText()).isNotBlank();
            }
        }
        assertThat(objects.get(0).get("question").asText()).isEqualTo("How many patients are there?");
        assertThat(objects.get(1).get("question").asText()).isEqualTo("Delete all patients");
        assertThat(objects.get(1).get("status").asText()).isNotEqualTo("answered");
    }

    @Test
    void aSingleQuestionArgumentGivesOneObject() throws Exception {
        Run r = run("", "ask", "--source", h2Url, "How", "many", "patients?");
        assertThat(r.code()).isZero();
        assertThat(r.objects()).singleElement().satisfies(o -> assertThat(o.get("question").asText())
                .isEqualTo("How many patients?"));
    }

    @Test
    void twoRunsGiveTheSameBytesApartFromTimings() {
        String input = "How many patients are there?\nwhat is the meaning of life\nDROP TABLE patient\n";
        Run a = run(input, "ask", "--source", h2Url, "--today", "2026-05-01", "--jsonl");
        Run b = run(input, "ask", "--source", h2Url, "--today", "2026-05-01", "--jsonl");
        assertThat(withoutTimings(a.out())).isEqualTo(withoutTimings(b.out()));
    }

    static String withoutTimings(String s) {
        return s.replaceAll("\"ms\":\\d+", "\"ms\":0");
    }

    @Test
    void anUnknownSourceIsAClearErrorAndNonZeroExit() {
        Run r = run("", "ask", "--source", "demo:nowhere", "How many patients?");
        assertThat(r.code()).isNotZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("demo:nowhere").contains("demo:dev");

        Run odbc = run("", "ask", "--source", "odbc:foo", "x");
        assertThat(odbc.code()).isNotZero();
        assertThat(odbc.err()).contains("Unknown source 'odbc:foo'");
    }

    @Test
    void anUnreachableSourceIsAClearErrorAndNonZeroExit() {
        Run r = run("", "ask", "--source", "jdbc:postgresql://127.0.0.1:1/hospital", "--user", "analyst",
                "--password", "s3cret-pw", "How many patients?");
        assertThat(r.code()).isNotZero();
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("Cannot connect to jdbc:postgresql://127.0.0.1:1/hospital");
        assertThat(r.err()).doesNotContain("s3cret-pw");
    }

    @Test
    void malformedFlagsAreClearErrors() {
        assertThat(run("", "ask", "--today", "last tuesday", "x").err()).contains("--today must be a date as YYYY-MM-DD");
        assertThat(run("", "ask", "--today", "2026-13-01", "x").code()).isEqualTo(2);
        assertThat(run("", "ask", "--bogus", "x").code()).isEqualTo(2);
        assertThat(run("", "ask", "--jsonl", "also a question").code()).isEqualTo(2);
        assertThat(run("", "ask").code()).isEqualTo(2);
        assertThat(run("", "ask", "--conversation", "x").code()).isEqualTo(2);
        assertThat(run("", "no-such-command").code()).isEqualTo(2);
    }

    /** The real jar, as a separate process: standard output carries nothing but the answers. */
    @Test
    void theJarAnswersOnStandardOutputOnly() throws Exception {
        Path jar = Path.of(System.getProperty("tally.jar"));
        assertThat(jar).exists();
        Path home = Files.createTempDirectory(dir, "home");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dtally.home=" + home, "-jar", jar.toString(), "ask", "--source", h2Url, "--jsonl")
                .redirectErrorStream(false).start();
        p.getOutputStream().write("How many patients are there?\nrm -rf /\n".getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isZero();
        String[] lines = out.split("\n");
        assertThat(lines).hasSize(2);
        for (String line : lines) {
            assertThat(new ObjectMapper().readTree(line).get("status")).isNotNull();
        }
        assertThat(home.resolve("logs")).isDirectory();
    }
}
