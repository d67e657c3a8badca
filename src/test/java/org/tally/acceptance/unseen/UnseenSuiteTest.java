package org.tally.acceptance.unseen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tally.acceptance.golden.GoldRankings;
import org.tally.acceptance.golden.GoldSql;
import org.tally.acceptance.golden.ResultComparator;
import org.tally.acceptance.golden.ResultComparator.Table;
import org.tally.acceptance.golden.TallyRun;
import org.tally.core.DataFolder;

/**
 * Tally on seven hospital schemas it was never tuned for (MIMIC-III-like, OpenMRS-like, a star-schema reporting
 * warehouse, an NHS-style PAS, an OMOP CDM v5.4-like research database, a small hospital's MySQL-style HMS and an EHR
 * reporting database full of header/line tables, is_active and test-patient flags and voiding statuses, generated here), each as Tally binds it alone and with the override file an
 * administrator would write. Gold answers come from hand-written SQL run on the same data; Tally's from the command
 * line, in a data folder of its own per configuration. Wrong answers must be 0, every question that must be refused
 * is refused, and verified reaches the floor in {@code unseen/floor.properties} (raise it when Tally answers more).
 * The only exceptions are the questions listed in {@code unseen/known-wrong.properties}, wrong today for causes being
 * fixed; a listed question that is no longer wrong fails the test until it is removed from the list.
 * Verdicts: target/unseen/&lt;configuration&gt;.txt.
 */
class UnseenSuiteTest {

    static final String TODAY = "2026-11-29";
    private static final Path TARGET = Path.of("target", "unseen").toAbsolutePath();
    private static final Path DB = TARGET.resolve("db");
    private static final String KNOWN_WRONG = "unseen/known-wrong.properties";

    enum Configuration {
        MIMIC(UnseenHospital.MIMIC, false),
        MIMIC_OVERRIDES(UnseenHospital.MIMIC, true),
        OPENMRS(UnseenHospital.OPENMRS, false),
        OPENMRS_OVERRIDES(UnseenHospital.OPENMRS, true),
        WAREHOUSE(UnseenHospital.WAREHOUSE, false),
        WAREHOUSE_OVERRIDES(UnseenHospital.WAREHOUSE, true),
        PAS(UnseenHospital.PAS, false),
        PAS_OVERRIDES(UnseenHospital.PAS, true),
        OMOP(UnseenHospital.OMOP, false),
        OMOP_OVERRIDES(UnseenHospital.OMOP, true),
        HMS(UnseenHospital.HMS, false),
        HMS_OVERRIDES(UnseenHospital.HMS, true),
        EHR(UnseenHospital.EHR, false),
        EHR_OVERRIDES(UnseenHospital.EHR, true);

        final UnseenHospital hospital;
        final boolean overrides;

        Configuration(UnseenHospital hospital, boolean overrides) {
            this.hospital = hospital;
            this.overrides = overrides;
        }

        String id() {
            return hospital.id() + (overrides ? "-overrides" : "");
        }
    }

    private static final Map<UnseenHospital, UnseenSuite> SUITES = new EnumMap<>(UnseenHospital.class);
    /** Gold per hospital, by question id and by "id#n" for the n-th alternative. */
    private static final Map<UnseenHospital, Map<String, Table>> GOLD = new EnumMap<>(UnseenHospital.class);

    /** One open connection per database keeps it open in this JVM, so each gold query does not reopen the file. */
    private static final List<Connection> KEEP_OPEN = new ArrayList<>();

    @BeforeAll
    static void writeHospitalsAndRunGold() throws Exception {
        for (UnseenHospital h : UnseenHospital.values()) {
            long t0 = System.nanoTime();
            h.write(DB);
            KEEP_OPEN.add(DriverManager.getConnection(h.readOnlyUrl(DB), UnseenHospital.USER, UnseenHospital.PASSWORD));
            UnseenSuite suite = UnseenSuite.load(h.questions());
            assertThat(suite.today()).isEqualTo(TODAY);
            SUITES.put(h, suite);
            Map<String, Table> gold = new HashMap<>();
            for (UnseenSuite.Question q : suite.questions()) {
                if (q.expectsAnswer()) {
                    gold.put(q.id(), gold(h, q.id(), q.gold()));
                }
                for (int i = 0; i < q.alts().size(); i++) {
                    gold.put(q.id() + "#" + i, gold(h, q.id() + " alt " + i, q.alts().get(i).sql()));
                }
            }
            GOLD.put(h, gold);
            System.err.printf("unseen %s written and its gold run in %d ms%n", h.id(),
                    (System.nanoTime() - t0) / 1_000_000);
        }
    }

    @AfterAll
    static void closeDatabases() throws SQLException {
        for (Connection c : KEEP_OPEN) {
            c.close();
        }
        KEEP_OPEN.clear();
    }

    private static Table gold(UnseenHospital h, String what, String sql) {
        try {
            Table t = GoldSql.run(h.readOnlyUrl(DB), UnseenHospital.USER, UnseenHospital.PASSWORD, sql);
            assertThat(t.rows()).as("gold of " + what + " on " + h.id() + " has no rows").isNotEmpty();
            return t;
        } catch (Exception e) {
            throw new AssertionError("gold SQL of " + what + " fails on " + h.id() + ": " + e.getMessage(), e);
        }
    }

    /**
     * A ranking's premise on the generated data: no two of its rows, nor its last row and the first one left out,
     * share a count (a tie would make the gold's order, or its cut, arbitrary).
     */
    @ParameterizedTest
    @EnumSource(UnseenHospital.class)
    void everyRankingHasOneAnswer(UnseenHospital h) throws SQLException {
        List<String> ties = new ArrayList<>();
        for (UnseenSuite.Question q : SUITES.get(h).questions()) {
            List<String> ranked = new ArrayList<>();
            if (q.expectsAnswer()) {
                ranked.add(q.gold());
            }
            q.alts().forEach(a -> ranked.add(a.sql()));
            for (String sql : ranked) {
                GoldRankings.ties(sql, s -> gold(h, q.id() + " and one more row", s))
                        .forEach(t -> ties.add(q.id() + ": " + t));
            }
        }
        assertThat(ties).as("rankings with ties on " + h.id()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Configuration.class)
    void tallyIsNeverWrongRefusesWhatItMustAndMeetsTheFloor(Configuration config) throws IOException {
        UnseenSuite suite = SUITES.get(config.hospital);
        String url = config.hospital.readOnlyUrl(DB);
        DataFolder data = DataFolders.fresh(TARGET.resolve("home").resolve(config.id()));
        String[] source = {"--source", url, "--user", UnseenHospital.USER, "--password", UnseenHospital.PASSWORD};
        if (config.overrides) {
            DataFolders.installOverrides(data, source, config.hospital.overrides());
        }
        List<String> questions = suite.questions().stream().map(UnseenSuite.Question::q).toList();
        List<String> args = new ArrayList<>(List.of("ask"));
        args.addAll(List.of(source));
        args.addAll(List.of("--today", TODAY, "--jsonl"));
        TallyRun.Result run = TallyRun.askJsonl(data, questions, args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.answers()).as("one object per question").hasSize(questions.size());

        Map<String, String> knownWrong = knownWrong(config, suite);
        Map<String, Integer> counts = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        List<String> answeredRefusals = new ArrayList<>();
        List<String> stillKnownWrong = new ArrayList<>();
        List<String> noLongerWrong = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (int i = 0; i < questions.size(); i++) {
            UnseenSuite.Question q = suite.questions().get(i);
            JsonNode answer = run.answers().get(i);
            assertThat(answer.path("question").asText()).isEqualTo(q.q());
            Verdict v = judge(config.hospital, q, answer);
            counts.merge(v.kind(), 1, Integer::sum);
            String sql = answer.path("sql").asText("");
            boolean bad = v.kind().equals("WRONG") || v.kind().equals("ANSWERED-REFUSAL");
            String known = knownWrong.get(q.id());
            if (known != null) {
                (bad ? stillKnownWrong : noLongerWrong).add(q.id() + " (" + v.kind() + ", listed as: " + known + ")");
            } else if (v.kind().equals("WRONG")) {
                wrong.add(q.id() + ": " + v.detail() + " — sql: " + sql);
            } else if (v.kind().equals("ANSWERED-REFUSAL")) {
                answeredRefusals.add(q.id() + " (" + q.q() + ") — sql: " + sql);
            }
            report.append(q.id()).append('\t').append(v.kind());
            if (known != null) {
                report.append(bad ? "\tknown-wrong: " : "\tlisted in known-wrong but no longer wrong: ").append(known);
            }
            if (!v.detail().isEmpty()) {
                report.append('\t').append(v.detail());
            }
            if (v.kind().equals("WRONG") || v.kind().equals("ANSWERED-REFUSAL")) {
                report.append("\n\ttally sql: ").append(sql);
                if (q.expectsAnswer()) {
                    report.append("\n\tgold sql:  ").append(String.join(" ", q.gold().trim().split("\\s+")));
                }
            }
            report.append('\n');
        }
        int verified = counts.getOrDefault("verified", 0);
        long expectAnswer = suite.questions().stream().filter(UnseenSuite.Question::expectsAnswer).count();
        String summary = config.id() + ": verified " + verified + " of " + expectAnswer + ", wrong "
                + counts.getOrDefault("WRONG", 0) + ", refusals answered " + counts.getOrDefault("ANSWERED-REFUSAL", 0)
                + " of " + (questions.size() - expectAnswer) + " (of these, listed in known-wrong "
                + stillKnownWrong.size() + ") " + counts;
        Files.writeString(TARGET.resolve(config.id() + ".txt"), summary + "\n" + report);
        System.err.println("unseen " + summary);

        assertThat(wrong).as("wrong answers on " + config.id()).isEmpty();
        assertThat(answeredRefusals).as("questions that must be refused, answered on " + config.id()).isEmpty();
        assertThat(noLongerWrong).as("no longer wrong on " + config.id() + ": remove it from " + KNOWN_WRONG)
                .isEmpty();
        assertThat(verified).as("verified floor on " + config.id()).isGreaterThanOrEqualTo(floor(config));
    }

    /** One question's outcome: verified, WRONG, ANSWERED-REFUSAL, refused, clarify, error, refused-ok … */
    record Verdict(String kind, String detail) {
    }

    private static Verdict judge(UnseenHospital h, UnseenSuite.Question q, JsonNode answer) {
        String status = answer.path("status").asText();
        String message = answer.path("message").asText("");
        if (!q.expectsAnswer()) {
            return status.equals("answered") ? new Verdict("ANSWERED-REFUSAL", "must be refused: " + q.note())
                    : new Verdict(status + "-ok", message);
        }
        if (!status.equals("answered")) {
            return new Verdict(status, message);
        }
        Table tally = TallyRun.table(answer);
        Optional<String> why = ResultComparator.mismatch(GOLD.get(h).get(q.id()), tally, q.ordered());
        if (why.isEmpty()) {
            return new Verdict("verified", "");
        }
        // the first other reading the answer matches says whether it is an equally good one or a known mistake
        for (int i = 0; i < q.alts().size(); i++) {
            UnseenSuite.Alt alt = q.alts().get(i);
            if (ResultComparator.mismatch(GOLD.get(h).get(q.id() + "#" + i), tally, q.ordered()).isEmpty()) {
                return alt.acceptable() ? new Verdict("verified", "as " + alt.label())
                        : new Verdict("WRONG", alt.label() + " (" + why.get() + ")");
            }
        }
        return new Verdict("WRONG", why.get());
    }

    /**
     * The questions of this configuration that Tally answers wrongly today, each with its cause, from
     * {@code unseen/known-wrong.properties} (keys {@code <configuration>.<question id>}). A listed question may be
     * WRONG (or a must-refuse question answered) without failing the build; one that is no longer wrong fails it, so
     * the list can only shrink. A key naming no configuration or no question of it fails too.
     */
    static Map<String, String> knownWrong(Configuration config, UnseenSuite suite) throws IOException {
        Properties p = new Properties();
        try (InputStream in = UnseenSuiteTest.class.getClassLoader().getResourceAsStream(KNOWN_WRONG)) {
            assertThat(in).as(KNOWN_WRONG).isNotNull();
            p.load(in);
        }
        List<String> configurations = Stream.of(Configuration.values()).map(Configuration::id).toList();
        Map<String, String> mine = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            int dot = key.indexOf('.');
            assertThat(dot).as(KNOWN_WRONG + ": key " + key + " is not <configuration>.<question id>").isPositive();
            String configuration = key.substring(0, dot);
            assertThat(configurations).as(KNOWN_WRONG + ": configuration of " + key).contains(configuration);
            String cause = p.getProperty(key).trim();
            assertThat(cause).as(KNOWN_WRONG + ": " + key + " needs a one-line cause").isNotEmpty();
            if (configuration.equals(config.id())) {
                String id = key.substring(dot + 1);
                assertThat(suite.questions()).as(KNOWN_WRONG + ": " + key + " names no question")
                        .anyMatch(q -> q.id().equals(id));
                mine.put(id, cause);
            }
        }
        return mine;
    }

    private static int floor(Configuration config) throws IOException {
        Properties p = new Properties();
        try (InputStream in = UnseenSuiteTest.class.getClassLoader().getResourceAsStream("unseen/floor.properties")) {
            p.load(in);
        }
        return Integer.parseInt(p.getProperty(config.id()).trim());
    }
}
