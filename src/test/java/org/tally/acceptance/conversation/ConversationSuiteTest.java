package org.tally.acceptance.conversation;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
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
import org.tally.acceptance.golden.ResultComparator.Table;
import org.tally.acceptance.golden.TallyRun;
import org.tally.acceptance.measure.Breakdown;
import org.tally.acceptance.measure.Limits;
import org.tally.acceptance.measure.Outcome;
import org.tally.acceptance.measure.Verdict;
import org.tally.acceptance.unseen.DataFolders;
import org.tally.acceptance.unseen.UnseenHospital;
import org.tally.core.DataFolder;
import org.tally.core.source.DemoSchema;

/**
 * Conversations the way an analyst explores ("number of admissions in 2025" → "what about 2024?" → "and by ward?"),
 * on demo:dev, demo:alt and the MIMIC-like unseen schema (with the override file its administrator would write).
 * Each chain is one {@code ask --conversation --jsonl} run whose standard input holds the chain's turns; every turn is
 * judged against its own hand-written gold SQL (or must be refused, or reset). Counted by what the turn does (opening,
 * time-shift, add-dimension, filter …): verified, refused, clarify, wrong. Wrong must be 0 and no must-refuse turn
 * answered, except what {@code conversation/known-wrong.properties} lists (it may only shrink), and verified turns must
 * reach {@code conversation/floor.properties} (it may only rise). Verdicts: target/conversation/&lt;source&gt;.txt.
 */
class ConversationSuiteTest {

    private static final String DEMO_CHAINS = "conversation/demo-chains.yaml";
    private static final String MIMIC_CHAINS = "conversation/mimic-chains.yaml";
    private static final String KNOWN_WRONG = "conversation/known-wrong.properties";
    private static final String FLOOR = "conversation/floor.properties";
    private static final Path TARGET = Path.of("target", "conversation").toAbsolutePath();
    private static final Path DB = TARGET.resolve("db");
    private static final int MIN_CHAINS = 40;

    /** Where a chain runs: its source, and the key of its gold SQL. */
    enum Source {
        DEV("dev"), ALT("alt"), MIMIC("mimic");

        final String id;

        Source(String id) {
            this.id = id;
        }

        String goldKey() {
            return this == MIMIC ? "gold" : id;
        }

        ConversationSuite suite() {
            return this == MIMIC ? mimic : demo;
        }
    }

    private static ConversationSuite demo;
    private static ConversationSuite mimic;
    private static final Map<Source, String> URLS = new EnumMap<>(Source.class);
    /** Gold per source, keyed "chain id#turn number" (from 1). */
    private static final Map<Source, Map<String, Table>> GOLD = new EnumMap<>(Source.class);
    private static Connection keepMimicOpen;

    @BeforeAll
    static void writeMimicAndRunGold() throws Exception {
        demo = ConversationSuite.load(DEMO_CHAINS, List.of("dev", "alt"));
        mimic = ConversationSuite.load(MIMIC_CHAINS, List.of("gold"));
        UnseenHospital.MIMIC.write(DB);
        URLS.put(Source.DEV, DemoUrls.readOnly(DemoSchema.DEV));
        URLS.put(Source.ALT, DemoUrls.readOnly(DemoSchema.ALT));
        URLS.put(Source.MIMIC, UnseenHospital.MIMIC.readOnlyUrl(DB));
        keepMimicOpen = DriverManager.getConnection(URLS.get(Source.MIMIC), UnseenHospital.USER, UnseenHospital.PASSWORD);
        for (Source source : Source.values()) {
            Map<String, Table> gold = new HashMap<>();
            for (ConversationSuite.Chain c : source.suite().chains()) {
                for (int i = 0; i < c.turns().size(); i++) {
                    ConversationSuite.Turn t = c.turns().get(i);
                    if (t.expectsAnswer()) {
                        Table table = gold(source, t.sql(source.goldKey()), c.id() + "#" + (i + 1));
                        assertThat(table.rows()).as("gold of " + c.id() + "#" + (i + 1) + " on " + source.id + " has no rows")
                                .isNotEmpty();
                        gold.put(c.id() + "#" + (i + 1), table);
                    }
                }
            }
            GOLD.put(source, gold);
        }
    }

    @AfterAll
    static void closeMimic() throws SQLException {
        keepMimicOpen.close();
    }

    private static Table gold(Source source, String sql, String what) {
        try {
            return source == Source.MIMIC
                    ? GoldSql.run(URLS.get(source), UnseenHospital.USER, UnseenHospital.PASSWORD, sql)
                    : GoldSql.run(URLS.get(source), sql);
        } catch (SQLException e) {
            throw new AssertionError("gold SQL of " + what + " fails on " + source.id + ": " + e.getMessage(), e);
        }
    }

    @Test
    void thereAreEnoughChainsAndEveryMoveIsExercised() {
        assertThat(demo.chains().size() + mimic.chains().size()).isGreaterThanOrEqualTo(MIN_CHAINS);
        Set<String> moves = new HashSet<>();
        demo.chains().forEach(c -> c.turns().forEach(t -> moves.add(t.move())));
        assertThat(moves).containsExactlyInAnyOrderElementsOf(ConversationSuite.MOVES);
    }

    /** A ranking turn whose cut-off ties has no single answer (checked on each schema's data). */
    @ParameterizedTest
    @EnumSource(Source.class)
    void everyRankingHasOneAnswer(Source source) throws SQLException {
        List<String> ties = new ArrayList<>();
        for (ConversationSuite.Chain c : source.suite().chains()) {
            for (int i = 0; i < c.turns().size(); i++) {
                ConversationSuite.Turn t = c.turns().get(i);
                String what = c.id() + "#" + (i + 1);
                if (t.expectsAnswer()) {
                    GoldRankings.ties(t.sql(source.goldKey()), sql -> gold(source, sql, what + " and one more row"))
                            .forEach(tie -> ties.add(what + ": " + tie));
                }
            }
        }
        assertThat(ties).as("rankings with ties on " + source.id).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Source.class)
    void noTurnIsAnsweredWronglyAndVerifiedTurnsMeetTheFloor(Source source) throws IOException {
        ConversationSuite suite = source.suite();
        DataFolder data;
        String[] sourceArgs;
        if (source == Source.MIMIC) {
            data = DataFolders.fresh(TARGET.resolve("home").resolve(source.id));
            sourceArgs = new String[] {"--source", URLS.get(source), "--user", UnseenHospital.USER, "--password",
                UnseenHospital.PASSWORD};
            DataFolders.installOverrides(data, sourceArgs, UnseenHospital.MIMIC.overrides());
        } else {
            data = DataFolder.resolve();
            sourceArgs = new String[] {"--source", "demo:" + source.id};
        }
        List<String> args = new ArrayList<>(List.of("ask"));
        args.addAll(List.of(sourceArgs));
        args.addAll(List.of("--today", suite.today(), "--jsonl", "--conversation"));

        Map<String, String> knownWrong = knownWrong(source);
        Breakdown byMove = new Breakdown();
        Breakdown byPosition = new Breakdown();
        List<String> bad = new ArrayList<>();
        List<String> noLongerWrong = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (ConversationSuite.Chain chain : suite.chains()) {
            List<String> turns = chain.turns().stream().map(ConversationSuite.Turn::q).toList();
            TallyRun.Result run = TallyRun.askJsonl(data, turns, args.toArray(String[]::new));
            assertThat(run.exitCode()).as(chain.id() + ": " + run.stderr()).isZero();
            assertThat(run.answers()).as(chain.id() + ": one object per turn").hasSize(turns.size());
            report.append(chain.id()).append('\n');
            for (int i = 0; i < turns.size(); i++) {
                ConversationSuite.Turn turn = chain.turns().get(i);
                String id = chain.id() + "#" + (i + 1);
                JsonNode answer = run.answers().get(i);
                assertThat(answer.path("question").asText()).isEqualTo(turn.q());
                Verdict v = judge(source, id, turn, answer);
                byMove.add(turn.move(), v.outcome());
                byPosition.add(i == 0 ? "first turn" : "follow-up", v.outcome());
                String known = knownWrong.get(id);
                if (known != null && !v.outcome().bad()) {
                    noLongerWrong.add(id + " (" + v.outcome().label() + ", listed as: " + known + ")");
                } else if (known == null && v.outcome().bad()) {
                    bad.add(id + " \"" + turn.q() + "\" " + v.outcome().label() + ": " + v.detail() + " — sql: "
                            + answer.path("sql").asText());
                }
                report.append("  ").append(i + 1).append(' ').append(turn.q()).append('\t').append(v.outcome().label());
                if (known != null) {
                    report.append(v.outcome().bad() ? "\tknown-wrong: " : "\tlisted in known-wrong but no longer wrong: ")
                            .append(known);
                }
                report.append('\t').append(v.detail()).append('\n');
            }
        }
        int turns = suite.chains().stream().mapToInt(c -> c.turns().size()).sum();
        String summary = source.id + ": " + suite.chains().size() + " chains, " + turns + " turns: verified "
                + byMove.total(Outcome.VERIFIED) + ", refused " + byMove.total(Outcome.REFUSED) + ", clarify "
                + byMove.total(Outcome.CLARIFY) + ", error " + byMove.total(Outcome.ERROR) + ", timed out "
                + byMove.total(Outcome.TIMED_OUT) + ", wrong "
                + byMove.total(Outcome.WRONG) + "; must-refuse and reset turns answered "
                + byMove.total(Outcome.ANSWERED_REFUSAL) + " of "
                + (byMove.total(Outcome.ANSWERED_REFUSAL) + byMove.total(Outcome.REFUSED_AS_EXPECTED))
                + "; listed in known-wrong " + knownWrong.size();
        Files.createDirectories(TARGET);
        Files.writeString(TARGET.resolve(source.id + ".txt"), summary + "\n\nby move\n" + byMove.table()
                + "\nby position\n" + byPosition.table() + "\n" + report);
        System.err.println("conversation " + summary + "\n" + byMove.table());

        assertThat(bad).as("turns answered wrongly, or answered when they must not be, on " + source.id).isEmpty();
        assertThat(noLongerWrong).as("no longer wrong on " + source.id + ": remove from " + KNOWN_WRONG).isEmpty();
        assertThat(byMove.verifiedOrTimedOut()).as("verified (or stopped at the time limit) floor on " + source.id)
                .isGreaterThanOrEqualTo(Limits.number(FLOOR, source.id));
    }

    private static Verdict judge(Source source, String id, ConversationSuite.Turn turn, JsonNode answer) {
        if (turn.reset()) {
            // "start over" may be acknowledged; it must not come back with rows of data
            boolean rows = answer.path("status").asText().equals("answered") && !answer.path("rows").isEmpty();
            return rows ? new Verdict(Outcome.ANSWERED_REFUSAL, "a reset answered with rows: " + answer.path("sql").asText())
                    : new Verdict(Outcome.REFUSED_AS_EXPECTED, answer.path("status").asText());
        }
        if (turn.refuse()) {
            return Verdict.ofRefusal(answer);
        }
        return Verdict.ofAnswer(GOLD.get(source).get(id), List.of(), turn.ordered(), answer);
    }

    /** {@code <source>.<chain id>#<turn> = class of the mistake}; a key naming no turn fails. */
    private static Map<String, String> knownWrong(Source source) {
        Map<String, String> mine = new TreeMap<>();
        Limits.load(KNOWN_WRONG).forEach((key, cause) -> {
            int dot = key.indexOf('.');
            assertThat(dot).as(KNOWN_WRONG + ": " + key + " is not <source>.<chain id>#<turn>").isPositive();
            Source named = Source.valueOf(key.substring(0, dot).toUpperCase());
            String id = key.substring(dot + 1);
            int hash = id.lastIndexOf('#');
            assertThat(named.suite().chains()).as(KNOWN_WRONG + ": " + key + " names no turn")
                    .anyMatch(c -> hash > 0 && c.id().equals(id.substring(0, hash))
                            && Integer.parseInt(id.substring(hash + 1)) <= c.turns().size());
            assertThat(cause).as(KNOWN_WRONG + ": " + key + " needs its class").isNotEmpty();
            if (named == source) {
                mine.put(id, cause);
            }
        });
        return mine;
    }
}
