package org.tally.acceptance.measure;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import org.tally.acceptance.golden.ResultComparator;
import org.tally.acceptance.golden.ResultComparator.Table;
import org.tally.acceptance.golden.TallyRun;

/** One question's outcome, with why (the comparator's reason, Tally's message, or the reading it matched). */
public record Verdict(Outcome outcome, String detail) {

    /** How the command line says a statement was stopped at its time limit. */
    private static final String TIME_LIMIT = "took longer than";

    /** Another reading of a question: a label starting "ok:" is an equally good answer, any other a known mistake. */
    public record Reading(String label, Table gold) {
        boolean acceptable() {
            return label.startsWith("ok:");
        }
    }

    /** A question that expects an answer: verified when the rows match the gold (or an acceptable reading). */
    public static Verdict ofAnswer(Table gold, List<Reading> readings, boolean ordered, JsonNode answer) {
        String status = answer.path("status").asText();
        if (!status.equals("answered")) {
            return notAnswered(status, answer);
        }
        Table tally = TallyRun.table(answer);
        Optional<String> why = ResultComparator.mismatch(gold, tally, ordered);
        if (why.isEmpty()) {
            return new Verdict(Outcome.VERIFIED, "");
        }
        // the first other reading the answer matches says whether it is an equally good one or a known mistake
        for (Reading r : readings) {
            if (ResultComparator.mismatch(r.gold(), tally, ordered).isEmpty()) {
                return r.acceptable() ? new Verdict(Outcome.VERIFIED, "as " + r.label())
                        : new Verdict(Outcome.WRONG, r.label() + " (" + why.get() + ")");
            }
        }
        return new Verdict(Outcome.WRONG, why.get());
    }

    /** A question that must not be answered (a trap): refused, clarify or error are all fine. */
    public static Verdict ofRefusal(JsonNode answer) {
        String status = answer.path("status").asText();
        return status.equals("answered") ? new Verdict(Outcome.ANSWERED_REFUSAL, "answered: " + answer.path("sql").asText(""))
                : new Verdict(Outcome.REFUSED_AS_EXPECTED, status + " " + answer.path("message").asText(""));
    }

    private static Verdict notAnswered(String status, JsonNode answer) {
        String message = answer.path("message").asText("");
        return switch (status) {
            case "clarify" -> new Verdict(Outcome.CLARIFY, answer.path("clarify").path("question").asText(message));
            case "refused" -> new Verdict(Outcome.REFUSED, message);
            case "error" -> message.contains(TIME_LIMIT) ? new Verdict(Outcome.TIMED_OUT, message)
                    : new Verdict(Outcome.ERROR, message);
            default -> new Verdict(Outcome.ERROR, status + " " + message);
        };
    }
}
