package org.tally.core.source;

import java.util.Locale;
import java.util.Optional;

/** The SQL dialects Tally compiles to and validates. */
public enum Dialect {
    POSTGRES("postgres"),
    MYSQL("mysql"),
    SQLSERVER("sqlserver"),
    H2("h2");

    private final String id;

    Dialect(String id) {
        this.id = id;
    }

    /** The lowercase name used on the command line ({@code --dialect postgres}). */
    public String id() {
        return id;
    }

    public static Optional<Dialect> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (Dialect d : values()) {
            if (d.id.equals(wanted)) {
                return Optional.of(d);
            }
        }
        if (wanted.equals("mariadb")) {
            return Optional.of(MYSQL);
        }
        return Optional.empty();
    }

    /** The dialect a JDBC URL speaks, or empty when Tally does not know the driver. */
    public static Optional<Dialect> fromJdbcUrl(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        if (u.startsWith("jdbc:postgresql:")) {
            return Optional.of(POSTGRES);
        }
        if (u.startsWith("jdbc:mysql:") || u.startsWith("jdbc:mariadb:")) {
            return Optional.of(MYSQL);
        }
        if (u.startsWith("jdbc:sqlserver:")) {
            return Optional.of(SQLSERVER);
        }
        if (u.startsWith("jdbc:h2:")) {
            return Optional.of(H2);
        }
        return Optional.empty();
    }
}
