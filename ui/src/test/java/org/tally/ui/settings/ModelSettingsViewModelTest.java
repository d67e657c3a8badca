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
    void aFolderNotCreatedYetIsSaidPlainlyAndThePlannerIsNotPartOfThisVersion() {
        ModelSettingsViewModel model = new ModelSettingsViewModel(dir.resolve("models"), new SyncTaskRunner(),
                new Activity());
        assertThat(model.summaryProperty().get()).isEqualTo("Not checked yet.");
        model.checkIfNotYet();
        assertThat(model.summaryProperty().get()).startsWith("The models folder does not exist yet.");
        assertThat(model.files()).isEmpty();
        assertThat(ModelSettingsViewModel.NOT_IN_THIS_VERSION).contains("not part of this version")
                .contains("Nothing is ever downloaded");
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

    @Test
    void sizesReadLikeAFileManagers() {
        assertThat(ModelSettingsViewModel.sizeText(-1)).isEqualTo("—");
        assertThat(ModelSettingsViewModel.sizeText(900)).isEqualTo("900 bytes");
        assertThat(ModelSettingsViewModel.sizeText(4_400_000_000L)).isEqualTo("4.1 GB");
    }
}
