package org.tally.app;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.tally.core.Progress;
import org.tally.core.demo.DemoHospital;
import org.tally.core.demo.DemoWriter;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code demo}: the embedded synthetic hospital: write it into a JDBC database, or say where its files live. */
@Command(name = "demo", description = "The embedded demo hospital: 'demo write' into a database, 'demo path'.")
final class DemoCommand implements Callable<Integer> {

    private final PrintStream err;

    DemoCommand(PrintStream err) {
        this.err = err;
    }

    @Override
    public Integer call() {
        err.println("tally demo: give a subcommand: write or path");
        return TallyCli.USAGE;
    }

    /** {@code demo write}: the demo in one schema's naming, at any scale, into an empty JDBC database. */
    @Command(name = "write", description = "Write the demo hospital into an empty database (benchmarks, tests).")
    static final class Write implements Callable<Integer> {

        @Option(names = "--schema", required = true, paramLabel = "dev|alt", description = "Naming scheme.")
        String schema;

        @Option(names = "--scale", defaultValue = "1", paramLabel = "N",
                description = "Volume multiplier: 1 is about 2,000 patients. Default: ${DEFAULT-VALUE}.")
        int scale;

        @Option(names = "--target", required = true, paramLabel = "JDBC_URL", description = "Where to write.")
        String target;

        @Option(names = "--user", paramLabel = "U", description = "Database account.")
        String user;

        @Option(names = "--password", paramLabel = "P", description = "Password of the account.")
        String password;

        private final PrintStream err;

        Write(PrintStream err) {
            this.err = err;
        }

        @Override
        public Integer call() {
            Optional<DemoSchema> naming = DemoSchema.fromId(schema);
            if (naming.isEmpty()) {
                return usage("--schema must be dev or alt, not '" + schema + "'");
            }
            if (scale < 1 || scale > 10_000) {
                return usage("--scale must be between 1 and 10000, not " + scale);
            }
            Optional<Dialect> dialect = Dialect.fromJdbcUrl(target);
            if (dialect.isEmpty()) {
                return usage("--target must be a JDBC URL of PostgreSQL, MariaDB/MySQL, SQL Server or H2");
            }
            if (password != null && user == null) {
                return usage("--password needs --user");
            }
            long start = System.nanoTime();
            try (Connection c = user == null ? DriverManager.getConnection(target)
                    : DriverManager.getConnection(target, user, password)) {
                Map<String, Long> rows = new DemoWriter(naming.get(), dialect.get())
                        .write(new DemoHospital(DemoHospital.DEFAULT_SEED, scale), c, new StderrProgress(err));
                long total = rows.values().stream().mapToLong(Long::longValue).sum();
                rows.forEach((table, n) -> err.printf(Locale.ROOT, "  %-28s %,12d%n", table, n));
                err.printf(Locale.ROOT, "tally demo: wrote %,d rows (%s schema, scale %d) in %.1f s%n", total,
                        naming.get().id(), scale, (System.nanoTime() - start) / 1e9);
                return 0;
            } catch (SQLException e) {
                err.println("tally demo: cannot write to " + target + ": " + e.getMessage());
                return TallyCli.UNREACHABLE;
            }
        }

        private int usage(String message) {
            err.println("tally demo write: " + message);
            return TallyCli.USAGE;
        }
    }

    /** {@code demo path}: the folder holding the demo's H2 files. */
    @Command(name = "path", description = "Print the folder where the demo hospital's files live.")
    static final class Where implements Callable<Integer> {

        private final Path folder;
        private final PrintStream out;

        Where(Path folder, PrintStream out) {
            this.folder = folder;
            this.out = out;
        }

        @Override
        public Integer call() {
            out.println(folder);
            return 0;
        }
    }

    /** Progress on standard error, one line per stage and tenth. */
    static final class StderrProgress implements Progress {
        private final PrintStream err;
        private String stage = "";
        private int tenth = -1;

        StderrProgress(PrintStream err) {
            this.err = err;
        }

        @Override
        public synchronized void report(String stage, double fraction) {
            int t = (int) Math.floor(fraction * 10);
            if (!stage.equals(this.stage) || t != tenth) {
                this.stage = stage;
                this.tenth = t;
                err.printf(Locale.ROOT, "tally demo: %s %d%%%n", stage, t * 10);
            }
        }
    }
}
