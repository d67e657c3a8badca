package org.tally.core.embed;

import java.util.List;

/**
 * A local sentence-embedding model (DESIGN: see docs/architecture.md, "Local models"): text in, a unit-length vector
 * out, so the dot product of two vectors is their cosine. Used for schema linking, the binder's card/concept signal
 * and retrieval, always by rank and margin between candidates, never against a fixed cosine threshold (models such
 * as bge give unrelated pairs cosines of 0.5 to 0.8).
 *
 * <p>Implementations are thread-safe, load their model once, and never download anything.
 */
public interface Embeddings {

    /** What a text is, for models that embed a question and a passage differently (prefixes, instructions). */
    enum Kind {
        /** A question or a short search phrase. */
        QUERY,
        /** A text that is searched: a schema card, a concept description, a passage of a record. */
        PASSAGE
    }

    /** A short, stable name of the model (stored beside vectors so a vector is never compared across models). */
    String modelId();

    /** The vectors' length. */
    int dimension();

    /** One unit-length vector per text, in order. */
    List<float[]> embed(List<String> texts, Kind kind);

    /** One text's unit-length vector. */
    default float[] embed(String text, Kind kind) {
        return embed(List.of(text), kind).get(0);
    }
}
