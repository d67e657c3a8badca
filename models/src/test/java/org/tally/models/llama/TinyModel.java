package org.tally.models.llama;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.tally.core.Progress;
import org.tally.core.planner.Planner;
import org.tally.core.planner.PlannerLoadException;
import org.tally.core.planner.PlannerLoader;

/**
 * The test suite's own model: a tiny random-weight LLaMA written by {@link GgufWriter} into a models folder with its
 * SHA-256 manifest, loaded once for the whole test JVM (one model per process, as in the product).
 */
final class TinyModel {

    static final Path FOLDER = Path.of("target", "tiny-models").toAbsolutePath();
    static final String FILE = "tally-tiny-test.gguf";
    private static Planner planner;

    private TinyModel() {
    }

    /** The tiny model's file, written (with its manifest entry) on first use. */
    static synchronized Path file() throws IOException {
        Path file = FOLDER.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            Files.createDirectories(FOLDER);
            GgufWriter.write(file, GgufWriter.Shape.tiny(), 42);
            Files.writeString(FOLDER.resolve("SHA256SUMS"), sha256(file) + "  " + FILE + "\n");
        }
        return file;
    }

    static synchronized Planner planner() throws IOException, PlannerLoadException {
        if (planner == null) {
            planner = runtime().load(file(), new PlannerLoader.LoadOptions(2, 4096, 0), Progress.NONE);
        }
        return planner;
    }

    static LlamaRuntime runtime() {
        return new LlamaRuntime(Path.of("target", "natives").toAbsolutePath());
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
