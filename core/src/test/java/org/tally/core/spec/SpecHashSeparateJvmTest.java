package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The hash is a property of the spec, not of the process: a fresh JVM with another locale, zone and charset agrees. */
class SpecHashSeparateJvmTest {

    @Test
    void aSeparateJvmComputesTheSameHashes() throws IOException, InterruptedException {
        List<QuerySpec> specs = SpecHashPrinter.fixedSpecs();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            expected.add(i + "=" + SpecHash.of(specs.get(i)));
        }

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-Duser.language=tr", "-Duser.country=TR",
                "-Duser.timezone=Pacific/Kiritimati", "-Dfile.encoding=ISO-8859-1",
                "-cp", System.getProperty("java.class.path"), SpecHashPrinter.class.getName());
        builder.redirectErrorStream(false);
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process process = builder.start();
        byte[] stdout = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("the printer finished").isTrue();
        assertThat(process.exitValue()).isZero();

        List<String> printed = new String(stdout, StandardCharsets.UTF_8).lines().toList();
        assertThat(printed).hasSize(specs.size()).isEqualTo(expected);
    }
}
