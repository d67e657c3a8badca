package org.tally.ui.task;

/** Runs long work away from the UI thread and reports back on it. */
public interface TaskRunner {

    <T> TaskHandle submit(String title, Job<T> job, TaskListener<T> listener);
}
