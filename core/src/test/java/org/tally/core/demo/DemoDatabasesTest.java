package org.tally.core.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.Progress;
import org.tally.core.source.DemoSchema;

class DemoDatabasesTest {

    @TempDir
    Path folder;

    private DemoDatabases provider(int version) {
        return new DemoDatabases(folder, version, DemoHospital.standard());
    }

    private static long count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private List<String> files() throws Exception {
        try (Stream<Path> list = Files.list(folder)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void buildsOnceAndHandsOutAReadOnlyUrl() throws Exception {
        DemoDatabases demos = provider(1);
        String url = demos.jdbcUrl(DemoSchema.DEV, Progress.NONE);
        assertThat(demos.file(DemoSchema.DEV)).exists();
        assertThat(demos.referenceDate()).isEqualTo(DemoHospital.REFERENCE_DATE);
        assertThat(count(url, "SELECT COUNT(*) FROM patients")).isEqualTo(DemoHospital.PATIENTS_PER_SCALE);
        assertThatThrownBy(() -> count(url, "SELECT COUNT(*) FROM patients WHERE id IN "
                + "(SELECT id FROM FINAL TABLE (INSERT INTO departments (id, code, name, is_clinical) "
                + "VALUES (99, 'X', 'X', TRUE)))")).isInstanceOf(SQLException.class);
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeUpdate("INSERT INTO departments (id, code, name, is_clinical) "
                    + "VALUES (99, 'X', 'X', TRUE)")).isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> s.executeUpdate("DELETE FROM patients")).isInstanceOf(SQLException.class);
        }
        long modified = Files.getLastModifiedTime(demos.file(DemoSchema.DEV)).toMillis();
        assertThat(provider(1).jdbcUrl(DemoSchema.DEV, Progress.NONE)).isEqualTo(url);
        assertThat(Files.getLastModifiedTime(demos.file(DemoSchema.DEV)).toMillis()).isEqualTo(modified);
    }

    @Test
    void anotherProcessReadsWhileThisOneHoldsTheDemoOpen() throws Exception {
        String url = provider(1).jdbcUrl(DemoSchema.DEV, Progress.NONE);
        try (Connection held = DriverManager.getConnection(url); Connection second = DriverManager.getConnection(url)) {
            assertThat(held.isValid(1)).isTrue();
            assertThat(count(url, "SELECT COUNT(*) FROM admissions")).isPositive();
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), DemoReaderProcess.class.getName(), url)
                    .redirectErrorStream(true).start();
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(out).isZero();
            assertThat(out).contains(String.valueOf(DemoHospital.PATIENTS_PER_SCALE));
        }
    }

    @Test
    void aNewGeneratorVersionRegeneratesAndRemovesTheOldFile() throws Exception {
        DemoDatabases v1 = provider(1);
        v1.jdbcUrl(DemoSchema.ALT, Progress.NONE);
        DemoDatabases v2 = provider(2);
        String url = v2.jdbcUrl(DemoSchema.ALT, Progress.NONE);
        assertThat(v2.file(DemoSchema.ALT)).exists();
        assertThat(v1.file(DemoSchema.ALT)).doesNotExist();
        assertThat(v2.file(DemoSchema.ALT)).isNotEqualTo(v1.file(DemoSchema.ALT));
        assertThat(count(url, "SELECT COUNT(*) FROM PatientMaster")).isEqualTo(DemoHospital.PATIENTS_PER_SCALE);
    }

    @Test
    void theGeneratorVersionIsPartOfTheDemosIdentitySoItsCatalogIsReadAfresh() {
        assertThat(provider(2).origin(DemoSchema.ALT)).isNotEqualTo(provider(3).origin(DemoSchema.ALT))
                .isNotEqualTo(provider(2).origin(DemoSchema.DEV));
        assertThat(provider(3).origin(DemoSchema.DEV)).isEqualTo(provider(3).origin(DemoSchema.DEV));
    }

    @Test
    void aCancelledBuildLeavesNothingInPlaceAndTheNextCallSucceeds() throws Exception {
        DemoDatabases demos = provider(1);
        Progress cancelHalfway = new Progress() {
            private volatile double done;

            @Override
            public void report(String stage, double fraction) {
                done = fraction;
            }

            @Override
            public boolean cancelled() {
                return done > 0.5;
            }
        };
        assertThatThrownBy(() -> demos.jdbcUrl(DemoSchema.DEV, cancelHalfway))
                .isInstanceOf(CancellationException.class);
        assertThat(demos.file(DemoSchema.DEV)).doesNotExist();
        assertThat(files()).noneMatch(name -> name.endsWith(".mv.db") || name.contains(".building-"));
        String url = demos.jdbcUrl(DemoSchema.DEV, Progress.NONE);
        assertThat(count(url, "SELECT COUNT(*) FROM patients")).isEqualTo(DemoHospital.PATIENTS_PER_SCALE);
    }

    @Test
    void concurrentFirstCallsBuildOneFile() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<String> a = pool.submit(() -> provider(1).jdbcUrl(DemoSchema.ALT, Progress.NONE));
            Future<String> b = pool.submit(() -> provider(1).jdbcUrl(DemoSchema.ALT, Progress.NONE));
            assertThat(a.get(5, TimeUnit.MINUTES)).isEqualTo(b.get(5, TimeUnit.MINUTES));
        } finally {
            pool.shutdownNow();
        }
        assertThat(files()).filteredOn(name -> name.endsWith(".mv.db")).containsExactly("hospital-alt-v1-s1.mv.db");
    }
}
