package org.tally.core.source;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.core.Progress;

/** Opens JDBC connections to the sources a user names. Connections are marked read-only from the start. */
public final class SourceConnector {

    private static final Pattern READ_ONLY_MODE = Pattern.compile("([?&])readOnlyMode=[^&]*", Pattern.CASE_INSENSITIVE);

    private final DemoDatabaseProvider demos;

    public SourceConnector(DemoDatabaseProvider demos) {
        this.demos = Objects.requireNonNull(demos, "demos");
    }

    public Connection open(SourceRef source, Credentials credentials, Progress progress) {
        String url;
        if (source instanceof SourceRef.Demo d) {
            url = demos.jdbcUrl(d.schema(), progress);
        } else if (source instanceof SourceRef.Jdbc j) {
            url = j.dialect() == Dialect.POSTGRES ? withPostgresReadOnlyMode(j.url()) : j.url();
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

    /**
     * pgjdbc ignores {@code setReadOnly(true)} under autocommit unless the URL says {@code readOnlyMode=always};
     * with it, every statement on the connection runs read-only. Any other value the URL gives is replaced.
     */
    static String withPostgresReadOnlyMode(String url) {
        Matcher existing = READ_ONLY_MODE.matcher(url);
        if (existing.find()) {
            return existing.replaceAll("$1readOnlyMode=always");
        }
        return url + (url.indexOf('?') >= 0 ? "&" : "?") + "readOnlyMode=always";
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given by the driver";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
