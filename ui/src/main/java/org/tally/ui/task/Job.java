package org.tally.ui.task;

import org.tally.core.Progress;

/** Long work run off the UI thread. It reports through {@code progress} and stops when it is cancelled. */
@FunctionalInterface
public interface Job<T> {
    T run(Progress progress) throws Exception;
}
