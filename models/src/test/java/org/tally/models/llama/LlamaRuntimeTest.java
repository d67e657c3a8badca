package org.tally.models.llama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.Progress;
import org.tally.core.planner.Planner;
import org.tally.core.planner.PlannerLoadException;
import org.tally.core.planner.PlannerLoader;

/** Loading: only a file its manifest vouches for, once per process; the same file again is the same model. */
class LlamaRuntimeTest {

    @TempDir
    Path dir;

    @Test
    void loadsTheVouchedForTinyModelOnceAndNamesItWithItsHash() throws Exception {
        Planner planner = TinyModel.planner();
        assertThat(planner.model().name()).isEqualTo("tally-tiny-test");
        assertThat(planner.model().sha256()).isEqualTo(TinyModel.sha256(TinyModel.file()));
        assertThat(planner.model().threads()).isEqualTo(2);
        assertThat(planner.model().contextSize()).isEqualTo(4096);
        assertThat(planner.model().offloads()).isFalse();
        assertThat(TinyModel.runtime().load(TinyModel.file(), PlannerLoader.LoadOptions.defaults(), Progress.NONE))
                .isSameAs(planner);
        assertThat(TinyModel.runtime().loaded()).containsSame(planner);
    }

    @Test
    void theModelIsTheLocalFileNeverAnAddressToFetch() {
        Path file = dir.resolve("models").resolve("qwen2.5-1.5b-instruct-q4_0.gguf");
        List<String> args = List.of(LlamaRuntime.parameters(file, PlannerLoader.LoadOptions.defaults(), false)
                .toArray());
        assertThat(args).contains(file.toString());
        assertThat(args).noneMatch(a -> a.startsWith("-mu") || a.startsWith("--model-url") || a.startsWith("-hf")
                || a.startsWith("--hf-") || a.contains("://"));
    }

    @Test
    void aFileTheManifestDoesNotListIsNotLoaded() throws Exception {
        Path copy = Files.copy(TinyModel.file(), dir.resolve("unlisted.gguf"));
        assertThatThrownBy(() -> TinyModel.runtime().load(copy, PlannerLoader.LoadOptions.defaults(), Progress.NONE))
                .isInstanceOf(PlannerLoadException.class).hasMessageContaining("not listed in the SHA256SUMS");
    }

    @Test
    void aFileWhoseHashDiffersFromItsEntryIsNotLoaded() throws Exception {
        Path copy = Files.copy(TinyModel.file(), dir.resolve("changed.gguf"));
        Files.write(copy, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(dir.resolve("SHA256SUMS"), TinyModel.sha256(TinyModel.file()) + "  changed.gguf\n");
        assertThatThrownBy(() -> TinyModel.runtime().load(copy, PlannerLoader.LoadOptions.defaults(), Progress.NONE))
                .isInstanceOf(PlannerLoadException.class).hasMessageContaining("damaged or was replaced");
    }

    @Test
    void aSecondModelIsRefusedWhileOneIsLoaded() throws Exception {
        TinyModel.planner();
        Path other = GgufWriter.write(dir.resolve("other.gguf"), GgufWriter.Shape.tiny(), 7);
        Files.writeString(dir.resolve("SHA256SUMS"), TinyModel.sha256(other) + "  other.gguf\n");
        assertThatThrownBy(() -> TinyModel.runtime().load(other, PlannerLoader.LoadOptions.defaults(), Progress.NONE))
                .isInstanceOf(PlannerLoadException.class).hasMessageContaining("restart Tally");
    }

    @Test
    void theBundledNativeIsCpuOnlyAndACustomFolderIsInspectedForABackend() throws Exception {
        assertThat(TinyModel.runtime().runtime().offloads()).isFalse();
        Files.write(dir.resolve("libggml-vulkan.so"), new byte[] {0});
        Files.write(dir.resolve("libjllama.so"), "xx ggml_backend_cuda_init yy".getBytes());
        assertThat(NativeLibraries.backendsIn(dir)).containsExactlyInAnyOrder("Vulkan", "CUDA");
        assertThat(NativeLibraries.backendsIn(dir.resolve("missing"))).isEmpty();
    }
}
