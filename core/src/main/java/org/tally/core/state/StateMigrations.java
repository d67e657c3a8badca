package org.tally.core.state;

import java.util.List;

/**
 * The app-state schema, as numbered migrations applied in order and never edited once released: a change is a
 * new migration appended to {@link #ALL}.
 */
final class StateMigrations {

    record Migration(int version, String description, List<String> statements) {
        Migration {
            statements = List.copyOf(statements);
        }
    }

    static final List<Migration> ALL = List.of(
            new Migration(1, "catalog versions and the active version per source", List.of(
                    "CREATE TABLE catalog_version (version_id CHAR(36) PRIMARY KEY,"
                            + " source VARCHAR(4000) NOT NULL, created_at TIMESTAMP WITH TIME ZONE NOT NULL,"
                            + " table_count INT NOT NULL, body CLOB NOT NULL)",
                    "CREATE INDEX catalog_version_source ON catalog_version (source, version_id)",
                    "CREATE TABLE catalog_active (source VARCHAR(4000) PRIMARY KEY,"
                            + " version_id CHAR(36) NOT NULL REFERENCES catalog_version (version_id))")));

    private StateMigrations() {
    }
}
