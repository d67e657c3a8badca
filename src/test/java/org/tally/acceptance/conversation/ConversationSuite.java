package org.tally.acceptance.conversation;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.tally.acceptance.measure.SuiteFile;

/**
 * Conversations an analyst has with Tally ({@code conversation/*.yaml}): chains of 2 to 5 turns, each turn with its own
 * hand-written gold SQL for the schema it runs on (dev and alt for the demo, {@code gold} for an unseen schema), or
 * {@code refuse} (must not be answered) or {@code reset} ("start over": must not come back with rows).
 */
record ConversationSuite(String today, List<Chain> chains) {

    /** What a turn does to the conversation: the classes the report counts by. */
    static final Set<String> MOVES = Set.of("opening", "time-shift", "add-dimension", "filter", "drop-filter", "rate",
            "bucket", "top-n", "drill", "switch-subject", "of-those", "list", "reset", "refuse");

    ConversationSuite {
        chains = List.copyOf(chains);
    }

    record Chain(String id, List<Turn> turns) {
        Chain {
            turns = List.copyOf(turns);
        }
    }

    record Turn(String q, String move, String dev, String alt, String gold, boolean refuse, boolean reset,
                boolean ordered) {

        boolean expectsAnswer() {
            return !refuse && !reset;
        }

        /** The gold SQL of this turn on a schema: {@code dev}, {@code alt} or {@code gold} (an unseen schema). */
        String sql(String schema) {
            return switch (schema) {
                case "dev" -> dev;
                case "alt" -> alt;
                default -> gold;
            };
        }
    }

    /** Loads a file whose turns carry gold for {@code schemas} (dev and alt, or the one unseen schema's "gold"). */
    static ConversationSuite load(String resource, List<String> schemas) {
        ConversationSuite suite = SuiteFile.read(resource, ConversationSuite.class);
        suite.validate(resource, schemas);
        return suite;
    }

    private void validate(String resource, List<String> schemas) {
        require(today != null, resource + ": needs 'today'");
        LocalDate.parse(today);
        Set<String> ids = new HashSet<>();
        for (Chain c : chains) {
            require(c.id() != null && ids.add(c.id()), resource + ": duplicate or missing chain id " + c.id());
            require(c.turns().size() >= 2 && c.turns().size() <= 5, c.id() + ": a chain has 2 to 5 turns");
            for (Turn t : c.turns()) {
                String where = c.id() + " turn '" + t.q() + "'";
                require(t.q() != null && !t.q().isBlank(), c.id() + ": a turn with no question");
                require(MOVES.contains(t.move()), where + ": move '" + t.move() + "' is not one of " + MOVES);
                require(!(t.refuse() && t.reset()), where + ": refuse or reset, not both");
                for (String schema : List.of("dev", "alt", "gold")) {
                    boolean given = t.sql(schema) != null && !t.sql(schema).isBlank();
                    require(given == (t.expectsAnswer() && schemas.contains(schema)), where + ": gold for " + schema
                            + (given ? " given, but not expected" : " missing"));
                }
            }
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalStateException("conversation suite: " + message);
        }
    }
}
