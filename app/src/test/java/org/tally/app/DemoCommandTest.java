package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;

class DemoCommandTest {

    @TempDir
    Path home;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), new DataFolder(home));
    }

    @Test
    void pathPrintsTheDemoFolderOfTheDataFolder() {
        assertThat(run("demo", "path")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8).strip()).isEqualTo(home.resolve("demo").toString());
    }

    @Test
    void writePutsTheAltSchemaIntoTheTargetAndReportsOnStandardError() throws Exception {
        String url = "jdbc:h2:mem:demo_cli_alt;DB_CLOSE_DELAY=-1";
        assertThat(run("demo", "write", "--schema", "alt", "--target", url)).as(err.toString()).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("PatientMaster", "wrote");
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM \"OB_Delivery\" WHERE \"mode_of_delivery\" = 'C-Section'")) {
            rs.next();
            assertThat(rs.getLong(1)).isPositive();
        }
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertThat(run("demo", "write", "--schema", "beta", "--target", "jdbc:h2:mem:x")).isEqualTo(TallyCli.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--schema must be dev or alt");
        assertThat(run("demo", "write", "--schema", "dev", "--target", "not-a-url")).isEqualTo(TallyCli.USAGE);
        assertThat(run("demo", "write", "--schema", "dev", "--scale", "0", "--target", "jdbc:h2:mem:y"))
                .isEqualTo(TallyCli.USAGE);
    }

    @Test
    void askOnTheDemoSourceBuildsTheDemoAndAnswersWithAnObject() {
        assertThat(run("ask", "--source", "demo:alt", "how many patients")).as(err.toString()).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"question\"");
        assertThat(home.resolve("demo")).isDirectoryContaining(p -> p.getFileName().toString().endsWith(".mv.db"));
    }
}
