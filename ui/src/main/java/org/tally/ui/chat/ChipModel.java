package org.tally.ui.chat;

import java.util.Locale;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;

/**
 * One provenance chip: a step of the answer ladder, whether it passed, why (on hover) and how long it took.
 * {@code model} names the local model that read the answer (null for any other rung); {@code fellThrough} marks a
 * rung that applied and missed before a later rung answered: shown, because it matters.
 */
public record ChipModel(String step, Outcome outcome, String reason, long ms, String model, boolean fellThrough) {

    public ChipModel(String step, Outcome outcome, String reason, long ms) {
        this(step, outcome, reason, ms, null, false);
    }

    public static ChipModel of(PathStep s) {
        return new ChipModel(s.rung(), s.outcome(), s.reason(), s.ms());
    }

    /** The chip of a rung whose answer a local model read: it names the model. */
    public static ChipModel of(PathStep s, String model) {
        return new ChipModel(s.rung(), s.outcome(), s.reason(), s.ms(), model, false);
    }

    /** This chip as a rung that missed and handed the question on. */
    ChipModel asFellThrough() {
        return new ChipModel(step, outcome, reason, ms, model, true);
    }

    /** "Grammar ✓", "Planner ✗", "Raw SQL ✗"; a model's reading: "Planner ✓ · Qwen2.5-1.5B · 2.8 s". */
    public String label() {
        if (model != null) {
            return title(step) + " " + mark() + " · " + model + " · "
                    + String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        return title(step) + " " + mark();
    }

    public String mark() {
        return switch (outcome) {
            case OK -> "✓";
            case MISS, ERROR -> "✗";
            case CLARIFY -> "?";
            case SKIPPED -> "–";
        };
    }

    /** The style class the chip is drawn with: only a failure is an alarm; a miss that mattered is a caution. */
    public String styleClass() {
        return switch (outcome) {
            case OK -> "chip-ok";
            case ERROR -> "chip-error";
            case MISS -> "chip-miss";
            case CLARIFY, SKIPPED -> "chip-other";
        };
    }

    public boolean passed() {
        return outcome == Outcome.OK;
    }

    public String timing() {
        return ms + " ms";
    }

    /** What hovering the chip shows: the outcome in words, the reason when there is one, and the time. */
    public String tooltip() {
        String what = switch (outcome) {
            case OK -> "passed";
            case MISS -> fellThrough ? "missed, so the next way of answering was tried" : "missed";
            case ERROR -> "failed";
            case CLARIFY -> "needs a clarification";
            case SKIPPED -> "not tried";
        };
        return title(step) + " " + what + (reason == null || reason.isBlank() ? "" : ": " + reason) + " (" + ms
                + " ms)";
    }

    static String title(String step) {
        if (step.equalsIgnoreCase("raw_sql")) {
            return "Raw SQL";
        }
        String words = step.replace('_', ' ');
        return words.isEmpty() ? words : words.substring(0, 1).toUpperCase(Locale.ROOT) + words.substring(1);
    }
}
