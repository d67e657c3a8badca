package org.tally.core.source;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connects once and asks the database whether the account can change data: first
 * {@link DatabaseMetaData#isReadOnly()} (true for a read-only database or replica), then the dialect's privilege
 * check ({@link org.tally.core.dialect.SqlDialect#writePrivileges}). Limits: the check looks at direct table
 * privileges and admin roles as the catalog reports them; privileges through PUBLIC grants, column grants, routines
 * with definer rights or a role not yet activated can still allow writes it does not see. It never tries a write. A
 * warning is advice: Tally's executor only reads.
 */
public final class SourceChecker {

    private static final Logger LOG = LoggerFactory.getLogger(SourceChecker.class);

    private final int loginTimeoutSeconds;

    public SourceChecker(int loginTimeoutSeconds) {
        this.loginTimeoutSeconds = loginTimeoutSeconds;
    }

    /** Blocking; the message of an unreachable source names host and database, never the password. */
    public SourceCheck check(SourceRef.Jdbc source, Credentials credentials) {
        Properties props = new Properties();
        if (credentials.present()) {
            props.setProperty("user", credentials.user());
            if (credentials.password() != null) {
                props.setProperty("password", credentials.password());
            }
        }
        DriverManager.setLoginTimeout(loginTimeoutSeconds);
        try (Connection c = DriverManager.getConnection(source.url(), props)) {
            DatabaseMetaData meta = c.getMetaData();
            String product = meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion();
            if (meta.isReadOnly()) {
                return new SourceCheck(true, product, WriteAccess.READ_ONLY, "the database is read-only");
            }
            return privileges(c, source, product);
        } catch (SQLException e) {
            LOG.info("testing {} failed: SQLSTATE {}", source.name(), e.getSQLState());
            return SourceCheck.unreachable(firstLine(e.getMessage())
                    + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")"));
        }
    }

    private static SourceCheck privileges(Connection c, SourceRef.Jdbc source, String product) {
        try {
            List<String> found = source.dialect().rules().writePrivileges(c);
            return found.isEmpty()
                    ? new SourceCheck(true, product, WriteAccess.READ_ONLY, "no write privilege found")
                    : new SourceCheck(true, product, WriteAccess.CAN_WRITE, String.join(", ", found));
        } catch (SQLException e) {
            return new SourceCheck(true, product, WriteAccess.UNKNOWN, "the privilege check was refused: "
                    + firstLine(e.getMessage()));
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
