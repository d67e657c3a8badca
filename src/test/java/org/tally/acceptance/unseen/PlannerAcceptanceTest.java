package org.tally.acceptance.unseen;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.tally.acceptance.ehrsql.MimicDemo;
import org.tally.acceptance.golden.GoldSql;
import org.tally.acceptance.golden.ResultComparator;
import org.tally.acceptance.golden.TallyRun;
import org.tally.acceptance.paraphrase.ParaphrasePlannerRun;
import org.tally.core.DataFolder;
import org.tally.core.source.DemoSchema;

/**
 * Opt-in: what the local planner adds on schemas Tally was never tuned for, with a real model. Enabled by
 * {@code -Dtally.planner.model=FILE} (a GGUF file listed in the SHA256SUMS beside it); without it the test is skipped
 * with that message. Each unseen schema's questions run with the planner off and on; for every question the planner
 * decided, the report counts correct, wrong and refused, against the hand-written gold. The paraphrase suite on both
 * demo schemas goes the same way (judged as its own test judges), and EHRSQL-2024 valid through {@code eval
 * --planner-model}, whose totals count the verdicts of each rung; without the EHRSQL material the report says so.
 * Report: target/planner/acceptance.txt. No floor: a model's accuracy is measured, not assumed.
 */
class PlannerAcceptanceTest {

    static final String PROPERTY = "tally.planner.model";
    private static final Path TARGET = Path.of("target", "planner").toAbsolutePath();

    @Test
    void whatThePlannerAddsOnTheUnseenSchemas() throws Exception {
        String model = System.getProperty(PROPERTY);
        if (model == null || model.isBlank()) {
            String why = "skipped: the planner acceptance run needs a real model; pass -D" + PROPERTY + "=FILE"
                    + " (a GGUF listed in the SHA256SUMS beside it)";
            System.err.println("PlannerAcceptanceTest " + why);
            Assumptions.abort(why);
        }
        Files.createDirectories(TARGET);
        Path db = TARGET.resolve("db");
        StringBuilder report = new StringBuilder("planner acceptance with " + model + "\n");
        TreeMap<String, Integer> total = new TreeMap<>();
        for (UnseenHospital h : UnseenHospital.values()) {
            h.write(db);
            UnseenSuite suite = UnseenSuite.load(h.questions());
            List<String> questions = suite.questions().stream().map(UnseenSuite.Question::q).toList();
            String[] source = {"ask", "--source", h.readOnlyUrl(db), "--user", UnseenHospital.USER, "--password",
                    UnseenHospital.PASSWORD, "--today", UnseenSuiteTest.TODAY, "--jsonl"};
            TallyRun.Result on = TallyRun.askJsonl(home(h.id()), questions, with(source, "--planner-model", model));
            assertThat(on.exitCode()).as(on.stderr()).isZero();
            TreeMap<String, Integer> counts = new TreeMap<>();
            for (int i = 0; i < questions.size(); i++) {
                UnseenSuite.Question q = suite.questions().get(i);
                JsonNode a = on.answers().get(i);
                if (!decidedByPlanner(a)) {
                    continue;
                }
                String kind = judge(h, db, q, a);
                counts.merge(kind, 1, Integer::sum);
                total.merge(kind, 1, Integer::sum);
                report.append(h.id()).append('\t').append(q.id()).append('\t').append(kind).append('\t')
                        .append(a.path("readAs").asText("")).append('\n');
            }
            report.append("== ").append(h.id()).append(": ").append(counts).append('\n');
        }
        for (DemoSchema schema : DemoSchema.values()) {
            Map<String, Integer> paraphrases = ParaphrasePlannerRun.plannerOutcomes(home("paraphrase-" + schema.id()),
                    schema, model, PlannerAcceptanceTest::decidedByPlanner);
            report.append("== paraphrase on ").append(schema.sourceName()).append(", decided by the planner: ")
                    .append(paraphrases).append('\n');
        }
        if (Files.isRegularFile(MimicDemo.SQLITE)) {
            TallyRun.Result valid = TallyRun.run(home("ehrsql"), "", "eval", "--suite",
                    MimicDemo.EHRSQL.resolve("valid").toString(), "--source", MimicDemo.h2(), "--today", "2100-12-31",
                    "--json", "--planner-model", model);
            assertThat(valid.exitCode()).as(valid.stderr()).isZero();
            JsonNode totals = valid.answers().get(valid.answers().size() - 1).path("totals");
            report.append("== EHRSQL-2024 valid on the MIMIC-IV demo (H2), decided by each rung: ")
                    .append(totals.path("by_rung")).append("; correct ").append(totals.path("correct"))
                    .append(", wrong ").append(totals.path("wrong")).append(", unanswerable answered ")
                    .append(totals.path("answered_unanswerable")).append('\n');
        } else {
            // said in the report either way: a suite this run cannot put through the planner is never silent
            report.append("== EHRSQL-2024 valid: the material is not at ").append(MimicDemo.EHRSQL)
                    .append(" (-Dtally.ehrsql=DIR)\n");
        }
        report.append("== total: ").append(total).append('\n');
        Files.writeString(TARGET.resolve("acceptance.txt"), report);
        System.err.println(report);
    }

    private static boolean decidedByPlanner(JsonNode answer) {
        JsonNode path = answer.path("path");
        JsonNode last = path.get(path.size() - 1);
        return last != null && last.path("rung").asText().equals("planner")
                && !last.path("outcome").asText().equals("miss");
    }

    /** correct, wrong (answered and not the gold, or answered a must-refuse), or the status it ended with. */
    private static String judge(UnseenHospital h, Path db, UnseenSuite.Question q, JsonNode a) throws Exception {
        boolean answered = a.path("status").asText().equals("answered");
        if (!q.expectsAnswer()) {
            return answered ? "wrong (answered a question that must be refused)" : "refused-ok";
        }
        if (!answered) {
            return a.path("status").asText();
        }
        var gold = GoldSql.run(h.readOnlyUrl(db), UnseenHospital.USER, UnseenHospital.PASSWORD, q.gold());
        Optional<String> why = ResultComparator.mismatch(gold, TallyRun.table(a), q.ordered());
        return why.isEmpty() ? "correct" : "wrong";
    }

    private static String[] with(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static DataFolder home(String id) throws IOException {
        return new DataFolder(Files.createDirectories(TARGET.resolve("home").resolve(id)));
    }
}
