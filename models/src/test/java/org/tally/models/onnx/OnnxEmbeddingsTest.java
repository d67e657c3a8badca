package org.tally.models.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.embed.Embeddings.Kind;
import org.tally.core.embed.Vectors;

/** The real bge model from its Maven jar, on a handful of sentences. */
class OnnxEmbeddingsTest {

    private static OnnxEmbeddings model;
    private static Path cache;

    @BeforeAll
    static void load() throws IOException {
        cache = Files.createTempDirectory("djl-cache");
        System.setProperty("DJL_CACHE_DIR", cache.toString());
        model = OnnxEmbeddings.load(SentenceModel.BGE_SMALL_EN_V15_Q, 2);
    }

    @AfterAll
    static void close() throws IOException {
        model.close();
        try (Stream<Path> files = Files.walk(cache)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Test
    void vectorsHaveTheModelsLengthAndUnitNorm() {
        List<float[]> v = model.embed(List.of("a patient fell on the stairs", "", "x".repeat(5000)), Kind.PASSAGE);
        assertThat(model.dimension()).isEqualTo(384);
        assertThat(v).hasSize(3).allSatisfy(x -> {
            assertThat(x).hasSize(384);
            assertThat(Vectors.dot(x, x)).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-4));
        });
    }

    @Test
    void aMatchingPassageRanksAboveUnrelatedOnes() {
        float[] q = model.embed("what did the reports say about falls on the stairs?", Kind.QUERY);
        List<float[]> passages = model.embed(List.of(
                "The patient slipped and fell while walking down the stairwell near the ward entrance.",
                "Invoice paid by card at the cashier desk.",
                "Blood pressure measured at 120 over 80 on admission."), Kind.PASSAGE);
        double fall = Vectors.dot(q, passages.get(0));
        assertThat(fall).isGreaterThan(Vectors.dot(q, passages.get(1)))
                .isGreaterThan(Vectors.dot(q, passages.get(2)));
    }

    @Test
    void theSameTextGivesTheSameVectorInABatchOrAlone() {
        String text = "Discharge summary: recovered well after surgery.";
        float[] alone = model.embed(text, Kind.PASSAGE);
        float[] batched = model.embed(List.of("short", text, "a much longer sentence than the others in this batch"),
                Kind.PASSAGE).get(1);
        assertThat(Vectors.dot(alone, batched)).isGreaterThan(0.999);
    }

    @Test
    void nothingIsDownloaded() throws IOException {
        // the tokenizer library only unpacks the native library shipped in its jar; no model or tokenizer file
        try (Stream<Path> files = Files.walk(cache)) {
            List<String> names = files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
            assertThat(names).allMatch(n -> n.startsWith("libtokenizers") || n.endsWith(".dll") || n.endsWith(".lock")
                    || n.endsWith(".dylib"), "only the shipped native library");
        }
    }
}
