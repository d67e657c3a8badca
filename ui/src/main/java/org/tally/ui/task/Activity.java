package org.tally.ui.task;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The long work the status bar shows: of the jobs still running, the newest one, with its title, current stage,
 * fraction (negative = unknown) and a cancel action that reaches that job. Used on the UI thread only.
 */
public final class Activity {

    private static final class Job {
        final String title;
        String stage = "";
        double fraction = -1;
        TaskHandle handle;

        Job(String title) {
            this.title = title;
        }
    }

    private final List<Job> running = new ArrayList<>();
    private Job lastTracked;
    private final BooleanProperty busy = new SimpleBooleanProperty(false);
    private final SimpleIntegerProperty count = new SimpleIntegerProperty(0);
    private final StringProperty title = new SimpleStringProperty("");
    private final StringProperty stage = new SimpleStringProperty("");
    private final DoubleProperty fraction = new SimpleDoubleProperty(-1);

    /** Wraps a listener so the job shows here until it ends; pass the handle to {@link #attach} afterwards. */
    public <T> TaskListener<T> track(String jobTitle, TaskListener<T> inner) {
        Job job = new Job(jobTitle);
        running.add(job);
        lastTracked = job;
        refresh();
        return new TaskListener<>() {
            @Override
            public void succeeded(T value) {
                end(job);
                inner.succeeded(value);
            }

            @Override
            public void failed(Throwable error) {
                end(job);
                inner.failed(error);
            }

            @Override
            public void progress(String s, double f) {
                job.stage = s;
                job.fraction = f;
                refresh();
                inner.progress(s, f);
            }

            @Override
            public void cancelled() {
                end(job);
                inner.cancelled();
            }
        };
    }

    /** The handle of the job {@link #track} was last called for, so cancel reaches it (if it still runs). */
    public void attach(TaskHandle handle) {
        if (lastTracked != null && running.contains(lastTracked)) {
            lastTracked.handle = handle;
        }
        lastTracked = null;
    }

    /** Cancels the job shown. */
    public void cancel() {
        if (!running.isEmpty()) {
            TaskHandle h = running.get(running.size() - 1).handle;
            if (h != null) {
                h.cancel();
            }
        }
    }

    private void end(Job job) {
        running.remove(job);
        refresh();
    }

    private void refresh() {
        count.set(running.size());
        busy.set(!running.isEmpty());
        if (running.isEmpty()) {
            title.set("");
            stage.set("");
            fraction.set(-1);
            return;
        }
        Job shown = running.get(running.size() - 1);
        title.set(shown.title);
        stage.set(shown.stage);
        fraction.set(shown.fraction);
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return busy;
    }

    /** How many jobs are running. */
    public ReadOnlyIntegerProperty countProperty() {
        return count;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title;
    }

    public ReadOnlyStringProperty stageProperty() {
        return stage;
    }

    public ReadOnlyDoubleProperty fractionProperty() {
        return fraction;
    }
}
