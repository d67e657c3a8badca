package org.tally.ui.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.modelfiles.ModelFileCheck;
import org.tally.ui.task.Activity;
import org.tally.ui.task.SyncTaskRunner;

class ModelSettingsViewModelTest {

    @TempDir
    Path dir;

    private static String sha(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(
                StandardCharsets.UTF_8)));
    }

    @Test
    void aFolderNotCreatedYetIsSaidPlainlyAndNothingIsLoadedOrDownloaded() {
        ModelSettingsViewModel model = new ModelSettingsViewModel(dir.resolve("models"), new SyncTaskRunner(),
                new Activity());
        assertThat(model.summaryProperty().get()).isEqualTo("Not checked yet.");
        model.checkIfNotYet();
        assertThat(model.summaryProperty().get()).startsWith("The models folder does not exist yet.");
        assertThat(model.files()).isEmpty();
        assertThat(ModelSettingsViewModel.ABOUT).contains("Nothing is ever downloaded");
        assertThat(model.plannerStatusProperty().get()).startsWith("No model is loaded");
        assertThat(model.loadable()).isEmpty();
    }

    @Test
    void theFilesAreListedWithTheirStatusAgainstTheManifest() throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        Files.writeString(models.resolve("planner-q4.gguf"), "weights");
        Files.writeString(models.resolve("other.gguf"), "changed");
        Files.writeString(models.resolve("SHA256SUMS"), sha("weights") + "  planner-q4.gguf\n" + sha("original")
                + "  other.gguf\n" + sha("x") + "  gone.gguf\nbroken line\n");
        Activity activity = new Activity();
        ModelSettingsViewModel model = new ModelSettingsViewModel(models, new SyncTaskRunner(), activity);

        model.check();

        assertThat(model.files()).extracting(ModelFileCheck.ModelFile::name)
                .containsExactly("other.gguf", "planner-q4.gguf", "gone.gguf");
        assertThat(model.files()).extracting(ModelSettingsViewModel::statusText).containsExactly(
                "✗ SHA-256 differs: damaged or replaced", "✓ verified", "✗ missing");
        assertThat(model.summaryProperty().get()).isEqualTo("1 of 3 files verified; 1 differs from its manifest"
                + " entry; 1 listed in the manifest is missing.");
        assertThat(model.manifestProblems()).singleElement().asString().startsWith("line 4:");
        assertThat(model.checkingProperty().get()).isFalse();
        assertThat(activity.runningProperty().get()).isFalse();
    }

    @Test
    void filesWithoutAManifestAreNotVouchedFor() throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        Files.writeString(models.resolve("planner.gguf"), "weights");
        ModelSettingsViewModel model = new ModelSettingsViewModel(models, new SyncTaskRunner(), new Activity());
        model.check();
        assertThat(model.summaryProperty().get()).isEqualTo("1 model file, but no SHA256SUMS manifest: none of them"
                + " is vouched for.");
        assertThat(model.files()).extracting(ModelSettingsViewModel::statusText).containsExactly("not in the manifest");
    }

    /** A stand-in runtime that records what the tab asked it to load. */
    private static final class Recorder implements PlannerControl {
        final java.util.List<String> loads = new java.util.ArrayList<>();

        @Override
        public org.tally.core.planner.PlannerLoader.NativeRuntime runtime() {
            return new org.tally.core.planner.PlannerLoader.NativeRuntime("the bundled build", java.util.List.of());
        }

        @Override
        public java.util.Optional<org.tally.core.planner.ModelInfo> loaded() {
            return java.util.Optional.empty();
        }

        @Override
        public org.tally.core.planner.ModelInfo load(Path file, org.tally.core.planner.PlannerLoader.LoadOptions o,
                                                     org.tally.core.planner.PlannerSettings s,
                                                     org.tally.core.Progress p)
                throws org.tally.core.planner.PlannerLoadException {
            loads.add(file.getFileName() + " " + o.threads() + " " + o.contextSize() + " " + o.gpuLayers() + " "
                    + s.deadlineMs());
            if (file.getFileName().toString().startsWith("broken")) {
                throw new org.tally.core.planner.PlannerLoadException("llama.cpp could not load broken.gguf: bad");
            }
            return new org.tally.core.planner.ModelInfo("planner-q4", "ab".repeat(32), o.threads(), o.contextSize(),
                    0, "the bundled build", false);
        }
    }

    @Test
    void onlyAVerifiedFileCanBeChosenAndLoadingItReopensTheSourceAndSaysWhereItRuns() throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        Files.writeString(models.resolve("planner-q4.gguf"), "weights");
        Files.writeString(models.resolve("stray.gguf"), "other");
        Files.writeString(models.resolve("SHA256SUMS"), sha("weights") + "  planner-q4.gguf\n");
        Recorder runtime = new Recorder();
        int[] reopened = {0};
        ModelSettingsViewModel model = new ModelSettingsViewModel(models, new SyncTaskRunner(), new Activity(),
                runtime, () -> reopened[0]++);
        model.check();
        assertThat(model.loadable()).containsExactly("planner-q4.gguf");
        assertThat(model.runtimeText()).contains("the bundled build").contains("CPU only");

        model.load();
        assertThat(runtime.loads).isEmpty();
        assertThat(model.plannerStatusProperty().get()).isEqualTo("Choose a verified model file first.");

        model.chosenProperty().set("planner-q4.gguf");
        model.threadsProperty().set(3);
        model.contextSizeProperty().set(4096);
        model.deadlineSecondsProperty().set(15);
        model.load();
        assertThat(runtime.loads).containsExactly("planner-q4.gguf 3 4096 0 15000");
        assertThat(reopened[0]).isEqualTo(1);
        assertThat(model.plannerStatusProperty().get()).startsWith("Loaded planner-q4 (SHA-256 abababababab…): 3"
                + " threads, context 4096 tokens, runs on the CPU");
        assertThat(model.loadingProperty().get()).isFalse();
    }

    @Test
    void aModelThatDoesNotLoadSaysWhyAndLeavesTheSourceAlone() throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        Files.writeString(models.resolve("broken.gguf"), "junk");
        Files.writeString(models.resolve("SHA256SUMS"), sha("junk") + "  broken.gguf\n");
        int[] reopened = {0};
        ModelSettingsViewModel model = new ModelSettingsViewModel(models, new SyncTaskRunner(), new Activity(),
                new Recorder(), () -> reopened[0]++);
        model.check();
        model.chosenProperty().set("broken.gguf");
        model.load();
        assertThat(model.plannerStatusProperty().get()).isEqualTo("llama.cpp could not load broken.gguf: bad");
        assertThat(reopened[0]).isZero();
    }

    @Test
    void sizesReadLikeAFileManagers() {
        assertThat(ModelSettingsViewModel.sizeText(-1)).isEqualTo("—");
        assertThat(ModelSettingsViewModel.sizeText(900)).isEqualTo("900 bytes");
        assertThat(ModelSettingsViewModel.sizeText(4_400_000_000L)).isEqualTo("4.1 GB");
    }
}
