package org.tally.ui.settings;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tally.core.Progress;
import org.tally.core.planner.ModelInfo;
import org.tally.core.planner.PlannerLoadException;
import org.tally.core.planner.PlannerLoader;
import org.tally.core.planner.PlannerSettings;

/** What the Models tab may do with the process's planner model; the app wires it to the model runtime. */
public interface PlannerControl {

    /** The native library in use and whether it offloads layers to a GPU. */
    PlannerLoader.NativeRuntime runtime();

    /** The model loaded in this process, if any (one per process, for its lifetime). */
    Optional<ModelInfo> loaded();

    /**
     * Verifies and loads {@code file}, turns the planner on for the sources opened from now on, and keeps the choice
     * in the models folder. Slow: the tab calls it off the UI thread.
     */
    ModelInfo load(Path file, PlannerLoader.LoadOptions options, PlannerSettings settings, Progress progress)
            throws PlannerLoadException;

    /** A build without a model runtime: nothing can be loaded. */
    PlannerControl NONE = new PlannerControl() {
        @Override
        public PlannerLoader.NativeRuntime runtime() {
            return new PlannerLoader.NativeRuntime("no model runtime in this build", List.of());
        }

        @Override
        public Optional<ModelInfo> loaded() {
            return Optional.empty();
        }

        @Override
        public ModelInfo load(Path file, PlannerLoader.LoadOptions options, PlannerSettings settings,
                              Progress progress) throws PlannerLoadException {
            throw new PlannerLoadException("This build of Tally has no model runtime.");
        }
    };
}
