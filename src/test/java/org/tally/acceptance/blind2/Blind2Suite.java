package org.tally.acceptance.blind2;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.tally.acceptance.measure.SuiteFile;

/**
 * The second held-out set ({@code blind2/demo-questions.yaml}, {@code blind2/nordic/questions.yaml},
 * {@code blind2/uswh/questions.yaml}): questions with hand-written gold SQL per schema of their file and a kind (their
 * shape), or the class of refusal they must get; the demo file also holds two-turn follow-up chains, each run as one
 * conversation. For measurement only: nothing reports a question's text or id unless asked to
 * ({@code -Dtally.blind2.details=true}).
 */
record Blind2Suite(String today, List<Question> questions, List<Chain> chains) {

    static final Set<String> KINDS = Set.of("scalar", "filtered", "grouped", "trend", "topn", "list", "rate", "exists",
            "duration", "antijoin", "relative-time", "follow-up");
    static final Set<String> REFUSALS = Set.of("privacy", "destructive", "missing-concept", "ambiguous", "nonsense");

    Blind2Suite {
        questions = List.copyOf(questions);
        chains = chains == null ? List.of() : List.copyOf(chains);
    }

    /** {@code gold} maps schema to SQL; {@code alts} are other readings, each with SQL per schema. */
    record Question(String id, String q, String kind, Map<String, String> gold, List<Alt> alts, String refuse,
                    boolean ordered) {
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
    record Alt(String label, Map<String, String> gold) {
        Alt {
            gold = Map.copyOf(gold);
        }
    }

    /** An opening question and its follow-up, asked in one conversation. */
    record Chain(String id, List<Question> turns) {
        Chain {
            turns = List.copyOf(turns);
        }
    }

    /** Every question with an id, the turns of the chains as "chain id#n" (from 1). */
    Stream<Map.Entry<String, Question>> all() {
        return Stream.concat(questions.stream().map(q -> Map.entry(q.id(), q)), chains.stream().flatMap(c ->
                java.util.stream.IntStream.range(0, c.turns().size())
                        .mapToObj(i -> Map.entry(c.id() + "#" + (i + 1), c.turns().get(i)))));
    }

    static Blind2Suite load(String resource, Set<String> schemas) {
        Blind2Suite suite = SuiteFile.read(resource, Blind2Suite.class);
        suite.validate(resource, schemas);
        return suite;
    }

    private void validate(String resource, Set<String> schemas) {
        require(today != null, resource + ": needs 'today'");
        LocalDate.parse(today);
        Set<String> ids = new HashSet<>();
        questions.forEach(q -> require(q.id() != null && ids.add(q.id()), resource + ": duplicate or missing id " + q.id()));
        for (Chain c : chains) {
            require(c.id() != null && ids.add(c.id()), resource + ": duplicate or missing chain id " + c.id());
            require(c.turns().size() == 2, c.id() + ": a chain has two turns");
            require(c.turns().get(1).expectsAnswer() && "follow-up".equals(c.turns().get(1).kind()),
                    c.id() + ": the second turn is a follow-up with gold");
        }
        all().forEach(e -> {
            Question q = e.getValue();
            String id = e.getKey();
            require(q.q() != null && !q.q().isBlank(), id + ": question is empty");
            if (q.expectsAnswer()) {
                require(KINDS.contains(q.kind()), id + ": kind '" + q.kind() + "' is not one of " + KINDS);
                require(q.gold().keySet().equals(schemas), id + ": gold must be given for exactly " + schemas);
                q.alts().forEach(a -> require(a.gold().keySet().equals(schemas), id + ": reading " + a.label()
                        + " must be given for exactly " + schemas));
            } else {
                require(REFUSALS.contains(q.refuse()), id + ": refuse '" + q.refuse() + "' is not one of " + REFUSALS);
                require(q.gold().isEmpty() && q.kind() == null, id + ": a question to refuse has no gold or kind");
            }
        });
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException("blind2 suite: " + message);
        }
    }
}
