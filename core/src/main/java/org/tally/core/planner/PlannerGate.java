package org.tally.core.planner;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Admission control for the one model of the process: one question plans at a time. A question that finds the model
 * busy is not queued; it gets a fast, typed miss and the ladder goes on. Every engine of the process shares this gate.
 */
public final class PlannerGate {

    private static final Logger LOG = LoggerFactory.getLogger(PlannerGate.class);

    private final Planner planner;
    private final Semaphore permit = new Semaphore(1);

    public PlannerGate(Planner planner) {
        this.planner = Objects.requireNonNull(planner, "planner");
    }

    public ModelInfo model() {
        return planner.model();
    }

    /** The model for one question (both of its attempts), or empty when another question is using it. */
    public Optional<Entry> tryEnter() {
        return permit.tryAcquire() ? Optional.of(new Entry()) : Optional.empty();
    }

    /** Whether a question is using the model right now. */
    public boolean busy() {
        return permit.availablePermits() == 0;
    }

    /** The model held by one question until closed. */
    public final class Entry implements AutoCloseable {
        private boolean closed;

        private Entry() {
        }

        /**
         * One generation; a runtime that throws gives a failed generation (logged with its stack trace, never with
         * the request's text) rather than an exception the ladder would have to explain.
         */
        public Generation generate(PlanRequest request, Deadline deadline) {
            if (closed) {
                throw new IllegalStateException("the model was already given back");
            }
            long start = System.nanoTime();
            try {
                return planner.generate(request, deadline);
            } catch (RuntimeException e) {
                LOG.warn("the local model failed while generating ({})", request, e);
                return Generation.failed(e.getClass().getSimpleName() + (e.getMessage() == null ? ""
                        : ": " + e.getMessage()), Math.max(0, (System.nanoTime() - start) / 1_000_000));
            }
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                permit.release();
            }
        }
    }
}
