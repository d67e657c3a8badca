package org.tally.models.llama;

import de.kherud.llama.LlamaModel;
import de.kherud.llama.ModelParameters;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.modelfiles.ModelFileCheck;
import org.tally.core.modelfiles.ModelFiles;
import org.tally.core.modelfiles.ModelManifest;
import org.tally.core.planner.ModelInfo;
import org.tally.core.planner.Planner;
import org.tally.core.planner.PlannerLoadException;
import org.tally.core.planner.PlannerLoader;

/**
 * The one llama.cpp model of this process. A model is loaded only after its file's SHA-256 matches the
 * {@value ModelManifest#FILE_NAME} manifest beside it; then it stays loaded until the process ends (closing a model
 * does not give its native memory back), and a request for another file is refused. Loading is slow: run it off the
 * UI thread. Progress covers the hash check (cancellable) and the load itself (not interruptible once started).
 */
public final class LlamaRuntime implements PlannerLoader {

    private static final Logger LOG = LoggerFactory.getLogger(LlamaRuntime.class);
    private static final Object LOCK = new Object();
    private static Loaded loaded;

    private record Loaded(Path file, LlamaPlanner planner) {
    }

    private final Path natives;

    /** @param natives where the bundled native library is unpacked (the data folder's {@code natives/}) */
    public LlamaRuntime(Path natives) {
        this.natives = natives;
    }

    @Override
    public Planner load(Path file, LoadOptions options, Progress progress) throws PlannerLoadException {
        Path path = file.toAbsolutePath().normalize();
        synchronized (LOCK) {
            if (loaded != null && loaded.file().equals(path)) {
                return loaded.planner();
            }
            ModelFileCheck.ModelFile checked = verified(path, progress);
            if (loaded != null) {
                throw new PlannerLoadException("Another model (" + loaded.planner().model().name() + ") is already"
                        + " loaded in this process. A model's memory is only given back when Tally exits: restart"
                        + " Tally to use " + path.getFileName() + ".");
            }
            if (progress.cancelled()) {
                throw new CancellationException("the model was not loaded");
            }
            progress.report("loading " + checked.name(), 0.5);
            LlamaPlanner planner = open(path, checked, options);
            loaded = new Loaded(path, planner);
            progress.report("loaded " + checked.name(), 1.0);
            LOG.info("planner model {} loaded: {} threads, context {}, {}", planner.model().name(), options.threads(),
                    options.contextSize(), planner.model().placement());
            return planner;
        }
    }

    @Override
    public Optional<Planner> loaded() {
        synchronized (LOCK) {
            return loaded == null ? Optional.empty() : Optional.of(loaded.planner());
        }
    }

    @Override
    public NativeRuntime runtime() {
        return NativeLibraries.describe();
    }

    private static ModelFileCheck.ModelFile verified(Path file, Progress progress) throws PlannerLoadException {
        ModelFileCheck.ModelFile f;
        try {
            f = ModelFiles.verify(file, progress);
        } catch (IOException e) {
            throw new PlannerLoadException("The model file " + file.getFileName() + " could not be read: "
                    + e.getMessage(), e);
        }
        switch (f.status()) {
            case VERIFIED:
                return f;
            case MISSING:
                throw new PlannerLoadException("There is no model file " + file + ".");
            case NOT_LISTED:
                throw new PlannerLoadException(f.name() + " is not listed in the " + ModelManifest.FILE_NAME
                        + " manifest beside it, so nobody vouched for it. Add its SHA-256 (" + f.sha256() + ") there"
                        + " to use it.");
            case MISMATCH:
                throw new PlannerLoadException("The SHA-256 of " + f.name() + " differs from its "
                        + ModelManifest.FILE_NAME + " entry: the file is damaged or was replaced. It is not loaded.");
            default:
                throw new AssertionError(f.status());
        }
    }

    private LlamaPlanner open(Path file, ModelFileCheck.ModelFile checked, LoadOptions options)
            throws PlannerLoadException {
        try {
            NativeLibraries.unpackInto(natives);
        } catch (IOException e) {
            throw new PlannerLoadException("The folder for the native runtime could not be made: " + e.getMessage(), e);
        }
        NativeRuntime runtime = NativeLibraries.describe();
        ModelParameters params = parameters(file, options, runtime.offloads());
        try {
            LlamaModel model = NativeLibraries.quietly(() -> new LlamaModel(params));
            ModelInfo info = new ModelInfo(displayName(checked.name()), checked.sha256(), options.threads(),
                    options.contextSize(), runtime.offloads() ? options.gpuLayers() : 0, runtime.library(),
                    runtime.offloads());
            return new LlamaPlanner(model, info, System::nanoTime);
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            LOG.warn("llama.cpp could not load " + checked.name(), e);
            throw new PlannerLoadException("llama.cpp could not load " + checked.name() + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
        }
    }

    /** "Qwen2.5-1.5B-Instruct-Q4_0" for "qwen2.5-1.5b-instruct-q4_0.gguf" keeps the file's own spelling. */
    /**
     * The runtime's parameters: the model is the local file the manifest vouched for, never a URL or a repository
     * name (llama.cpp can fetch models itself; Tally never lets it).
     */
    static ModelParameters parameters(Path file, LoadOptions options, boolean offloads) {
        return new ModelParameters().setModel(file.toString()).setThreads(options.threads())
                .setCtxSize(options.contextSize()).setGpuLayers(offloads ? options.gpuLayers() : 0).disableLog();
    }

        static String displayName(String fileName) {
        return fileName.toLowerCase(Locale.ROOT).endsWith(".gguf")
                ? fileName.substring(0, fileName.length() - ".gguf".length()) : fileName;
    }
}
