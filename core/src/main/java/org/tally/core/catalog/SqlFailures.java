package org.tally.core.catalog;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;

/** Sorts driver errors into what a refresh does with them: abort, skip the table, or note a timeout. */
final class SqlFailures {

    private SqlFailures() {
    }

    /** The connection itself is gone: the refresh cannot continue and must not write a partial version. */
    static boolean connectionLost(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLNonTransientConnectionException || e instanceof SQLTransientConnectionException
                || e instanceof SQLRecoverableException || state != null && state.startsWith("08");
    }

    /** The per-statement timeout fired (PostgreSQL 57014, MariaDB 70100, H2 57014, the JDBC HYT00/HY008). */
    static boolean timedOut(SQLException e) {
        String state = e.getSQLState();
        return e instanceof SQLTimeoutException || "57014".equals(state) || "70100".equals(state)
                || "HYT00".equals(state) || "HY008".equals(state);
    }

    /** The account may not read the object (PostgreSQL 42501, MySQL 1142/1143, SQL Server 229, H2 90096). */
    static boolean permissionDenied(SQLException e) {
        int code = e.getErrorCode();
        return "42501".equals(e.getSQLState()) || code == 1142 || code == 1143 || code == 229 || code == 90096;
    }

    /** The first line of the driver's message, which is the part worth showing. */
    static String firstLine(SQLException e) {
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return "no reason given by the driver" + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")");
        }
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }
}
