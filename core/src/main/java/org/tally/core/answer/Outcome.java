package org.tally.core.answer;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** What one step of the answer ladder did. */
public enum Outcome {
    /** The step succeeded (a rung answered, or a pipeline step such as validate passed). */
    OK,
    /** The step did not apply or could not produce anything; the ladder moves on. */
    MISS,
    /** The step needs one answer from the user before it can go on. */
    CLARIFY,
    /** The step was not tried (disabled, or an earlier step already decided). */
    SKIPPED,
    /** The step failed in a way the user should see (connector error, timeout, rejection). */
    ERROR;

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
