package org.tally.core.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.source.DemoDatabaseProvider;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;
import org.tally.core.source.SourceConnectionException;

/**
 * Keeps the demo hospital as one H2 file per schema in {@code <data folder>/demo/}, named after the generator
 * version so a new generator regenerates. A file is built under a temporary name and moved into place in one
 * step, under a lock file, so a crash or a second process never sees half a demo.
 */
public final class DemoDatabases implements DemoDatabaseProvider {

    private static final Logger LOG = LoggerFactory.getLogger(DemoDatabases.class);
    /** Unquoted identifiers keep their case and match case-insensitively, so DEV and ALT names both read well. */
    static final String H2_OPTIONS = ";DATABASE_TO_UPPER=FALSE;CASE_INSENSITIVE_IDENTIFIERS=TRUE";
    private static final String H2_SUFFIX = ".mv.db";
    /** Serialises builders inside one JVM; the file lock serialises processes. */
    private static final Object IN_PROCESS = new Object();

    private final Path folder;
    private final int version;
    private final DemoHospital hospital;

    public DemoDatabases(DataFolder data) {
        this(data.demo(), DemoHospital.GENERATOR_VERSION, DemoHospital.standard());
    }

    DemoDatabases(Path folder, int version, DemoHospital hospital) {
        this.folder = folder;
        this.version = version;
        this.hospital = hospital;
    }

    @Override
    public LocalDate referenceDate() {
        return DemoHospital.REFERENCE_DATE;
    }

    @Override
    public String origin(DemoSchema schema) {
        return "demo " + baseName(schema);
    }

    /** The folder holding the demo files. */
    public Path folder() {
        return folder;
    }

    /** The H2 file of {@code schema} at this generator version (it may not exist yet). */
    public Path file(DemoSchema schema) {
        return folder.resolve(baseName(schema) + H2_SUFFIX);
    }

    private String baseName(DemoSchema schema) {
        return "hospital-" + schema.id() + "-v" + version + "-s" + hospital.scale();
    }

    @Override
    public String jdbcUrl(DemoSchema schema, Progress progress) {
        Path file = file(schema);
        if (!Files.exists(file)) {
            synchronized (IN_PROCESS) {
                build(schema, progress);
            }
        }
        return "jdbc:h2:file:" + stripSuffix(file) + ";ACCESS_MODE_DATA=r" + H2_OPTIONS;
    }

    private void build(DemoSchema schema, Progress progress) {
        DataFolder.ensure(folder);
        Path lockFile = folder.resolve(baseName(schema) + ".lock");
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock ignored = channel.lock()) {
            if (Files.exists(file(schema))) {
                return; // another process built it while we waited
            }
            removeLeftovers(schema);
            Path work = Files.createTempDirectory(folder, baseName(schema) + ".building-");
            try {
                Path built = work.resolve(baseName(schema) + H2_SUFFIX);
                write(schema, built, progress);
                Files.move(built, file(schema), StandardCopyOption.ATOMIC_MOVE);
                LOG.info("demo hospital ({}) ready at {}", schema.sourceName(), file(schema));
            } finally {
                deleteTree(work);
            }
        } catch (IOException e) {
            throw new SourceConnectionException("cannot prepare the demo hospital in " + folder + ": "
                    + e.getMessage(), e);
        }
    }

    private void write(DemoSchema schema, Path target, Progress progress) throws IOException {
        String url = "jdbc:h2:file:" + stripSuffix(target) + H2_OPTIONS;
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            new DemoWriter(schema, Dialect.H2).write(hospital, c, progress);
            s.execute("SHUTDOWN");
        } catch (SQLException e) {
            throw new SourceConnectionException("cannot write the demo hospital (" + schema.sourceName() + "): "
                    + e.getMessage(), e);
        }
    }

    /** Older generator versions and builds abandoned by a crash: safe to remove while holding the lock. */
    private void removeLeftovers(DemoSchema schema) throws IOException {
        String prefix = "hospital-" + schema.id() + "-v";
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path p : entries) {
                String name = p.getFileName().toString();
                boolean otherVersion = name.startsWith(prefix) && name.endsWith("-s" + hospital.scale() + H2_SUFFIX);
                boolean abandoned = name.startsWith(baseName(schema) + ".building-");
                if (otherVersion || abandoned) {
                    LOG.info("removing stale demo file {}", p);
                    deleteTree(p);
                }
            }
        }
    }

    private static String stripSuffix(Path file) {
        String s = file.toAbsolutePath().toString();
        return s.substring(0, s.length() - H2_SUFFIX.length());
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + root, e);
        }
    }
}
