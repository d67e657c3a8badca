package org.tally.core.source;

import java.time.LocalDate;
import org.tally.core.Progress;

/** Makes sure the embedded demo hospital exists in the data folder and says how to reach it. */
public interface DemoDatabaseProvider {

    /** A read-only JDBC URL of the demo hospital in {@code schema}'s naming, generating it first if needed. */
    String jdbcUrl(DemoSchema schema, Progress progress);

    /**
     * The demo hospital's own "today": its records run up to this date, and relative time phrases on a demo
     * source default to it, so the demo answers the same on every machine and every day.
     */
    LocalDate referenceDate();

    /**
     * What identifies the demo database of {@code schema} this Tally builds (its generator version and size): a
     * catalog read from another build describes data that is gone. Null: a provider that names none.
     */
    default String origin(DemoSchema schema) {
        return null;
    }
}
