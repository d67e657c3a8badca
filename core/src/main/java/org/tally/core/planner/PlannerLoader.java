package org.tally.core.planner;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.Progress;

/**
 * Loads the planner's model, once per process: a runtime's native memory is not given back when a model is closed, so
 * the first model loaded stays for the process's lifetime, and asking for another one is refused until Tally is
 * started again. Loading reads a file the user placed in the models folder, checked against its SHA-256 manifest;
 * nothing is ever downloaded. Slow (seconds): call it off the UI thread.
 */
public interface PlannerLoader {

    /**
     * Verifies {@code file} against the manifest beside it, then loads it (or returns the model already loaded from
     * the same file).
     *
     * @throws PlannerLoadException when the file is not vouched for, another model is loaded, or the runtime fails;
     *                              the message says which, in words for people
     * @throws java.util.concurrent.CancellationException when {@code progress} was cancelled before the model was read
     */
    Planner load(Path file, LoadOptions options, Progress progress) throws PlannerLoadException;

    /** The model loaded in this process, if any. */
    Optional<Planner> loaded();

    /** The native library the runtime uses (or will use), and whether it can offload layers to a GPU. */
    NativeRuntime runtime();

    /**
     * How a model is loaded.
     *
     * @param threads     CPU threads for generation
     * @param contextSize the context window in tokens (the planner's instructions are a few thousand)
     * @param gpuLayers   layers to offload when the native library has a GPU backend (0: none)
     */
    record LoadOptions(int threads, int contextSize, int gpuLayers) {

        public LoadOptions {
            if (threads < 1 || contextSize < 512 || gpuLayers < 0) {
                throw new IllegalArgumentException("threads ≥ 1, context ≥ 512 and GPU layers ≥ 0, not " + threads
                        + ", " + contextSize + ", " + gpuLayers);
            }
        }

        /** Up to 4 threads, an 8192-token context, no GPU layers. */
        public static LoadOptions defaults() {
            return new LoadOptions(Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors())), 8192, 0);
        }
    }

    /**
     * @param library  the bundled CPU build, or the custom library named by {@code de.kherud.llama.lib.path}
     * @param backends the GPU backends found in that library (Vulkan, CUDA …), empty for a CPU-only build
     */
    record NativeRuntime(String library, List<String> backends) {
        public NativeRuntime {
            Objects.requireNonNull(library, "library");
            backends = List.copyOf(backends);
        }

        public boolean offloads() {
            return !backends.isEmpty();
        }

        public String describe() {
            return library + (backends.isEmpty() ? " — CPU only, no layer is offloaded"
                    : " — GPU backend " + String.join(", ", backends) + ": layers are offloaded");
        }
    }
}
