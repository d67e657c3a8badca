package org.tally.app;

import java.io.PrintStream;
import java.nio.file.Path;
import org.tally.core.planner.PlannerLoadException;
import picocli.CommandLine.Option;

/** The planner flags {@code ask} and {@code eval} share: {@code --planner-model} and {@code --planner-deadline-ms}. */
final class PlannerOptions {

    @Option(names = "--planner-model", paramLabel = "FILE", description = "A GGUF model file (listed in the"
            + " SHA256SUMS beside it) that reads the questions the grammar cannot; without it, the model chosen in"
            + " the data folder, if any.")
    Path plannerModel;

    @Option(names = "--planner-deadline-ms", paramLabel = "N", description = "The planner's time per question in"
            + " milliseconds, first reading and repair together (default 20000).")
    Long plannerDeadlineMs;

    /** Checks the flags; returns what is wrong in words, or null when they are fine. */
    String problem() {
        return plannerDeadlineMs != null && plannerDeadlineMs < 1
                ? "--planner-deadline-ms must be a positive number of milliseconds" : null;
    }

    /** Turns the planner on as the flags say; false, with the reason on {@code err}, when the model cannot load. */
    boolean enable(AskCommand.Planners planners, PrintStream err) {
        try {
            planners.enable(plannerModel, plannerDeadlineMs);
            return true;
        } catch (PlannerLoadException e) {
            err.println("tally: the planner model was not loaded: " + e.getMessage());
            return false;
        }
    }
}
