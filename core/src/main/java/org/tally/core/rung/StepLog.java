package org.tally.core.rung;

import java.util.ArrayList;
import java.util.Objects;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.StepListener;

/** The steps of one attempt; each is also told to a live listener the moment it is added. */
final class StepLog extends ArrayList<PathStep> {

    private final transient StepListener live;

    StepLog(StepListener live) {
        this.live = Objects.requireNonNull(live, "live");
    }

    @Override
    public boolean add(PathStep step) {
        super.add(step);
        live.step(step);
        return true;
    }

    @Override
    public void add(int index, PathStep step) {
        throw new UnsupportedOperationException("steps are recorded in the order they end");
    }
}
