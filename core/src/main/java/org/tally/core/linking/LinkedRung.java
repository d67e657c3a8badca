package org.tally.core.linking;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import org.tally.core.answer.Answer;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.answer.StepListener;

/**
 * A rung whose schema comes from linking (the planner's): the question is linked first; one that names a table
 * outside the scope gets the redirect and never reaches the inner rung, so nothing across scopes is joined or even
 * described to a model; any other question goes on to the inner rung, whose schema context is the same linker's.
 */
public final class LinkedRung implements Rung {

    private final SchemaLinker linker;
    private final Rung inner;
    private final LongSupplier nanoTime;

    public LinkedRung(SchemaLinker linker, Rung inner, LongSupplier nanoTime) {
        this.linker = Objects.requireNonNull(linker, "linker");
        this.inner = Objects.requireNonNull(inner, "inner");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Attempt attempt(String question) {
        return attempt(question, StepListener.NONE);
    }

    @Override
    public Attempt attempt(String question, StepListener live) {
        long start = nanoTime.getAsLong();
        SchemaLinker.Result result = linker.link(question);
        long ms = Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
        if (result instanceof SchemaLinker.Result.Redirect redirect) {
            PathStep step = new PathStep("linking", Outcome.MISS, redirect.message(), ms);
            live.step(step);
            return new Attempt.Done(Answer.refused(question, List.of(step), redirect.message() + "."),
                    List.of(step));
        }
        if (result instanceof SchemaLinker.Result.Linked linked) {
            PathStep step = new PathStep("linking", Outcome.OK, linked.linked().size() + " tables linked to the"
                    + " question and " + linked.neighbours().size() + " they lead to", ms);
            live.step(step);
            return withStep(step, inner.attempt(question, live));
        }
        throw new AssertionError(result);
    }

    private static Attempt withStep(PathStep first, Attempt a) {
        List<PathStep> steps = new ArrayList<>();
        steps.add(first);
        steps.addAll(a.steps());
        if (a instanceof Attempt.Done done) {
            return new Attempt.Done(done.answer(), steps, done.attempts());
        }
        if (a instanceof Attempt.Miss miss) {
            return new Attempt.Miss(miss.reason(), steps, miss.attempts(), miss.applies());
        }
        throw new AssertionError(a);
    }
}
