package org.tally.core.source;

import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;
import org.tally.core.dialect.Dialect;

/** What the user named as a source: the embedded demo hospital or a JDBC URL. */
public sealed interface SourceRef permits SourceRef.Demo, SourceRef.Jdbc {

    /** The name as the user writes it ({@code demo:dev}, or the JDBC URL without credentials). */
    String name();

    Dialect dialect();

    record Demo(DemoSchema schema) implements SourceRef {
        public Demo {
            Objects.requireNonNull(schema, "schema");
        }

        @Override
        public String name() {
            return schema.sourceName();
        }

        @Override
        public Dialect dialect() {
            return Dialect.H2;
        }
    }

    record Jdbc(String url, Dialect dialect) implements SourceRef {
        public Jdbc {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(dialect, "dialect");
        }

        @Override
        public String name() {
            return url;
        }
    }

    /**
     * Parses {@code demo:dev}, {@code demo:alt} or a JDBC URL of a supported database.
     *
     * @throws UnknownSourceException with a message that lists what is accepted
     */
    static SourceRef parse(String text) {
        if (text == null || text.isBlank()) {
            throw new UnknownSourceException("No source given. Use demo:dev, demo:alt or a JDBC URL.");
        }
        String s = text.trim();
        if (s.regionMatches(true, 0, "demo:", 0, 5)) {
            return DemoSchema.fromId(s.substring(5))
                    .<SourceRef>map(Demo::new)
                    .orElseThrow(() -> new UnknownSourceException("Unknown demo source '" + s
                            + "'. The embedded demo hospital is demo:dev or demo:alt."));
        }
        if (s.regionMatches(true, 0, "jdbc:", 0, 5)) {
            return Dialect.fromJdbcUrl(s)
                    .<SourceRef>map(d -> new Jdbc(s, d))
                    .orElseThrow(() -> new UnknownSourceException("Unsupported JDBC URL '" + s
                            + "'. Tally reads " + readable() + "."));
        }
        throw new UnknownSourceException("Unknown source '" + s + "'. Use demo:dev, demo:alt or a JDBC URL"
                + " such as jdbc:postgresql://host:5432/db.");
    }

    /** "PostgreSQL (jdbc:postgresql:), MySQL (jdbc:mysql:, jdbc:mariadb:), …": the databases and their URLs. */
    private static String readable() {
        return Arrays.stream(Dialect.values())
                .map(d -> d.displayName() + " (" + String.join(", ", d.rules().urlPrefixes()) + ")")
                .collect(Collectors.joining(", "));
    }
}
