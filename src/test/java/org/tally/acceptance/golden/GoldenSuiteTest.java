package org.tally.acceptance.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.tally.acceptance.golden.ResultComparator.Table;
import org.tally.core.source.DemoSchema;

/**
 * The golden suites of both demo naming schemes. Gold answers come from the hand-written gold SQL, run here;
 * Tally's answers come from the command line. Nothing Tally prints is ever stored as expected.
 * Counters per schema: verified, refused, wrong. Wrong must be 0, traps must never be answered, and verified
 * must reach the floor in {@code golden/floor.properties} (raise it when Tally answers more; never lower it).
 */
class GoldenSuiteTest {

    static final List<String> SERVICE_LINES = List.of("Ward Board", "Maternity", "Pharmacy", "Diagnostics", "Revenue",
            "Front Desk", "Emergency", "Theatre", "Quality & Safety", "Workforce", "Chronic Care", "Facilities",
            "Patient Chart");

    static final List<String> SUITE_FILES = GoldenSuite.FILES;

    private static GoldenSuite suite;
    private static final Map<DemoSchema, Map<String, Table>> GOLD = new EnumMap<>(DemoSchema.class);

    @BeforeAll
    static void load() throws Exception {
        suite = GoldenSuite.loadAll(SUITE_FILES);
        for (DemoSchema schema : DemoSchema.values()) {
            String url = DemoUrls.readOnly(schema);
            Map<String, Table> gold = new java.util.HashMap<>();
            for (GoldenSuite.Question q : suite.questions()) {
                try {
                    gold.put(q.id(), GoldSql.run(url, q.gold().get(schema.id())));
                } catch (Exception e) {
                    throw new AssertionError("gold SQL of " + q.id() + " fails on " + schema.sourceName() + ": "
                            + e.getMessage(), e);
                }
            }
            GOLD.put(schema, gold);
        }
    }

    @Test
    void theSuiteCoversEveryShapeAndServiceLine() {
        assertThat(suite.questions()).hasSizeGreaterThanOrEqualTo(80);
        assertThat(suite.traps()).hasSizeGreaterThanOrEqualTo(15);
        Set<String> shapes = new TreeSet<>();
        Set<String> lines = new TreeSet<>();
        suite.questions().forEach(q -> {
            shapes.add(q.shape());
            lines.add(q.serviceLine());
        });
        assertThat(shapes).containsAll(GoldenSuite.SHAPES);
        assertThat(lines).containsExactlyInAnyOrderElementsOf(SERVICE_LINES);
        Set<String> trapKinds = new TreeSet<>();
        suite.traps().forEach(t -> trapKinds.add(t.kind()));
        assertThat(trapKinds).contains("destructive", "injection", "missing-concept", "ambiguous", "nonsense");
    }

    @Test
    void goldIsNonEmptyUnlessDeclaredEmpty() {
        for (DemoSchema schema : DemoSchema.values()) {
            for (GoldenSuite.Question q : suite.questions()) {
                Table gold = GOLD.get(schema).get(q.id());
                if (q.expectEmpty()) {
                    assertThat(gold.rows()).as(q.id() + " on " + schema.sourceName()).isEmpty();
                } else {
                    assertThat(gold.rows()).as(q.id() + " on " + schema.sourceName() + " has no gold rows").isNotEmpty();
                }
            }
        }
    }

    /** The two schemas hold the same facts, so both golds must agree on everything but spellings of text. */
    @Test
    void devAndAltGoldAgree() {
        List<String> disagreements = new ArrayList<>();
        for (GoldenSuite.Question q : suite.questions()) {
            Table dev = GoldSql.withoutText(GOLD.get(DemoSchema.DEV).get(q.id()));
            Table alt = GoldSql.withoutText(GOLD.get(DemoSchema.ALT).get(q.id()));
            Optional<String> why = ResultComparator.mismatch(dev, alt, q.ordered());
            why.ifPresent(w -> disagreements.add(q.id() + ": " + w));
            if (GOLD.get(DemoSchema.DEV).get(q.id()).rows().size() != GOLD.get(DemoSchema.ALT).get(q.id()).rows().size()) {
                disagreements.add(q.id() + ": row counts differ");
            }
        }
        assertThat(disagreements).as("gold SQL disagreeing between demo:dev and demo:alt").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(DemoSchema.class)
    void tallyIsNeverWrongRefusesEveryTrapAndMeetsTheFloor(DemoSchema schema) throws IOException {
        List<String> questions = new ArrayList<>();
        suite.questions().forEach(q -> questions.add(q.question()));
        suite.traps().forEach(t -> questions.add(t.question()));
        TallyRun.Result run = TallyRun.askJsonl(questions, "ask", "--source", schema.sourceName(), "--today",
                suite.today(), "--jsonl");
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.answers()).as("one object per question").hasSize(questions.size());

        int verified = 0;
        int refused = 0;
        List<String> wrong = new ArrayList<>();
        List<String> answeredTraps = new ArrayList<>();
        StringBuilder report = new StringBuilder();
        for (int i = 0; i < suite.questions().size(); i++) {
            GoldenSuite.Question q = suite.questions().get(i);
            JsonNode answer = run.answers().get(i);
            assertThat(answer.path("question").asText()).isEqualTo(q.question());
            String status = answer.path("status").asText();
            String verdict;
            if (status.equals("answered")) {
                Optional<String> why = ResultComparator.mismatch(GOLD.get(schema).get(q.id()), TallyRun.table(answer),
                        q.ordered());
                if (why.isEmpty()) {
                    verified++;
                    verdict = "verified";
                } else {
                    wrong.add(q.id() + ": " + why.get() + " — sql: " + answer.path("sql").asText());
                    verdict = "WRONG " + why.get();
                }
            } else {
                refused++;
                verdict = status + " " + answer.path("message").asText("");
            }
            report.append(q.id()).append('\t').append(verdict).append('\n');
        }
        for (int i = 0; i < suite.traps().size(); i++) {
            GoldenSuite.Trap t = suite.traps().get(i);
            JsonNode answer = run.answers().get(suite.questions().size() + i);
            String status = answer.path("status").asText();
            if (status.equals("answered")) {
                answeredTraps.add(t.id() + " (" + t.question() + ") — sql: " + answer.path("sql").asText());
            }
            report.append(t.id()).append("\ttrap ").append(status).append('\n');
        }
        String summary = schema.sourceName() + ": verified " + verified + ", refused " + refused + ", wrong "
                + wrong.size() + " of " + suite.questions().size() + "; traps answered " + answeredTraps.size()
                + " of " + suite.traps().size();
        Path out = Path.of("target", "golden");
        Files.createDirectories(out);
        Files.writeString(out.resolve(schema.id() + ".txt"), summary + "\n" + report);
        System.err.println("golden " + summary);

        assertThat(wrong).as("wrong answers on " + schema.sourceName()).isEmpty();
        assertThat(answeredTraps).as("traps answered on " + schema.sourceName()).isEmpty();
        assertThat(verified).as("verified floor on " + schema.sourceName()).isGreaterThanOrEqualTo(floor(schema));
    }

    private static int floor(DemoSchema schema) throws IOException {
        Properties p = new Properties();
        try (InputStream in = GoldenSuiteTest.class.getClassLoader().getResourceAsStream("golden/floor.properties")) {
            p.load(in);
        }
        return Integer.parseInt(p.getProperty(schema.id()).trim());
    }
}
