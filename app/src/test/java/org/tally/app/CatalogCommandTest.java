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
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.state.StateDatabase;

class CatalogCommandTest {

    @TempDir
    Path home;

    private String source;

    /** What one run printed and returned. */
    private record Run(int code, String out, String err) {
    }

    @BeforeEach
    void source() throws Exception {
        source = "jdbc:h2:file:" + home.resolve("hospital").toAbsolutePath();
        sql("CREATE TABLE Appointments (ApptId INT PRIMARY KEY, ApptStatus VARCHAR(12), BookedAt TIMESTAMP)",
                "INSERT INTO Appointments SELECT X, CASE WHEN MOD(X, 10) = 0 THEN 'DNA' ELSE 'Attended' END,"
                        + " TIMESTAMP '2026-01-01 09:00:00' + X * INTERVAL '1' DAY FROM SYSTEM_RANGE(1, 200)",
                "CREATE VIEW DnaAppointments AS SELECT * FROM Appointments WHERE ApptStatus = 'DNA'");
    }

    private void sql(String... statements) throws Exception {
        try (Connection c = DriverManager.getConnection(source, "sa", ""); Statement s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new DataFolder(home.resolve("data")));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private String activeVersion() {
        try (StateDatabase state = StateDatabase.open(new DataFolder(home.resolve("data")))) {
            return new CatalogStore(state).active(source).orElseThrow().versionId();
        }
    }

    @Test
    void refreshPrintsTheNewVersionCountsTimingsAndDrift() throws Exception {
        Run first = run("catalog", "refresh", "--source", source, "--user", "sa", "--password", "");
        assertThat(first.code()).as(first.err()).isZero();
        String version = activeVersion();
        assertThat(first.out()).contains("Catalog version " + version + " of " + source + " is active.")
                .contains("Schema PUBLIC: 1 tables, 1 views, 6 columns.")
                .containsPattern("Took \\d+ ms to introspect, \\d+ ms to profile\\.")
                .contains("Warnings: none.").contains("Drift: none (first version of this source).");

        sql("UPDATE Appointments SET ApptStatus = 'No-show' WHERE ApptStatus = 'DNA'");
        Run second = run("catalog", "refresh", "--source", source, "--user", "sa");
        assertThat(second.code()).as(second.err()).isZero();
        assertThat(second.out()).contains("Drift since " + version + ":")
                .contains("PUBLIC.APPOINTMENTS.APPTSTATUS: new \"No-show\" (20); vanished \"DNA\" (20)");
        assertThat(activeVersion()).isGreaterThan(version);
    }

    @Test
    void jsonOutputIsOneObjectWithTheSameFacts() throws Exception {
        Run run = run("catalog", "refresh", "--source", source, "--user", "sa", "--json", "--exclude", "dna*");
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(json.get("version").asText()).isEqualTo(activeVersion());
        assertThat(json.get("dialect").asText()).isEqualTo("h2");
        assertThat(json.get("tables").asInt()).isEqualTo(1);
        assertThat(json.get("views").asInt()).isZero();
        assertThat(json.get("columns").asInt()).isEqualTo(3);
        assertThat(json.get("introspectMs").isNumber()).isTrue();
        assertThat(json.get("warnings").isArray()).isTrue();
        assertThat(json.get("drift").get("columns").isArray()).isTrue();
        // the refresh's last step embedded the new version's schema cards (the bundled model), stored beside it
        assertThat(json.get("schemaCards").get("embedded").asInt()).isEqualTo(json.get("schemaCards").get("tables")
                .asInt());
    }

    @Test
    void badInputIsAUsageErrorAndWritesNothing() {
        assertThat(run("catalog", "refresh", "--bogus").code()).isEqualTo(2);
        Run unknown = run("catalog", "refresh", "--source", "oracle:thin");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("Unknown source 'oracle:thin'");
        assertThat(run("catalog", "refresh", "--source", source, "--password", "x").err())
                .contains("--password needs --user");
        assertThat(run("catalog", "refresh", "--source", source, "--user", "sa", "--include", "pat%").err())
                .contains("globs: use *");
        assertThat(run("catalog").code()).isEqualTo(2);
        assertThat(home.resolve("data").resolve("state").resolve("tally.mv.db")).doesNotExist();
    }

    @Test
    void anUnreachableSourceExitsThreeAndKeepsTheLastGoodVersion() {
        assertThat(run("catalog", "refresh", "--source", source, "--user", "sa").code()).isZero();
        String good = activeVersion();
        Run down = run("catalog", "refresh", "--source", "jdbc:postgresql://127.0.0.1:1/hospital");
        assertThat(down.code()).isEqualTo(3);
        assertThat(down.err()).contains("Cannot connect to jdbc:postgresql://127.0.0.1:1/hospital");
        assertThat(activeVersion()).isEqualTo(good);
    }

    @Test
    void anEmptiedSourceIsRefusedAndTheLastGoodVersionStays() throws Exception {
        assertThat(run("catalog", "refresh", "--source", source, "--user", "sa").code()).isZero();
        String good = activeVersion();
        sql("DROP VIEW DnaAppointments", "DROP TABLE Appointments");
        Run empty = run("catalog", "refresh", "--source", source, "--user", "sa");
        assertThat(empty.code()).isEqualTo(1);
        assertThat(empty.err()).contains("found no readable table").contains(good + " stays active");
        assertThat(empty.out()).isEmpty();
        assertThat(activeVersion()).isEqualTo(good);
        try (StateDatabase state = StateDatabase.open(new DataFolder(home.resolve("data")))) {
            assertThat(new CatalogStore(state).history(source)).extracting(CatalogStore.VersionInfo::versionId)
                    .isEqualTo(List.of(good));
        }
    }
}
