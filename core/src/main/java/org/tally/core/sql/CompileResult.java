package org.tally.core.sql;

import java.util.Objects;

/** The outcome of compiling one query for one dialect: SQL, or a refusal that names the construct and why. */
public sealed interface CompileResult {

    record Compiled(Rendered rendered) implements CompileResult {
        public Compiled {
            Objects.requireNonNull(rendered, "Compiled.rendered");
        }
    }

    /** @param dialect the id of the dialect that cannot express the construct ({@code mysql}) */
    record Unsupported(String dialect, String construct, String reason) implements CompileResult {
        public Unsupported {
            Names.require(dialect, "Unsupported.dialect");
            Names.require(construct, "Unsupported.construct");
            Names.require(reason, "Unsupported.reason");
        }

        /** One sentence for the answer's path: "MEDIAN is not supported on mysql: …". */
        public String message() {
            return construct + " is not supported on " + dialect + ": " + reason;
        }
    }
}
