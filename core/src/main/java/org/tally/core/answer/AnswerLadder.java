package org.tally.core.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.spec.QuerySpec;

/**
 * Walks the rungs in order until one decides the question; records every rung and step as provenance.
 * A question no rung answers is refused with the reasons of the misses: never a guess.
 */
public final class AnswerLadder implements AnswerEngine {

    private static final Logger LOG = LoggerFactory.getLogger(AnswerLadder.class);

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
        if (q.isEmpty()) {
            return Answer.refused(q, List.of(), "The question is empty. Ask something like \"How many patients are"
                    + " there?\"");
        }
        Walk walk = new Walk(q, live);
        for (int i = 0; i < rungs.size(); i++) {
            Rung rung = rungs.get(i);
            if (rung instanceof FallbackRung) {
                continue;
            }
            Answer decided = walk.step(rung, () -> rung.attempt(q, walk.inner));
            if (decided != null) {
                return FallbackRung.sourceFailed(decided) ? walk.fallBack(decided, rungs.subList(i + 1, rungs.size()))
                        : decided;
            }
        }
        return walk.refusal();
    }

    /**
     * Takes the reply to a clarifying question: the rungs that can take replies try the question again with the
     * chosen option in the open slot; one that asks again misses (Tally asks once, never twice).
     */
    @Override
    public Answer reply(String question, Clarify clarify, String option, StepListener live) {
        String q = question == null ? "" : question.strip();
        if (!clarify.options().contains(option)) {
            return Answer.refused(q, List.of(), "'" + option + "' is not one of the options offered ("
                    + String.join(", ", clarify.options()) + ").");
        }
        if (!clarify.choosable()) {
            return Answer.refused(q, List.of(), "That choice cannot be filled in here; ask the question again naming "
                    + option + ".");
        }
        Walk walk = new Walk(q, live);
        for (Rung rung : rungs) {
            if (rung instanceof ClarifyingRung clarifying) {
                Optional<Rung.Attempt> tried = clarifying.reply(q, clarify, option, live);
                if (tried.isPresent()) {
                    Answer decided = walk.step(rung, tried::get);
                    if (decided != null) {
                        return decided;
                    }
                }
            }
        }
        return walk.refusal();
    }

    @Override
    public Optional<SpecRung> specs() {
        return rungs.stream().filter(SpecRung.class::isInstance).map(SpecRung.class::cast).findFirst();
    }

    /** The spec runs on the rung that reads specs, recorded as the rung {@code name}, after {@code before}. */
    @Override
    public Answer answer(String question, QuerySpec spec, String name, List<PathStep> before,
                         StepListener live) {
        String q = question == null ? "" : question.strip();
        Optional<SpecRung> reader = specs();
        Walk walk = new Walk(q, live);
        walk.path.addAll(before);
        if (reader.isEmpty()) {
            return Answer.refused(q, walk.path, "Tally cannot answer a prepared question on this source; ask it in"
                    + " words.");
        }
        Answer decided = walk.step(name, () -> reader.get().answer(q, spec, walk.inner));
        return decided != null ? decided : walk.refusal();
    }

    /** One walk down the ladder: the path so far and why each rung missed. */
    private final class Walk {
        private final String question;
        private final StepListener live;
        private final List<PathStep> path = new ArrayList<>();
        private final List<String> misses = new ArrayList<>();
        /** The inner steps the current rung reported as they ended: where it stopped, if it throws. */
        private final List<PathStep> reported = new ArrayList<>();
        final StepListener inner;

        Walk(String question, StepListener live) {
            this.question = question;
            this.live = live;
            this.inner = s -> {
                reported.add(s);
                live.step(s);
            };
        }

        /** Tries one rung; returns the answer when it decided the question, null when it missed. */
        Answer step(Rung rung, Supplier<Rung.Attempt> attemptIt) {
            return step(rung.name(), attemptIt);
        }

        Answer step(String rungName, Supplier<Rung.Attempt> attemptIt) {
            long start = nanoTime.getAsLong();
            reported.clear();
            Rung.Attempt attempt;
            try {
                attempt = attemptIt.get();
            } catch (RuntimeException e) {
                LOG.error("the {} rung stopped on a question", rungName, e);
                path.addAll(reported);
                String where = reported.isEmpty() ? "before its first step"
                        : "after its " + reported.get(reported.size() - 1).rung() + " step";
                String why = "stopped unexpectedly " + where + " (" + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")";
                PathStep failed = new PathStep(rungName, Outcome.ERROR, why, elapsedMs(start));
                path.add(failed);
                live.step(failed);
                return Answer.error(question, path, "The " + rungName + " rung " + why
                        + ". The details are in the log file.");
            }
            long ms = elapsedMs(start);
            if (attempt instanceof Rung.Attempt.Miss miss) {
                path.addAll(miss.steps());
                PathStep missed = new PathStep(rungName, Outcome.MISS, miss.reason(), ms, miss.attempts());
                path.add(missed);
                live.step(missed);
                if (miss.applies()) {
                    misses.add(miss.reason());
                }
                return null;
            }
            if (attempt instanceof Rung.Attempt.Done done) {
                path.addAll(done.steps());
                Answer a = done.answer();
                Outcome outcome = switch (a.status()) {
                    case ANSWERED -> Outcome.OK;
                    case CLARIFY -> Outcome.CLARIFY;
                    case REFUSED -> Outcome.MISS;
                    case ERROR -> Outcome.ERROR;
                };
                PathStep decided = new PathStep(rungName, outcome, a.message(), ms, done.attempts());
                path.add(decided);
                live.step(decided);
                Answer shown = a.display() == null && !a.rows().isEmpty()
                        ? a.withDisplay(DisplayValues.readable(a.rows(), Locale.getDefault(Locale.Category.FORMAT)))
                        : a;
                return shown.withPath(question, path);
            }
            throw new AssertionError(attempt);
        }

        /**
         * The live source failed under {@code failed}: the fallback rungs after it may stand in; the first that decides
         * answers, its steps after the failure in the path. When none can, the failure stands, with their misses.
         */
        Answer fallBack(Answer failed, List<Rung> later) {
            for (Rung rung : later) {
                if (rung instanceof FallbackRung fallback) {
                    Optional<Rung.Attempt> tried = fallback.takeOver(question, failed, live);
                    if (tried.isPresent()) {
                        Answer decided = step(rung, tried::get);
                        if (decided != null) {
                            return decided;
                        }
                    }
                }
            }
            return failed.withPath(question, path); // with why each fallback could not stand in
        }

        /** No rung decided: the last rung tried is the most specific about why; every reason stays in the path. */
        Answer refusal() {
            String why = misses.isEmpty()
                    ? "No rung of the answer ladder is available for this source yet, so Tally cannot answer it."
                    : "Tally could not answer this exactly: " + misses.get(misses.size() - 1) + ".";
            return Answer.refused(question, path, why);
        }
    }

    /** Asks each paging rung in turn; the one that listed the cursor's spec reads the page. */
    @Override
    public PageResult nextPage(PageCursor cursor) {
        for (Rung rung : rungs) {
            if (rung instanceof PagingRung paging) {
                Optional<PageResult> page = paging.nextPage(cursor);
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
