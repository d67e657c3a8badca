package org.tally.app;

import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;
import org.tally.core.source.UnknownSourceException;
import picocli.CommandLine.Option;

/** The source flags every command that reads a source shares: {@code --source}, {@code --user}, {@code --password}. */
final class SourceOptions {

    @Option(names = "--source", paramLabel = "SRC", defaultValue = "demo:dev",
            description = "A JDBC URL, or demo:dev / demo:alt (the embedded synthetic hospital). Default: ${DEFAULT-VALUE}.")
    String source;

    @Option(names = "--user", paramLabel = "U", description = "Database account (use a read-only one).")
    String user;

    @Option(names = "--password", paramLabel = "P", description = "Password of the account.")
    String password;

    private SourceRef ref;

    /** Checks the flags; returns what is wrong in words, or null when they are fine. */
    String problem() {
        if (password != null && user == null) {
            return "--password needs --user";
        }
        try {
            ref = SourceRef.parse(source);
            return null;
        } catch (UnknownSourceException e) {
            return e.getMessage();
        }
    }

    /** The named source; call {@link #problem()} first. */
    SourceRef ref() {
        if (ref == null) {
            throw new IllegalStateException("check the source flags with problem() first");
        }
        return ref;
    }

    Credentials credentials() {
        return new Credentials(user, password);
    }
}
