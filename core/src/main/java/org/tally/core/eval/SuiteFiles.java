package org.tally.core.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads a suite file in any of the formats {@code eval} knows ({@link SuiteFormat}): a YAML file of Tally's golden
 * or unseen suites, or the EHRSQL-2024 layout ({@code data.json} with {@code answer.json} beside it; the folder or
 * the data file may be named). Every problem is a {@link SuiteFormatException} that says where and what.
 */
public final class SuiteFiles {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final ObjectMapper JSON = JsonMapper.builder().build();
    /** The EHRSQL answer file's word for a question with no answer. */
    private static final String NO_ANSWER = "null";

    private SuiteFiles() {
    }

    /**
     * @param goldKey which gold statement of a golden suite to run (its naming scheme: {@code dev} or {@code alt});
     *                ignored by the other formats
     */
    public static Suite read(Path file, String goldKey) {
        Path data = Files.isDirectory(file) ? file.resolve("data.json") : file;
        if (!Files.isRegularFile(data)) {
            throw new SuiteFormatException(file + ": no such suite file"
                    + (Files.isDirectory(file) ? " (a folder must hold the EHRSQL data.json)" : ""));
        }
        String name = data.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) {
            return ehrsql(data);
        }
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return yaml(data, goldKey);
        }
        throw new SuiteFormatException(data + ": a suite is a .yaml file (golden or unseen) or an EHRSQL data.json");
    }

    private static Suite ehrsql(Path data) {
        Path answers = data.resolveSibling("answer.json");
        if (!Files.isRegularFile(answers)) {
            throw new SuiteFormatException(data + ": the EHRSQL answers are read from answer.json beside it, and "
                    + answers + " is not there (expected answers always come from the suite)");
        }
        JsonNode questions = tree(JSON, data);
        JsonNode items = questions.isArray() ? questions : questions.path("data");
        if (!items.isArray()) {
            throw new SuiteFormatException(data + ": expected a list of {id, question} under \"data\"");
        }
        JsonNode gold = tree(JSON, answers);
        if (!gold.isObject()) {
            throw new SuiteFormatException(answers + ": expected an object of answers by question id");
        }
        List<SuiteCase> cases = new ArrayList<>();
        for (JsonNode item : items) {
            String id = text(item, "id", data);
            String question = text(item, "question", data).replaceAll("\\s+", " ").strip();
            JsonNode answer = gold.get(id);
            if (answer == null || !answer.isTextual()) {
                throw new SuiteFormatException(answers + ": no answer for question " + id);
            }
            Expected expected;
            if (answer.asText().strip().equals(NO_ANSWER)) {
                expected = new Expected.NoAnswer("the suite marks it unanswerable on this database");
            } else {
                try {
                    expected = new Expected.Rows(PythonRows.parse(answer.asText()), false);
                } catch (IllegalArgumentException e) {
                    throw new SuiteFormatException(answers + ": the answer of " + id + " does not read: "
                            + e.getMessage());
                }
            }
            cases.add(new SuiteCase(id, question, expected));
        }
        return suite(data.getParent() == null ? data.toString() : data.getParent().getFileName().toString(),
                SuiteFormat.EHRSQL, null, cases);
    }

    private static Suite yaml(Path file, String goldKey) {
        JsonNode root = tree(YAML, file);
        LocalDate today = today(root, file);
        JsonNode questions = root.path("questions");
        if (!questions.isArray() || questions.isEmpty()) {
            throw new SuiteFormatException(file + ": a suite file lists its questions under 'questions'");
        }
        boolean golden = questions.get(0).has("question") && questions.get(0).path("gold").isObject();
        String name = file.getFileName().toString();
        return golden ? suite(name, SuiteFormat.GOLDEN, today, golden(root, file, goldKey))
                : suite(name, SuiteFormat.UNSEEN, today, unseen(questions, file));
    }

    private static List<SuiteCase> golden(JsonNode root, Path file, String goldKey) {
        if (goldKey == null || goldKey.isBlank()) {
            throw new SuiteFormatException(file + ": a golden suite holds gold SQL per naming scheme; say which to run"
                    + " (--gold dev or --gold alt; a demo source picks its own)");
        }
        List<SuiteCase> cases = new ArrayList<>();
        for (JsonNode q : root.path("questions")) {
            String id = text(q, "id", file);
            JsonNode sql = q.path("gold").path(goldKey);
            if (!sql.isTextual() || sql.asText().isBlank()) {
                throw new SuiteFormatException(file + ": question " + id + " has no gold SQL for '" + goldKey + "'"
                        + " (it has " + fieldNames(q.path("gold")) + ")");
            }
            cases.add(new SuiteCase(id, text(q, "question", file),
                    new Expected.GoldSql(sql.asText(), q.path("ordered").asBoolean(false), List.of())));
        }
        for (JsonNode t : root.path("traps")) {
            cases.add(new SuiteCase(text(t, "id", file), text(t, "question", file),
                    new Expected.NoAnswer("a trap (" + t.path("kind").asText("unnamed") + ") must not be answered")));
        }
        return cases;
    }

    private static List<SuiteCase> unseen(JsonNode questions, Path file) {
        List<SuiteCase> cases = new ArrayList<>();
        for (JsonNode q : questions) {
            String id = text(q, "id", file);
            String expect = text(q, "expect", file);
            Expected expected;
            if (expect.equals("refuse")) {
                expected = new Expected.NoAnswer(q.path("note").asText("the suite expects a refusal"));
            } else if (expect.equals("answer")) {
                List<Expected.Alternative> alts = new ArrayList<>();
                for (JsonNode a : q.path("alts")) {
                    alts.add(new Expected.Alternative(text(a, "label", file), text(a, "sql", file)));
                }
                expected = new Expected.GoldSql(text(q, "gold", file), q.path("ordered").asBoolean(false), alts);
            } else {
                throw new SuiteFormatException(file + ": question " + id + " expects '" + expect
                        + "'; use answer or refuse");
            }
            cases.add(new SuiteCase(id, text(q, "q", file), expected));
        }
        return cases;
    }

    private static Suite suite(String name, SuiteFormat format, LocalDate today, List<SuiteCase> cases) {
        try {
            return new Suite(name, format, today, cases);
        } catch (IllegalArgumentException e) {
            throw new SuiteFormatException(name + ": " + e.getMessage());
        }
    }

    private static LocalDate today(JsonNode root, Path file) {
        JsonNode t = root.get("today");
        if (t == null || t.isNull()) {
            return null;
        }
        try {
            return LocalDate.parse(t.asText());
        } catch (DateTimeParseException e) {
            throw new SuiteFormatException(file + ": 'today' must be a date as YYYY-MM-DD, not '" + t.asText() + "'");
        }
    }

    private static String text(JsonNode node, String field, Path file) {
        JsonNode v = node.get(field);
        if (v == null || !v.isValueNode() || v.isNull() || v.asText().isBlank()) {
            throw new SuiteFormatException(file + ": an entry has no '" + field + "'"
                    + (node.has("id") ? " (question " + node.get("id").asText() + ")" : ""));
        }
        return v.asText();
    }

    private static Set<String> fieldNames(JsonNode node) {
        Set<String> out = new TreeSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            out.add(it.next().getKey());
        }
        return out;
    }

    private static JsonNode tree(ObjectMapper mapper, Path file) {
        try {
            return mapper.readTree(file.toFile());
        } catch (IOException e) {
            throw new SuiteFormatException(file + " does not read: " + e.getMessage());
        }
    }
}
