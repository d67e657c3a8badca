package org.tally.app;

import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.tally.core.Progress;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command line: subcommands wired by constructor, streams injected so tests run it in-process. */
@Command(name = "tally", mixinStandardHelpOptions = true, version = "Tally 0.1.0",
        description = "Exact answers from a hospital database. No arguments: the workstation window.")
final class TallyCli {

    private static final Logger LOG = LoggerFactory.getLogger(TallyCli.class);

    /** Exit status for bad input: malformed flags, unknown source. */
    static final int USAGE = 2;
    /** Exit status when a source cannot be reached. */
    static final int UNREACHABLE = 3;

    private final Wiring wiring;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    TallyCli(Wiring wiring, InputStream in, PrintStream out, PrintStream err) {
        this.wiring = wiring;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    int execute(String[] args) {
        CommandLine cli = new CommandLine(this);
        AskCommand.Planners planners = (model, deadline) -> wiring.enablePlanner(model, deadline, Progress.NONE);
        cli.addSubcommand("ask", new AskCommand(wiring.engines(), planners, in, out, err));
        cli.addSubcommand("catalog", wiring.catalogCommand(out, err));
        cli.addSubcommand("binding", wiring.bindingCommand(out, err));
        cli.addSubcommand("lexicon", wiring.lexiconCommand(out, err));
        cli.addSubcommand("backlog", wiring.backlogCommand(out, err));
        cli.addSubcommand("demo", new CommandLine(new DemoCommand(err))
                .addSubcommand("write", new DemoCommand.Write(err))
                .addSubcommand("path", new DemoCommand.Where(wiring.demoFolder(), out)));
        cli.addSubcommand("eval", new EvalCommand(wiring.engines(), planners, wiring.sources(), out, err));
        cli.addSubcommand("snapshot", wiring.snapshotCommand(out, err));
        cli.addSubcommand("check-sql", new CheckSqlCommand(wiring.sources(), in, out, err));
        cli.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cli.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            LOG.error("tally {} stopped", commandLine.getCommandName(), ex);
            err.println("tally: " + (ex.getMessage() == null ? ex.toString() : ex.getMessage()));
            return 1;
        });
        return cli.execute(args);
    }
}
