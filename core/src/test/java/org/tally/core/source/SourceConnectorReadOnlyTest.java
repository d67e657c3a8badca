package org.tally.core.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.RealDatabases;

class SourceConnectorReadOnlyTest {

    @Test
    void postgresUrlsAlwaysAskForReadOnlyMode() {
        assertThat(Dialect.POSTGRES.rules().readOnlyUrl("jdbc:postgresql://h/db"))
                .isEqualTo("jdbc:postgresql://h/db?readOnlyMode=always");
        assertThat(Dialect.POSTGRES.rules().readOnlyUrl("jdbc:postgresql://h/db?user=x"))
                .isEqualTo("jdbc:postgresql://h/db?user=x&readOnlyMode=always");
        assertThat(Dialect.POSTGRES.rules().readOnlyUrl("jdbc:postgresql://h/db?readOnlyMode=ignore&ssl=true"))
                .isEqualTo("jdbc:postgresql://h/db?readOnlyMode=always&ssl=true");
    }

    @Test
    void aPostgresConnectionRefusesWritesEvenUnderAutocommit() throws Exception {
        String url = RealDatabases.newPostgresDatabase();
        try (Connection admin = DriverManager.getConnection(url); Statement s = admin.createStatement()) {
            s.execute("CREATE TABLE probe (id INT)");
        }
        SourceConnector connector = new SourceConnector(new DemoDatabaseProvider() {
            @Override
            public String jdbcUrl(DemoSchema schema, Progress progress) {
                throw new AssertionError("no demo here");
            }

            @Override
            public LocalDate referenceDate() {
                throw new AssertionError("no demo here");
            }
        });

        try (Connection c = connector.open(SourceRef.parse(url), Credentials.NONE, Progress.NONE);
             Statement s = c.createStatement()) {
            assertThat(c.getAutoCommit()).isTrue();
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO probe VALUES (1)"))
                    .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
        }
        try (Connection admin = DriverManager.getConnection(url); Statement s = admin.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM probe")) {
            rs.next();
            assertThat(rs.getInt(1)).isZero();
        }
    }
}
