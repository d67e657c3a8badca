package org.tally.ui.binding;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tally.core.Progress;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;

/**
 * The workstation's read-only view of the binding, plus saving overrides. Implemented by whoever owns the binding;
 * until one is wired, {@link #NONE} says honestly that there is no binding for any source.
 */
public interface BindingProvider {

    /** The binding of {@code source}, or empty when there is none (yet). Blocking: call off the UI thread. */
    Optional<BindingSnapshot> snapshot(SourceRef source);

    /** The concepts a table may be bound to (the domain pack's). */
    List<String> concepts();

    /** The column roles a column may take. */
    List<String> roles();

    /**
     * Saves an override and rebuilds the binding. Returns field → error (fields: concept, role, alias, value);
     * empty means saved. Blocking: call off the UI thread.
     */
    Map<String, String> saveOverride(SourceRef source, OverrideDraft draft);

    /**
     * Introspects and profiles {@code source} again and makes the new catalog version active (the binding and its
     * drift alarms follow from it). Long: call off the UI thread; it stops with a CancellationException when
     * {@code progress} is cancelled, leaving the last version active. Returns one sentence saying what was read.
     */
    default String refresh(SourceRef source, Credentials credentials, Progress progress) {
        throw new IllegalStateException("The catalog cannot be refreshed here: the binding is not available yet");
    }

    /**
     * The review of {@code source}'s binding (tables to look at first, missing indexes), read over a connection with
     * {@code credentials} for the index advice. Blocking: call off the UI thread. A provider without one has nothing
     * to review.
     */
    default BindingReviewSnapshot review(SourceRef source, Credentials credentials) {
        return BindingReviewSnapshot.EMPTY;
    }

    BindingProvider NONE = new BindingProvider() {
        @Override
        public Optional<BindingSnapshot> snapshot(SourceRef source) {
            return Optional.empty();
        }

        @Override
        public List<String> concepts() {
            return List.of();
        }

        @Override
        public List<String> roles() {
            return List.of();
        }

        @Override
        public Map<String, String> saveOverride(SourceRef source, OverrideDraft draft) {
            return Map.of("concept", "Overrides cannot be saved: the binding is not available yet");
        }
    };
}
