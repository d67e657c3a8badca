package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.binding.SourceBindings;
import org.tally.core.pack.PackLoader;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.binding.BindingSnapshot;
import org.tally.ui.binding.OverrideDraft;

/**
 * Two processes, one data folder: the window's engine keeps working (asking, saving an override, refreshing the
 * catalog) while two command-line processes answer questions on the same data folder at the same time. Every
 * question of every process is answered, and the override saved meanwhile is kept. The command lines are real
 * processes (this JVM's class path), because H2 shares a file freely inside one JVM.
 */
class SharedDataFolderTest {

    private static final SourceRef DEV = new SourceRef.Demo(DemoSchema.DEV);
    private static final List<String> QUESTIONS = List.of("How many patients are there?",
            "How many admissions were there last month?", "How many deliveries were there last month, by ward?",
            "Number of admissions per month this year", "How many caesarean deliveries were there in 2025?",
            "list the beds");

    @TempDir
    Path home;

    private Process commandLine() throws IOException {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dtally.home=" + home.toAbsolutePath(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "ask", "--jsonl").start();
        try (OutputStream in = p.getOutputStream()) {
            in.write((String.join("\n", QUESTIONS) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }

    private static CompletableFuture<String> read(InputStream stream) {
        return CompletableFuture.supplyAsync(() -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (stream) {
                stream.transferTo(out);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return out.toString(StandardCharsets.UTF_8);
        });
    }

    @Test
    void theWindowsEngineAndTwoCommandLinesAnswerSideBySideAndNoSavedOverrideIsLost() throws Exception {
        Wiring wiring = new Wiring(new DataFolder(home));
        InspectorBindings inspector = wiring.inspectorBindings();
        try (AnswerEngine window = wiring.workstationEngines(100).open(DEV, Credentials.NONE, null, Progress.NONE)) {
            BindingSnapshot.ColumnBinding coded = null;
            String table = null;
            for (BindingSnapshot.TableBinding t : inspector.snapshot(DEV).orElseThrow().tables()) {
                for (BindingSnapshot.ColumnBinding c : t.columns()) {
                    if (coded == null && !c.pii() && !c.values().isEmpty() && t.concept() != null) {
                        coded = c;
                        table = t.table();
                    }
                }
            }
            assertThat(coded).as("a column with observed values to alias").isNotNull();

            List<Process> clis = List.of(commandLine(), commandLine());
            List<CompletableFuture<String>> outs = new ArrayList<>();
            List<CompletableFuture<String>> errs = new ArrayList<>();
            for (Process p : clis) {
                outs.add(read(p.getInputStream()));
                errs.add(read(p.getErrorStream()));
            }
            // the window works on while both command lines run: answers, one override, one catalog refresh
            List<Answer> windowAnswers = new ArrayList<>();
            boolean saved = false;
            boolean refreshed = false;
            while (clis.stream().anyMatch(Process::isAlive) || !saved || !refreshed) {
                windowAnswers.add(window.ask(QUESTIONS.get(windowAnswers.size() % QUESTIONS.size())));
                if (!saved) {
                    assertThat(inspector.saveOverride(DEV, new OverrideDraft(OverrideDraft.Kind.VALUE_ALIAS, table,
                            coded.column(), null, null, "zzshared", coded.values().get(0).value()))).isEmpty();
                    saved = true;
                } else if (!refreshed) {
                    assertThat(inspector.refresh(DEV, Credentials.NONE, Progress.NONE)).startsWith("Refreshed");
                    refreshed = true;
                }
                assertThat(inspector.snapshot(DEV)).isPresent();
            }
            for (int i = 0; i < clis.size(); i++) {
                assertThat(clis.get(i).waitFor(10, TimeUnit.MINUTES)).isTrue();
                String err = errs.get(i).get(1, TimeUnit.MINUTES);
                assertThat(clis.get(i).exitValue()).as(err).isZero();
                List<String> lines = outs.get(i).get(1, TimeUnit.MINUTES).lines().toList();
                assertThat(lines).as(err).hasSize(QUESTIONS.size());
                for (String line : lines) {
                    JsonNode o = new ObjectMapper().readTree(line);
                    assertThat(o.get("status").asText()).as(line).isEqualTo("answered");
                }
            }
            assertThat(windowAnswers).allSatisfy(a -> assertThat(a.status()).as(a.toString())
                    .isEqualTo(AnswerStatus.ANSWERED));
            Path overrides = new SourceBindings(new DataFolder(home), PackLoader.hospital(), Clock.systemUTC())
                    .overridesFile(DEV.name());
            assertThat(Files.readString(overrides)).contains("zzshared");
        }
    }
}
