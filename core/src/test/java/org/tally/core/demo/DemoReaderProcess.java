package org.tally.core.demo;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/** Run in a separate JVM by {@link DemoDatabasesTest}: reads the demo while the test process holds it open. */
public final class DemoReaderProcess {

    private DemoReaderProcess() {
    }

    public static void main(String[] args) throws Exception {
        try (Connection c = DriverManager.getConnection(args[0]); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM patients")) {
            rs.next();
            System.out.println(rs.getLong(1));
        }
    }
}
