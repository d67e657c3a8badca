package org.tally.ui.task;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The UI thread is replaced by a queue the test drains, so callbacks are seen exactly as the UI would see them. */
class FxTaskRunnerTest {

    private final LinkedBlockingQueue<Runnable> uiQueue = new LinkedBlockingQueue<>();
    private final FxTaskRunner runner = new FxTaskRunner(2, uiQueue::add);
    private final List<String> events = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        runner.close();
    }

    private TaskListener<String> recorder() {
        return new TaskListener<>() {
            @Override
            public void succeeded(String value) {
                events.add("ok " + value + " on " + Thread.currentThread().getName());
            }

            @Override
            public void failed(Throwable error) {
                events.add("failed " + error.getMessage());
            }

            @Override
            public void progress(String stage, double fraction) {
                events.add("progress " + stage + " " + fraction);
            }

            @Override
            public void cancelled() {
                events.add("cancelled");
            }
        };
    }

    private void drainUntil(int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (events.size() < count && System.nanoTime() < deadline) {
            Runnable r = uiQueue.poll(100, TimeUnit.MILLISECONDS);
            if (r != null) {
                r.run();
            }
        }
    }

    @Test
    void theJobRunsOffTheCallingThreadAndTheResultArrivesOnTheUiThread() throws Exception {
        String caller = Thread.currentThread().getName();
        runner.submit("t", p -> Thread.currentThread().getName(), recorder());
        drainUntil(1);
        assertThat(events).singleElement().asString().startsWith("ok tally-work-").endsWith("on " + caller);
    }

    @Test
    void failuresAreReported() throws Exception {
        runner.submit("t", p -> {
            throw new IllegalStateException("broken");
        }, recorder());
        drainUntil(1);
        assertThat(events).containsExactly("failed broken");
    }

    @Test
    void cancelStopsAJobThatChecksProgress() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        TaskHandle handle = runner.submit("t", p -> {
            started.countDown();
            while (!p.cancelled()) {
                Thread.onSpinWait();
            }
            throw new CancellationException();
        }, recorder());
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        handle.cancel();
        drainUntil(1);
        assertThat(events).containsExactly("cancelled");
        assertThat(handle.isCancelled()).isTrue();
        assertThat(handle.isDone()).isTrue();
    }

    @Test
    void progressIsCoalescedToTheNewestReport() throws Exception {
        CountDownLatch reported = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        runner.submit("t", p -> {
            for (int i = 1; i <= 100; i++) {
                p.report("step", i / 100.0);
            }
            reported.countDown();
            release.await();
            return "done";
        }, recorder());
        assertThat(reported.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(uiQueue).as("one pending delivery for 100 reports").hasSize(1);
        uiQueue.take().run();
        assertThat(events).containsExactly("progress step 1.0");
        release.countDown();
        drainUntil(2);
        assertThat(events.get(1)).startsWith("ok done");
    }

    @Test
    void theSyncRunnerFinishesBeforeSubmitReturns() {
        TaskHandle h = new SyncTaskRunner().submit("t", p -> {
            p.report("half", 0.5);
            return "v";
        }, recorder());
        assertThat(h.isDone()).isTrue();
        assertThat(events).hasSize(2);
        assertThat(events.get(0)).isEqualTo("progress half 0.5");
        assertThat(events.get(1)).startsWith("ok v");
    }

    @Test
    void activityShowsTheJobWhileItRunsAndCancelReachesIt() throws Exception {
        Activity activity = new Activity();
        CountDownLatch started = new CountDownLatch(1);
        TaskListener<String> l = activity.track("Opening demo:dev", recorder());
        activity.attach(runner.submit("t", p -> {
            p.report("generating", 0.25);
            started.countDown();
            while (!p.cancelled()) {
                Thread.onSpinWait();
            }
            throw new CancellationException();
        }, l));
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        drainUntil(1);
        assertThat(activity.runningProperty().get()).isTrue();
        assertThat(activity.titleProperty().get()).isEqualTo("Opening demo:dev");
        assertThat(activity.stageProperty().get()).isEqualTo("generating");
        assertThat(activity.fractionProperty().get()).isEqualTo(0.25);
        activity.cancel();
        drainUntil(2);
        assertThat(events).containsExactly("progress generating 0.25", "cancelled");
        assertThat(activity.runningProperty().get()).isFalse();
    }

    @Test
    void activityShowsTheNewestRunningJobAndFallsBackWhenItEnds() throws Exception {
        Activity activity = new Activity();
        CountDownLatch releaseOpen = new CountDownLatch(1);
        CountDownLatch releaseBinding = new CountDownLatch(1);
        activity.attach(runner.submit("open", p -> {
            releaseOpen.await();
            return "opened";
        }, activity.track("Opening demo:dev", recorder())));
        activity.attach(runner.submit("binding", p -> {
            releaseBinding.await();
            return "bound";
        }, activity.track("Loading binding", recorder())));
        assertThat(activity.countProperty().get()).isEqualTo(2);
        assertThat(activity.titleProperty().get()).isEqualTo("Loading binding");

        releaseBinding.countDown();
        drainUntil(1);
        assertThat(activity.runningProperty().get()).isTrue();
        assertThat(activity.titleProperty().get()).as("the older job is still running").isEqualTo("Opening demo:dev");

        activity.cancel();
        releaseOpen.countDown();
        drainUntil(2);
        assertThat(events.get(1)).isEqualTo("cancelled");
        assertThat(activity.runningProperty().get()).isFalse();
    }
}
