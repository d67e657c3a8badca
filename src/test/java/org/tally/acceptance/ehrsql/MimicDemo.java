package org.tally.acceptance.ehrsql;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.Assumptions;
import org.tally.core.testing.RealDatabases;

/**
 * The MIMIC-IV demo in the form the EHRSQL-2024 task uses ({@code shared/ehrsql/}, beside the repository), copied into
 * real Tally sources: an H2 file kept under {@code target/ehrsql/} (written once per build) and a fresh embedded
 * PostgreSQL database.
 */
public final class MimicDemo {

    /** The folder of the shared EHRSQL material: {@code -Dtally.ehrsql=DIR}, else {@code ../shared/ehrsql}. */
    public static final Path EHRSQL = folder();
    public static final Path SQLITE = EHRSQL.resolve("mimic_iv.sqlite");
    private static final Path H2_BASE = Path.of("target", "ehrsql", "mimic_iv").toAbsolutePath();
    private static String postgres;

    private MimicDemo() {
    }

    private static Path folder() {
        String given = System.getProperty("tally.ehrsql");
        if (given != null) {
            return Path.of(given).toAbsolutePath();
        }
        // tests run in src/test; the repository's root is two folders up and shared/ lies beside it
        Path root = Path.of("").toAbsolutePath().getParent().getParent();
        return root.getParent().resolve("shared").resolve("ehrsql");
    }

    /** A read-only H2 URL of the copy (user sa, no password), writing it first when this build has none. */
    public static synchronized String h2() throws Exception {
        requireMaterial();
        Path file = Path.of(H2_BASE + ".mv.db");
        if (!Files.exists(file)) {
            Files.createDirectories(H2_BASE.getParent());
            Path partial = Path.of(H2_BASE + "-partial");
            Files.deleteIfExists(Path.of(partial + ".mv.db"));
            try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + partial, "sa", "")) {
                SqliteCopy.copy(SQLITE, c, SqliteCopy.Target.H2);
            }
            Files.move(Path.of(partial + ".mv.db"), file);
        }
        return "jdbc:h2:file:" + H2_BASE + ";ACCESS_MODE_DATA=r";
    }

    /** A URL of a PostgreSQL database holding the copy (user postgres, no password), one per test JVM. */
    public static synchronized String postgres() throws Exception {
        requireMaterial();
        if (postgres == null) {
            String url = RealDatabases.newPostgresDatabase();
            try (Connection c = DriverManager.getConnection(url)) {
                SqliteCopy.copy(SQLITE, c, SqliteCopy.Target.POSTGRES);
            }
            postgres = url;
        }
        return postgres;
    }

    private static void requireMaterial() {
        // the public material sits beside the repository, not in it: a clone without it skips these tests, saying why
        Assumptions.assumeTrue(Files.isRegularFile(SQLITE), "the EHRSQL material is not at " + EHRSQL
                + " (shared/ehrsql beside the repository, or -Dtally.ehrsql=DIR)");
    }
}
