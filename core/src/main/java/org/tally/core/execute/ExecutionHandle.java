package org.tally.core.execute;

import java.sql.SQLException;
import java.sql.Statement;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets another thread (the UI's stop button, the ladder's deadline) cancel one execution. Create one per
 * execution, pass it to {@link ReadOnlyExecutor#execute}, call {@link #cancel()} from anywhere: the running
 * statement is cancelled through JDBC and the execution ends with {@link ExecutionOutcome.Cancelled}. A cancel
 * that comes before the statement starts stops it from starting.
 */
public final class ExecutionHandle {

    private static final Logger LOG = LoggerFactory.getLogger(ExecutionHandle.class);

    private Statement running;
    private boolean cancelled;

    public synchronized void cancel() {
        if (cancelled) {
            return;
        }
        cancelled = true;
        cancelRunning();
    }

    public synchronized boolean isCancelled() {
        return cancelled;
    }

    /** True while a statement of this execution is at the database. */
    public synchronized boolean isRunning() {
        return running != null;
    }

    /** Registers the statement about to run; cancels it at once if a cancel already came. */
    synchronized void started(Statement statement) {
        running = statement;
        if (cancelled) {
            cancelRunning();
        }
    }

    synchronized void finished() {
        running = null;
    }

    private void cancelRunning() {
        if (running == null) {
            return;
        }
        try {
            running.cancel();
        } catch (SQLException | RuntimeException e) {
            // the statement may have finished meanwhile; the execution still reports Cancelled
            LOG.debug("cancelling the running statement failed: {}", e.toString());
        }
    }
}
