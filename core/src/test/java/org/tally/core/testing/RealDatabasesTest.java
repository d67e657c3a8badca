package org.tally.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class RealDatabasesTest {

    @Test
    void postgresAndMariaDbStartAndHandOutSeparateDatabases() throws Exception {
        for (String url : new String[] {RealDatabases.newPostgresDatabase(), RealDatabases.newMariaDbDatabase()}) {
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE probe (id INT PRIMARY KEY)");
                s.execute("INSERT INTO probe VALUES (1), (2)");
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM probe")) {
                    rs.next();
                    assertThat(rs.getInt(1)).isEqualTo(2);
                }
            }
        }
        String other = RealDatabases.newPostgresDatabase();
        try (Connection c = DriverManager.getConnection(other); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'probe'")) {
            rs.next();
            assertThat(rs.getInt(1)).as("a new database starts empty").isZero();
        }
    }
}
