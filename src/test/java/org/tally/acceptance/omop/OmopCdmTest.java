package org.tally.acceptance.omop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tally.acceptance.golden.TallyRun;
import org.tally.core.DataFolder;
import org.tally.core.testing.RealDatabases;

/**
 * A seeded OMOP CDM 5.4 database ({@link OmopCdm54}: all of the standard's tables) in H2 and in the embedded
 * PostgreSQL, with no override file: the tables a clinician names bind to those concepts, the concept table is the
 * shared code lookup, no other table is bound to a concept it does not hold, and the questions of
 * {@code omop-cdm/questions.yaml} (gold SQL written by hand from the standard) get no wrong answer through
 * {@code eval}. The figures are printed and kept in {@code target/omop-cdm/}.
 */
class OmopCdmTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a clinician calls each table; "lookup" for the shared vocabulary table. */
    static final Map<String, String> EXPECTED = new LinkedHashMap<>();
    /** Tables with no concept of their own (vocabulary, derived, metadata): unbound, or kept as lookups. */
    static final Set<String> NO_CONCEPT = Set.of("observation_period", "device_exposure", "observation", "note_nlp",
            "specimen", "fact_relationship", "location", "payer_plan_period", "drug_era", "dose_era", "condition_era",
            "episode", "episode_event", "metadata", "cdm_source", "vocabulary", "domain", "concept_class",
            "concept_relationship", "relationship", "concept_synonym", "concept_ancestor", "source_to_concept_map",
            "drug_strength", "cohort", "cohort_definition");

    static {
        EXPECTED.put("person", "Patient");
        EXPECTED.put("visit_occurrence", "Encounter");
        EXPECTED.put("visit_detail", "Transfer");
        EXPECTED.put("condition_occurrence", "Diagnosis");
        EXPECTED.put("drug_exposure", "Prescription");
        EXPECTED.put("procedure_occurrence", "Procedure");
        EXPECTED.put("measurement", "LabResult");
        EXPECTED.put("death", "Mortality");
        EXPECTED.put("care_site", "Department");
        EXPECTED.put("provider", "Provider");
        EXPECTED.put("note", "ClinicalNote");
        EXPECTED.put("cost", "Bill");
        EXPECTED.put("concept", "lookup");
    }

    /** Floors that only rise: tables bound right (of EXPECTED) and questions answered right. */
    private static final int BOUND_RIGHT_FLOOR = 10;
    private static final int CORRECT_FLOOR = 23;

    private static String[] source(String database, Path dir) throws Exception {
        if (database.equals("h2")) {
            String url = "jdbc:h2:file:" + dir.resolve("omop").toAbsolutePath() + OmopCdm54.H2_SETTINGS;
            try (Connection c = DriverManager.getConnection(url, "sa", "")) {
                OmopCdm54.write(c);
                assertClinicalRowsWritten(c);
            }
            return new String[] {"--source", url, "--user", "sa", "--password", ""};
        }
        String url = RealDatabases.newPostgresDatabase();
        try (Connection c = DriverManager.getConnection(url)) {
            OmopCdm54.write(c);
            assertClinicalRowsWritten(c);
        }
        return new String[] {"--source", url};
    }

    /** The clinical tables the generator seeds hold rows (counted by hand-written SQL), so eval never runs empty. */
    private static void assertClinicalRowsWritten(Connection c) throws Exception {
        Map<String, Integer> counts = new TreeMap<>();
        try (Statement s = c.createStatement()) {
            for (String t : List.of("person", "observation_period", "visit_occurrence", "condition_occurrence",
                    "drug_exposure", "procedure_occurrence", "measurement", "observation", "death", "note", "cost")) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + t)) {
                    rs.next();
                    counts.put(t, rs.getInt(1));
                }
            }
        }
        assertThat(counts).as("rows per clinical table").allSatisfy((t, n) -> assertThat(n).as(t).isPositive());
        assertThat(counts.get("person")).isEqualTo(300);
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void theStandardsTablesBindAsAClinicianNamesThemAndNoQuestionIsAnsweredWrong(String database) throws Exception {
        Path dir = Files.createTempDirectory("tally-omop-" + database);
        DataFolder data = new DataFolder(dir.resolve("data"));
        String[] source = source(database, dir);

        TallyRun.Result refresh = TallyRun.runText(data, "", concat(new String[] {"catalog", "refresh"}, source));
        assertThat(refresh.exitCode()).as(refresh.stderr()).isZero();
        TallyRun.Result binding = TallyRun.runText(data, "", concat(new String[] {"binding", "--json"}, source));
        assertThat(binding.exitCode()).as(binding.stderr()).isZero();
        JsonNode b = JSON.readTree(binding.stdout());
        Map<String, String> actual = concepts(b);
        List<String> right = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        for (Map.Entry<String, String> e : EXPECTED.entrySet()) {
            String got = actual.get(e.getKey());
            (e.getValue().equals(got) ? right : got == null ? missed : wrong)
                    .add(e.getKey() + " → " + (got == null ? "unbound" : got));
        }
        for (String t : NO_CONCEPT) {
            String got = actual.get(t);
            if (got != null && !got.equals("lookup")) {
                wrong.add(t + " → " + got + " (holds no such concept)");
            }
        }
        Path report = Path.of("target", "omop-cdm");
        Files.createDirectories(report);
        String summary = String.format("OMOP CDM 5.4 on %s: %d of %d tables bound right; missed %s; wrong %s; notes %s%n",
                database, right.size(), EXPECTED.size(), missed, wrong, b.path("notes"));

        TallyRun.Result eval = TallyRun.run(data, "", concat(new String[] {"eval", "--suite",
                Path.of(OmopCdmTest.class.getResource("/omop-cdm/questions.yaml").toURI()).toString(), "--json"}, source));
        assertThat(eval.exitCode()).as(eval.stderr()).isZero();
        List<JsonNode> lines = eval.answers();
        JsonNode totals = lines.get(lines.size() - 1).path("totals");
        summary += String.format("  eval: %s%n", totals);
        for (JsonNode l : lines.subList(0, lines.size() - 1)) {
            summary += String.format("  %-22s %-14s %s%n", l.path("verdict").asText(), l.path("id").asText(),
                    l.path("detail").asText(""));
        }
        Files.writeString(report.resolve(database + ".txt"), summary);
        Files.writeString(report.resolve(database + "-binding.json"), binding.stdout());
        Files.writeString(report.resolve(database + "-refresh.txt"), refresh.stdout() + refresh.stderr());
        System.err.print(summary);

        assertThat(wrong).as("tables bound to a concept they do not hold").isEmpty();
        assertThat(b.path("notes").toString()).contains("OMOP");
        assertThat(right.size()).as(summary).isGreaterThanOrEqualTo(BOUND_RIGHT_FLOOR);
        assertThat(lines.subList(0, lines.size() - 1)).filteredOn(l -> l.path("verdict").asText().equals("wrong")
                || l.path("verdict").asText().equals("answered-unanswerable")).as("wrong answers").isEmpty();
        assertThat(totals.path("gold_failed").asInt()).as("the suite's gold statements run").isZero();
        assertThat(totals.path("correct").asInt()).as(summary).isGreaterThanOrEqualTo(CORRECT_FLOOR);
    }

    private static Map<String, String> concepts(JsonNode b) {
        Map<String, String> out = new TreeMap<>();
        for (JsonNode t : b.path("tables")) {
            if (t.path("concept").isTextual()) {
                out.put(t.path("table").asText().toLowerCase(java.util.Locale.ROOT), t.path("concept").asText());
            }
        }
        b.path("lookups").forEach(l -> out.put(l.asText().toLowerCase(java.util.Locale.ROOT), "lookup"));
        return out;
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
