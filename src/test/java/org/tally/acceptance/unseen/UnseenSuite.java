package org.tally.acceptance.unseen;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The questions of one unseen schema ({@code unseen/<schema>/questions.yaml}): each expects an answer, with gold
 * SQL written by hand, or a refusal. Alternatives are other readings: a label starting "ok:" is an equally good
 * answer, any other label names a wrong reading (so a report can say which mistake an answer made).
 */
record UnseenSuite(String today, List<Question> questions) {

    UnseenSuite {
        questions = List.copyOf(questions);
    }

    record Question(String id, String q, String expect, String gold, List<Alt> alts, boolean ordered, String note) {
        Question {
            alts = alts == null ? List.of() : List.copyOf(alts);
        }

        boolean expectsAnswer() {
            return expect.equals("answer");
        }
    }

    record Alt(String label, String sql) {
        boolean acceptable() {
            return label.startsWith("ok:");
        }
    }

    static UnseenSuite load(String resource) {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
        try (InputStream in = UnseenSuite.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("unseen suite resource missing: " + resource);
            }
            UnseenSuite suite = yaml.readValue(in, UnseenSuite.class);
            suite.validate(resource);
            return suite;
        } catch (IOException e) {
            throw new UncheckedIOException(resource + " does not parse: " + e.getMessage(), e);
        }
    }

    private void validate(String resource) {
        require(today != null, resource + ": needs 'today'");
        LocalDate.parse(today);
        Set<String> ids = new HashSet<>();
        for (Question q : questions) {
            require(q.id() != null && ids.add(q.id()), resource + ": duplicate or missing id " + q.id());
            require(q.q() != null && !q.q().isBlank(), q.id() + ": question is empty");
            require(Set.of("answer", "refuse").contains(q.expect()), q.id() + ": expect must be answer or refuse");
            require(q.expectsAnswer() == (q.gold() != null && !q.gold().isBlank()),
                    q.id() + ": gold SQL is given exactly when an answer is expected");
            q.alts().forEach(a -> require(a.label() != null && a.sql() != null, q.id() + ": alt needs label and sql"));
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException("unseen suite: " + message);
        }
    }
}
