package org.tally.core.planner;

import java.util.Objects;

/**
 * What runs the planner: the model file Tally vouched for and the runtime settings it was loaded with.
 *
 * @param name          the model's display name (its file name without {@code .gguf})
 * @param sha256        the model file's SHA-256, as verified against the models folder's manifest
 * @param threads       CPU threads used for generation
 * @param contextSize   the context window in tokens
 * @param gpuLayers     layers asked to be offloaded to a GPU (0: none)
 * @param nativeLibrary which native runtime library is in use (the bundled CPU build, or the path of a custom one)
 * @param offloads      whether that library can offload layers to a GPU at all
 */
public record ModelInfo(String name, String sha256, int threads, int contextSize, int gpuLayers,
                        String nativeLibrary, boolean offloads) {

    public ModelInfo {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(nativeLibrary, "nativeLibrary");
    }

    /** The first 12 hex digits of the hash, for chips and log lines. */
    public String shortHash() {
        return sha256.length() <= 12 ? sha256 : sha256.substring(0, 12);
    }

    /** "runs on the CPU" or "offloads 99 layers to the GPU", in words for the Models tab and the log. */
    public String placement() {
        if (!offloads) {
            return "runs on the CPU (the native library in use has no GPU backend)";
        }
        return gpuLayers > 0 ? "offloads up to " + gpuLayers + " layers to the GPU" : "runs on the CPU (0 GPU layers)";
    }
}
