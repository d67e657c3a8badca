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
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.source.DemoSchema;

/** {@code ask} through the command line answers a counting question from the grammar rung, end to end. */
class AskGrammarTest {

    @TempDir
    Path home;

    @Test
    void howManyPatientsAnswersTheCountThatHandWrittenSqlGives() throws Exception {
        DataFolder data = new DataFolder(home);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(new String[] {"ask", "--source", "demo:dev", "How many patients are there?"},
                new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), data);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        JsonNode answer = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));

        long expected;
        try (Connection c = DriverManager.getConnection(new DemoDatabases(data).jdbcUrl(DemoSchema.DEV, Progress.NONE));
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM patients")) {
            rs.next();
            expected = rs.getLong(1);
        }
        assertThat(answer.path("status").asText()).isEqualTo("answered");
        assertThat(answer.path("rows").get(0).get(0).asLong()).isEqualTo(expected);
        assertThat(answer.path("columns").get(0).asText()).isEqualTo("patients");
        assertThat(answer.path("sql").asText()).doesNotContain("?");
        assertThat(answer.path("specHash").asText()).startsWith("tally-c1:");
        List<String> steps = new ArrayList<>();
        answer.path("path").forEach(p -> steps.add(p.path("rung").asText()));
        assertThat(steps).containsSubsequence("bind", "compile", "validate", "preflight", "execute", "grammar");
    }
}
