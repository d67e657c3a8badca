package org.tally.acceptance.blind;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.acceptance.measure.SuiteFile;

/**
 * Held-out questions ({@code blind/demo-questions.yaml}, {@code blind/rhis/questions.yaml}): each has hand-written gold
 * SQL per schema of its file and a kind (its shape), or names the class of refusal it must get. For measurement only:
 * nothing reports a question's text or id unless asked to ({@code -Dtally.blind.details=true}).
 */
record BlindSuite(String today, List<Question> questions) {

    static final Set<String> KINDS = Set.of("scalar", "filtered", "grouped", "trend", "topn", "list", "lookup", "rate",
            "exists", "duration", "antijoin", "relative-time");
    static final Set<String> REFUSALS = Set.of("privacy", "destructive", "injection", "missing-concept", "ambiguous",
            "nonsense");

    BlindSuite {
        questions = List.copyOf(questions);
    }

    /** {@code gold} maps schema to SQL; {@code alts} (single-schema files only) are other readings. */
    record Question(String id, String q, String kind, String line, Map<String, String> gold, List<Alt> alts,
                    String refuse, boolean ordered) {
        Question {
            gold = gold == null ? Map.of() : Map.copyOf(gold);
            alts = alts == null ? List.of() : List.copyOf(alts);
        }

        boolean expectsAnswer() {
            return refuse == null;
        }

        /** The class the report counts this question under: its kind, or the refusal it must get. */
        String reportClass() {
            return expectsAnswer() ? kind : "must refuse: " + refuse;
        }
    }

    /** Another reading: a label starting "ok:" is an equally good answer, any other a known mistake. */
    record Alt(String label, String sql) {
    }

    static BlindSuite load(String resource, Set<String> schemas) {
        BlindSuite suite = SuiteFile.read(resource, BlindSuite.class);
        suite.validate(resource, schemas);
        return suite;
    }

    private void validate(String resource, Set<String> schemas) {
        require(today != null, resource + ": needs 'today'");
        LocalDate.parse(today);
        Set<String> ids = new HashSet<>();
        for (Question q : questions) {
            require(q.id() != null && ids.add(q.id()), resource + ": duplicate or missing id " + q.id());
            require(q.q() != null && !q.q().isBlank(), q.id() + ": question is empty");
            if (q.expectsAnswer()) {
                require(KINDS.contains(q.kind()), q.id() + ": kind '" + q.kind() + "' is not one of " + KINDS);
                require(q.gold().keySet().equals(schemas), q.id() + ": gold must be given for exactly " + schemas);
                require(q.alts().isEmpty() || schemas.size() == 1, q.id() + ": other readings need a single schema");
            } else {
                require(REFUSALS.contains(q.refuse()), q.id() + ": refuse '" + q.refuse() + "' is not one of " + REFUSALS);
                require(q.gold().isEmpty() && q.kind() == null, q.id() + ": a question to refuse has no gold or kind");
            }
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException("blind suite: " + message);
        }
    }
}
