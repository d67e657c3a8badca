package org.tally.core.eval;

/** Runs a suite's gold statement on the source under evaluation. */
@FunctionalInterface
public interface GoldRunner {

    /** The statement's rows; a statement that cannot run is a {@link GoldFailure} saying why. */
    GoldTable run(String sql) throws GoldFailure;

    /** For suites that carry their answers: any gold statement is a mistake of the caller. */
    GoldRunner NONE = sql -> {
        throw new GoldFailure("this run has no source connection for gold statements");
    };

    /** A gold statement that could not run: the suite's problem (or the source's), never Tally's. */
    final class GoldFailure extends Exception {
        public GoldFailure(String message) {
            super(message);
        }

        public GoldFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
