package org.tally.ui.task;

/** What a view model hears about a job; every call arrives on the UI thread (or the caller's, in tests). */
public interface TaskListener<T> {

    void succeeded(T value);

    void failed(Throwable error);

    default void progress(String stage, double fraction) {
    }

    default void cancelled() {
    }
}
