package org.tally.core.pack;

import java.util.List;

/**
 * A scope of work (Maternity, Pharmacy, …). Which concepts it owns is declared on each concept
 * ({@link Concept#serviceLines()}); shared concepts are readable from every line.
 *
 * @param phrases words a user may use to pick or mention the line ("labour ward", "obstetrics")
 */
public record ServiceLine(String id, String label, String description, List<String> phrases) {
    public ServiceLine {
        id = Lists.text(id);
        label = Lists.text(label);
        description = Lists.text(description);
        phrases = Lists.copy(phrases, "phrases");
    }
}
