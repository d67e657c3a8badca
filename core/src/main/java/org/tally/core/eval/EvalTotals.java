package org.tally.core.eval;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tally.core.answer.AnswerStatus;

/**
 * The totals of a run. RS(c) is the shared task's reliability score: the mean over scored questions of +1 for a
 * right answer or for not answering an unanswerable question, 0 for not answering an answerable one and −c for a
 * wrong answer or an answered unanswerable one, times 100; c is 0, 10 and N (the number of scored questions).
 * Coverage is the share of scored questions Tally answered. {@code byRung} counts the verdicts of the questions each
 * ladder rung decided (in the ladder's words: grammar, planner, ...), so a run with the planner on shows what the
 * planner added, right and wrong, beside what the grammar did.
 */
public record EvalTotals(int questions, int answerable, int unanswerable, int correct, int wrong, int notAnswered,
                         int answeredUnanswerable, int abstained, int goldFailed, int extraColumns, int refused,
                         int clarified, int errors, double rs0, double rs10, double rsN, double coverage,
                         Map<String, Map<Verdict, Integer>> byRung) {

    public EvalTotals {
        Map<String, Map<Verdict, Integer>> copy = new TreeMap<>();
        byRung.forEach((rung, verdicts) -> copy.put(rung, Collections.unmodifiableMap(new EnumMap<>(verdicts))));
        byRung = Collections.unmodifiableMap(copy);
    }

    public static EvalTotals of(List<CaseResult> results) {
        Map<Verdict, Integer> by = new EnumMap<>(Verdict.class);
        Map<AnswerStatus, Integer> status = new EnumMap<>(AnswerStatus.class);
        Map<String, Map<Verdict, Integer>> byRung = new TreeMap<>();
        int extra = 0;
        for (CaseResult r : results) {
            by.merge(r.verdict(), 1, Integer::sum);
            if (r.rung() != null && r.verdict() != Verdict.GOLD_FAILED) {
                byRung.computeIfAbsent(r.rung(), k -> new EnumMap<>(Verdict.class)).merge(r.verdict(), 1, Integer::sum);
            }
            if (r.verdict() != Verdict.GOLD_FAILED) {
                status.merge(r.status(), 1, Integer::sum);
            }
            if (r.extraColumns()) {
                extra++;
            }
        }
        int scored = results.size() - by.getOrDefault(Verdict.GOLD_FAILED, 0);
        int answerable = by.getOrDefault(Verdict.CORRECT, 0) + by.getOrDefault(Verdict.WRONG, 0)
                + by.getOrDefault(Verdict.NOT_ANSWERED, 0);
        int answered = status.getOrDefault(AnswerStatus.ANSWERED, 0);
        return new EvalTotals(scored, answerable, scored - answerable, by.getOrDefault(Verdict.CORRECT, 0),
                by.getOrDefault(Verdict.WRONG, 0), by.getOrDefault(Verdict.NOT_ANSWERED, 0),
                by.getOrDefault(Verdict.ANSWERED_UNANSWERABLE, 0), by.getOrDefault(Verdict.ABSTAINED, 0),
                by.getOrDefault(Verdict.GOLD_FAILED, 0), extra, status.getOrDefault(AnswerStatus.REFUSED, 0),
                status.getOrDefault(AnswerStatus.CLARIFY, 0), status.getOrDefault(AnswerStatus.ERROR, 0),
                rs(results, 0), rs(results, 10), rs(results, scored), scored == 0 ? 0 : 100.0 * answered / scored,
                byRung);
    }

    private static double rs(List<CaseResult> results, double c) {
        double sum = 0;
        int n = 0;
        for (CaseResult r : results) {
            if (r.verdict() != Verdict.GOLD_FAILED) {
                sum += r.verdict().score(c);
                n++;
            }
        }
        return n == 0 ? 0 : 100 * sum / n;
    }

    /** Correct answers as a share of the answerable questions, in percent. */
    public double correctShare() {
        return answerable == 0 ? 0 : 100.0 * correct / answerable;
    }
}
