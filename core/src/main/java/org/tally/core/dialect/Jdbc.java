package org.tally.core.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** Small JDBC steps the dialects' envelopes share. */
final class Jdbc {

    private Jdbc() {
    }

    static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Rolls back whatever someone left open and switches autocommit back on (the session envelope runs in it). */
    static void autocommitOn(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.rollback(); // never commit what someone else left: Tally has nothing to keep
            c.setAutoCommit(true);
        }
    }
}
