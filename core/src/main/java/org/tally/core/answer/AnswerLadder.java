package org.tally.core.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * Walks the rungs in order until one decides the question; records every rung and step as provenance.
 * A question no rung answers is refused with the reasons of the misses: never a guess.
 */
public final class AnswerLadder implements AnswerEngine {

    private final List<Rung> rungs;
    private final LongSupplier nanoTime;
    private final AutoCloseable resources;

    public AnswerLadder(List<Rung> rungs, LongSupplier nanoTime, AutoCloseable resources) {
        this.rungs = List.copyOf(rungs);
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.resources = resources;
    }

    @Override
    public Answer ask(String question) {
        return ask(question, StepListener.NONE);
    }

    /** Walks the ladder; each rung reports its inner steps to {@code live} as they end, the ladder each rung's own. */
    @Override
    public Answer ask(String question, StepListener live) {
        String q = question == null ? "" : question.strip();
        List<PathStep> path = new ArrayList<>();
        if (q.isEmpty()) {
            return Answer.refused(q, path, "The question is empty. Ask something like \"How many patients are there?\"");
        }
        List<String> misses = new ArrayList<>();
        for (Rung rung : rungs) {
            long start = nanoTime.getAsLong();
            Rung.Attempt attempt;
            try {
                attempt = rung.attempt(q, live);
            } catch (RuntimeException e) {
                PathStep failed = new PathStep(rung.name(), Outcome.ERROR, describe(e), elapsedMs(start));
                path.add(failed);
                live.step(failed);
                return Answer.error(q, path, "The " + rung.name() + " rung failed: " + describe(e));
            }
            long ms = elapsedMs(start);
            if (attempt instanceof Rung.Attempt.Miss miss) {
                path.addAll(miss.steps());
                PathStep missed = new PathStep(rung.name(), Outcome.MISS, miss.reason(), ms);
                path.add(missed);
                live.step(missed);
                misses.add(miss.reason());
            } else if (attempt instanceof Rung.Attempt.Done done) {
                path.addAll(done.steps());
                Answer a = done.answer();
                Outcome outcome = switch (a.status()) {
                    case ANSWERED -> Outcome.OK;
                    case CLARIFY -> Outcome.CLARIFY;
                    case REFUSED -> Outcome.MISS;
                    case ERROR -> Outcome.ERROR;
                };
                PathStep decided = new PathStep(rung.name(), outcome, a.message(), ms);
                path.add(decided);
                live.step(decided);
                return a.withPath(q, path);
            } else {
                throw new AssertionError(attempt);
            }
        }
        // the last rung tried is the most specific about why; every rung's reason stays in the path
        String why = misses.isEmpty()
                ? "No rung of the answer ladder is available for this source yet, so Tally cannot answer it."
                : "Tally could not answer this exactly: " + misses.get(misses.size() - 1) + ".";
        return Answer.refused(q, path, why);
    }

    /** Asks each paging rung in turn; the one that listed the cursor's spec reads the page. */
    @Override
    public PageResult nextPage(PageCursor cursor) {
        for (Rung rung : rungs) {
            if (rung instanceof PagingRung paging) {
                java.util.Optional<PageResult> page = paging.nextPage(cursor);
                if (page.isPresent()) {
                    return page.get();
                }
            }
        }
        return new PageResult.Failed("This list can no longer be continued here; ask the question again to see"
                + " its rows from the start.", List.of());
    }

    private long elapsedMs(long start) {
        return Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
    }

    private static String describe(RuntimeException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    @Override
    public void close() {
        if (resources != null) {
            try {
                resources.close();
            } catch (Exception ignored) {
                // closing a read-only connection cannot lose anything
            }
        }
    }
}
