package org.tally.app;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.concurrent.Callable;
import org.tally.core.Progress;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.StepListener;
import org.tally.core.conversation.Conversation;
import org.tally.core.conversation.TurnJson;
import org.tally.core.conversation.TurnLog;
import org.tally.core.scope.Scope;
import org.tally.core.answer.EngineFactory;
import org.tally.core.planner.PlannerLoadException;
import org.tally.core.source.SourceRef;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ask}: one JSON object per question on standard output; everything else on standard error. */
@Command(name = "ask", description = "Answer questions on a source; prints one JSON object per question.")
final class AskCommand implements Callable<Integer> {

    @Mixin
    SourceOptions sourceOptions;

    @Option(names = "--today", paramLabel = "YYYY-MM-DD", description = "The date relative time phrases count from.")
    String today;

    @Option(names = "--jsonl", description = "Read questions from standard input, one per line.")
    boolean jsonl;

    @Option(names = "--conversation", description = "With --jsonl: the lines are turns of one conversation.")
    boolean conversation;


    @Mixin
    PlannerOptions plannerOptions;

    @Parameters(paramLabel = "QUESTION", arity = "0..*", description = "The question (when not using --jsonl).")
    List<String> words;

    /** Turns the planner on for the engines opened next (a model file, or the data folder's choice). */
    interface Planners {
        void enable(Path model, Long deadlineMs) throws PlannerLoadException;
    }

    private final EngineFactory engines;
    private final Planners planners;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    AskCommand(EngineFactory engines, Planners planners, InputStream in, PrintStream out, PrintStream err) {
        this.engines = engines;
        this.planners = planners;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        String question = words == null ? null : String.join(" ", words).strip();
        if (jsonl && question != null && !question.isEmpty()) {
            return usage("give either a QUESTION or --jsonl, not both");
        }
        if (!jsonl && (question == null || question.isEmpty())) {
            return usage("give a QUESTION, or --jsonl to read questions from standard input");
        }
        if (conversation && !jsonl) {
            return usage("--conversation needs --jsonl (the lines of standard input are the turns)");
        }
        LocalDate day;
        try {
            day = today == null ? null : LocalDate.parse(today);
        } catch (DateTimeParseException e) {
            return usage("--today must be a date as YYYY-MM-DD, not '" + today + "'");
        }
        String plannerProblem = plannerOptions.problem();
        if (plannerProblem != null) {
            return usage(plannerProblem);
        }
        return new SourceCommand("tally ask", err).run(sourceOptions, ref -> answer(ref, question, day));
    }

    private int answer(SourceRef ref, String question, LocalDate day) {
        if (!plannerOptions.enable(planners, err)) {
            return TallyCli.USAGE;
        }
        try (AnswerEngine engine = engines.open(ref, sourceOptions.credentials(), day, Progress.NONE)) {
            if (!jsonl) {
                out.println(TurnJson.line(newConversation(engine).ask(question, StepListener.NONE)));
                out.flush();
                return 0;
            }
            // --conversation: the lines are turns of one conversation; otherwise each line stands alone
            Conversation shared = newConversation(engine);
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                Conversation turnOf = conversation ? shared : newConversation(engine);
                out.println(TurnJson.line(turnOf.ask(line, StepListener.NONE)));
                out.flush();
            }
            return 0;
        } catch (IOException e) {
            err.println("tally: cannot read standard input: " + e.getMessage());
            return 1;
        }
    }

    /** The command line reads every service line and keeps no conversation after it exits. */
    private static Conversation newConversation(AnswerEngine engine) {
        return new Conversation(engine, Scope.ALL.label(), TurnLog.NONE);
    }

    private int usage(String message) {
        err.println("tally ask: " + message);
        return TallyCli.USAGE;
    }
}
