/**
 * Local sentence embeddings behind a core interface: {@link org.tally.core.embed.Embeddings} (unit vectors, query
 * and passage kinds), {@link org.tally.core.embed.EmbeddingModel} (the process's one model, loaded once off the
 * caller's thread) and {@link org.tally.core.embed.Vectors}. The ONNX Runtime adapter lives in the models module;
 * core knows no model runtime. Every use ranks candidates and looks at the margin between them; no cosine value is
 * ever a threshold by itself.
 */
package org.tally.core.embed;
