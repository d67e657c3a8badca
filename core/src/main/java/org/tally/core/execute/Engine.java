package org.tally.core.execute;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import org.tally.core.source.Dialect;

/**
 * The database product behind a connection. {@link Dialect#MYSQL} covers MySQL and MariaDB, which differ in
 * their timeout variable and their EXPLAIN output, so the executor asks the server which one it is.
 */
enum Engine {
    POSTGRES, MYSQL, MARIADB, SQLSERVER, H2;

    /**
     * Whether the per-transaction envelope's server setting stops a statement by itself: PostgreSQL's
     * statement_timeout, MariaDB's max_statement_time, MySQL's max_execution_time (which bounds SELECTs, not
     * EXPLAIN). There the driver's timeout is only a later backstop: fired at the same moment as the server's bound,
     * its cancel (sent from outside the statement's own round trip) could land on the next statement instead.
     */
    boolean boundsItself(boolean explain) {
        return this == POSTGRES || this == MARIADB || this == MYSQL && !explain;
    }

    static Engine of(Connection connection, Dialect dialect) throws SQLException {
        return switch (dialect) {
            case POSTGRES -> POSTGRES;
            case SQLSERVER -> SQLSERVER;
            case H2 -> H2;
            case MYSQL -> isMariaDb(connection) ? MARIADB : MYSQL;
        };
    }

    private static boolean isMariaDb(Connection connection) throws SQLException {
        var meta = connection.getMetaData();
        // MariaDB's driver names the product; MySQL's driver sees "MySQL" but the version says e.g. 10.11.5-MariaDB
        String product = meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
        return product.toLowerCase(Locale.ROOT).contains("mariadb");
    }
}
