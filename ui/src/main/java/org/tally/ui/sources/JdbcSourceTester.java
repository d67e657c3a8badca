package org.tally.ui.sources;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;

/**
 * Connects once and asks the database whether the account can change data: first
 * {@link DatabaseMetaData#isReadOnly()} (true for a read-only database or replica), then one privilege query
 * per dialect. Limits: the check looks at direct table privileges and admin roles as the catalog reports them;
 * privileges through PUBLIC grants, column grants, routines with definer rights or a role not yet activated can
 * still allow writes it does not see. It never tries a write. A warning is advice: Tally's executor only reads.
 */
public final class JdbcSourceTester implements SourceTester {

    private static final Logger LOG = LoggerFactory.getLogger(JdbcSourceTester.class);
    /** Privileges in a MySQL/MariaDB GRANT line that let an account change data or schema. */
    private static final java.util.Set<String> MYSQL_WRITE_PRIVILEGES = java.util.Set.of("ALL", "ALL PRIVILEGES",
            "INSERT", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER", "SUPER", "FILE");

    private final int loginTimeoutSeconds;

    public JdbcSourceTester() {
        this(10);
    }

    public JdbcSourceTester(int loginTimeoutSeconds) {
        this.loginTimeoutSeconds = loginTimeoutSeconds;
    }

    @Override
    public SourceCheck test(SourceRef.Jdbc source, Credentials credentials) {
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
            return privilegeCheck(c, source, product);
        } catch (SQLException e) {
            // the driver's message names host and database, never the password
            LOG.info("testing {} failed: SQLSTATE {}", source.name(), e.getSQLState());
            return SourceCheck.unreachable(firstLine(e.getMessage())
                    + (e.getSQLState() == null ? "" : " (SQLSTATE " + e.getSQLState() + ")"));
        }
    }

    private SourceCheck privilegeCheck(Connection c, SourceRef.Jdbc source, String product) {
        try (Statement st = c.createStatement()) {
            List<String> found = switch (source.dialect()) {
                case POSTGRES -> postgres(st);
                case MYSQL -> mysql(st);
                case SQLSERVER -> sqlServer(st);
                case H2 -> h2(st);
            };
            return found.isEmpty()
                    ? new SourceCheck(true, product, WriteAccess.READ_ONLY, "no write privilege found")
                    : new SourceCheck(true, product, WriteAccess.CAN_WRITE, String.join(", ", found));
        } catch (SQLException e) {
            return new SourceCheck(true, product, WriteAccess.UNKNOWN, "the privilege check was refused: "
                    + firstLine(e.getMessage()));
        }
    }

    private static List<String> postgres(Statement st) throws SQLException {
        List<String> found = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")) {
            if (rs.next() && rs.getBoolean(1)) {
                found.add("superuser");
            }
        }
        try (ResultSet rs = st.executeQuery("SELECT DISTINCT privilege_type FROM information_schema.table_privileges"
                + " WHERE grantee = current_user AND privilege_type IN ('INSERT','UPDATE','DELETE','TRUNCATE')"
                + " AND table_schema NOT IN ('pg_catalog','information_schema') ORDER BY 1")) {
            while (rs.next()) {
                found.add(rs.getString(1));
            }
        }
        return found;
    }

    private static List<String> mysql(Statement st) throws SQLException {
        List<String> found = new ArrayList<>();
        List<String> grants = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SHOW GRANTS FOR CURRENT_USER")) {
            while (rs.next()) {
                grants.add(rs.getString(1));
            }
        }
        return mysqlWritePrivileges(grants);
    }

    /**
     * The write privileges named in {@code SHOW GRANTS} lines: only the list between GRANT and the first ON is read
     * (never the object names, nor the IDENTIFIED BY part). Role grants (no ON) are not followed.
     */
    static List<String> mysqlWritePrivileges(List<String> grants) {
        java.util.Set<String> found = new java.util.TreeSet<>();
        for (String grant : grants) {
            String upper = grant.toUpperCase(Locale.ROOT).strip();
            int on = upper.indexOf(" ON ");
            if (!upper.startsWith("GRANT ") || on < 0) {
                continue;
            }
            for (String privilege : upper.substring(6, on).split(",")) {
                // column grants read "UPDATE (col)": the privilege is the part before the parenthesis
                String p = privilege.replaceAll("\\(.*\\)", "").strip();
                if (MYSQL_WRITE_PRIVILEGES.contains(p)) {
                    found.add(p);
                }
            }
        }
        return List.copyOf(found);
    }

    private static List<String> sqlServer(Statement st) throws SQLException {
        List<String> found = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT IS_SRVROLEMEMBER('sysadmin'), IS_ROLEMEMBER('db_owner'),"
                + " IS_ROLEMEMBER('db_datawriter'), HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'INSERT'),"
                + " HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'UPDATE'), HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'DELETE')")) {
            if (rs.next()) {
                String[] names = {"sysadmin", "db_owner", "db_datawriter", "INSERT", "UPDATE", "DELETE"};
                for (int i = 0; i < names.length; i++) {
                    if (rs.getInt(i + 1) == 1) {
                        found.add(names[i]);
                    }
                }
            }
        }
        return found;
    }

    private static List<String> h2(Statement st) throws SQLException {
        List<String> found = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(
                "SELECT IS_ADMIN FROM INFORMATION_SCHEMA.USERS WHERE USER_NAME = CURRENT_USER")) {
            if (rs.next() && rs.getBoolean(1)) {
                found.add("admin");
            }
        }
        try (ResultSet rs = st.executeQuery(
                "SELECT DISTINCT PRIVILEGE_TYPE FROM INFORMATION_SCHEMA.TABLE_PRIVILEGES WHERE GRANTEE = CURRENT_USER"
                        + " AND PRIVILEGE_TYPE IN ('INSERT','UPDATE','DELETE') ORDER BY 1")) {
            while (rs.next()) {
                found.add(rs.getString(1));
            }
        }
        return found;
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "no reason given by the driver";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
