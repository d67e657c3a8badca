package org.tally.acceptance.paraphrase;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tally.acceptance.golden.DemoUrls;
import org.tally.acceptance.golden.GoldSql;
import org.tally.acceptance.golden.GoldenSuite;
import org.tally.acceptance.golden.ResultComparator.Table;
import org.tally.acceptance.golden.TallyRun;
import org.tally.acceptance.measure.Breakdown;
import org.tally.acceptance.measure.Limits;
import org.tally.acceptance.measure.Outcome;
import org.tally.acceptance.measure.Verdict;
import org.tally.core.source.DemoSchema;

/**
 * Every golden question and trap said at least three other ways (terse, lower case, "what's", a typo, another word
 * order, British or American spelling, everyday synonyms …), on both demo schemas. A paraphrase has its golden
 * question's gold SQL (run here, never taken from Tally) or must be refused like its trap. Counted by kind: verified,
 * refused, clarify, wrong. Wrong must be 0 and no trap's paraphrase answered, except what
 * {@code paraphrase/known-wrong.properties} lists (it may only shrink: a listed paraphrase that is no longer wrong
 * fails until it is removed), and verified must reach {@code paraphrase/floor.properties} (it may only rise).
 * Verdicts: target/paraphrase/&lt;schema&gt;.txt.
 */
class ParaphraseSuiteTest {

    static final List<String> FILES = List.of("paraphrase/paraphrases-wards-maternity-pharmacy-labs-revenue.yaml",
            "paraphrase/paraphrases-emergency-theatre-quality-workforce-chronic-facilities.yaml");
    private static final String KNOWN_WRONG = "paraphrase/known-wrong.properties";
    private static final String FLOOR = "paraphrase/floor.properties";
    private static final int PER_QUESTION = 3;
    private static final int PER_KIND = 10;

    private static GoldenSuite golden;
    private static ParaphraseSuite suite;
    private static final Map<String, GoldenSuite.Question> QUESTIONS = new HashMap<>();
    private static final Map<String, GoldenSuite.Trap> TRAPS = new HashMap<>();
    private static final Map<DemoSchema, Map<String, Table>> GOLD = new EnumMap<>(DemoSchema.class);

    @BeforeAll
    static void load() throws Exception {
        golden = GoldenSuite.loadAll(GoldenSuite.FILES);
        suite = ParaphraseSuite.loadAll(FILES);
        golden.questions().forEach(q -> QUESTIONS.put(q.id(), q));
        golden.traps().forEach(t -> TRAPS.put(t.id(), t));
        for (DemoSchema schema : DemoSchema.values()) {
            String url = DemoUrls.readOnly(schema);
            Map<String, Table> gold = new HashMap<>();
            for (GoldenSuite.Question q : golden.questions()) {
                gold.put(q.id(), GoldSql.run(url, q.gold().get(schema.id())));
            }
            GOLD.put(schema, gold);
        }
    }

    @Test
    void everyGoldenQuestionAndTrapHasParaphrasesOfEveryKind() {
        assertThat(suite.today()).as("the golden suite's today").isEqualTo(golden.today());
        Map<String, Integer> perQuestion = new TreeMap<>();
        Map<String, Integer> perKind = new TreeMap<>();
        Set<String> texts = new HashSet<>();
        List<String> problems = new ArrayList<>();
        for (ParaphraseSuite.Entry e : suite.paraphrases()) {
            if (!QUESTIONS.containsKey(e.of()) && !TRAPS.containsKey(e.of())) {
                problems.add(e.of() + ": no golden question or trap has this id");
            }
            if (perQuestion.containsKey(e.of())) {
                problems.add(e.of() + ": two entries (give every kind in one)");
            }
            perQuestion.merge(e.of(), e.as().size(), Integer::sum);
        }
        for (ParaphraseSuite.Paraphrase p : suite.all()) {
            if (!ParaphraseSuite.KINDS.contains(p.kind())) {
                problems.add(p.id() + ": kind is not one of " + ParaphraseSuite.KINDS);
            }
            perKind.merge(p.kind(), 1, Integer::sum);
            String original = QUESTIONS.containsKey(p.of()) ? QUESTIONS.get(p.of()).question()
                    : TRAPS.containsKey(p.of()) ? TRAPS.get(p.of()).question() : "";
            if (p.text() == null || p.text().isBlank() || p.text().equals(original)) {
                problems.add(p.id() + ": empty, or the golden question itself");
            } else if (!texts.add(p.text().toLowerCase())) {
                problems.add(p.id() + ": the same text as another paraphrase");
            }
        }
        List<String> ids = new ArrayList<>(QUESTIONS.keySet());
        ids.addAll(TRAPS.keySet());
        for (String id : ids) {
            if (perQuestion.getOrDefault(id, 0) < PER_QUESTION) {
                problems.add(id + ": fewer than " + PER_QUESTION + " paraphrases");
            }
        }
        for (String kind : ParaphraseSuite.KINDS) {
            if (perKind.getOrDefault(kind, 0) < PER_KIND) {
                problems.add("kind " + kind + " appears " + perKind.getOrDefault(kind, 0) + " times, under " + PER_KIND);
            }
        }
        assertThat(problems).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(DemoSchema.class)
    void tallyIsNeverWrongOnAParaphraseRefusesEveryTrapAndMeetsTheFloor(DemoSchema schema) throws IOException {
        List<ParaphraseSuite.Paraphrase> paraphrases = suite.all();
        List<String> asked = new ArrayList<>(paraphrases.stream().map(ParaphraseSuite.Paraphrase::text).toList());
        // the originals too, so the report can say how paraphrases of questions Tally answers fare
        golden.questions().forEach(q -> asked.add(q.question()));
        TallyRun.Result run = TallyRun.askJsonl(asked, "ask", "--source", schema.sourceName(), "--today",
                suite.today(), "--jsonl");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.answers()).as("one object per question").hasSize(asked.size());
        Map<String, Boolean> originalVerified = new HashMap<>();
        for (int i = 0; i < golden.questions().size(); i++) {
            GoldenSuite.Question q = golden.questions().get(i);
            Verdict v = judge(schema, q.id(), run.answers().get(paraphrases.size() + i));
            originalVerified.put(q.id(), v.outcome() == Outcome.VERIFIED);
        }

        Map<String, String> knownWrong = knownWrong(schema);
        Breakdown byKind = new Breakdown();
        Breakdown byOriginal = new Breakdown();
        List<String> wrong = new ArrayList<>();
        List<String> answeredTraps = new ArrayList<>();
        List<String> noLongerWrong = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (int i = 0; i < paraphrases.size(); i++) {
            ParaphraseSuite.Paraphrase p = paraphrases.get(i);
            JsonNode answer = run.answers().get(i);
            assertThat(answer.path("question").asText()).isEqualTo(p.text());
            Verdict v = judge(schema, p.of(), answer);
            byKind.add(p.kind(), v.outcome());
            if (QUESTIONS.containsKey(p.of())) {
                byOriginal.add(originalVerified.get(p.of()) ? "original verified" : "original not answered",
                        v.outcome());
            }
            String known = knownWrong.get(p.id());
            if (known != null && !v.outcome().bad()) {
                noLongerWrong.add(p.id() + " (" + v.outcome().label() + ", listed as: " + known + ")");
            } else if (known == null && v.outcome() == Outcome.WRONG) {
                wrong.add(p.id() + " \"" + p.text() + "\": " + v.detail() + " — sql: " + answer.path("sql").asText());
            } else if (known == null && v.outcome() == Outcome.ANSWERED_REFUSAL) {
                answeredTraps.add(p.id() + " \"" + p.text() + "\" — sql: " + answer.path("sql").asText());
            }
            report.append(p.id()).append('\t').append(v.outcome().label());
            if (known != null) {
                report.append(v.outcome().bad() ? "\tknown-wrong: " : "\tlisted in known-wrong but no longer wrong: ")
                        .append(known);
            }
            report.append('\t').append(v.detail()).append('\n');
        }
        String summary = schema.sourceName() + ": verified " + byKind.total(Outcome.VERIFIED) + ", refused "
                + byKind.total(Outcome.REFUSED) + ", clarify " + byKind.total(Outcome.CLARIFY) + ", error "
                + byKind.total(Outcome.ERROR) + ", timed out " + byKind.total(Outcome.TIMED_OUT) + ", wrong "
                + byKind.total(Outcome.WRONG) + " of "
                + paraphrases.stream().filter(p -> QUESTIONS.containsKey(p.of())).count()
                + " paraphrases of golden questions; trap paraphrases answered " + byKind.total(Outcome.ANSWERED_REFUSAL)
                + " of " + paraphrases.stream().filter(p -> TRAPS.containsKey(p.of())).count()
                + "; listed in known-wrong " + knownWrong.size();
        Path out = Path.of("target", "paraphrase");
        Files.createDirectories(out);
        Files.writeString(out.resolve(schema.id() + ".txt"), summary + "\n\nby kind\n" + byKind.table()
                + "\nby how Tally answers the golden question itself\n" + byOriginal.table() + "\n" + report);
        System.err.println("paraphrase " + summary + "\n" + byKind.table());

        assertThat(wrong).as("wrong answers to paraphrases on " + schema.sourceName()).isEmpty();
        assertThat(answeredTraps).as("trap paraphrases answered on " + schema.sourceName()).isEmpty();
        assertThat(noLongerWrong).as("no longer wrong on " + schema.sourceName() + ": remove from " + KNOWN_WRONG)
                .isEmpty();
        assertThat(byKind.verifiedOrTimedOut())
                .as("verified (or stopped at the time limit) floor on " + schema.sourceName())
                .isGreaterThanOrEqualTo(Limits.number(FLOOR, schema.id()));
    }

    private static Verdict judge(DemoSchema schema, String of, JsonNode answer) {
        GoldenSuite.Question q = QUESTIONS.get(of);
        return q == null ? Verdict.ofRefusal(answer)
                : Verdict.ofAnswer(GOLD.get(schema).get(of), List.of(), q.ordered(), answer);
    }

    /** {@code <schema>.<golden id>/<kind> = class of the mistake}; a key naming no paraphrase fails. */
    private static Map<String, String> knownWrong(DemoSchema schema) {
        Set<String> ids = new HashSet<>(suite.all().stream().map(ParaphraseSuite.Paraphrase::id).toList());
        Map<String, String> mine = new TreeMap<>();
        Limits.load(KNOWN_WRONG).forEach((key, cause) -> {
            int dot = key.indexOf('.');
            assertThat(dot).as(KNOWN_WRONG + ": " + key + " is not <schema>.<golden id>/<kind>").isPositive();
            assertThat(List.of("dev", "alt")).as(KNOWN_WRONG + ": schema of " + key).contains(key.substring(0, dot));
            assertThat(ids).as(KNOWN_WRONG + ": " + key + " names no paraphrase").contains(key.substring(dot + 1));
            assertThat(cause).as(KNOWN_WRONG + ": " + key + " needs its class").isNotEmpty();
            if (key.substring(0, dot).equals(schema.id())) {
                mine.put(key.substring(dot + 1), cause);
            }
        });
        return mine;
    }
}
