package org.tally.core.pack;

import java.util.List;

/**
 * A scope of work (Maternity, Pharmacy, …). Which concepts it owns is declared on each concept
 * ({@link Concept#serviceLines()}); shared concepts are readable from every line.
 *
 * @param phrases      words a user may use to pick or mention the line ("labour ward", "obstetrics")
 * @param patientLevel the line reads patient-level records: one patient's lookups and the free text about one
 *                     patient (the patient chart); every other line is an analyst's, which never reaches them
 */
public record ServiceLine(String id, String label, String description, List<String> phrases, boolean patientLevel) {
    public ServiceLine {
        id = Lists.text(id);
        label = Lists.text(label);
        description = Lists.text(description);
        phrases = Lists.copy(phrases, "phrases");
    }

    /** An analyst's line: it never reads patient-level records. */
    public ServiceLine(String id, String label, String description, List<String> phrases) {
        this(id, label, description, phrases, false);
    }
}
