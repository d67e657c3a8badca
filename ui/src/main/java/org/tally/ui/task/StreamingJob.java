package org.tally.ui.task;

import java.util.function.Consumer;
import org.tally.core.Progress;

/** Long work that hands over parts of its result as it goes (the steps of an answer), then the result. */
@FunctionalInterface
public interface StreamingJob<T, P> {
    T run(Progress progress, Consumer<P> publish) throws Exception;
}
