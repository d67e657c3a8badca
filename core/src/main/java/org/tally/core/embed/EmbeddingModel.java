package org.tally.core.embed;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process's one embedding model, loaded once and off the caller's thread: {@link #start} begins loading on an
 * executor (the workstation's background pool; the command line's own thread when it needs the model at once),
 * {@link #now} never blocks and is empty until the model is ready, {@link #await} waits for it. A model that fails
 * to load stays absent (logged with its stack trace); everything that uses embeddings then works without them.
 */
public final class EmbeddingModel {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddingModel.class);

    /** No model at all: every caller works by names alone. */
    public static final EmbeddingModel NONE = new EmbeddingModel(null);

    private final Supplier<Embeddings> loader;
    private volatile CompletableFuture<Optional<Embeddings>> loading;

    /** @param loader loads the model (slow, may throw); null for {@link #NONE} */
    public EmbeddingModel(Supplier<Embeddings> loader) {
        this.loader = loader;
    }

    /** A model already in hand (tests, benchmarks). */
    public static EmbeddingModel of(Embeddings embeddings) {
        Objects.requireNonNull(embeddings, "embeddings");
        EmbeddingModel m = new EmbeddingModel(() -> embeddings);
        m.loading = CompletableFuture.completedFuture(Optional.of(embeddings));
        return m;
    }

    /** Starts loading on {@code executor} unless it was started already; returns at once. */
    public synchronized EmbeddingModel start(Executor executor) {
        if (loading == null) {
            loading = loader == null ? CompletableFuture.completedFuture(Optional.empty())
                    : CompletableFuture.supplyAsync(this::load, executor);
        }
        return this;
    }

    /** The model when it is loaded; empty while loading, when it failed, or when none is configured. */
    public Optional<Embeddings> now() {
        CompletableFuture<Optional<Embeddings>> f = loading;
        return f != null && f.isDone() ? f.join() : Optional.empty();
    }

    /** Waits for the model, loading it on this thread when nothing started it; empty when it cannot be had. */
    public Optional<Embeddings> await() {
        start(Runnable::run);
        return loading.join();
    }

    /** True when a model is configured (it may still be loading or may fail). */
    public boolean configured() {
        return loader != null;
    }

    private Optional<Embeddings> load() {
        long t = System.nanoTime();
        try {
            Embeddings e = loader.get();
            LOG.info("embedding model {} loaded in {} ms", e.modelId(), (System.nanoTime() - t) / 1_000_000);
            return Optional.of(e);
        } catch (RuntimeException | LinkageError e) {
            LOG.error("the embedding model could not be loaded; linking and retrieval work without it", e);
            return Optional.empty();
        }
    }
}
