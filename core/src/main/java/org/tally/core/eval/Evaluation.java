package org.tally.core.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;

/**
 * Runs a suite's questions through one answer engine, in order, and judges each answer against what the suite
 * expects. Expected answers come only from the suite: its written rows, or its gold statements run on the source.
 */
public final class Evaluation {

    private static final Logger LOG = LoggerFactory.getLogger(Evaluation.class);

    private Evaluation() {
    }

    /** Every verdict in the suite's order; {@code each} hears of each as it is decided. */
    public static List<CaseResult> run(Suite suite, AnswerEngine engine, GoldRunner gold, Consumer<CaseResult> each) {
        List<CaseResult> out = new ArrayList<>(suite.cases().size());
        for (SuiteCase c : suite.cases()) {
            CaseResult r = judge(c, engine.ask(c.question()), gold);
            out.add(r);
            each.accept(r);
        }
        return out;
    }

    /** The verdict on one answer. */
    public static CaseResult judge(SuiteCase c, Answer answer, GoldRunner gold) {
        boolean answered = answer.status() == AnswerStatus.ANSWERED;
        Expected e = c.expected();
        if (e instanceof Expected.NoAnswer none) {
            return answered ? result(c, answer, Verdict.ANSWERED_UNANSWERABLE, false, none.why())
                    : result(c, answer, Verdict.ABSTAINED, false, answer.message());
        }
        GoldTable expected;
        boolean ordered;
        if (e instanceof Expected.Rows rows) {
            expected = GoldTable.written(rows.rows());
            ordered = rows.ordered();
        } else if (e instanceof Expected.GoldSql sql) {
            try {
                expected = gold.run(sql.sql());
            } catch (GoldRunner.GoldFailure f) {
                return result(c, answer, Verdict.GOLD_FAILED, false, "the suite's gold statement failed: "
                        + f.getMessage());
            }
            ordered = sql.ordered();
        } else {
            throw new AssertionError("unknown expectation " + e);
        }
        if (!answered) {
            return result(c, answer, Verdict.NOT_ANSWERED, false, answer.message() != null ? answer.message()
                    : answer.clarify() != null ? answer.clarify().question() : answer.status().json());
        }
        AnswerMatch.Result m = AnswerMatch.compare(expected, answer.rows(), answer.columns().size(), ordered);
        if (m.matches()) {
            return result(c, answer, Verdict.CORRECT, m.extraColumns(), null);
        }
        if (e instanceof Expected.GoldSql sql) {
            return judgeAlternatives(c, answer, sql, gold, m.why());
        }
        return result(c, answer, Verdict.WRONG, false, m.why());
    }

    private static CaseResult judgeAlternatives(SuiteCase c, Answer answer, Expected.GoldSql sql, GoldRunner gold,
                                                String why) {
        for (Expected.Alternative alt : sql.alternatives()) {
            GoldTable rows;
            try {
                rows = gold.run(alt.sql());
            } catch (GoldRunner.GoldFailure f) {
                LOG.warn("the alternative '{}' of {} failed: {}", alt.label(), c.id(), f.getMessage());
                continue;
            }
            AnswerMatch.Result m = AnswerMatch.compare(rows, answer.rows(), answer.columns().size(), sql.ordered());
            if (m.matches()) {
                return alt.acceptable() ? result(c, answer, Verdict.CORRECT, m.extraColumns(), "as " + alt.label())
                        : result(c, answer, Verdict.WRONG, false, "the known wrong reading '" + alt.label() + "'");
            }
        }
        return result(c, answer, Verdict.WRONG, false, why);
    }

    private static CaseResult result(SuiteCase c, Answer a, Verdict v, boolean extra, String detail) {
        return new CaseResult(c.id(), c.question(), v, a.status(), extra, detail, a.sql(), decidingRung(a.path()));
    }

    /** The ladder appends the deciding rung's step last; a path ending in a miss (or nothing) had no decider. */
    static String decidingRung(List<PathStep> path) {
        if (path.isEmpty()) {
            return null;
        }
        PathStep last = path.get(path.size() - 1);
        return last.outcome() == Outcome.MISS || last.outcome() == Outcome.SKIPPED ? null : last.rung();
    }
}
