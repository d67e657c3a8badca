package org.tally.acceptance.golden;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The golden questions of the embedded demo hospital: positive questions with independent hand-written gold SQL
 * for each naming scheme, and traps that must not be answered. Loaded from {@code golden/questions.yaml}.
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record GoldenSuite(String today, List<Question> questions, List<Trap> traps) {

    /** The files of the suite, one per group of service lines. */
    public static final List<String> FILES = List.of("golden/questions-wards-maternity-pharmacy-labs-revenue.yaml",
            "golden/questions-emergency-theatre-quality-workforce-chronic-facilities.yaml");

    static final Set<String> SHAPES = Set.of("scalar", "filtered", "grouped", "trend", "topn", "list", "lookup",
            "rate", "exists", "duration", "antijoin", "relative-time");
    static final Set<String> TRAP_KINDS = Set.of("destructive", "injection", "missing-concept", "ambiguous",
            "nonsense", "privacy");

    public GoldenSuite {
        questions = List.copyOf(questions);
        traps = List.copyOf(traps);
    }

    /** A positive question. {@code gold} maps schema id (dev, alt) to its gold SQL. */
    public record Question(String id, String question, String shape, String serviceLine, Map<String, String> gold,
                    boolean ordered, boolean expectEmpty) {
        public Question {
            gold = Map.copyOf(gold);
        }
    }

    /** A question that must come back refused, clarify or error — never answered. */
    public record Trap(String id, String question, String kind) {
    }

    /** The suite is kept in several files (one per group of service lines); ids must be unique across them. */
    public static GoldenSuite loadAll(List<String> resources) {
        String today = null;
        List<Question> questions = new java.util.ArrayList<>();
        List<Trap> traps = new java.util.ArrayList<>();
        for (String resource : resources) {
            GoldenSuite part = load(resource);
            require(today == null || today.equals(part.today()), resource + ": 'today' differs from the other files");
            today = part.today();
            questions.addAll(part.questions());
            traps.addAll(part.traps());
        }
        GoldenSuite all = new GoldenSuite(today, questions, traps);
        all.validate();
        return all;
    }

    static GoldenSuite load(String resource) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        try (InputStream in = GoldenSuite.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("golden suite resource missing: " + resource);
            }
            GoldenSuite suite = yaml.readValue(in, GoldenSuite.class);
            suite.validate();
            return suite;
        } catch (IOException e) {
            throw new UncheckedIOException("golden suite " + resource + " does not parse: " + e.getMessage(), e);
        }
    }

    private void validate() {
        require(today != null, "needs 'today' (the fixed date relative phrases use)");
        LocalDate.parse(today);
        Set<String> ids = new HashSet<>();
        for (Question q : questions) {
            require(q.id() != null && ids.add(q.id()), "duplicate or missing id: " + q.id());
            require(q.question() != null && !q.question().isBlank(), q.id() + ": question is empty");
            require(SHAPES.contains(q.shape()), q.id() + ": shape '" + q.shape() + "' is not one of " + SHAPES);
            require(q.serviceLine() != null, q.id() + ": serviceLine missing");
            for (String schema : List.of("dev", "alt")) {
                String sql = q.gold().get(schema);
                require(sql != null && !sql.isBlank(), q.id() + ": gold SQL for " + schema + " missing");
            }
            require(q.gold().keySet().equals(Set.of("dev", "alt")), q.id() + ": gold keys must be dev and alt");
        }
        for (Trap t : traps) {
            require(t.id() != null && ids.add(t.id()), "duplicate or missing id: " + t.id());
            require(TRAP_KINDS.contains(t.kind()), t.id() + ": kind '" + t.kind() + "' is not one of " + TRAP_KINDS);
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException("golden suite: " + message);
        }
    }
}
