package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up archive's launch options, as {@code mvn package} writes them next to the jar
 * ({@code target/tally.args}, {@code target/tally-train.args}; docs/benchmarks.md, "Start-up archive"): well-formed,
 * naming one archive, and never in the way of a start. A missing archive starts as without it; an archive made for
 * another jar starts too, its warning on standard error and standard output still only the answer. Behaviour, not
 * time: the speed is measured by {@link StartupBenchmark}.
 */
class StartupArchiveTest {

    private static final Path RUN = Path.of("target", "tally.args");
    private static final Path TRAIN = Path.of("target", "tally-train.args");
    private static final String SHARED = "-XX:SharedArchiveFile=";
    private static final String AT_EXIT = "-XX:ArchiveClassesAtExit=";

    @TempDir
    Path dir;

    /** The options of an argument file: one per line, comment lines and blank lines left out. */
    private static List<String> options(Path argFile) throws IOException {
        return Files.readAllLines(argFile, StandardCharsets.UTF_8).stream().map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    }

    private static String archiveOf(List<String> options, String flag) {
        List<String> named = options.stream().filter(o -> o.startsWith(flag)).toList();
        assertThat(named).hasSize(1);
        return named.get(0).substring(flag.length());
    }

    @Test
    void theArgumentFilesNameOneArchiveBesideTheJarAndKeepJvmWarningsOffStandardOutput() throws IOException {
        List<String> run = options(RUN);
        List<String> train = options(TRAIN);
        for (String option : run) {
            assertThat(option).as("one option a line, no unfilled placeholder").startsWith("-X").doesNotContain("${")
                    .doesNotContain(" ");
        }
        for (String option : train) {
            assertThat(option).startsWith("-X").doesNotContain("${").doesNotContain(" ");
        }
        Path archive = Path.of(archiveOf(run, SHARED));
        assertThat(archive).isAbsolute();
        assertThat(archive.getFileName()).hasToString("tally.jsa");
        assertThat(archive.getParent()).isEqualTo(Path.of("target").toAbsolutePath());
        assertThat(Path.of(archiveOf(train, AT_EXIT))).isEqualTo(archive);
        assertThat(run).contains("-Xshare:auto", "-Xlog:disable");
        assertThat(run.indexOf("-Xlog:disable")).isLessThan(run.indexOf("-Xlog:all=warning:stderr"));
        assertThat(train).contains("-Xlog:disable").noneMatch(o -> o.startsWith(SHARED) || o.startsWith("-Xshare"));
    }

    @Test
    void aMissingArchiveStartsAsWithoutOne() throws Exception {
        Path argFile = argFileFor(RUN, SHARED, dir.resolve("missing.jsa"));
        Result r = java(List.of("@" + argFile, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "check-sql", "--dialect", "h2", "SELECT 1"));
        assertThat(r.exit()).as(r.err()).isZero();
        assertAnswerOnly(r);
    }

    @Test
    void anArchiveOfAnotherJarStartsWithItsWarningOnStandardErrorOnly() throws Exception {
        // the archive only checks a jar it took classes from: one class, run once to make the archive
        Path jar = dir.resolve("other.jar");
        String entry = Hello.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                InputStream in = Hello.class.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        Path archive = dir.resolve("other.jsa");
        Result trained = java(List.of("@" + argFileFor(TRAIN, AT_EXIT, archive), "-cp", jar.toString(),
                Hello.class.getName()));
        assertThat(trained.exit()).as(trained.err()).isZero();
        assertThat(archive).isRegularFile();
        // the jar changes after the archive was made (as after the next `mvn package`)
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        Result r = java(List.of("@" + argFileFor(RUN, SHARED, archive), "-cp",
                jar + System.getProperty("path.separator") + System.getProperty("java.class.path"),
                Main.class.getName(), "check-sql", "--dialect", "h2", "SELECT 1"));
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("shared archive");
        assertAnswerOnly(r);
    }

    private static void assertAnswerOnly(Result r) throws IOException {
        List<String> lines = r.out().lines().toList();
        assertThat(lines).as(r.out()).hasSize(1);
        JsonNode answer = new ObjectMapper().readTree(lines.get(0));
        assertThat(answer.get("allowed").asBoolean()).isTrue();
    }

    /** A copy of the built argument file with its archive moved to {@code archive}. */
    private Path argFileFor(Path argFile, String flag, Path archive) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(argFile, StandardCharsets.UTF_8)) {
            lines.add(line.strip().startsWith(flag) ? flag + archive.toAbsolutePath() : line);
        }
        Path copy = Files.createTempFile(dir, "launch-", ".args");
        Files.write(copy, lines, StandardCharsets.UTF_8);
        return copy;
    }

    /** The one class of the other jar. */
    static final class Hello {

        private Hello() {
        }

        public static void main(String[] args) {
            // nothing: loading this class is the point
        }
    }

    private record Result(int exit, String out, String err) {
    }

    private Result java(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Dtally.home=" + dir.resolve("home").toAbsolutePath(),
                // a test class path may hold several logging set-ups; logback must not report that on standard output
                "-Dlogback.statusListenerClass=ch.qos.logback.core.status.NopStatusListener"));
        command.addAll(args);
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("did not exit: " + command);
        }
        return new Result(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
