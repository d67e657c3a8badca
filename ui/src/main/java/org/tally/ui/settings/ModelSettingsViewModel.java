package org.tally.ui.settings;

import java.nio.file.Path;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
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
import org.tally.ui.task.Activity;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * Model settings (docs/architecture.md, "Local models"): where model files go, which are there, and whether each is the file its SHA-256
 * manifest vouches for. The check reads and hashes files off the UI thread (they are large), with progress and
 * cancel. This version runs no model: the pane says so, and nothing is ever downloaded.
 */
public final class ModelSettingsViewModel {

    public static final String NOT_IN_THIS_VERSION = "The local planner (a language model that reads questions the"
            + " grammar cannot) is not part of this version of Tally. No model is loaded: questions outside the"
            + " grammar are refused with the reason. Nothing is ever downloaded; model files are only checked here.";

    private final Path folder;
    private final TaskRunner runner;
    private final Activity activity;
    private final ObservableList<ModelFileCheck.ModelFile> files = FXCollections.observableArrayList();
    private final StringProperty summary = new SimpleStringProperty("Not checked yet.");
    private final ObservableList<String> problems = FXCollections.observableArrayList();
    private final BooleanProperty checking = new SimpleBooleanProperty(false);
    private boolean checkedOnce;

    public ModelSettingsViewModel(Path folder, TaskRunner runner, Activity activity) {
        this.folder = Objects.requireNonNull(folder, "folder");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.activity = Objects.requireNonNull(activity, "activity");
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
            return "The models folder does not exist yet. To prepare for a later version, create it and copy the"
                    + " model files and their " + ModelManifest.FILE_NAME + " manifest into it.";
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
        return u == 0 ? bytes + " bytes" : String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
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
}
