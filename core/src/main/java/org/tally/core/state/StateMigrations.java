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
                            + " version_id CHAR(36) NOT NULL REFERENCES catalog_version (version_id))")),
            new Migration(2, "conversations, their turns and the focus each left", List.of(
                    "CREATE TABLE conversation (conversation_id CHAR(36) PRIMARY KEY, source VARCHAR(4000) NOT NULL,"
                            + " scope VARCHAR(200) NOT NULL, title VARCHAR(400) NOT NULL,"
                            + " started_at TIMESTAMP WITH TIME ZONE NOT NULL,"
                            + " updated_at TIMESTAMP WITH TIME ZONE NOT NULL, turns INT NOT NULL, focus CLOB)",
                    "CREATE INDEX conversation_source ON conversation (source, updated_at)",
                    "CREATE TABLE conversation_turn (conversation_id CHAR(36) NOT NULL"
                            + " REFERENCES conversation (conversation_id) ON DELETE CASCADE, turn INT NOT NULL,"
                            + " asked_at TIMESTAMP WITH TIME ZONE NOT NULL, question VARCHAR(4000) NOT NULL,"
                            + " status VARCHAR(20) NOT NULL, reason_class VARCHAR(40), reason VARCHAR(4000),"
                            + " words VARCHAR(1000), row_count INT NOT NULL, spec CLOB, spec_hash VARCHAR(100),"
                            + " sql_text CLOB, path CLOB NOT NULL, turn_json CLOB NOT NULL,"
                            + " PRIMARY KEY (conversation_id, turn))",
                    "CREATE INDEX conversation_turn_status ON conversation_turn (status, asked_at)")),
            new Migration(3, "the database each catalog version was read from, where the source names one", List.of(
                    "CREATE TABLE catalog_origin (version_id CHAR(36) PRIMARY KEY"
                            + " REFERENCES catalog_version (version_id) ON DELETE CASCADE,"
                            + " origin VARCHAR(4000) NOT NULL)")));

    private StateMigrations() {
    }
}
