package org.tally.app;

import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.tally.core.DataFolder;

/**
 * The only entry point. No arguments: the workstation window. Otherwise the command line (docs/architecture.md, "The command line").
 * A plain class, not a JavaFX Application, so the shaded jar starts with JavaFX on the class path.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        DataFolder data = DataFolder.resolve();
        Logging.configure(data);
        if (args.length == 0) {
            int code = new Wiring(data).workstation().run();
            System.exit(code);
            return;
        }
        int code = run(args, System.in, new PrintStream(System.out, true, StandardCharsets.UTF_8), System.err, data);
        // natives loaded by model runtimes keep non-daemon threads alive: always exit explicitly
        System.exit(code);
    }

    /** Runs one command line with the given streams and returns its exit status; used by tests in-process. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err, DataFolder data) {
        return new TallyCli(new Wiring(data), in, out, err).execute(args);
    }
}
