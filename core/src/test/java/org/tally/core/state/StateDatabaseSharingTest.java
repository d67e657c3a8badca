package org.tally.core.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;

/**
 * Two processes, one data folder: while another process has the state file open, a transaction waits and then
 * goes through; nothing written is lost; only a process that keeps the file for longer than the wait gets a plain
 * error. The other process is real (a second JVM), because H2 shares a file freely inside one JVM.
 */
class StateDatabaseSharingTest {

    @TempDir
    Path home;

    private String url() {
        return "jdbc:h2:file:" + new DataFolder(home).state().resolve("tally").toAbsolutePath();
    }

    private static Process holder(String url) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), StateFileHolder.class.getName(), url)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertThat(out.readLine()).as("the other process opened the file").isEqualTo("open");
        return p;
    }

    private static void release(Process p) throws Exception {
        try (OutputStream in = p.getOutputStream()) {
            in.write("\n".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aTransactionWaitsWhileAnotherProcessHasTheFileAndThenGoesThrough() throws Exception {
        try (StateDatabase first = StateDatabase.open(new DataFolder(home))) {
            first.inTransaction(c -> c.createStatement().execute("CREATE TABLE note (text VARCHAR(100))"));
        }
        // an open handle keeps nothing open between transactions: the other process can take the file
        try (StateDatabase state = StateDatabase.open(url(), Duration.ofMinutes(5))) {
            Process other = holder(url());
            CompletableFuture<Integer> written = CompletableFuture.supplyAsync(() -> state.inTransaction(c -> {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO note VALUES (?)")) {
                    ps.setString(1, "saved while another Tally was open");
                    return ps.executeUpdate();
                }
            }));
            assertThat(written).as("it waits for the other process").isNotDone();
            release(other);
            assertThat(written.get(5, TimeUnit.MINUTES)).isEqualTo(1);
        }
        try (StateDatabase state = StateDatabase.open(new DataFolder(home))) {
            String note = state.inTransaction(c -> {
                try (ResultSet rs = c.createStatement().executeQuery("SELECT text FROM note")) {
                    rs.next();
                    return rs.getString(1);
                }
            });
            assertThat(note).isEqualTo("saved while another Tally was open");
        }
    }

    @Test
    void aFileKeptLongerThanTheWaitGivesAPlainError() throws Exception {
        try (StateDatabase first = StateDatabase.open(new DataFolder(home))) {
            assertThat(first.schemaVersion()).isPositive();
        }
        Process other = holder(url());
        try {
            assertThatThrownBy(() -> StateDatabase.open(url(), Duration.ofMillis(300)))
                    .isInstanceOf(StateDatabase.StateException.class)
                    .hasMessageContaining("another Tally kept the app-state database in use");
        } finally {
            release(other);
        }
    }
}
