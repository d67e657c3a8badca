package org.tally.core.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tally.core.embed.Embeddings;

/**
 * A tiny deterministic embedding for tests of what is searched or linked (not of a model's quality): hashed word
 * counts (a plural s cut) and a little of their letter triples, unit length. Enough to rank by shared words.
 */
public final class WordVectors implements Embeddings {
    private static final int DIMENSION = 512;

    @Override
    public String modelId() {
        return "test-word-vectors";
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    @Override
    public List<float[]> embed(List<String> texts, Kind kind) {
        List<float[]> out = new ArrayList<>();
        for (String text : texts) {
            float[] v = new float[DIMENSION];
            String lower = text.toLowerCase(Locale.ROOT);
            for (String w : lower.split("[^\\p{L}\\p{N}]+")) {
                if (w.length() > 3) {
                    String stem = w.endsWith("s") ? w.substring(0, w.length() - 1) : w;
                    v[Math.floorMod(stem.hashCode(), DIMENSION)] += 1;
                }
            }
            for (int i = 0; i + 3 <= lower.length(); i++) { // letters in common give every pair some score
                v[Math.floorMod(lower.substring(i, i + 3).hashCode(), DIMENSION)] += 0.05f;
            }
            double norm = 0;
            for (float x : v) {
                norm += x * x;
            }
            float n = (float) Math.sqrt(Math.max(norm, 1e-12));
            for (int i = 0; i < DIMENSION; i++) {
                v[i] /= n;
            }
            out.add(v);
        }
        return out;
    }
}
