package org.tally.core.execute;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.SessionEnvelope;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.safety.Unvalidated;
import org.tally.core.testing.RealDatabases;

/**
 * The executor on a real PostgreSQL, through a plain URL without {@code readOnlyMode}: the read-only
 * transaction the executor opens is what stops writes here.
 */
class PostgresExecutorTest extends ReadOnlyExecutorContract {

    @Override
    Dialect dialect() {
        return Dialect.POSTGRES;
    }

    @Override
    String newDatabaseUrl() {
        return RealDatabases.newPostgresDatabase();
    }

    @Override
    String booleanType() {
        return "BOOLEAN";
    }

    @Override
    String timestampType() {
        return "TIMESTAMP";
    }

    @Override
    String slowQuery() {
        return "SELECT pg_sleep(30)";
    }

    @Override
    String costUnit() {
        return "PostgreSQL planner cost units";
    }

    @Override
    List<String> writeAttempts() {
        List<String> writes = new ArrayList<>(super.writeAttempts());
        writes.add("WITH d AS (DELETE FROM probe RETURNING *) SELECT * FROM d");
        writes.add("WITH u AS (UPDATE probe SET label = 'changed' RETURNING id) SELECT COUNT(*) FROM u");
        writes.add("CREATE TEMPORARY TABLE scratch AS SELECT * FROM probe");
        writes.add("SELECT * INTO copied FROM probe");
        writes.add("TRUNCATE probe");
        return writes;
    }

    @Test
    void aSelectCallingAFunctionThatWritesIsRefusedByTheServer() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION tidy_up() RETURNS int LANGUAGE plpgsql AS"
                    + " $$ BEGIN DELETE FROM probe; RETURN 1; END $$");
        }
        List<String> before = snapshot();

        ExecutionOutcome outcome = run(settings(), "SELECT tidy_up()", List.of());

        assertThat(outcome).isInstanceOf(ExecutionOutcome.Failed.class);
        assertThat(((ExecutionOutcome.Failed) outcome).sqlState()).isEqualTo("25006");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void aWritingFunctionStaysRefusedWhenItsEstimateIsReusedOnAPreparedConnection() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION tidy_up() RETURNS int LANGUAGE plpgsql AS"
                    + " $$ BEGIN DELETE FROM probe; RETURN 1; END $$");
        }
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url + "&readOnlyMode=always")) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings(), PreflightMemory.of(settings()));
            executor.prepare(c, dialect());

            ExecutionOutcome first = executor.execute(c, Unvalidated.statement("SELECT tidy_up()", dialect()), List.of());
            ExecutionOutcome second = executor.execute(c, Unvalidated.statement("SELECT tidy_up()", dialect()), List.of());

            assertThat(((ExecutionOutcome.Failed) first).sqlState()).isEqualTo("25006");
            assertThat(((ExecutionOutcome.Failed) second).sqlState()).isEqualTo("25006");
            assertThat(second.preflight().note()).endsWith(", estimate reused)");
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void aConnectionWithReadOnlyModeAlwaysReadsAndRefusesWritesToo() throws Exception {
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url + "&readOnlyMode=always")) {
            ReadOnlyExecutor executor = new ReadOnlyExecutor(settings(), PreflightMemory.of(settings()));

            QueryResult read = rowsOf(executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of()));
            ExecutionOutcome write = executor.execute(c, Unvalidated.statement("DELETE FROM probe", dialect()), List.of());

            assertThat(read.rows()).containsExactly(List.of((long) ROWS));
            assertThat(((ExecutionOutcome.Failed) write).sqlState()).isEqualTo("25006");
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Override
    String writingQuery() {
        return "WITH d AS (DELETE FROM probe RETURNING *) SELECT COUNT(*) FROM d";
    }

    @Override
    List<String> snapshotTransaction() {
        return List.of("BEGIN ISOLATION LEVEL REPEATABLE READ", "SELECT COUNT(*) FROM probe");
    }

    @Override
    List<String> sessionResets() {
        return List.of("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE", "SET default_transaction_read_only = off",
                "SET statement_timeout = 0", "SET statement_timeout = 3600000",
                "SELECT set_config('default_transaction_read_only', 'off', false)", "RESET ALL", "DISCARD ALL", "BEGIN READ WRITE",
                "START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ WRITE");
    }

    /** A function the policy cannot tell from a built-in, which undoes both bounds of the session it runs in. */
    private void createLoosen() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION loosen() RETURNS int LANGUAGE plpgsql AS $$ BEGIN"
                    + " PERFORM set_config('default_transaction_read_only', 'off', false);"
                    + " PERFORM set_config('statement_timeout', '0', false); RETURN 1; END $$");
        }
    }

    /**
     * The preflight's EXPLAIN executes nothing, but planning folds an IMMUTABLE function with constant arguments,
     * and this one makes the session read-write as it is folded: the statement that follows the EXPLAIN on the same
     * connection must still run read-only.
     */
    @Test
    void aFunctionRunWhileTheStatementIsPlannedCannotLoosenTheStatementItself() throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE FUNCTION loosen_when_planned() RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN"
                    + " PERFORM set_config('default_transaction_read_only', 'off', false); RETURN 0; END $$");
        }
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url)) {
            ReadOnlyExecutor executor = prepared(c, settings()); // preflight on, as in the app

            ExecutionOutcome write = executor.execute(c, Unvalidated.statement("WITH d AS (DELETE FROM probe WHERE id > loosen_when_planned() RETURNING *) SELECT COUNT(*) FROM d", dialect()),
                    List.of());

            assertThat(write.preflight().note()).as("the EXPLAIN ran and was planned").startsWith("ok(");
            assertThat(write).isInstanceOf(ExecutionOutcome.Failed.class);
            assertThat(((ExecutionOutcome.Failed) write).sqlState()).isEqualTo("25006");
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void aFunctionThatUndoesTheSessionCannotLoosenTheNextStatement() throws Exception {
        createLoosen();
        List<String> before = snapshot();
        try (Connection c = DriverManager.getConnection(url)) {
            ReadOnlyExecutor executor = prepared(c, settings().withStatementTimeout(Duration.ofSeconds(1)));

            QueryResult loosened = rowsOf(executor.execute(c, Unvalidated.statement("SELECT loosen()", dialect()), List.of()));
            String reportedAfter = c.unwrap(PGConnection.class).getParameterStatus("default_transaction_read_only");
            ExecutionOutcome write = executor.execute(c, Unvalidated.statement(writingQuery(), dialect()), List.of());
            ExecutionOutcome slow = executor.execute(c, Unvalidated.statement(slowQuery(), dialect()), List.of());

            assertThat(loosened.rows()).containsExactly(List.of(1L)); // a read-only transaction may change settings
            assertThat(reportedAfter).as("the server reports the change").isEqualTo("off");
            assertThat(((ExecutionOutcome.Failed) write).sqlState()).isEqualTo("25006");
            assertThat(slow).isInstanceOf(ExecutionOutcome.Timeout.class);
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void theServerStopsAStatementAtTheTimeoutItCarriesWhateverTheSessionSays() throws Exception {
        try (Connection c = DriverManager.getConnection(url)) {
            SessionEnvelope envelope = Dialect.POSTGRES.rules().sessionEnvelope(c, 700).orElseThrow();
            for (String session : List.of("0", "3600000", "50")) {
                try (Statement s = c.createStatement()) {
                    s.execute("SET statement_timeout = " + session);
                }
                long t = System.nanoTime();
                // no driver timeout: only the server can stop it
                try (PreparedStatement p = c.prepareStatement(envelope.bounded("SELECT pg_sleep(30)"))) {
                    assertThatThrownBy(() -> envelope.open(p)).as("session timeout " + session)
                            .isInstanceOfSatisfying(SQLException.class, e -> {
                                assertThat(e.getSQLState()).isEqualTo("57014");
                                assertThat(e.getMessage()).contains("statement timeout");
                            });
                }
                assertThat((System.nanoTime() - t) / 1_000_000).as("session timeout " + session).isBetween(650L, 8_000L);
            }
        }
    }

    @Test
    void aSessionThatCannotBeMadeReadOnlyAgainRunsNothing() throws Exception {
        List<String> before = snapshot();
        AtomicBoolean broken = new AtomicBoolean();
        try (Connection real = DriverManager.getConnection(url)) {
            Connection c = reportingReadWriteWhen(real, broken);
            ReadOnlyExecutor executor = prepared(c, settings());
            assertThat(rowsOf(executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of())).rows())
                    .containsExactly(List.of((long) ROWS));
            broken.set(true);

            ExecutionOutcome read = executor.execute(c, Unvalidated.statement("SELECT COUNT(*) FROM probe", dialect()), List.of());
            ExecutionOutcome write = executor.execute(c, Unvalidated.statement(writingQuery(), dialect()), List.of());

            for (ExecutionOutcome refused : List.of(read, write)) {
                assertThat(refused).isInstanceOf(ExecutionOutcome.Failed.class);
                assertThat(((ExecutionOutcome.Failed) refused).message())
                        .startsWith("Could not keep the session read-only and bounded, so nothing ran");
                assertThat(refused.preflight().note()).isEqualTo("unavailable(not reached)");
            }
        }
        assertThat(snapshot()).isEqualTo(before);
    }

    /** The real connection, except that once {@code broken} its driver reports the session read-write whatever happens. */
    private static Connection reportingReadWriteWhen(Connection real, AtomicBoolean broken) throws SQLException {
        PGConnection pg = real.unwrap(PGConnection.class);
        return (Connection) Proxy.newProxyInstance(PostgresExecutorTest.class.getClassLoader(),
                new Class<?>[] {Connection.class, PGConnection.class}, (proxy, method, args) -> {
                    String name = method.getName();
                    if (name.equals("isWrapperFor")) {
                        return ((Class<?>) args[0]).isInstance(proxy) || real.isWrapperFor((Class<?>) args[0]);
                    }
                    if (name.equals("unwrap") && ((Class<?>) args[0]).isInstance(proxy)) {
                        return proxy;
                    }
                    if (name.equals("getParameterStatus") && broken.get()) {
                        return "off";
                    }
                    Object target = method.getDeclaringClass().isInstance(real) ? real : pg;
                    try {
                        return method.invoke(target, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Override
    void assertWriteRefused(String write, ExecutionOutcome.Failed failed) {
        assertThat(failed.sqlState()).as("SQLSTATE of " + write).isEqualTo("25006");
        assertThat(failed.message()).as(write).contains("refused to change data").contains("read-only transaction");
    }
}
