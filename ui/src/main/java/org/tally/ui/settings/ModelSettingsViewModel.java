package org.tally.ui.settings;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tally.core.modelfiles.ModelFileCheck;
import org.tally.core.modelfiles.ModelFiles;
import org.tally.core.modelfiles.ModelManifest;
import org.tally.core.planner.ModelInfo;
import org.tally.core.planner.PlannerChoice;
import org.tally.core.planner.PlannerLoader;
import org.tally.core.planner.PlannerSettings;
import org.tally.ui.task.Activity;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * Model settings (docs/architecture.md, "Local models"): where model files go, which are there, whether each is the file its SHA-256
 * manifest vouches for, and the one verified model the local planner loads, with its threads, context size and GPU
 * layers. Checking (hashing large files) and loading run off the UI thread with progress and cancel; nothing is ever
 * downloaded. One model per process: once one is loaded, another needs a restart.
 */
public final class ModelSettingsViewModel {

    public static final String ABOUT = "The local planner is a language model that reads the questions the grammar"
            + " cannot, by filling the same query form; Tally checks what it wrote and runs it like any other reading,"
            + " marked as the model's. Nothing is ever downloaded: load a verified model file you placed in the"
            + " models folder. Recommended: Qwen2.5-1.5B-Instruct (default) or Qwen2.5-0.5B-Instruct (fast).";

    private final Path folder;
    private final PlannerControl planner;
    private final Runnable onLoaded;
    private final ObservableList<String> loadable = FXCollections.observableArrayList();
    private final StringProperty chosen = new SimpleStringProperty();
    private final IntegerProperty threads = new SimpleIntegerProperty();
    private final IntegerProperty contextSize = new SimpleIntegerProperty();
    private final IntegerProperty gpuLayers = new SimpleIntegerProperty();
    private final IntegerProperty deadlineSeconds = new SimpleIntegerProperty();
    private final StringProperty plannerStatus = new SimpleStringProperty();
    private final BooleanProperty loading = new SimpleBooleanProperty(false);
    private final TaskRunner runner;
    private final Activity activity;
    private final ObservableList<ModelFileCheck.ModelFile> files = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("Not checked yet.");
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final BooleanProperty checking = new SimpleBooleanProperty(false);
    private boolean checkedOnce;

    public ModelSettingsViewModel(Path folder, TaskRunner runner, Activity activity) {
        this(folder, runner, activity, PlannerControl.NONE, () -> { });
    }

    /** @param onLoaded told once a model is loaded, so the open source is reopened with the planner on */
    public ModelSettingsViewModel(Path folder, TaskRunner runner, Activity activity, PlannerControl planner,
                                  Runnable onLoaded) {
        this.folder = Objects.requireNonNull(folder, "folder");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.planner = Objects.requireNonNull(planner, "planner");
        this.onLoaded = Objects.requireNonNull(onLoaded, "onLoaded");
        PlannerLoader.LoadOptions defaults = PlannerLoader.LoadOptions.defaults();
        PlannerChoice saved = savedChoice();
        PlannerLoader.LoadOptions options = saved == null ? defaults : saved.options();
        threads.set(options.threads());
        contextSize.set(options.contextSize());
        gpuLayers.set(options.gpuLayers());
        deadlineSeconds.set((int) Math.max(1, (saved == null ? PlannerSettings.DEFAULTS : saved.settings())
                .deadlineMs() / 1000));
        chosen.set(saved == null ? null : saved.model());
        plannerStatus.set(statusOf(planner.loaded().orElse(null)));
    }

    private PlannerChoice savedChoice() {
        try {
            return PlannerChoice.read(folder).orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    /** Which native runtime runs the model, and whether it offloads layers to a GPU. */
    public String runtimeText() {
        return "Runtime: " + planner.runtime().describe() + ".";
    }

    private String statusOf(ModelInfo loaded) {
        if (loaded == null) {
            return "No model is loaded: questions the grammar cannot read are refused with the reason.";
        }
        return "Loaded " + loaded.name() + " (SHA-256 " + loaded.shortHash() + "…): " + loaded.threads()
                + " threads, context " + loaded.contextSize() + " tokens, " + loaded.placement() + ".";
    }

    /**
     * Loads the chosen verified file in the background and turns the planner on; the choice and settings are kept
     * in the models folder for the next start and for {@code tally ask}.
     */
    public void load() {
        String file = chosen.get();
        if (loading.get() || file == null || file.isBlank()) {
            plannerStatus.set(file == null || file.isBlank() ? "Choose a verified model file first."
                    : plannerStatus.get());
            return;
        }
        PlannerLoader.LoadOptions options;
        PlannerSettings settings;
        try {
            options = new PlannerLoader.LoadOptions(threads.get(), contextSize.get(), gpuLayers.get());
            settings = PlannerSettings.DEFAULTS.withDeadlineMs(deadlineSeconds.get() * 1000L);
        } catch (IllegalArgumentException e) {
            plannerStatus.set("These settings cannot be used: " + e.getMessage() + ".");
            return;
        }
        loading.set(true);
        plannerStatus.set("Verifying and loading " + file + "…");
        TaskListener<ModelInfo> listener = activity.track("Loading " + file, new TaskListener<>() {
            @Override
            public void succeeded(ModelInfo info) {
                loading.set(false);
                plannerStatus.set(statusOf(info) + " Sources opened from now on use it.");
                onLoaded.run();
            }

            @Override
            public void failed(Throwable error) {
                loading.set(false);
                plannerStatus.set(error.getMessage() == null ? "The model could not be loaded."
                        : error.getMessage());
            }

            @Override
            public void cancelled() {
                loading.set(false);
                plannerStatus.set("Loading was cancelled before the model was read.");
            }
        });
        activity.attach(runner.submit("Loading " + file, p -> planner.load(folder.resolve(file), options, settings,
                p), listener));
    }

    public Path folder() {
        return folder;
    }

    public String manifestName() {
        return ModelManifest.FILE_NAME;
    }

    /** Checks the folder the first time the settings are shown; later only on request. */
    public void checkIfNotYet() {
        if (!checkedOnce) {
            check();
        }
    }

    /** Lists and hashes the model files in the background and compares them with the manifest. */
    public void check() {
        if (checking.get()) {
            return;
        }
        checkedOnce = true;
        checking.set(true);
        summary.set("Checking the model files…");
        TaskListener<ModelFileCheck> listener = activity.track("Checking model files", new TaskListener<>() {
            @Override
            public void succeeded(ModelFileCheck check) {
                checking.set(false);
                files.setAll(check.files());
                loadable.setAll(check.files().stream().filter(f -> f.status() == ModelFileCheck.Status.VERIFIED)
                        .map(ModelFileCheck.ModelFile::name).filter(n -> n.toLowerCase(Locale.ROOT)
                                .endsWith(".gguf")).toList());
                if (chosen.get() != null && !loadable.contains(chosen.get())) {
                    chosen.set(null);
                }
                problems.setAll(check.manifestProblems());
                summary.set(summarise(check));
            }

            @Override
            public void failed(Throwable error) {
                checking.set(false);
                summary.set("The models folder could not be read: " + error.getMessage());
            }

            @Override
            public void cancelled() {
                checking.set(false);
                summary.set("The check was cancelled.");
            }
        });
        activity.attach(runner.submit("Checking model files", p -> ModelFiles.check(folder, p), listener));
    }

    static String summarise(ModelFileCheck check) {
        if (!check.folderExists()) {
            return "The models folder does not exist yet. Create it and copy the model files and their "
                    + ModelManifest.FILE_NAME + " manifest into it.";
        }
        long present = check.files().stream().filter(f -> f.status() != ModelFileCheck.Status.MISSING).count();
        if (present == 0 && check.files().isEmpty()) {
            return "No model files in the folder" + (check.manifestPresent() ? "." : ", and no "
                    + ModelManifest.FILE_NAME + " manifest.");
        }
        if (!check.manifestPresent()) {
            return present + (present == 1 ? " model file" : " model files") + ", but no " + ModelManifest.FILE_NAME
                    + " manifest: none of them is vouched for.";
        }
        StringBuilder s = new StringBuilder();
        long verified = count(check, ModelFileCheck.Status.VERIFIED);
        s.append(verified).append(" of ").append(check.files().size()).append(check.files().size() == 1 ? " file"
                : " files").append(" verified");
        append(s, count(check, ModelFileCheck.Status.MISMATCH), "differs from its manifest entry",
                "differ from their manifest entries");
        append(s, count(check, ModelFileCheck.Status.NOT_LISTED), "is not in the manifest", "are not in the manifest");
        append(s, count(check, ModelFileCheck.Status.MISSING), "listed in the manifest is missing",
                "listed in the manifest are missing");
        return s.append('.').toString();
    }

    private static long count(ModelFileCheck check, ModelFileCheck.Status status) {
        return check.files().stream().filter(f -> f.status() == status).count();
    }

    private static void append(StringBuilder s, long n, String one, String several) {
        if (n > 0) {
            s.append("; ").append(n).append(' ').append(n == 1 ? one : several);
        }
    }

    /** A file's status in words, for the table. */
    public static String statusText(ModelFileCheck.ModelFile f) {
        return switch (f.status()) {
            case VERIFIED -> "✓ verified";
            case MISMATCH -> "✗ SHA-256 differs: damaged or replaced";
            case NOT_LISTED -> "not in the manifest";
            case MISSING -> "✗ missing";
        };
    }

    /** "4.1 GB", "512 KB", "—" for a missing file. */
    public static String sizeText(long bytes) {
        if (bytes < 0) {
            return "—";
        }
        String[] units = {"bytes", "KB", "MB", "GB", "TB"};
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? bytes + " bytes" : String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    public ObservableList<ModelFileCheck.ModelFile> files() {
        return files;
    }

    public ObservableList<String> manifestProblems() {
        return problems;
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary;
    }

    public ReadOnlyBooleanProperty checkingProperty() {
        return checking;
    }

    /** The verified GGUF files of the last check: the ones that can be loaded. */
    public ObservableList<String> loadable() {
        return loadable;
    }

    public StringProperty chosenProperty() {
        return chosen;
    }

    public IntegerProperty threadsProperty() {
        return threads;
    }

    public IntegerProperty contextSizeProperty() {
        return contextSize;
    }

    public IntegerProperty gpuLayersProperty() {
        return gpuLayers;
    }

    public IntegerProperty deadlineSecondsProperty() {
        return deadlineSeconds;
    }

    public ReadOnlyStringProperty plannerStatusProperty() {
        return plannerStatus;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }
}
