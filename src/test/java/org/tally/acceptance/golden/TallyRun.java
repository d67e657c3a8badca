package org.tally.acceptance.golden;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.tally.app.Main;
import org.tally.core.DataFolder;

/** Runs questions through the command-line entry point exactly as an outside caller would, in-process. */
public final class TallyRun {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);

    public record Result(int exitCode, List<JsonNode> answers, String stdout, String stderr) {
    }

    private TallyRun() {
    }

    public static Result askJsonl(List<String> questions, String... args) {
        return askJsonl(DataFolder.resolve(), questions, args);
    }

    /** The same, in the given data folder (a source with its own catalog, binding and override file). */
    public static Result askJsonl(DataFolder data, List<String> questions, String... args) {
        String input = String.join("\n", questions) + "\n";
        return run(data, input, args);
    }

    public static Result run(String stdin, String... args) {
        return run(DataFolder.resolve(), stdin, args);
    }

    public static Result run(DataFolder data, String stdin, String... args) {
        Result text = runText(data, stdin, args);
        List<JsonNode> answers = new ArrayList<>();
        for (String line : text.stdout().split("\n")) {
            if (!line.isBlank()) {
                try {
                    answers.add(JSON.readTree(line));
                } catch (IOException e) {
                    throw new AssertionError("standard output holds a line that is not JSON: " + line, e);
                }
            }
        }
        return new Result(text.exitCode(), answers, text.stdout(), text.stderr());
    }

    /** A command whose standard output is text, not JSON lines ({@code binding} without --json): no answers. */
    public static Result runText(DataFolder data, String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(args, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                data);
        return new Result(code, List.of(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The answer's rows as a comparable table: JSON numbers become BigDecimal, text stays text. */
    public static ResultComparator.Table table(JsonNode answer) {
        List<String> columns = new ArrayList<>();
        answer.path("columns").forEach(c -> columns.add(c.asText()));
        List<List<Object>> rows = new ArrayList<>();
        for (JsonNode row : answer.path("rows")) {
            List<Object> r = new ArrayList<>();
            for (JsonNode v : row) {
                r.add(value(v));
            }
            rows.add(r);
        }
        return new ResultComparator.Table(columns, rows);
    }

    private static Object value(JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isNumber()) {
            return v.isIntegralNumber() ? new BigDecimal(v.bigIntegerValue()) : v.decimalValue();
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        return v.asText();
    }
}
