package org.tally.acceptance.ehrsql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.tally.acceptance.golden.TallyRun;
import org.tally.core.DataFolder;

/** The MIMIC-IV demo as the public task ships it: catalog, binding and every question run without a crash. */
class MimicDemoCrashTest {

    @Test
    void bindingAndAskRunOnTheMimicDemoInH2() throws Exception {
        String url = MimicDemo.h2();
        DataFolder data = new DataFolder(Files.createTempDirectory("tally-mimic-crash"));
        String[] source = {"--source", url, "--user", "sa", "--password", ""};

        TallyRun.Result refresh = TallyRun.runText(data, "", concat(new String[] {"catalog", "refresh"}, source));
        assertThat(refresh.exitCode()).as(refresh.stderr()).isZero();

        TallyRun.Result binding = TallyRun.runText(data, "", concat(new String[] {"binding", "--json"}, source));
        assertThat(binding.exitCode()).as(binding.stderr()).isZero();
        assertThat(binding.stdout()).contains("\"admissions\"");

        List<String> questions = List.of("How many patients are there?", "How many admissions were there in 2100?",
                "what is the average age of patients?", "hello");
        TallyRun.Result ask = TallyRun.askJsonl(data, questions,
                concat(new String[] {"ask", "--today", "2100-12-31", "--jsonl"}, source));
        assertThat(ask.exitCode()).as(ask.stderr()).isZero();
        assertThat(ask.answers()).hasSize(questions.size());
        for (JsonNode a : ask.answers()) {
            assertThat(a.path("status").asText()).as(a.toString()).isNotEqualTo("error");
        }
    }

    static String[] concat(String[] a, String[] b) {
        String[] out = new String[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
