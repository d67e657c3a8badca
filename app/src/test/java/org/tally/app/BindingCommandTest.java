package org.tally.app;

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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;

class BindingCommandTest {

    @TempDir
    Path home;

    private String source;

    private record Run(int code, String out, String err) {
    }

    @BeforeEach
    void source() throws Exception {
        source = "jdbc:h2:file:" + home.resolve("hospital").toAbsolutePath() + ";USER=sa";
        try (Connection c = DriverManager.getConnection(source); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, given_name VARCHAR(20), birth_date DATE,"
                    + " gender VARCHAR(1))");
            s.execute("INSERT INTO patients SELECT X, 'Ann', DATE '1980-01-01', CASE WHEN MOD(X, 2) = 0 THEN 'M'"
                    + " ELSE 'F' END FROM SYSTEM_RANGE(1, 40)");
            s.execute("CREATE TABLE admissions (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " admitted_at TIMESTAMP, discharged_at TIMESTAMP, admission_type VARCHAR(10))");
            s.execute("INSERT INTO admissions SELECT X, MOD(X, 40) + 1, TIMESTAMP '2026-01-01 00:00:00', NULL,"
                    + " CASE WHEN MOD(X, 3) = 0 THEN 'elective' ELSE 'emergency' END FROM SYSTEM_RANGE(1, 90)");
            s.execute("CREATE TABLE etl_log (run_id INT PRIMARY KEY, note VARCHAR(20))");
        }
    }

    private Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new DataFolder(home.resolve("data")));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void jsonIsExactlyTheDocumentedShapeAndTheCatalogIsRefreshedFirst() throws Exception {
        Run run = run("binding", "--source", source, "--json");
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.err()).contains("had no catalog; refreshed it");
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertThat(fields(json)).containsExactly("source", "catalogVersion", "tables", "unbound", "refinements", "lookups", "notes");
        JsonNode admissions = null;
        for (JsonNode t : json.get("tables")) {
            assertThat(fields(t)).containsExactly("table", "concept", "confidence", "reasons", "columns");
            if (t.get("table").asText().equalsIgnoreCase("admissions")) {
                admissions = t;
            }
        }
        assertThat(admissions).isNotNull();
        assertThat(admissions.get("concept").asText()).isEqualTo("Admission");
        for (JsonNode c : admissions.get("columns")) {
            assertThat(fields(c)).containsExactly("column", "type", "role", "confidence", "pii", "values");
        }
        JsonNode type = admissions.get("columns").get(4);
        assertThat(type.get("role").asText()).isEqualTo("Type");
        assertThat(type.get("values").get(0).get("value").asText()).isEqualTo("emergency");
        assertThat(type.get("values").get(0).get("count").asLong()).isEqualTo(60);
        assertThat(admissions.get("columns").get(2).get("role").asText()).isEqualTo("StartTime");
        assertThat(admissions.get("columns").get(2).get("values").isNull()).isTrue();
        assertThat(json.get("unbound")).singleElement()
                .satisfies(u -> assertThat(u.get("table").asText()).isEqualToIgnoringCase("etl_log"));
        // no table holds deaths, and no column of the stays holds a death: Mortality is not held, and says why
        JsonNode deaths = null;
        for (JsonNode r : json.get("refinements")) {
            assertThat(fields(r)).containsExactly("concept", "kindOf", "table", "realised", "condition", "reasons");
            if (r.get("concept").asText().equals("Mortality")) {
                deaths = r;
            }
        }
        assertThat(deaths).isNotNull();
        assertThat(deaths.get("kindOf").asText()).isEqualTo("Admission");
        assertThat(deaths.get("realised").asBoolean()).isFalse();
        assertThat(deaths.get("condition")).isEmpty();
        assertThat(deaths.get("reasons").get(1).asText()).startsWith("no Status or Category or Type column of"
                + " ADMISSIONS holds died (ADMISSION_TYPE: observed emergency, elective)");

        // the second run uses the stored catalog
        Run again = run("binding", "--source", source, "--json");
        assertThat(again.err()).doesNotContain("refreshed");
        assertThat(new ObjectMapper().readTree(again.out()).get("catalogVersion"))
                .isEqualTo(json.get("catalogVersion"));
    }

    @Test
    void explainAddsCandidatesWithScores() throws Exception {
        JsonNode json = new ObjectMapper().readTree(run("binding", "--source", source, "--json", "--explain").out());
        JsonNode first = json.get("tables").get(0);
        assertThat(first.get("candidates").get(0).get("candidate").asText()).isEqualTo(first.get("concept").asText());
        assertThat(first.get("candidates").get(0).get("score").isNumber()).isTrue();
        assertThat(first.get("columns").get(0).has("candidates")).isTrue();

        Run text = run("binding", "--source", source, "--explain");
        assertThat(text.code()).isZero();
        assertThat(text.out()).contains("Binding of " + source)
                .containsPattern("ADMISSIONS → Admission 0\\.\\d\\d")
                .contains("because").contains("candidates").contains("Not bound:")
                .contains("Kinds of another concept:\n  EmergencyVisit: not held as a kind of Encounter\n"
                        + "    because no table is bound to EmergencyVisit nor to Encounter, whose rows could hold it");
        assertThat(run("binding", "--source", source).out())
                .contains("  Mortality: not held as a kind of Admission (--explain says why)");
    }

    @Test
    void aConceptHeldAsAKindOfAnotherShowsItsResolvedCondition() throws Exception {
        try (Connection c = DriverManager.getConnection(source); Statement s = c.createStatement()) {
            s.execute("ALTER TABLE admissions ADD COLUMN discharge_status VARCHAR(10)");
            s.execute("UPDATE admissions SET discharged_at = TIMESTAMP '2026-01-05 00:00:00',"
                    + " discharge_status = CASE WHEN MOD(id, 9) = 0 THEN 'Expired' ELSE 'Home' END");
        }
        Run text = run("binding", "--source", source, "--explain");
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("  Mortality → ADMISSIONS rows (Admission) where DISCHARGE_STATUS in [Expired]\n"
                + "    because no table is bound to Mortality; held as the rows of Admission (ADMISSIONS) where"
                + " DISCHARGE_STATUS (Status) is 'Expired' (value class died)\n"
                + "    because time roles: EventTime = DISCHARGED_AT (Admission EndTime)\n"
                + "    because not times of Mortality: ADMITTED_AT (Admission StartTime)\n");
    }

    @Test
    void aBrokenOverrideFileExitsOneAndKeepsTheLastGoodBinding() throws Exception {
        assertThat(run("binding", "--source", source).code()).isZero();
        Path folder = home.resolve("data").resolve("overrides");
        try (var files = Files.list(folder)) {
            assertThat(files).isEmpty();
        }
        String safe = source.replaceAll("[^A-Za-z0-9._-]+", "_");
        assertThat(safe).hasSizeLessThanOrEqualTo(80); // short source keys name their file directly
        Path file = folder.resolve(safe + ".json");
        String good = run("binding", "--source", source).out();
        Files.writeString(file, "{\"tables\": {\"ETL_LOG\": \"ignore\"}}");
        Run withGood = run("binding", "--source", source);
        assertThat(withGood.code()).as(withGood.err()).isZero();
        assertThat(withGood.out()).isNotEqualTo(good).contains("ETL_LOG: ignored by override");

        Files.writeString(file, "{\"tables\": {\"ETL_LOG\": \"ignore\", \"nope\": \"Ward\"}}");
        Run broken = run("binding", "--source", source);
        assertThat(broken.code()).isEqualTo(1);
        assertThat(broken.err()).contains("rejected").contains("tables.nope: no table 'nope'")
                .contains("last good overrides stay in force");
        assertThat(broken.out()).contains("ETL_LOG: ignored by override");
    }

    @Test
    void badInput() {
        assertThat(run("binding", "--source", "oracle:x").code()).isEqualTo(2);
        assertThat(run("binding", "--source", source, "--password", "x").err()).contains("--password needs --user");
        Run down = run("binding", "--source", "jdbc:postgresql://127.0.0.1:1/hospital");
        assertThat(down.code()).isEqualTo(3);
    }
}
