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
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;

/** {@code snapshot take|list|drop}, and {@code ask} on a source that is down answering from its snapshot. */
class SnapshotCommandTest {

    static {
        // the H2 client retries a refused connection for seconds by default; a source that is down is down
        System.setProperty("h2.socketConnectRetry", "1");
    }

    @TempDir
    Path home;
    private Server server;
    private String source;

    private record Run(int code, String out, String err) {
    }

    @BeforeEach
    void serve() throws Exception {
        server = Server.createTcpServer("-tcpPort", "0", "-baseDir", home.resolve("db").toString(), "-ifNotExists")
                .start();
        source = "jdbc:h2:tcp://localhost:" + server.getPort() + "/hospital";
        try (Connection c = DriverManager.getConnection(source, "sa", ""); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, gender VARCHAR(1), birth_date DATE)");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), admitted_at TIMESTAMP, discharged_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Cardiac ICU'), (2, 'Maternity')");
            s.execute("INSERT INTO patients SELECT X, CASE WHEN MOD(X, 2) = 0 THEN 'F' ELSE 'M' END,"
                    + " DATEADD(DAY, X, DATE '1980-01-01') FROM SYSTEM_RANGE(1, 10)");
            s.execute("INSERT INTO admissions SELECT X, 1 + MOD(X, 10), 1 + MOD(X, 2), TIMESTAMP '2026-01-01"
                    + " 08:00:00' + X * INTERVAL '1' DAY, NULL FROM SYSTEM_RANGE(1, 30)");
        }
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                new DataFolder(home.resolve("data")));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anUnreachableSourceWithASnapshotAnswersFromItLabelled() throws Exception {
        Run live = run("ask", "--source", source, "--user", "sa", "--password", "", "--today", "2026-11-29",
                "How many admissions were there by ward?");
        assertThat(live.code()).as(live.err()).isZero();
        assertThat(live.out()).contains("\"status\":\"answered\"");
        Run taken = run("snapshot", "take", "--source", source, "--user", "sa", "--password", "", "--tables",
                "wards,patients,admissions", "--no-embed");
        assertThat(taken.code()).as(taken.err()).isZero();
        assertThat(taken.out()).contains("WARDS: 2 rows").contains("ADMISSIONS: 30 rows");
        assertThat(taken.err()).contains("100% snapshot taken");
        assertThat(run("snapshot", "list", "--source", source).out()).contains("ADMISSIONS: 30 rows");

        server.stop();
        Run offline = run("ask", "--source", source, "--user", "sa", "--password", "", "--today", "2026-11-29",
                "How many admissions were there by ward?");
        assertThat(offline.code()).as(offline.err()).isZero();
        ObjectMapper json = new ObjectMapper();
        JsonNode before = json.readTree(live.out());
        JsonNode after = json.readTree(offline.out());
        assertThat(after.get("status").asText()).as(offline.out()).isEqualTo("answered");
        assertThat(after.get("rows")).isEqualTo(before.get("rows"));
        assertThat(before.has("snapshot")).isFalse();
        assertThat(after.get("snapshot").get("tables").toString()).contains("ADMISSIONS");
        assertThat(after.get("message").asText()).startsWith("From the snapshot of ").contains("not live data");
        assertThat(after.get("path").toString()).contains("\"rung\":\"snapshot\",\"outcome\":\"ok\"");

        assertThat(run("snapshot", "drop", "--source", source).out()).contains("Dropped ADMISSIONS, PATIENTS, WARDS.");
        assertThat(run("ask", "--source", source, "--user", "sa", "--password", "",
                "How many admissions were there?").code()).isEqualTo(TallyCli.UNREACHABLE);
    }

    @Test
    void badInputIsAUsageError() {
        assertThat(run("snapshot", "take", "--source", source).code()).isEqualTo(TallyCli.USAGE);
        Run unknown = run("snapshot", "take", "--source", source, "--user", "sa", "--password", "", "--tables",
                "no_such_table", "--no-embed");
        assertThat(unknown.code()).isEqualTo(TallyCli.USAGE);
        assertThat(unknown.err()).contains("'no_such_table' is not a table");
        assertThat(run("snapshot", "take", "--source", source, "--user", "sa", "--password", "", "--service-line",
                "nonsense", "--no-embed").code()).isEqualTo(TallyCli.USAGE);
    }
}
