package org.tally.core.source;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;
import org.tally.core.Progress;

/** Opens JDBC connections to the sources a user names. Connections are marked read-only from the start. */
public final class SourceConnector {

    private final DemoDatabaseProvider demos;

    public SourceConnector(DemoDatabaseProvider demos) {
        this.demos = Objects.requireNonNull(demos, "demos");
    }

    public Connection open(SourceRef source, Credentials credentials, Progress progress) {
        String url;
        if (source instanceof SourceRef.Demo d) {
            url = demos.jdbcUrl(d.schema(), progress);
        } else if (source instanceof SourceRef.Jdbc j) {
            url = j.dialect().rules().readOnlyUrl(j.url()); // some drivers honour read-only only when the URL says so
        } else {
            throw new AssertionError(source);
        }
        Properties props = new Properties();
        if (credentials.present()) {
            props.setProperty("user", credentials.user());
            if (credentials.password() != null) {
                props.setProperty("password", credentials.password());
            }
        }
        try {
            Connection c = DriverManager.getConnection(url, props);
            c.setReadOnly(true);
            return c;
        } catch (SQLException e) {
            throw new SourceConnectionException("Cannot connect to " + source.name() + ": " + firstLine(e.getMessage())
                    + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")"), e);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given by the driver";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
