package org.tally.models.onnx;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.tally.core.embed.Embeddings;
import org.tally.core.embed.Vectors;

/**
 * {@link Embeddings} on ONNX Runtime (CPU) with the Hugging Face tokenizer, the model and tokenizer read from the
 * class path (a Maven jar): nothing is downloaded. The tokenizer library is told to stay offline and to use its CPU
 * build before it first loads. Each text is run alone, so its vector never depends on what it was embedded with.
 */
public final class OnnxEmbeddings implements Embeddings, AutoCloseable {

    /** Tokens per text; longer texts are cut (passages are chunked well below this). */
    static final int MAX_TOKENS = 512;

    private final SentenceModel model;
    private final OrtEnvironment env;
    private final OrtSession session;
    private final HuggingFaceTokenizer tokenizer;
    private final Set<String> inputs;
    private final int dimension;

    private OnnxEmbeddings(SentenceModel model, OrtEnvironment env, OrtSession session, HuggingFaceTokenizer tokenizer) {
        this.model = model;
        this.env = env;
        this.session = session;
        this.tokenizer = tokenizer;
        this.inputs = session.getInputNames();
        this.dimension = embed(List.of("dimension probe"), Kind.PASSAGE).get(0).length;
    }

    /** Loads {@code model} from the class path, with {@code threads} intra-op threads (0: ONNX Runtime's choice). */
    public static OnnxEmbeddings load(SentenceModel model, int threads) {
        Objects.requireNonNull(model, "model");
        stayOffline();
        byte[] graph = resource(model.onnxResource());
        HuggingFaceTokenizer tokenizer;
        try (InputStream in = open(model.tokenizerResource())) {
            tokenizer = HuggingFaceTokenizer.newInstance(in, Map.of("truncation", "true",
                    "maxLength", String.valueOf(MAX_TOKENS), "padding", "false"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tokenizer " + model.tokenizerResource(), e);
        }
        try {
            OrtEnvironment env = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            if (threads > 0) {
                options.setIntraOpNumThreads(threads);
            }
            return new OnnxEmbeddings(model, env, env.createSession(graph, options), tokenizer);
        } catch (OrtException e) {
            throw new IllegalStateException("ONNX Runtime cannot load " + model.onnxResource() + ": " + e.getMessage(),
                    e);
        }
    }

    /** The default model (bge-small-en-v1.5, quantized) on ONNX Runtime's own thread count. */
    public static OnnxEmbeddings standard() {
        return load(SentenceModel.BGE_SMALL_EN_V15_Q, 0);
    }

    /**
     * The tokenizer library reads these from the environment or system properties: never fetch a native library or
     * a tokenizer from the network, and take the CPU build shipped in its jar.
     */
    static void stayOffline() {
        if (System.getenv("DJL_OFFLINE") == null) {
            System.setProperty("DJL_OFFLINE", "true");
        }
        if (System.getenv("RUST_FLAVOR") == null) {
            System.setProperty("RUST_FLAVOR", "cpu");
        }
    }

    @Override
    public String modelId() {
        return model.id();
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<float[]> embed(List<String> texts, Kind kind) {
        String prefix = kind == Kind.QUERY ? model.queryPrefix() : model.passagePrefix();
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            // one text per run: the quantized graph scales activations over the whole batch, so padding or batch-mates
            // would change a text's vector, and a passage must embed the same whenever it is embedded
            out.add(run(List.of(tokenizer.encode(prefix + (t == null ? "" : t))))[0]);
        }
        return List.copyOf(out);
    }

    private float[][] run(List<Encoding> batch) {
        int width = batch.stream().mapToInt(e -> e.getIds().length).max().orElse(0);
        long[][] ids = new long[batch.size()][width];
        long[][] mask = new long[batch.size()][width];
        long[][] types = new long[batch.size()][width];
        for (int i = 0; i < batch.size(); i++) {
            Encoding e = batch.get(i);
            System.arraycopy(e.getIds(), 0, ids[i], 0, e.getIds().length);
            System.arraycopy(e.getAttentionMask(), 0, mask[i], 0, e.getAttentionMask().length);
            System.arraycopy(e.getTypeIds(), 0, types[i], 0, e.getTypeIds().length);
        }
        Map<String, OnnxTensor> feed = new HashMap<>();
        try {
            feed.put("input_ids", OnnxTensor.createTensor(env, ids));
            feed.put("attention_mask", OnnxTensor.createTensor(env, mask));
            if (inputs.contains("token_type_ids")) {
                feed.put("token_type_ids", OnnxTensor.createTensor(env, types));
            }
            try (OrtSession.Result result = session.run(feed)) {
                float[][][] hidden = (float[][][]) result.get(0).getValue();
                float[][] pooled = new float[batch.size()][];
                for (int i = 0; i < batch.size(); i++) {
                    pooled[i] = Vectors.normalise(pool(hidden[i], mask[i]));
                }
                return pooled;
            }
        } catch (OrtException e) {
            throw new IllegalStateException("embedding failed: " + e.getMessage(), e);
        } finally {
            feed.values().forEach(OnnxTensor::close);
        }
    }

    private float[] pool(float[][] tokens, long[] mask) {
        if (model.pooling() == SentenceModel.Pooling.CLS) {
            return tokens[0].clone();
        }
        float[] sum = new float[tokens[0].length];
        int n = 0;
        for (int t = 0; t < tokens.length; t++) {
            if (mask[t] == 0) {
                continue;
            }
            n++;
            for (int d = 0; d < sum.length; d++) {
                sum[d] += tokens[t][d];
            }
        }
        for (int d = 0; d < sum.length && n > 0; d++) {
            sum[d] /= n;
        }
        return sum;
    }

    private static InputStream open(String resource) {
        InputStream in = OnnxEmbeddings.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalStateException("the model file " + resource + " is not on the class path; its Maven jar"
                    + " must ship with Tally");
        }
        return in;
    }

    private static byte[] resource(String resource) {
        try (InputStream in = open(resource)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model file " + resource, e);
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } catch (OrtException e) {
            // the process is ending or the model is dropped: nothing to keep
        }
        tokenizer.close();
    }
}
