package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.SessionEnvelope;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.safety.Unvalidated;
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
    String costUnit() {
        return "rows examined (MariaDB estimate)";
    }

    /**
     * Statements other than queries never reach the server: Connector/J refuses them through executeQuery (SQLSTATE
     * S1009) on the per-transaction envelope, the executor itself on the session envelope (no SQLSTATE: nothing
     * ran); the tests below show what the server itself refuses.
     */
    @Override
    void assertWriteRefused(String write, ExecutionOutcome.Failed failed) {
        if (failed.sqlState() == null) {
            assertThat(failed.message()).as(write).startsWith("Refused before running: only a query");
        } else {
            assertThat(failed.sqlState()).as("SQLSTATE of " + write).isIn("S1009", "25006");
        }
    }

    @BeforeEach
    void createFunctionsThatWriteOrLoosen() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION tidy_up() RETURNS INT MODIFIES SQL DATA BEGIN DELETE FROM probe; RETURN 1; END");
            s.execute("CREATE FUNCTION loosen() RETURNS INT NO SQL BEGIN SET SESSION TRANSACTION READ WRITE; RETURN 1; END");
            s.execute("CREATE FUNCTION relax() RETURNS INT NO SQL BEGIN SET SESSION max_statement_time = 0; RETURN 1; END");
        }
    }

    @Override
    String writingQuery() {
        return "SELECT tidy_up()";
    }

    @Override
    List<String> snapshotTransaction() {
        return List.of("START TRANSACTION WITH CONSISTENT SNAPSHOT", "SELECT COUNT(*) FROM probe");
    }

    @Override
    List<String> sessionResets() {
        return List.of("SET SESSION TRANSACTION READ WRITE", "SET SESSION max_statement_time = 0", "SELECT loosen()",
                "SELECT relax()", "START TRANSACTION READ WRITE", "SET autocommit = 0");
    }

    @Test
    void aStatementStoppedByTheServerLeavesNoDriverCancelForTheNextOne() throws Exception {
        // the server's bound and the driver's backstop firing together sent a late KILL QUERY into the next statement
        try (Connection c = DriverManager.getConnection(url)) {
            ReadOnlyExecutor executor = prepared(c, settings().withStatementTimeout(Duration.ofSeconds(1))
                    .withPreflight(false));
            for (int round = 0; round < 4; round++) {
                assertThat(executor.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of())).as("round " + round)
                        .isInstanceOf(ExecutionOutcome.Timeout.class);
                ExecutionOutcome next = executor.execute(c, Unvalidated.statement("SELECT SLEEP(0.2), 1", dialect()), List.of());
                assertThat(next).as("the statement after round " + round).isInstanceOf(ExecutionOutcome.Rows.class);
            }
        }
    }

    @Test
    void functionsThatUndoTheSessionCannotLoosenTheNextStatement() throws Exception {
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url)) {
            ReadOnlyExecutor executor = prepared(c, settings().withStatementTimeout(Duration.ofSeconds(1)));

            QueryResult throughExecutor = rowsOf(executor.execute(c, Unvalidated.statement("SELECT loosen(), relax()", dialect()), List.of()));
            String afterExecutor = session(c);
            try (Statement s = c.createStatement()) {
                s.execute("SELECT loosen(), relax()");
            }
            String afterDirect = session(c);
            ExecutionOutcome write = executor.execute(c, Unvalidated.statement(writingQuery(), dialect()), List.of());
            ExecutionOutcome slow = executor.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of());

            assertThat(throughExecutor.rows()).containsExactly(List.of(1L, 1L));
            // SET STATEMENT puts its variables back after the statement, over what the functions set
            assertThat(afterExecutor).as("after the functions ran through the executor").isEqualTo("1 1.0");
            assertThat(afterDirect).as("after the functions ran directly").isEqualTo("0 0.0");
            assertThat(((ExecutionOutcome.Failed) write).sqlState()).isEqualTo("25006");
            assertThat(slow).isInstanceOf(ExecutionOutcome.Timeout.class);
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    /**
     * MariaDB's own driver (what a {@code jdbc:mariadb:} source uses) keeps the server's transaction state too: the
     * session envelope holds there, and a transaction opened with SQL is ended before the next statement, its
     * snapshot with it.
     */
    @Test
    void throughMariaDbConnectorJTheSessionEnvelopeHoldsAndEndsATransactionLeftOpen() throws Exception {
        String mariadbUrl = url.replaceFirst("^jdbc:mysql:", "jdbc:mariadb:");
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(mariadbUrl)) {
            assertThat(c.getClass().getName()).startsWith("org.mariadb.jdbc.");
            ReadOnlyExecutor executor = prepared(c, settings().withStatementTimeout(Duration.ofSeconds(1)));
            try (Statement s = c.createStatement()) {
                s.execute("START TRANSACTION WITH CONSISTENT SNAPSHOT");
                s.execute("SELECT COUNT(*) FROM probe");
            }
            try (Connection writer = DriverManager.getConnection(url); Statement s = writer.createStatement()) {
                s.execute("INSERT INTO probe (id, label) VALUES (" + (ROWS + 1) + ", 'added later')");
            }
            List<String> added = snapshot();
            QueryResult count = rowsOf(executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of()));
            try (Statement s = c.createStatement()) {
                s.execute("START TRANSACTION READ WRITE");
            }
            ExecutionOutcome write = executor.execute(c, Unvalidated.statement(writingQuery(), dialect()), List.of());
            try (Statement s = c.createStatement()) {
                s.execute("SET autocommit = 0");
                s.execute("SET SESSION max_statement_time = 0");
            }
            ExecutionOutcome slow = executor.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of());

            assertThat(count.rows()).as("not the snapshot's count").containsExactly(List.of((long) ROWS + 1));
            assertThat(((ExecutionOutcome.Failed) write).sqlState()).isEqualTo("25006");
            assertThat(slow).isInstanceOf(ExecutionOutcome.Timeout.class);
            assertThat(snapshot()).isEqualTo(added).hasSize(before.size() + 1);
        }
    }

    /** The session's read-only flag and statement time limit, as "1 1.0". */
    private static String session(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT @@session.tx_read_only, @@session.max_statement_time")) {
            rs.next();
            return rs.getString(1) + " " + Double.parseDouble(rs.getString(2));
        }
    }

    @Test
    void theServerRefusesWritesAndStopsSlowStatementsByWhatEachStatementCarries() throws Exception {
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url)) {
            SessionEnvelope envelope = Dialect.MYSQL.rules().sessionEnvelope(c, 700).orElseThrow();
            try (Statement s = c.createStatement()) {
                s.execute("SET SESSION TRANSACTION READ WRITE");
                s.execute("SET SESSION max_statement_time = 0");
            }
            // sent as the session envelope would send them, without the executor's check that they are queries
            for (String write : List.of("INSERT INTO probe (id, label) VALUES (100, 'written')",
                    "UPDATE probe SET label = 'changed'", "DELETE FROM probe", "SELECT tidy_up()")) {
                try (Statement s = c.createStatement()) {
                    assertThatThrownBy(() -> s.execute(envelope.bounded(write))).as(write)
                            .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("25006"));
                }
            }
            long t = System.nanoTime();
            try (PreparedStatement p = c.prepareStatement(envelope.bounded("SELECT SLEEP(30)"))) {
                assertThatThrownBy(() -> envelope.open(p)).isInstanceOfSatisfying(SQLException.class,
                        e -> assertThat(e.getErrorCode()).isEqualTo(1969)); // max_statement_time, no driver timeout set
            }
            assertThat((System.nanoTime() - t) / 1_000_000).isBetween(650L, 8_000L);
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void aSelectCallingAFunctionThatWritesIsRefusedByTheServer() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
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
            rowsOf(new ReadOnlyExecutor(settings(), PreflightMemory.of(settings())).execute(c, Unvalidated.statement("SELECT id FROM probe", dialect()), List.of()));
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
