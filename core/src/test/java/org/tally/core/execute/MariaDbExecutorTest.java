package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.core.source.Dialect;
import org.tally.core.testing.RealDatabases;

/** The executor on a real MariaDB 10.11 through MySQL Connector/J, as user root (so only the transaction stops writes). */
class MariaDbExecutorTest extends ReadOnlyExecutorContract {

    @Override
    Dialect dialect() {
        return Dialect.MYSQL;
    }

    @Override
    String newDatabaseUrl() {
        return RealDatabases.newMariaDbDatabase();
    }

    @Override
    String booleanType() {
        return "BOOLEAN";
    }

    @Override
    String timestampType() {
        return "DATETIME";
    }

    @Override
    String slowQuery() {
        return "SELECT SLEEP(30)";
    }

    @Override
    CostUnit costUnit() {
        return CostUnit.MARIADB_ROWS_EXAMINED;
    }

    /**
     * Connector/J refuses to send anything but a query through executeQuery (SQLSTATE S1009), so these never
     * reach the server; the tests below show what the server itself refuses.
     */
    @Override
    void assertWriteRefused(String write, ExecutionOutcome.Failed failed) {
        assertThat(failed.sqlState()).as("SQLSTATE of " + write).isIn("S1009", "25006");
    }

    @Test
    void aSelectCallingAFunctionThatWritesIsRefusedByTheServer() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION tidy_up() RETURNS INT MODIFIES SQL DATA BEGIN DELETE FROM probe; RETURN 1; END");
            s.execute("CREATE FUNCTION scribble() RETURNS INT MODIFIES SQL DATA"
                    + " BEGIN INSERT INTO probe (id, label) VALUES (200, 'scribbled'); RETURN 1; END");
        }
        List<String> before = snapshot();
        for (String call : List.of("SELECT tidy_up()", "SELECT scribble() FROM probe")) {
            ExecutionOutcome outcome = run(settings(), call, List.of());

            assertThat(outcome).as(call).isInstanceOf(ExecutionOutcome.Failed.class);
            assertThat(((ExecutionOutcome.Failed) outcome).sqlState()).as(call).isEqualTo("25006");
            assertThat(((ExecutionOutcome.Failed) outcome).message()).as(call).contains("refused to change data");
            assertThat(snapshot()).as("content after " + call).isEqualTo(before);
        }
    }

    @Test
    void theSessionTheExecutorLeavesIsReadOnlyOnTheServerItself() throws Exception {
        List<String> before = snapshot();
        // stop the driver from touching the server's read-only state, then lift its own client-side check
        try (Connection c = DriverManager.getConnection(url + "&readOnlyPropagatesToServer=false")) {
            rowsOf(new ReadOnlyExecutor(settings()).execute(c, dialect(), "SELECT id FROM probe", List.of()));
            c.setReadOnly(false);
            for (String write : List.of("INSERT INTO probe (id, label) VALUES (100, 'written')",
                    "UPDATE probe SET label = 'changed'", "DELETE FROM probe", "CREATE TABLE intruder (id INT)",
                    "DROP TABLE probe")) {
                try (Statement s = c.createStatement()) {
                    assertThatThrownBy(() -> s.execute(write)).as(write)
                            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
                }
                assertThat(snapshot()).as("content after " + write).isEqualTo(before);
            }
        }
    }
}
