package org.tally.acceptance.blind2;

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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
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
 * The second held-out measurement: everyday questions and two-turn follow-up chains on the demo hospital (both
 * schemas), and two hospital databases Tally was never shown, each alone and with the override file its administrator
 * would write: a Nordic health region's record warehouse ({@link NordicRegion}) and a US hospital's billing warehouse
 * ({@link BillingWarehouse}). Gold is hand-written SQL run here. The log and target/blind2/summary.txt give totals and
 * outcomes by the kind of question only, never a question's text or id. The build fails on a crash, on any question
 * that must be refused being answered, or on more wrong answers than {@code blind2/ceiling.properties} allows (set at
 * the count measured when the suite was written; it may only fall). Per-question verdicts only with
 * {@code -Dtally.blind2.details=true}.
 */
class Blind2SuiteTest {

    private static final String CEILING = "blind2/ceiling.properties";
    private static final Path TARGET = Path.of("target", "blind2").toAbsolutePath();
    private static final boolean DETAILS = Boolean.getBoolean("tally.blind2.details");

    /** A database of the suite: its questions, and how it is written and reached. */
    enum Hospital {
        DEMO("blind2/demo-questions.yaml", null, Set.of("dev", "alt")),
        NORDIC("blind2/nordic/questions.yaml", "blind2/nordic/overrides.json", Set.of("nordic")),
        USWH("blind2/uswh/questions.yaml", "blind2/uswh/overrides.json", Set.of("uswh"));

        final String questions;
        final String overrides;
        final Set<String> schemas;

        Hospital(String questions, String overrides, Set<String> schemas) {
            this.questions = questions;
            this.overrides = overrides;
            this.schemas = schemas;
        }

        Path db() {
            return TARGET.resolve("db").resolve(name().toLowerCase());
        }

        String url() {
            return switch (this) {
                case NORDIC -> NordicRegion.readOnlyUrl(db());
                case USWH -> BillingWarehouse.readOnlyUrl(db());
                case DEMO -> throw new AssertionError("the demo has two schemas");
            };
        }
    }

    enum Configuration {
        DEMO_DEV("demo-dev", Hospital.DEMO, "dev", false), DEMO_ALT("demo-alt", Hospital.DEMO, "alt", false),
        NORDIC_ALONE("nordic", Hospital.NORDIC, "nordic", false),
        NORDIC_WITH_OVERRIDES("nordic-overrides", Hospital.NORDIC, "nordic", true),
        USWH_ALONE("uswh", Hospital.USWH, "uswh", false),
        USWH_WITH_OVERRIDES("uswh-overrides", Hospital.USWH, "uswh", true);

        final String id;
        final Hospital hospital;
        final String schema;
        final boolean overrides;

        Configuration(String id, Hospital hospital, String schema, boolean overrides) {
            this.id = id;
            this.hospital = hospital;
            this.schema = schema;
            this.overrides = overrides;
        }
    }

    private static final Map<Hospital, Blind2Suite> SUITES = new HashMap<>();
    private static final List<Connection> KEEP_OPEN = new ArrayList<>();
    /** Gold by schema, keyed by question id (a chain turn "chain#n") and "id@n" for the n-th other reading. */
    private static final Map<String, Map<String, Table>> GOLD = new HashMap<>();
    private static final Map<String, String> SUMMARIES = new TreeMap<>();

    @BeforeAll
    static void writeTheHospitalsAndRunGold() throws Exception {
        for (Hospital h : Hospital.values()) {
            SUITES.put(h, Blind2Suite.load(h.questions, h.schemas));
        }
        NordicRegion.write(Hospital.NORDIC.db());
        BillingWarehouse.write(Hospital.USWH.db());
        KEEP_OPEN.add(DriverManager.getConnection(Hospital.NORDIC.url(), NordicRegion.USER, NordicRegion.PASSWORD));
        KEEP_OPEN.add(DriverManager.getConnection(Hospital.USWH.url(), BillingWarehouse.USER, BillingWarehouse.PASSWORD));
        for (Hospital h : Hospital.values()) {
            for (String schema : h.schemas) {
                Map<String, Table> gold = new HashMap<>();
                SUITES.get(h).all().forEach(e -> {
                    Blind2Suite.Question q = e.getValue();
                    if (q.expectsAnswer()) {
                        gold.put(e.getKey(), gold(schema, q.gold().get(schema), e.getKey()));
                    }
                    for (int i = 0; i < q.alts().size(); i++) {
                        gold.put(e.getKey() + "@" + i, gold(schema, q.alts().get(i).gold().get(schema),
                                e.getKey() + " reading " + i));
                    }
                });
                GOLD.put(schema, gold);
            }
        }
    }

    @AfterAll
    static void writeSummary() throws SQLException, IOException {
        for (Connection c : KEEP_OPEN) {
            c.close();
        }
        Files.createDirectories(TARGET);
        Files.writeString(TARGET.resolve("summary.txt"), String.join("\n", SUMMARIES.values()));
    }

    private static Table gold(String schema, String sql, String what) {
        try {
            return switch (schema) {
                case "dev" -> GoldSql.run(DemoUrls.readOnly(DemoSchema.DEV), sql);
                case "alt" -> GoldSql.run(DemoUrls.readOnly(DemoSchema.ALT), sql);
                case "nordic" -> GoldSql.run(Hospital.NORDIC.url(), NordicRegion.USER, NordicRegion.PASSWORD, sql);
                default -> GoldSql.run(Hospital.USWH.url(), BillingWarehouse.USER, BillingWarehouse.PASSWORD, sql);
            };
        } catch (SQLException e) {
            throw new AssertionError("gold SQL of " + what + " fails on " + schema + ": " + e.getMessage(), e);
        }
    }

    @Test
    void theSuitesHaveTheirSize() {
        Blind2Suite demo = SUITES.get(Hospital.DEMO);
        assertThat(demo.chains()).hasSize(10);
        assertThat(demo.all().count()).isEqualTo(60);
        for (Hospital h : List.of(Hospital.NORDIC, Hospital.USWH)) {
            Blind2Suite s = SUITES.get(h);
            long refusals = s.questions().stream().filter(q -> !q.expectsAnswer()).count();
            assertThat(s.questions()).as(h.name()).hasSize(40);
            assertThat(refusals).as(h.name() + " questions that must be refused").isBetween(3L, 6L);
        }
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
        SUITES.get(Hospital.DEMO).all().filter(e -> e.getValue().expectsAnswer()).forEach(e -> {
            Table dev = GOLD.get("dev").get(e.getKey());
            Table alt = GOLD.get("alt").get(e.getKey());
            ResultComparator.mismatch(GoldSql.withoutText(dev), GoldSql.withoutText(alt), e.getValue().ordered())
                    .ifPresent(why -> problems.add(e.getKey() + ": dev and alt gold disagree: " + why));
            if (dev.rows().size() != alt.rows().size()) {
                problems.add(e.getKey() + ": dev and alt gold have different row counts");
            }
        });
        assertThat(problems).isEmpty();
    }

    /** A ranking whose cut-off ties has no single answer (checked on each schema's data). */
    @Test
    void everyRankingHasOneAnswer() {
        List<String> ties = new ArrayList<>();
        for (Hospital h : Hospital.values()) {
            for (String schema : h.schemas) {
                SUITES.get(h).all().forEach(e -> {
                    List<String> ranked = new ArrayList<>();
                    if (e.getValue().expectsAnswer()) {
                        ranked.add(e.getValue().gold().get(schema));
                    }
                    e.getValue().alts().forEach(a -> ranked.add(a.gold().get(schema)));
                    for (String sql : ranked) {
                        try {
                            GoldRankings.ties(sql, s -> gold(schema, s, e.getKey() + " and one more row"))
                                    .forEach(t -> ties.add(e.getKey() + " on " + schema + ": " + t));
                        } catch (SQLException ex) {
                            ties.add(e.getKey() + " on " + schema + ": " + ex.getMessage());
                        }
                    }
                });
            }
        }
        assertThat(ties).as("rankings with ties").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Configuration.class)
    void noCrashNoRefusalAnsweredAndNoMoreWrongThanTheCeiling(Configuration config) throws IOException {
        Blind2Suite suite = SUITES.get(config.hospital);
        DataFolder data;
        List<String> args = new ArrayList<>(List.of("ask"));
        if (config.hospital == Hospital.DEMO) {
            data = DataFolder.resolve();
            args.addAll(List.of("--source", "demo:" + config.schema));
        } else {
            data = DataFolders.fresh(TARGET.resolve("home").resolve(config.id));
            String[] source = {"--source", config.hospital.url(), "--user", "sa", "--password", ""};
            if (config.overrides) {
                DataFolders.installOverrides(data, source, config.hospital.overrides);
                List<String> binding = new ArrayList<>(List.of("binding"));
                binding.addAll(List.of(source));
                TallyRun.Result bound = TallyRun.runText(data, "", binding.toArray(String[]::new));
                assertThat(bound.stdout() + bound.stderr()).as("the administrator's override file is accepted")
                        .doesNotContain("rejected");
            }
            args.addAll(List.of(source));
        }
        args.addAll(List.of("--today", suite.today(), "--jsonl"));

        Breakdown byKind = new Breakdown();
        StringBuilder details = new StringBuilder();
        List<String> questions = suite.questions().stream().map(Blind2Suite.Question::q).toList();
        TallyRun.Result run = TallyRun.askJsonl(data, questions, args.toArray(String[]::new));
        assertNoCrash(run, questions.size(), config.id + " (standard error not shown: it may quote questions)");
        for (int i = 0; i < questions.size(); i++) {
            Blind2Suite.Question q = suite.questions().get(i);
            judgeInto(byKind, details, config.schema, q.id(), q, q.reportClass(), run.answers().get(i));
        }
        List<String> conversation = new ArrayList<>(args);
        conversation.add("--conversation");
        for (Blind2Suite.Chain chain : suite.chains()) {
            List<String> turns = chain.turns().stream().map(Blind2Suite.Question::q).toList();
            TallyRun.Result talk = TallyRun.askJsonl(data, turns, conversation.toArray(String[]::new));
            assertNoCrash(talk, turns.size(), config.id + ", a chain");
            for (int i = 0; i < turns.size(); i++) {
                Blind2Suite.Question turn = chain.turns().get(i);
                String kind = i == 0 ? "chain opening (" + turn.reportClass() + ")" : "chain follow-up";
                judgeInto(byKind, details, config.schema, chain.id() + "#" + (i + 1), turn, kind, talk.answers().get(i));
            }
        }

        long asked = suite.all().count();
        long answerable = suite.all().filter(e -> e.getValue().expectsAnswer()).count();
        int wrong = byKind.total(Outcome.WRONG);
        String summary = config.id + ": verified " + byKind.total(Outcome.VERIFIED) + " of " + answerable + ", refused "
                + byKind.total(Outcome.REFUSED) + ", clarify " + byKind.total(Outcome.CLARIFY) + ", error "
                + byKind.total(Outcome.ERROR) + ", timed out " + byKind.total(Outcome.TIMED_OUT) + ", wrong " + wrong
                + " (ceiling " + Limits.number(CEILING, config.id) + "); must-refuse questions answered "
                + byKind.total(Outcome.ANSWERED_REFUSAL) + " of " + (asked - answerable) + "\n" + byKind.table();
        SUMMARIES.put(config.id, summary);
        System.err.println("blind2 " + summary);
        if (DETAILS) {
            Files.createDirectories(TARGET);
            Files.writeString(TARGET.resolve("details-" + config.id + ".txt"), details.toString());
        }
        assertThat(byKind.total(Outcome.ANSWERED_REFUSAL)).as("questions that must be refused, answered on " + config.id)
                .isZero();
        assertThat(wrong).as("wrong answers on " + config.id + " (the ceiling may only fall)")
                .isLessThanOrEqualTo(Limits.number(CEILING, config.id));
    }

    /** No crash: the command ends normally with one answer object per question, in order. */
    private static void assertNoCrash(TallyRun.Result run, int questions, String where) {
        assertThat(run.exitCode()).as("exit status on " + where).isZero();
        assertThat(run.answers()).as("one object per question on " + where).hasSize(questions);
    }

    private static void judgeInto(Breakdown byKind, StringBuilder details, String schema, String id,
                                  Blind2Suite.Question q, String kind, JsonNode answer) {
        assertThat(answer.path("question").asText()).as("answers in question order").isEqualTo(q.q());
        Verdict v = judge(schema, id, q, answer);
        byKind.add(kind, v.outcome());
        details.append(id).append('\t').append(v.outcome().label()).append('\t').append(v.detail())
                .append(v.outcome().bad() ? "\n\ttally sql: " + answer.path("sql").asText("") : "").append('\n');
    }

    private static Verdict judge(String schema, String id, Blind2Suite.Question q, JsonNode answer) {
        if (!q.expectsAnswer()) {
            return Verdict.ofRefusal(answer);
        }
        List<Verdict.Reading> readings = new ArrayList<>();
        for (int i = 0; i < q.alts().size(); i++) {
            readings.add(new Verdict.Reading(q.alts().get(i).label(), GOLD.get(schema).get(id + "@" + i)));
        }
        return Verdict.ofAnswer(GOLD.get(schema).get(id), readings, q.ordered(), answer);
    }
}
