package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * The local model whose reading an answer ran, shown with the answer and kept in its JSON: an answer read by a model
 * is visibly a model's reading, never passed off as the grammar's.
 *
 * @param name   the model's name (its file name without the extension)
 * @param sha256 the SHA-256 of the model file, as verified against the models folder's manifest
 */
@JsonPropertyOrder({"name", "sha256"})
public record ModelStamp(String name, String sha256) {

    /** The note every model-read answer carries. */
    public static final String NOTE = "model-read — check the reading";

    public ModelStamp {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(sha256, "sha256");
    }
}
