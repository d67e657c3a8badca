package org.tally.core;

/**
 * Progress of long work (demo generation, catalog refresh, profiling, model loading), so a caller can show
 * it and offer cancel. Implementations must be cheap and thread-safe; work calls them from its own thread.
 */
public interface Progress {

    /** Reports that {@code stage} is {@code fraction} (0..1) done. */
    void report(String stage, double fraction);

    /** True once the user asked to stop; long work checks it between steps and throws CancellationException. */
    default boolean cancelled() {
        return false;
    }

    Progress NONE = (stage, fraction) -> { };
}
