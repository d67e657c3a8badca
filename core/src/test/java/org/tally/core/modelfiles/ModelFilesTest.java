package org.tally.core.modelfiles;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.Progress;
import org.tally.core.modelfiles.ModelFileCheck.ModelFile;
import org.tally.core.modelfiles.ModelFileCheck.Status;

class ModelFilesTest {

    @TempDir
    Path dir;

    private static String sha(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(
                StandardCharsets.UTF_8)));
    }

    private static ModelFile file(ModelFileCheck check, String name) {
        return check.files().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void eachFileIsVerifiedMismatchedUnlistedOrMissingAgainstTheManifest() throws Exception {
        Files.writeString(dir.resolve("planner.gguf"), "alpha weights");
        Files.writeString(dir.resolve("damaged.gguf"), "beta weights, truncated");
        Files.writeString(dir.resolve("stray.onnx"), "nobody listed me");
        Files.writeString(dir.resolve("README.txt"), "not a model");
        Files.writeString(dir.resolve(ModelManifest.FILE_NAME), "# vouched for by IT\n"
                + sha("alpha weights") + "  planner.gguf\n"
                + sha("beta weights") + " *damaged.gguf\n"
                + sha("gamma") + "  absent.gguf\n"
                + "not a line of sha256sum\n"
                + sha("x") + "  ../escape.gguf\n");

        ModelFileCheck check = ModelFiles.check(dir, Progress.NONE);

        assertThat(check.folderExists()).isTrue();
        assertThat(check.manifestPresent()).isTrue();
        assertThat(check.files()).extracting(ModelFile::name)
                .containsExactlyInAnyOrder("planner.gguf", "damaged.gguf", "stray.onnx", "absent.gguf");
        assertThat(file(check, "planner.gguf").status()).isEqualTo(Status.VERIFIED);
        assertThat(file(check, "planner.gguf").sha256()).isEqualTo(sha("alpha weights"));
        assertThat(file(check, "planner.gguf").size()).isEqualTo(13);
        assertThat(file(check, "damaged.gguf").status()).isEqualTo(Status.MISMATCH);
        assertThat(file(check, "damaged.gguf").listed()).isEqualTo(sha("beta weights"));
        assertThat(file(check, "stray.onnx").status()).isEqualTo(Status.NOT_LISTED);
        assertThat(file(check, "absent.gguf").status()).isEqualTo(Status.MISSING);
        assertThat(file(check, "absent.gguf").size()).isEqualTo(-1);
        assertThat(check.manifestProblems()).hasSize(2);
        assertThat(check.manifestProblems().get(0)).startsWith("line 5:");
        assertThat(check.manifestProblems().get(1)).startsWith("line 6:").contains("is a path");
        assertThat(check.allVerified()).isFalse();
    }

    @Test
    void aMissingFolderOrManifestIsSaidPlainly() throws Exception {
        ModelFileCheck none = ModelFiles.check(dir.resolve("models"), Progress.NONE);
        assertThat(none.folderExists()).isFalse();
        assertThat(none.files()).isEmpty();

        Files.writeString(dir.resolve("planner.gguf"), "alpha");
        ModelFileCheck unlisted = ModelFiles.check(dir, Progress.NONE);
        assertThat(unlisted.manifestPresent()).isFalse();
        assertThat(unlisted.files()).singleElement().satisfies(f -> assertThat(f.status()).isEqualTo(Status.NOT_LISTED));

        Files.writeString(dir.resolve(ModelManifest.FILE_NAME), sha("alpha") + "  planner.gguf\n");
        assertThat(ModelFiles.check(dir, Progress.NONE).allVerified()).isTrue();
    }

    @Test
    void theCheckReportsProgressAndStopsWhenCancelled() throws Exception {
        Files.write(dir.resolve("big.gguf"), new byte[3 << 20]);
        java.util.List<Double> fractions = new java.util.ArrayList<>();
        ModelFiles.check(dir, (stage, fraction) -> fractions.add(fraction));
        assertThat(fractions).hasSize(3).last().isEqualTo(1.0);

        Progress cancelled = new Progress() {
            @Override
            public void report(String stage, double fraction) {
            }

            @Override
            public boolean cancelled() {
                return true;
            }
        };
        assertThatThrownBy(() -> ModelFiles.check(dir, cancelled)).isInstanceOf(CancellationException.class);
    }
}
