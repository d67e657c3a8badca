package org.tally.core.sql;

import java.util.Objects;
import org.tally.core.source.Dialect;

/** The outcome of compiling one query for one dialect: SQL, or a refusal that names the construct and why. */
public sealed interface CompileResult {

    record Compiled(Dialect dialect, Rendered rendered) implements CompileResult {
        public Compiled {
            Objects.requireNonNull(dialect, "Compiled.dialect");
            Objects.requireNonNull(rendered, "Compiled.rendered");
        }
    }

    record Unsupported(Dialect dialect, String construct, String reason) implements CompileResult {
        public Unsupported {
            Objects.requireNonNull(dialect, "Unsupported.dialect");
            Names.require(construct, "Unsupported.construct");
            Names.require(reason, "Unsupported.reason");
        }

        /** One sentence for the answer's path: "MEDIAN is not supported on mysql: …". */
        public String message() {
            return construct + " is not supported on " + dialect.id() + ": " + reason;
        }
    }
}
