package org.tally.ui.task;

/** A submitted job; cancel asks it to stop (it checks {@code Progress.cancelled()} between steps). */
public interface TaskHandle {

    void cancel();

    boolean isCancelled();

    boolean isDone();
}
