package org.tally.acceptance.paraphrase;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.tally.acceptance.golden.DemoUrls;
import org.tally.acceptance.golden.GoldSql;
import org.tally.acceptance.golden.GoldenSuite;
import org.tally.acceptance.golden.TallyRun;
import org.tally.acceptance.measure.Verdict;
import org.tally.core.DataFolder;
import org.tally.core.source.DemoSchema;

/**
 * Every paraphrase asked on one demo schema with the planner on; the answers the planner decided are judged against
 * their golden question's gold (hand-written SQL) exactly as {@code ParaphraseSuiteTest} judges, and counted by
 * outcome. For the opt-in planner acceptance run: what a real model adds on wording the grammar does not read.
 */
public final class ParaphrasePlannerRun {

    private ParaphrasePlannerRun() {
    }

    /** Outcome label -> count over the paraphrases {@code decidedByPlanner} picks out. */
    public static Map<String, Integer> plannerOutcomes(DataFolder home, DemoSchema schema, String model,
                                                       Predicate<JsonNode> decidedByPlanner) throws Exception {
        GoldenSuite golden = GoldenSuite.loadAll(GoldenSuite.FILES);
        ParaphraseSuite suite = ParaphraseSuite.loadAll(ParaphraseSuiteTest.FILES);
        Map<String, GoldenSuite.Question> questions = new HashMap<>();
        golden.questions().forEach(q -> questions.put(q.id(), q));
        List<ParaphraseSuite.Paraphrase> paraphrases = suite.all();
        TallyRun.Result run = TallyRun.askJsonl(home, paraphrases.stream().map(ParaphraseSuite.Paraphrase::text)
                .toList(), "ask", "--source", schema.sourceName(), "--today", suite.today(), "--jsonl",
                "--planner-model", model);
        if (run.exitCode() != 0 || run.answers().size() != paraphrases.size()) {
            throw new IllegalStateException("the paraphrase run with the planner stopped: " + run.stderr());
        }
        String url = DemoUrls.readOnly(schema);
        Map<String, Integer> counts = new TreeMap<>();
        for (int i = 0; i < paraphrases.size(); i++) {
            JsonNode answer = run.answers().get(i);
            if (!decidedByPlanner.test(answer)) {
                continue;
            }
            GoldenSuite.Question q = questions.get(paraphrases.get(i).of());
            Verdict v = q == null ? Verdict.ofRefusal(answer)
                    : Verdict.ofAnswer(GoldSql.run(url, q.gold().get(schema.id())), List.of(), q.ordered(), answer);
            counts.merge(v.outcome().label(), 1, Integer::sum);
        }
        return counts;
    }
}
