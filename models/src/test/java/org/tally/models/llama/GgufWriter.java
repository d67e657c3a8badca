package org.tally.models.llama;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Writes a GGUF v3 model file with random weights and nothing but bytes: the test suite's own stand-in for a real
 * model (no weights can be fetched on these machines). A SentencePiece-style vocabulary of the unknown, begin and
 * end tokens, the 256 byte tokens, "▁", printable ASCII and numbered fillers up to the shape's vocabulary size, so
 * any JSON text can be generated one character at a time. Small shapes use F32 tensors; model-sized shapes use
 * Q4_0 blocks (an fp16 scale and 32 four-bit weights), as the quantised files people deploy do.
 */
public final class GgufWriter {

    /** The architecture and sizes of a stand-in model. */
    public record Shape(String name, String arch, int vocab, int layers, int embd, int heads, int headsKv, int ff, int ctx,
                 boolean quantised, boolean qkvBias, boolean tiedOutput, float ropeTheta) {

        /** About half a megabyte: loads in well under a second, a token in about a millisecond. */
        public static Shape tiny() {
            return new Shape("tally-tiny-test", "llama", 0, 2, 64, 4, 4, 128, 2048, false, false, false, 10000f);
        }

        /** The sizes of Qwen2.5-0.5B-Instruct (24 layers, 896 wide, 14 heads over 2 key/value heads, tied output). */
        public static Shape qwen05b() {
            return new Shape("stand-in Qwen2.5-0.5B shape", "qwen2", 151_936, 24, 896, 14, 2, 4864, 4096, true, true,
                    true, 1_000_000f);
        }

        /** The sizes of Qwen2.5-1.5B-Instruct (28 layers, 1536 wide, 12 heads over 2 key/value heads, tied). */
        public static Shape qwen15b() {
            return new Shape("stand-in Qwen2.5-1.5B shape", "qwen2", 151_936, 28, 1536, 12, 2, 8960, 4096, true, true,
                    true, 1_000_000f);
        }
    }

    private static final int ALIGNMENT = 32;
    private static final int TYPE_F32 = 0;
    private static final int TYPE_Q4_0 = 2;

    private GgufWriter() {
    }

    /** Writes {@code shape} with weights drawn from {@code seed} (the same seed gives the same bytes). */
    public static Path write(Path file, Shape shape, long seed) throws IOException {
        return write(file, shape, seed, List.of());
    }

    /**
     * As {@link #write(Path, Shape, long)}, with {@code pieces} (multi-character strings such as {@code "concept":})
     * in the vocabulary before the fillers, so text tokenises into pieces of about the length a real model's
     * byte-pair vocabulary gives.
     */
    public static Path write(Path file, Shape shape, long seed, List<String> pieces) throws IOException {
        List<String> tokens = vocabulary(shape.vocab(), pieces);
        List<Tensor> tensors = tensors(shape, tokens.size());
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            Sink s = new Sink(out);
            s.bytes("GGUF".getBytes(StandardCharsets.US_ASCII));
            s.u32(3);
            s.u64(tensors.size());
            List<Runnable> kv = metadata(s, shape, tokens);
            s.u64(kv.size());
            kv.forEach(Runnable::run);
            long offset = 0;
            for (Tensor t : tensors) {
                s.string(t.name());
                s.u32(t.dims().length);
                for (long d : t.dims()) {
                    s.u64(d);
                }
                s.u32(t.type());
                s.u64(offset);
                offset = align(offset + t.bytes());
            }
            s.pad();
            SplittableRandom random = new SplittableRandom(seed);
            for (Tensor t : tensors) {
                t.write(s, random);
                s.pad();
            }
        }
        return file;
    }

    private static List<String> vocabulary(int size, List<String> pieces) {
        List<String> tokens = new ArrayList<>(List.of("<unk>", "<s>", "</s>"));
        for (int b = 0; b < 256; b++) {
            tokens.add(String.format("<0x%02X>", b));
        }
        tokens.add("\u2581");
        for (char c = 33; c < 127; c++) {
            tokens.add(String.valueOf(c));
        }
        java.util.Set<String> seen = new java.util.HashSet<>(tokens);
        for (String p : pieces) {
            if (tokens.size() < size && p.length() > 1 && seen.add(p)) {
                tokens.add(p);
            }
        }
        for (int i = 0; tokens.size() < size; i++) {
            tokens.add("\u2581w" + i);
        }
        return tokens;
    }

    private static List<Runnable> metadata(Sink s, Shape shape, List<String> tokens) {
        String a = shape.arch();
        List<Runnable> kv = new ArrayList<>();
        kv.add(() -> s.kvString("general.architecture", a));
        kv.add(() -> s.kvString("general.name", shape.name()));
        kv.add(() -> s.kvU32("general.alignment", ALIGNMENT));
        kv.add(() -> s.kvU32(a + ".context_length", shape.ctx()));
        kv.add(() -> s.kvU32(a + ".embedding_length", shape.embd()));
        kv.add(() -> s.kvU32(a + ".block_count", shape.layers()));
        kv.add(() -> s.kvU32(a + ".feed_forward_length", shape.ff()));
        kv.add(() -> s.kvU32(a + ".attention.head_count", shape.heads()));
        kv.add(() -> s.kvU32(a + ".attention.head_count_kv", shape.headsKv()));
        kv.add(() -> s.kvU32(a + ".rope.dimension_count", shape.embd() / shape.heads()));
        kv.add(() -> s.kvF32(a + ".rope.freq_base", shape.ropeTheta()));
        kv.add(() -> s.kvF32(a + ".attention.layer_norm_rms_epsilon", 1e-6f));
        kv.add(() -> s.kvString("tokenizer.ggml.model", "llama"));
        kv.add(() -> s.kvStrings("tokenizer.ggml.tokens", tokens));
        kv.add(() -> s.kvScores("tokenizer.ggml.scores", tokens));
        kv.add(() -> s.kvTypes("tokenizer.ggml.token_type", tokens));
        kv.add(() -> s.kvU32("tokenizer.ggml.unknown_token_id", 0));
        kv.add(() -> s.kvU32("tokenizer.ggml.bos_token_id", 1));
        kv.add(() -> s.kvU32("tokenizer.ggml.eos_token_id", 2));
        return kv;
    }

    private static List<Tensor> tensors(Shape shape, int vocab) {
        int e = shape.embd();
        int kvWidth = e / shape.heads() * shape.headsKv();
        int matrix = shape.quantised() ? TYPE_Q4_0 : TYPE_F32;
        List<Tensor> t = new ArrayList<>();
        t.add(new Tensor("token_embd.weight", matrix, e, vocab));
        t.add(new Tensor("output_norm.weight", TYPE_F32, e));
        if (!shape.tiedOutput()) {
            t.add(new Tensor("output.weight", matrix, e, vocab));
        }
        for (int i = 0; i < shape.layers(); i++) {
            String b = "blk." + i + ".";
            t.add(new Tensor(b + "attn_norm.weight", TYPE_F32, e));
            t.add(new Tensor(b + "attn_q.weight", matrix, e, e));
            t.add(new Tensor(b + "attn_k.weight", matrix, e, kvWidth));
            t.add(new Tensor(b + "attn_v.weight", matrix, e, kvWidth));
            if (shape.qkvBias()) {
                t.add(new Tensor(b + "attn_q.bias", TYPE_F32, e));
                t.add(new Tensor(b + "attn_k.bias", TYPE_F32, kvWidth));
                t.add(new Tensor(b + "attn_v.bias", TYPE_F32, kvWidth));
            }
            t.add(new Tensor(b + "attn_output.weight", matrix, e, e));
            t.add(new Tensor(b + "ffn_norm.weight", TYPE_F32, e));
            t.add(new Tensor(b + "ffn_gate.weight", matrix, e, shape.ff()));
            t.add(new Tensor(b + "ffn_up.weight", matrix, e, shape.ff()));
            t.add(new Tensor(b + "ffn_down.weight", matrix, shape.ff(), e));
        }
        return t;
    }

    private static long align(long n) {
        return (n + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    }

    /** One tensor: GGUF dimensions, innermost first. Norm weights are ones, everything else small noise. */
    private record Tensor(String name, int type, long... dims) {

        long elements() {
            long n = 1;
            for (long d : dims) {
                n *= d;
            }
            return n;
        }

        long bytes() {
            return type == TYPE_F32 ? elements() * 4 : elements() / 32 * 18;
        }

        void write(Sink s, SplittableRandom random) {
            boolean norm = name.endsWith("norm.weight");
            if (type == TYPE_F32) {
                ByteBuffer buffer = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
                for (long i = 0; i < elements(); i++) {
                    buffer.putFloat(norm ? 1f : (float) (random.nextDouble() * 0.2 - 0.1));
                    if (!buffer.hasRemaining()) {
                        s.bytes(buffer.array());
                        buffer.clear();
                    }
                }
                s.bytes(java.util.Arrays.copyOf(buffer.array(), buffer.position()));
                return;
            }
            byte[] block = new byte[18];
            short scale = halfOf(0.004f);
            byte[] chunk = new byte[18 * 4096];
            int at = 0;
            for (long b = 0; b < elements() / 32; b++) {
                block[0] = (byte) scale;
                block[1] = (byte) (scale >> 8);
                long bits = random.nextLong();
                long more = random.nextLong();
                for (int i = 0; i < 8; i++) {
                    block[2 + i] = (byte) (bits >>> (8 * i));
                    block[10 + i] = (byte) (more >>> (8 * i));
                }
                System.arraycopy(block, 0, chunk, at, 18);
                at += 18;
                if (at == chunk.length) {
                    s.bytes(chunk);
                    at = 0;
                }
            }
            s.bytes(java.util.Arrays.copyOf(chunk, at));
        }

        /** IEEE half precision of a small positive normal float (enough for a fixed scale). */
        private static short halfOf(float value) {
            int bits = Float.floatToIntBits(value);
            int exponent = ((bits >>> 23) & 0xff) - 127 + 15;
            int mantissa = (bits >>> 13) & 0x3ff;
            return (short) ((exponent << 10) | mantissa);
        }
    }

    /** Little-endian writes with the running length (for alignment padding). */
    private static final class Sink {
        private final OutputStream out;
        private long written;

        Sink(OutputStream out) {
            this.out = out;
        }

        void bytes(byte[] b) {
            try {
                out.write(b);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            written += b.length;
        }

        void u32(long v) {
            bytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array());
        }

        void u64(long v) {
            bytes(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array());
        }

        void f32(float v) {
            bytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(v).array());
        }

        void string(String text) {
            byte[] b = text.getBytes(StandardCharsets.UTF_8);
            u64(b.length);
            bytes(b);
        }

        void pad() {
            while (written % ALIGNMENT != 0) {
                bytes(new byte[1]);
            }
        }

        void kvString(String key, String value) {
            string(key);
            u32(8);
            string(value);
        }

        void kvU32(String key, int value) {
            string(key);
            u32(4);
            u32(value);
        }

        void kvF32(String key, float value) {
            string(key);
            u32(6);
            f32(value);
        }

        void kvStrings(String key, List<String> values) {
            string(key);
            u32(9);
            u32(8);
            u64(values.size());
            values.forEach(this::string);
        }

        /** Longer tokens score higher, so the tokenizer prefers them, as SentencePiece scores do. */
        void kvScores(String key, List<String> tokens) {
            string(key);
            u32(9);
            u32(6);
            u64(tokens.size());
            for (int i = 0; i < tokens.size(); i++) {
                f32(i < 259 ? 0f : -1000f + tokens.get(i).length());
            }
        }

        /** 2 unknown, 3 control for begin/end, 6 byte tokens, 1 normal. */
        void kvTypes(String key, List<String> tokens) {
            string(key);
            u32(9);
            u32(5);
            u64(tokens.size());
            for (int i = 0; i < tokens.size(); i++) {
                u32(i == 0 ? 2 : i < 3 ? 3 : i < 259 ? 6 : 1);
            }
        }
    }
}
