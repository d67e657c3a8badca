package org.tally.app;

import java.io.PrintStream;
import java.sql.SQLException;
import org.tally.core.catalog.CatalogRefreshException;
import org.tally.core.source.SourceConnectionException;
import org.tally.core.source.SourceRef;
import org.tally.core.state.StateDatabase;

/**
 * What every command that reads a source does the same way: check the source flags, then run, turning the failures
 * they all meet (source unreachable, catalog refresh stopped, state file unusable, a statement the source refused)
 * into the same words and exit status. A command's own failures stay in the command.
 */
final class SourceCommand {

    /** The command's own work on the named source. */
    @FunctionalInterface
    interface Work {
        int run(SourceRef ref) throws SQLException;
    }

    private final String command;
    private final PrintStream err;

    /** @param command as people type it, e.g. {@code "tally binding"} */
    SourceCommand(String command, PrintStream err) {
        this.command = command;
        this.err = err;
    }

    /** Bad input: says what is wrong, the usage exit status. */
    int usage(String message) {
        err.println(command + ": " + message);
        return TallyCli.USAGE;
    }

    /** Checks the source flags, then runs {@code work} on the source they name. */
    int run(SourceOptions options, Work work) {
        String problem = options.problem();
        if (problem != null) {
            return usage(problem);
        }
        SourceRef ref = options.ref();
        try {
            return work.run(ref);
        } catch (SourceConnectionException e) {
            err.println("tally: " + e.getMessage());
            return TallyCli.UNREACHABLE;
        } catch (CatalogRefreshException e) {
            err.println(command + ": " + e.getMessage());
            return e.reason() == CatalogRefreshException.Reason.SOURCE_FAILED ? TallyCli.UNREACHABLE : 1;
        } catch (StateDatabase.StateException e) {
            err.println("tally: " + e.getMessage());
            return 1;
        } catch (SQLException e) {
            err.println("tally: " + ref.name() + " could not be read: " + e.getMessage());
            return TallyCli.UNREACHABLE;
        }
    }
}
