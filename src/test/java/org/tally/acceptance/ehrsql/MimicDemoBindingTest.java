package org.tally.acceptance.ehrsql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.tally.acceptance.golden.TallyRun;
import org.tally.core.DataFolder;

/**
 * The MIMIC-IV demo as the public task ships it, copied into H2 and into PostgreSQL: catalog refresh, binding and
 * questions run without a crash, every table binds to the concept a clinician would name with no override (the
 * built-in MIMIC-IV preset, recognised by its fingerprint, and said so), the d_* dictionaries are kept as code lookups,
 * and the administrator's override file still wins over the preset.
 */
class MimicDemoBindingTest {

    /** What a clinician calls each table; "lookup" for the code dictionaries. */
    static final Map<String, String> EXPECTED = new LinkedHashMap<>();

    static {
        EXPECTED.put("patients", "Patient");
        EXPECTED.put("admissions", "Admission");
        EXPECTED.put("icustays", "IcuStay");
        EXPECTED.put("transfers", "Transfer");
        EXPECTED.put("diagnoses_icd", "Diagnosis");
        EXPECTED.put("procedures_icd", "Procedure");
        EXPECTED.put("prescriptions", "Prescription");
        EXPECTED.put("labevents", "LabResult");
        EXPECTED.put("chartevents", "VitalSign");
        EXPECTED.put("inputevents", "FluidIntake");
        EXPECTED.put("outputevents", "FluidOutput");
        EXPECTED.put("microbiologyevents", "MicrobiologyTest");
        EXPECTED.put("cost", "Bill");
        EXPECTED.put("d_icd_diagnoses", "lookup");
        EXPECTED.put("d_icd_procedures", "lookup");
        EXPECTED.put("d_labitems", "lookup");
        EXPECTED.put("d_items", "lookup");
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern OVERRIDES_LINE = Pattern.compile("(?m)^Overrides: (.+)$");

    static String url(String database) throws Exception {
        return database.equals("h2") ? MimicDemo.h2() : MimicDemo.postgres();
    }

    static String[] source(String database) throws Exception {
        return database.equals("h2") ? new String[] {"--source", url(database), "--user", "sa", "--password", ""}
                : new String[] {"--source", url(database)};
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgres"})
    void everyTableBindsAsAClinicianWouldNameItAndQuestionsRunWithoutACrash(String database) throws Exception {
        DataFolder data = new DataFolder(Files.createTempDirectory("tally-mimic-" + database));
        String[] source = source(database);

        TallyRun.Result refresh = TallyRun.runText(data, "", concat(new String[] {"catalog", "refresh"}, source));
        assertThat(refresh.exitCode()).as(refresh.stderr()).isZero();

        TallyRun.Result binding = TallyRun.runText(data, "", concat(new String[] {"binding", "--json"}, source));
        assertThat(binding.exitCode()).as(binding.stderr()).isZero();
        JsonNode b = JSON.readTree(binding.stdout());
        Map<String, String> actual = concepts(b);
        assertThat(actual).as("tables bound right, out of " + EXPECTED.size()).isEqualTo(new TreeMap<>(EXPECTED));
        assertThat(b.path("notes").toString()).contains("recognised as MIMIC-IV");
        System.err.printf("MIMIC-IV demo on %s: %d of %d tables bound as expected%n", database,
                EXPECTED.entrySet().stream().filter(e -> e.getValue().equals(actual.get(e.getKey()))).count(),
                EXPECTED.size());

        List<String> questions = List.of("How many patients are there?", "How many admissions were there in 2100?",
                "How many icu stays were there?", "what is the average age of patients?", "hello");
        TallyRun.Result ask = TallyRun.askJsonl(data, questions,
                concat(new String[] {"ask", "--today", "2100-12-31", "--jsonl"}, source));
        assertThat(ask.exitCode()).as(ask.stderr()).isZero();
        assertThat(ask.answers()).hasSize(questions.size());
        for (JsonNode a : ask.answers()) {
            assertThat(a.path("status").asText()).as(a.toString()).isNotEqualTo("error");
        }
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url(database),
                database.equals("h2") ? "sa" : null, database.equals("h2") ? "" : null);
             java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM \"patients\"")) {
            rs.next();
            assertThat(ask.answers().get(0).path("rows").toString()).isEqualTo("[[" + rs.getLong(1) + "]]");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2"})
    void theAdministratorsOverrideFileWinsOverThePreset(String database) throws Exception {
        DataFolder data = new DataFolder(Files.createTempDirectory("tally-mimic-override"));
        String[] source = source(database);
        TallyRun.Result first = TallyRun.runText(data, "", concat(new String[] {"binding"}, source));
        Matcher m = OVERRIDES_LINE.matcher(first.stdout());
        assertThat(m.find()).as(first.stdout()).isTrue();
        Path file = Path.of(m.group(1).strip());
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"tables\": {\"cost\": \"ignore\", \"chartevents\": \"LabResult\","
                + " \"labevents\": \"ignore\"}}", StandardCharsets.UTF_8);
        TallyRun.Result again = TallyRun.runText(data, "", concat(new String[] {"binding", "--json"}, source));
        assertThat(again.exitCode()).as(again.stderr()).isZero();
        Map<String, String> actual = concepts(JSON.readTree(again.stdout()));
        assertThat(actual).containsEntry("chartevents", "LabResult").containsEntry("patients", "Patient")
                .doesNotContainKey("cost").doesNotContainKey("labevents");
    }

    /** Table → concept for the bound ones, "lookup" for the lookups the binding keeps. */
    static Map<String, String> concepts(JsonNode b) {
        Map<String, String> out = new TreeMap<>();
        for (JsonNode t : b.path("tables")) {
            out.put(t.path("table").asText(), t.path("concept").asText());
        }
        List<String> lookups = new ArrayList<>();
        b.path("lookups").forEach(l -> lookups.add(l.asText()));
        lookups.forEach(l -> out.put(l, "lookup"));
        return out;
    }

    static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
