package org.tally.ui.task;

import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.tally.core.Progress;

/** Runs each job at once on the calling thread: view-model tests see the outcome when submit returns. */
public final class SyncTaskRunner implements TaskRunner {

    @Override
    public <T, P> TaskHandle stream(String title, StreamingJob<T, P> job, TaskListener<T> listener,
                                    Consumer<P> onPart) {
        AtomicBoolean cancelled = new AtomicBoolean();
        Progress progress = new Progress() {
            @Override
            public void report(String stage, double fraction) {
                listener.progress(stage, fraction);
            }

            @Override
            public boolean cancelled() {
                return cancelled.get();
            }
        };
        try {
            T value = job.run(progress, part -> {
                if (!cancelled.get()) {
                    onPart.accept(part);
                }
            });
            if (cancelled.get()) {
                listener.cancelled();
            } else {
                listener.succeeded(value);
            }
        } catch (CancellationException e) {
            listener.cancelled();
        } catch (Exception e) {
            listener.failed(e);
        }
        return new TaskHandle() {
            @Override
            public void cancel() {
                cancelled.set(true);
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }

            @Override
            public boolean isDone() {
                return true;
            }
        };
    }
}
