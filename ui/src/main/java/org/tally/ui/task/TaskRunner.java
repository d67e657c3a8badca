package org.tally.ui.task;

import java.util.function.Consumer;

/** Runs long work away from the UI thread and reports back on it. */
public interface TaskRunner {

    /**
     * Runs {@code job} away from the UI thread. Each part it publishes reaches {@code onPart} on the UI thread, in the
     * order published and before the job's outcome; after a cancel no part is delivered.
     */
    <T, P> TaskHandle stream(String title, StreamingJob<T, P> job, TaskListener<T> listener, Consumer<P> onPart);

    default <T> TaskHandle submit(String title, Job<T> job, TaskListener<T> listener) {
        return stream(title, (progress, publish) -> job.run(progress), listener, part -> { });
    }
}
