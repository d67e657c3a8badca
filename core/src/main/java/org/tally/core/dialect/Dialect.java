package org.tally.core.dialect;

import java.util.Locale;
import java.util.Optional;

/**
 * The databases Tally compiles to, validates for and runs on: the one key for a database everywhere. Each constant
 * holds the class that knows everything about its database ({@link #rules()}); code outside this package asks that
 * class and never switches on the constant. Adding a database is a new {@link SqlDialect} subclass in this package
 * and one constant here (see docs/architecture.md, "A new dialect").
 */
public enum Dialect {
    POSTGRES(new PostgresDialect()),
    MYSQL(new MySqlDialect()),
    SQLSERVER(new SqlServerDialect()),
    H2(new H2Dialect());

    private final SqlDialect rules;

    Dialect(SqlDialect rules) {
        this.rules = rules;
    }

    /** What this database does differently from the shared defaults, and everything Tally knows about it. */
    public SqlDialect rules() {
        return rules;
    }

    /** The lowercase name used on the command line ({@code --dialect postgres}). */
    public String id() {
        return rules.id();
    }

    /** The database's name for people ("PostgreSQL"). */
    public String displayName() {
        return rules.displayName();
    }

    /** The dialect named {@code id} or one of its aliases ({@code mariadb}), ignoring case and spaces around it. */
    public static Optional<Dialect> fromId(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (Dialect d : values()) {
            if (d.rules.id().equals(wanted) || d.rules.aliases().contains(wanted)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** The dialect a JDBC URL speaks, or empty when Tally does not know the driver. */
    public static Optional<Dialect> fromJdbcUrl(String url) {
        String u = url.toLowerCase(Locale.ROOT);
        for (Dialect d : values()) {
            if (d.rules.urlPrefixes().stream().anyMatch(u::startsWith)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
