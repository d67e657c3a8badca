package org.tally.ui.result;

import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.ui.task.TaskListener;

/** Reads the page after a cursor off the UI thread and reports back on it. */
@FunctionalInterface
public interface PageLoader {

    void load(PageCursor cursor, TaskListener<PageResult> listener);

    /** For results that never page. */
    PageLoader NONE = (cursor, listener) -> listener.failed(new IllegalStateException("this result has no pages"));
}
