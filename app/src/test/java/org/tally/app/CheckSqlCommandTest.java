package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;

/** {@code check-sql} through {@link Main#run}: the JSON lines contract, exit statuses, the source's allow-list. */
class CheckSqlCommandTest {

    private static final String SOURCE = "jdbc:h2:mem:checksql;DB_CLOSE_DELAY=-1";
    private static Connection keepAlive;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path home;

    @BeforeAll
    static void createSource() throws Exception {
        keepAlive = DriverManager.getConnection(SOURCE);
        try (Statement s = keepAlive.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, full_name VARCHAR(100))");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT)");
        }
    }

    @AfterAll
    static void dropSource() throws Exception {
        keepAlive.close();
    }

    private record Run(int status, String out, String err) {
        List<String> lines() {
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        }
    }

    private Run run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new DataFolder(home));
        return new Run(status, out.toString(StandardCharsets.UTF_8).replace("\r", "").strip(),
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void oneStatementGivenAsWordsPrintsOneLineInContractOrder() {
        Run r = run("", "check-sql", "--source", SOURCE, "SELECT", "id", "FROM", "patients");

        assertThat(r.status()).isZero();
        assertThat(r.lines()).containsExactly("{\"sql\":\"SELECT id FROM patients\",\"allowed\":true,"
                + "\"reason\":null,\"rewritten\":\"SELECT id FROM patients LIMIT 10000\"}");
    }

    @Test
    void jsonlChecksEveryNonBlankLineAgainstTheSourcesTables() throws Exception {
        String input = "SELECT id FROM patients ORDER BY id\n\n   \nSELECT * FROM secret_notes\n"
                + "SELECT id FROM admissions; DROP TABLE patients\nSELECT id FROM patients LIMIT 2\n";

        Run r = run(input, "check-sql", "--source", SOURCE, "--jsonl", "--max-rows", "5");

        assertThat(r.status()).isZero();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : r.lines()) {
            lines.add(JSON.readTree(line));
        }
        assertThat(lines).hasSize(4);
        for (JsonNode line : lines) {
            List<String> fields = new ArrayList<>();
            line.fieldNames().forEachRemaining(fields::add);
            assertThat(fields).containsExactly("sql", "allowed", "reason", "rewritten");
        }
        assertThat(lines.get(0).get("rewritten").asText()).isEqualTo("SELECT id FROM patients ORDER BY id LIMIT 5");
        assertThat(lines.get(0).get("reason").isNull()).isTrue();
        assertThat(lines.get(1).get("allowed").asBoolean()).isFalse();
        assertThat(lines.get(1).get("reason").asText()).contains("secret_notes").contains("PATIENTS");
        assertThat(lines.get(1).get("rewritten").isNull()).isTrue();
        assertThat(lines.get(2).get("reason").asText()).contains("2 statements");
        assertThat(lines.get(3).get("rewritten").asText()).endsWith("LIMIT 2");
    }

    @Test
    void theDialectFlagOverridesTheSources() throws Exception {
        Run r = run("", "check-sql", "--source", SOURCE, "--dialect", "sqlserver", "SELECT id FROM [patients]");

        assertThat(r.status()).isZero();
        assertThat(JSON.readTree(r.out()).get("rewritten").asText()).isEqualTo("SELECT TOP (10000) id FROM [patients]");
    }

    @Test
    void badInputExitsWithTwoAndSaysWhy() {
        Run unknownSource = run("", "check-sql", "--source", "demo:nowhere", "SELECT 1");
        assertThat(unknownSource.status()).isEqualTo(2);
        assertThat(unknownSource.err()).contains("demo:nowhere");
        assertThat(unknownSource.out()).isEmpty();

        Run unknownDialect = run("", "check-sql", "--source", SOURCE, "--dialect", "oracle", "SELECT 1");
        assertThat(unknownDialect.status()).isEqualTo(2);
        assertThat(unknownDialect.err()).contains("--dialect").contains("oracle");

        assertThat(run("", "check-sql", "--source", SOURCE, "--max-rows", "0", "SELECT 1").status()).isEqualTo(2);
        assertThat(run("", "check-sql", "--source", SOURCE, "--no-such-flag", "SELECT 1").status()).isEqualTo(2);
        assertThat(run("", "check-sql", "--source", SOURCE).status()).isEqualTo(2);
        assertThat(run("", "check-sql", "--source", SOURCE, "--jsonl", "SELECT 1").status()).isEqualTo(2);
    }

    @Test
    void anUnreachableSourceExitsWithThree() {
        String missing = "jdbc:h2:file:" + home.resolve("absent/db") + ";IFEXISTS=TRUE";

        Run r = run("", "check-sql", "--source", missing, "SELECT 1");

        assertThat(r.status()).isEqualTo(3);
        assertThat(r.err()).contains("Cannot connect");
        assertThat(r.out()).isEmpty();
    }
}
