package org.tally.core.catalog;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/** Test helpers: fresh in-memory H2 databases and statement scripts. */
final class SqlScript {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private SqlScript() {
    }

    /** A URL of a new, empty in-memory H2 database that lives until the JVM exits. */
    static String newH2() {
        return "jdbc:h2:mem:catalog" + COUNTER.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
    }

    static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url, "sa", "");
    }

    static void run(String url, String... statements) throws SQLException {
        try (Connection c = url.startsWith("jdbc:h2:") ? connect(url) : DriverManager.getConnection(url)) {
            run(c, statements);
        }
    }

    static void run(Connection c, String... statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }
}
