package org.tally.ui.task;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.application.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;

/**
 * Runs jobs on a small pool of daemon threads and delivers every callback on the JavaFX thread. Progress reports
 * are coalesced (only the newest pending one is delivered), so a chatty job cannot flood the UI thread.
 */
public final class FxTaskRunner implements TaskRunner, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FxTaskRunner.class);

    private final ExecutorService pool;
    private final Consumer<Runnable> uiThread;

    public FxTaskRunner() {
        this(2, Platform::runLater);
    }

    /** @param uiThread where callbacks run (tests pass a queue they drain themselves) */
    public FxTaskRunner(int threads, Consumer<Runnable> uiThread) {
        AtomicInteger count = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tally-work-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.uiThread = uiThread;
    }

    @Override
    public <T, P> TaskHandle stream(String title, StreamingJob<T, P> job, TaskListener<T> listener,
                                    Consumer<P> onPart) {
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicBoolean done = new AtomicBoolean();
        AtomicReference<Object[]> pendingProgress = new AtomicReference<>();
        Progress progress = new Progress() {
            @Override
            public void report(String stage, double fraction) {
                if (pendingProgress.getAndSet(new Object[] {stage, fraction}) == null) {
                    uiThread.accept(() -> {
                        Object[] latest = pendingProgress.getAndSet(null);
                        if (latest != null && !done.get()) {
                            listener.progress((String) latest[0], (Double) latest[1]);
                        }
                    });
                }
            }

            @Override
            public boolean cancelled() {
                return cancelled.get() || Thread.currentThread().isInterrupted();
            }
        };
        // every part is delivered (never coalesced), queued on the UI thread ahead of the outcome posted after it
        Consumer<P> publish = part -> uiThread.accept(() -> {
            if (!cancelled.get()) {
                onPart.accept(part);
            }
        });
        Future<?> future = pool.submit(() -> {
            try {
                T value = job.run(progress, publish);
                finish(done, () -> {
                    if (cancelled.get()) {
                        listener.cancelled();
                    } else {
                        listener.succeeded(value);
                    }
                });
            } catch (CancellationException | InterruptedException e) {
                finish(done, listener::cancelled);
            } catch (Exception | LinkageError | AssertionError e) {
                if (cancelled.get()) {
                    finish(done, listener::cancelled);
                } else {
                    LOG.warn("{} failed: {}", title, e.toString());
                    finish(done, () -> listener.failed(e));
                }
            }
        });
        return new TaskHandle() {
            @Override
            public void cancel() {
                if (!done.get() && cancelled.compareAndSet(false, true)) {
                    LOG.info("{}: cancel requested", title);
                    future.cancel(true);
                    if (future.isCancelled()) {
                        // never started: nobody else will tell the listener
                        finish(done, listener::cancelled);
                    }
                }
            }

            @Override
            public boolean isCancelled() {
                return cancelled.get();
            }

            @Override
            public boolean isDone() {
                return done.get();
            }
        };
    }

    private void finish(AtomicBoolean done, Runnable callback) {
        if (done.compareAndSet(false, true)) {
            uiThread.accept(callback);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
