package org.tally.core.catalog;

import java.time.Duration;
import java.util.Objects;

/**
 * How a refresh reads a source.
 *
 * @param schema           the schema (database, on MySQL/MariaDB) to read, or null for the connection's current one
 * @param tables           which tables to read
 * @param pii              which columns hold personal data (no value of them is stored)
 * @param statementTimeout the limit for each statement the refresh sends (at least one second)
 */
public record RefreshOptions(String schema, NamePatterns tables, PiiPolicy pii, Duration statementTimeout) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    public RefreshOptions {
        Objects.requireNonNull(tables, "tables");
        Objects.requireNonNull(pii, "pii");
        Objects.requireNonNull(statementTimeout, "statementTimeout");
        if (statementTimeout.toSeconds() < 1) {
            throw new IllegalArgumentException("statementTimeout must be at least 1 second, was " + statementTimeout);
        }
    }

    /** The current schema, every table, the name-based PII policy, 60 s per statement. */
    public static RefreshOptions defaults() {
        return new RefreshOptions(null, NamePatterns.ALL, PiiPolicy.byName(), DEFAULT_TIMEOUT);
    }
}
