package org.tally.ui.task;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The long work the status bar shows: a title, the current stage, a fraction (negative = unknown) and a cancel
 * action. One job at a time is shown; the newest one wins.
 */
public final class Activity {

    private final BooleanProperty running = new SimpleBooleanProperty(false);
    private final StringProperty title = new SimpleStringProperty("");
    private final StringProperty stage = new SimpleStringProperty("");
    private final DoubleProperty fraction = new SimpleDoubleProperty(-1);
    private TaskHandle current;

    /** Wraps a listener so the job shows here while it runs. */
    public <T> TaskListener<T> track(String jobTitle, TaskListener<T> inner) {
        Activity self = this;
        running.set(true);
        title.set(jobTitle);
        stage.set("");
        fraction.set(-1);
        return new TaskListener<>() {
            @Override
            public void succeeded(T value) {
                self.stop();
                inner.succeeded(value);
            }

            @Override
            public void failed(Throwable error) {
                self.stop();
                inner.failed(error);
            }

            @Override
            public void progress(String s, double f) {
                stage.set(s);
                fraction.set(f);
                inner.progress(s, f);
            }

            @Override
            public void cancelled() {
                self.stop();
                inner.cancelled();
            }
        };
    }

    /** The handle of the job {@link #track} was called for, so cancel reaches it. */
    public void attach(TaskHandle handle) {
        if (running.get()) {
            current = handle;
        }
    }

    public void cancel() {
        if (current != null) {
            current.cancel();
        }
    }

    private void stop() {
        running.set(false);
        current = null;
        stage.set("");
        fraction.set(-1);
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running;
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
