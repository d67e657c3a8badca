package org.tally.acceptance.blind;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.tally.acceptance.golden.DemoUrls;
import org.tally.acceptance.golden.GoldRankings;
import org.tally.acceptance.golden.GoldSql;
import org.tally.acceptance.golden.ResultComparator;
import org.tally.acceptance.golden.ResultComparator.Table;
import org.tally.acceptance.golden.TallyRun;
import org.tally.acceptance.measure.Breakdown;
import org.tally.acceptance.measure.Limits;
import org.tally.acceptance.measure.Outcome;
import org.tally.acceptance.measure.Verdict;
import org.tally.acceptance.unseen.DataFolders;
import org.tally.core.DataFolder;
import org.tally.core.source.DemoSchema;

/**
 * Held-out measurement: questions nobody tunes Tally on, on the demo hospital (both schemas) and on a regional
 * hospital group's legacy HIS ({@link RegionalHis}, alone and with the override file its administrator would write).
 * Gold comes from hand-written SQL run here. The log and target/blind/summary.txt give totals and outcomes by the kind
 * of question only, never a question's text or id (the questions stay unseen). The build fails on a crash, on any
 * question that must be refused being answered, or on more wrong answers than {@code blind/ceiling.properties} allows
 * (set at today's count; it may only fall). Per-question verdicts only with {@code -Dtally.blind.details=true}.
 */
class BlindSuiteTest {

    private static final String DEMO = "blind/demo-questions.yaml";
    private static final String RHIS = "blind/rhis/questions.yaml";
    private static final String RHIS_OVERRIDES = "blind/rhis/overrides.json";
    private static final String CEILING = "blind/ceiling.properties";
    private static final Path TARGET = Path.of("target", "blind").toAbsolutePath();
    private static final Path RHIS_DB = TARGET.resolve("db").resolve("rhis");
    private static final boolean DETAILS = Boolean.getBoolean("tally.blind.details");
    private static final List<String> SERVICE_LINES = List.of("Ward Board", "Maternity", "Pharmacy", "Diagnostics",
            "Revenue", "Front Desk", "Emergency", "Theatre", "Quality & Safety", "Workforce", "Chronic Care",
            "Facilities", "Patient Chart");

    enum Configuration {
        DEMO_DEV("demo-dev", "dev"), DEMO_ALT("demo-alt", "alt"), RHIS_ALONE("rhis", "rhis"),
        RHIS_WITH_OVERRIDES("rhis-overrides", "rhis");

        final String id;
        final String schema;

        Configuration(String id, String schema) {
            this.id = id;
            this.schema = schema;
        }

        BlindSuite suite() {
            return schema.equals("rhis") ? rhis : demo;
        }
    }

    private static BlindSuite demo;
    private static BlindSuite rhis;
    private static Connection keepRhisOpen;
    /** Gold by schema, keyed by question id and "id#n" for the n-th other reading. */
    private static final Map<String, Map<String, Table>> GOLD = new HashMap<>();
    /** The summaries of the configurations run, for target/blind/summary.txt. */
    private static final Map<String, String> SUMMARIES = new TreeMap<>();

    @BeforeAll
    static void writeTheHisAndRunGold() throws Exception {
        demo = BlindSuite.load(DEMO, Set.of("dev", "alt"));
        rhis = BlindSuite.load(RHIS, Set.of("rhis"));
        RegionalHis.write(RHIS_DB);
        keepRhisOpen = DriverManager.getConnection(RegionalHis.readOnlyUrl(RHIS_DB), RegionalHis.USER, RegionalHis.PASSWORD);
        for (String schema : List.of("dev", "alt", "rhis")) {
            Map<String, Table> gold = new HashMap<>();
            for (BlindSuite.Question q : (schema.equals("rhis") ? rhis : demo).questions()) {
                if (q.expectsAnswer()) {
                    gold.put(q.id(), gold(schema, q.gold().get(schema), q.id()));
                }
                for (int i = 0; i < q.alts().size(); i++) {
                    gold.put(q.id() + "#" + i, gold(schema, q.alts().get(i).sql(), q.id() + " reading " + i));
                }
            }
            GOLD.put(schema, gold);
        }
    }

    @AfterAll
    static void writeSummary() throws SQLException, IOException {
        keepRhisOpen.close();
        Files.createDirectories(TARGET);
        Files.writeString(TARGET.resolve("summary.txt"), String.join("\n", SUMMARIES.values()));
    }

    private static Table gold(String schema, String sql, String what) {
        try {
            return switch (schema) {
                case "dev" -> GoldSql.run(DemoUrls.readOnly(DemoSchema.DEV), sql);
                case "alt" -> GoldSql.run(DemoUrls.readOnly(DemoSchema.ALT), sql);
                default -> GoldSql.run(RegionalHis.readOnlyUrl(RHIS_DB), RegionalHis.USER, RegionalHis.PASSWORD, sql);
            };
        } catch (SQLException e) {
            throw new AssertionError("gold SQL of " + what + " fails on " + schema + ": " + e.getMessage(), e);
        }
    }

    @Test
    void theSuitesHaveTheirSizeAndCoverEveryShapeAndServiceLine() {
        long demoRefusals = demo.questions().stream().filter(q -> !q.expectsAnswer()).count();
        assertThat(demo.questions()).hasSizeGreaterThanOrEqualTo(150);
        assertThat(demoRefusals).isBetween(10L, 15L);
        assertThat(rhis.questions()).hasSizeGreaterThanOrEqualTo(50);
        Set<String> kinds = new TreeSet<>();
        Set<String> lines = new TreeSet<>();
        demo.questions().stream().filter(BlindSuite.Question::expectsAnswer).forEach(q -> {
            kinds.add(q.kind());
            lines.add(q.line());
        });
        assertThat(kinds).containsExactlyInAnyOrderElementsOf(BlindSuite.KINDS);
        assertThat(lines).containsExactlyInAnyOrderElementsOf(SERVICE_LINES);
    }

    /** Gold has rows, and the two demo schemas (the same facts) agree on everything but the spellings of text. */
    @Test
    void goldHasRowsAndTheDemoSchemasAgree() {
        List<String> problems = new ArrayList<>();
        GOLD.forEach((schema, gold) -> gold.forEach((id, t) -> {
            if (t.rows().isEmpty()) {
                problems.add(id + " on " + schema + ": no gold rows");
            }
        }));
        for (BlindSuite.Question q : demo.questions()) {
            if (q.expectsAnswer()) {
                Table dev = GOLD.get("dev").get(q.id());
                Table alt = GOLD.get("alt").get(q.id());
                ResultComparator.mismatch(GoldSql.withoutText(dev), GoldSql.withoutText(alt), q.ordered())
                        .ifPresent(why -> problems.add(q.id() + ": dev and alt gold disagree: " + why));
                if (dev.rows().size() != alt.rows().size()) {
                    problems.add(q.id() + ": dev and alt gold have different row counts");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /** A ranking whose cut-off ties has no single answer (checked on each schema's data). */
    @ParameterizedTest
    @ValueSource(strings = {"dev", "alt", "rhis"})
    void everyRankingHasOneAnswer(String schema) throws SQLException {
        List<String> ties = new ArrayList<>();
        for (BlindSuite.Question q : (schema.equals("rhis") ? rhis : demo).questions()) {
            List<String> ranked = new ArrayList<>();
            if (q.expectsAnswer()) {
                ranked.add(q.gold().get(schema));
            }
            q.alts().forEach(a -> ranked.add(a.sql()));
            for (String sql : ranked) {
                GoldRankings.ties(sql, s -> gold(schema, s, q.id() + " and one more row"))
                        .forEach(t -> ties.add(q.id() + ": " + t));
            }
        }
        assertThat(ties).as("rankings with ties on " + schema).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Configuration.class)
    void noCrashNoRefusalAnsweredAndNoMoreWrongThanTheCeiling(Configuration config) throws IOException {
        BlindSuite suite = config.suite();
        DataFolder data;
        List<String> args = new ArrayList<>(List.of("ask"));
        if (config.schema.equals("rhis")) {
            data = DataFolders.fresh(TARGET.resolve("home").resolve(config.id));
            String[] source = {"--source", RegionalHis.readOnlyUrl(RHIS_DB), "--user", RegionalHis.USER, "--password",
                RegionalHis.PASSWORD};
            if (config == Configuration.RHIS_WITH_OVERRIDES) {
                DataFolders.installOverrides(data, source, RHIS_OVERRIDES);
                List<String> binding = new ArrayList<>(List.of("binding"));
                binding.addAll(List.of(source));
                TallyRun.Result bound = TallyRun.runText(data, "", binding.toArray(String[]::new));
                assertThat(bound.stdout() + bound.stderr()).as("the administrator's override file is accepted")
                        .doesNotContain("rejected");
            }
            args.addAll(List.of(source));
        } else {
            data = DataFolder.resolve();
            args.addAll(List.of("--source", "demo:" + config.schema));
        }
        args.addAll(List.of("--today", suite.today(), "--jsonl"));
        List<String> questions = suite.questions().stream().map(BlindSuite.Question::q).toList();
        TallyRun.Result run = TallyRun.askJsonl(data, questions, args.toArray(String[]::new));
        // no crash: the command ends normally with one answer object per question, in order
        assertThat(run.exitCode()).as("exit status on " + config.id + " (standard error not shown: it may quote questions)")
                .isZero();
        assertThat(run.answers()).as("one object per question on " + config.id).hasSize(questions.size());

        Breakdown byKind = new Breakdown();
        StringBuilder details = new StringBuilder();
        for (int i = 0; i < questions.size(); i++) {
            BlindSuite.Question q = suite.questions().get(i);
            JsonNode answer = run.answers().get(i);
            assertThat(answer.path("question").asText()).as("answers in question order").isEqualTo(q.q());
            Verdict v = judge(config.schema, q, answer);
            byKind.add(q.reportClass(), v.outcome());
            details.append(q.id()).append('\t').append(v.outcome().label()).append('\t').append(v.detail())
                    .append(v.outcome().bad() ? "\n\ttally sql: " + answer.path("sql").asText("") : "").append('\n');
        }
        long answerable = suite.questions().stream().filter(BlindSuite.Question::expectsAnswer).count();
        int wrong = byKind.total(Outcome.WRONG);
        String summary = config.id + ": verified " + byKind.total(Outcome.VERIFIED) + " of " + answerable + ", refused "
                + byKind.total(Outcome.REFUSED) + ", clarify " + byKind.total(Outcome.CLARIFY) + ", error "
                + byKind.total(Outcome.ERROR) + ", timed out " + byKind.total(Outcome.TIMED_OUT) + ", wrong " + wrong
                + " (ceiling " + Limits.number(CEILING, config.id)
                + "); must-refuse questions answered " + byKind.total(Outcome.ANSWERED_REFUSAL) + " of "
                + (questions.size() - answerable) + "\n" + byKind.table();
        SUMMARIES.put(config.id, summary);
        System.err.println("blind " + summary);
        if (DETAILS) {
            Files.createDirectories(TARGET);
            Files.writeString(TARGET.resolve("details-" + config.id + ".txt"), details.toString());
        }

        assertThat(byKind.total(Outcome.ANSWERED_REFUSAL)).as("questions that must be refused, answered on " + config.id)
                .isZero();
        assertThat(wrong).as("wrong answers on " + config.id + " (the ceiling may only fall)")
                .isLessThanOrEqualTo(Limits.number(CEILING, config.id));
    }

    private static Verdict judge(String schema, BlindSuite.Question q, JsonNode answer) {
        if (!q.expectsAnswer()) {
            return Verdict.ofRefusal(answer);
        }
        List<Verdict.Reading> readings = new ArrayList<>();
        for (int i = 0; i < q.alts().size(); i++) {
            readings.add(new Verdict.Reading(q.alts().get(i).label(), GOLD.get(schema).get(q.id() + "#" + i)));
        }
        return Verdict.ofAnswer(GOLD.get(schema).get(q.id()), readings, q.ordered(), answer);
    }
}
