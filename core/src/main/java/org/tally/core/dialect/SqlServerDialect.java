package org.tally.core.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * SQL Server. Compiling: bracketed identifiers, TOP (n) or OFFSET … FETCH, buckets as DATEADD(unit, DATEDIFF(unit,
 * 0, x), 0) (DATETRUNC needs SQL Server 2022), DATEDIFF_BIG for elapsed seconds, bits compared with 1/0, AVG over a
 * decimal (AVG of an integer column truncates here), names joined with CONCAT after NULL tests, and no median:
 * PERCENTILE_CONT is only a window function. Reading: [brackets] quote names; the compatibility views
 * ({@code sysobjects}, …) are visible unqualified in every database.
 *
 * <p>Running: there is no read-only transaction. {@code setReadOnly} is a hint and {@code ApplicationIntent=ReadOnly}
 * only routes to a readable secondary; neither blocks a write. The executor sets READ COMMITTED, a
 * {@code LOCK_TIMEOUT} and always rolls back, but writes are stopped only by the validator and by the account:
 * connect with a least-privileged login that has only SELECT (db_datareader) on the linked tables. No cost
 * preflight: the estimate needs {@code SET SHOWPLAN_XML ON}, a session mode that stops statements from running at
 * all, not worth the risk of leaving a session in it.
 */
final class SqlServerDialect extends SqlDialect {

    /** Visible unqualified in every database. */
    private static final Set<String> COMPATIBILITY_VIEWS = Set.of("sysobjects", "syscolumns", "sysusers",
            "sysdatabases", "syslogins", "sysprocesses", "sysindexes", "syscomments", "sysxlogins",
            "sysservers", "sysfiles", "sysmessages", "sysconfigures", "syslockinfo", "sysoledbusers",
            "sysremotelogins", "syspermissions", "sysprotects", "sysmembers", "systypes", "sysaltfiles",
            "syscacheobjects", "syscharsets", "syscurconfigs", "sysdepends", "sysfilegroups", "sysforeignkeys",
            "sysfulltextcatalogs", "syslanguages", "sysperfinfo", "sysreferences");

    SqlServerDialect() {
        super(new DialectTraits("[", "]", DialectTraits.LimitStyle.TOP_OR_OFFSET_FETCH, false, false));
    }

    @Override
    public String id() {
        return "sqlserver";
    }

    @Override
    public String displayName() {
        return "SQL Server";
    }

    @Override
    public List<String> urlPrefixes() {
        return List.of("jdbc:sqlserver:");
    }

    // ---- compiling ----

    @Override
    public String hourBucket() {
        return "DATEADD(hour, DATEDIFF(hour, 0, {0}), 0)";
    }

    /** Day 0 (1900-01-01) was a Monday, so whole weeks since then start on Mondays whatever DATEFIRST says. */
    @Override
    public String weekBucket() {
        return "CAST(DATEADD(day, DATEDIFF(day, 0, {0}) / 7 * 7, 0) AS DATE)";
    }

    @Override
    public String monthBucket() {
        return "CAST(DATEADD(month, DATEDIFF(month, 0, {0}), 0) AS DATE)";
    }

    @Override
    public String quarterBucket() {
        return "CAST(DATEADD(quarter, DATEDIFF(quarter, 0, {0}), 0) AS DATE)";
    }

    @Override
    public String yearBucket() {
        return "CAST(DATEADD(year, DATEDIFF(year, 0, {0}), 0) AS DATE)";
    }

    @Override
    public String elapsedSeconds() {
        return "DATEDIFF_BIG(SECOND, {0}, {1})";
    }

    @Override
    public String average() {
        return "AVG({0} * 1.0)";
    }

    @Override
    public String medianRefusal() {
        return "PERCENTILE_CONT is only a window function in SQL Server, not an aggregate; an approximation would be a"
                + " wrong answer";
    }

    /**
     * CONCAT reads NULL as '' and {@code +} depends on CONCAT_NULL_YIELDS_NULL, so the NULL parts are tested first;
     * unlike CONCAT_WS this runs before SQL Server 2017.
     */
    @Override
    public String joinedName() {
        return "CASE WHEN {0} IS NULL THEN {1} WHEN {1} IS NULL THEN {0} ELSE CONCAT({0}, ' ', {1}) END";
    }

    @Override
    public String dateLiteral(LocalDate value) {
        return "CAST('" + DATE.format(value) + "' AS DATE)";
    }

    @Override
    public String timestampLiteral(LocalDateTime value) {
        return "CAST('" + timestampText(value, 'T') + "' AS DATETIME2)";
    }

    // ---- reading statements ----

    @Override
    public LexicalRules lexical() {
        return new LexicalRules(false, false, false, true, false, false, false, false);
    }

    @Override
    public List<String> systemSchemas() {
        return List.of("information_schema", "sys", "master", "msdb", "tempdb", "model", "guest");
    }

    @Override
    public boolean isUnqualifiedCatalogName(String folded) {
        return COMPATIBILITY_VIEWS.contains(folded);
    }

    @Override
    public String defaultSchema() {
        return "dbo";
    }

    // ---- the catalog ----

    /** Rows of the heap or clustered index. */
    @Override
    public String rowEstimatesSql() {
        return "SELECT t.name, SUM(p.rows), NULL FROM sys.tables t"
                + " JOIN sys.schemas s ON s.schema_id = t.schema_id"
                + " JOIN sys.partitions p ON p.object_id = t.object_id AND p.index_id IN (0, 1)"
                + " WHERE s.name = ? GROUP BY t.name";
    }

    /** The legacy text and ntext types cannot be grouped. */
    @Override
    public boolean groupable(String typeName) {
        String t = typeName.toLowerCase(Locale.ROOT);
        return !t.equals("text") && !t.equals("ntext");
    }

    @Override
    public String count() {
        return "COUNT_BIG";
    }

    @Override
    public String asText() {
        return "CAST({0} AS NVARCHAR(4000))";
    }

    @Override
    public String charLength() {
        return "LEN({0})";
    }

    @Override
    public String caseDiffers() {
        return "CAST(UPPER({0}) AS VARBINARY(8000)) <> CAST(LOWER({0}) AS VARBINARY(8000))";
    }

    // ---- running ----

    /** No dirty reads (exact answers), and a bound on waiting for locks; the driver's timeout bounds the statement. */
    @Override
    public void boundSession(Connection c, long timeoutMs) throws SQLException {
        c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        Jdbc.execute(c, "SET LOCK_TIMEOUT " + timeoutMs);
    }

    // ---- the source check ----

    @Override
    public List<String> writePrivileges(Connection c) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT IS_SRVROLEMEMBER('sysadmin'), IS_ROLEMEMBER('db_owner'),"
                     + " IS_ROLEMEMBER('db_datawriter'), HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'INSERT'),"
                     + " HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'UPDATE'),"
                     + " HAS_PERMS_BY_NAME(DB_NAME(), 'DATABASE', 'DELETE')")) {
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

    // ---- the demo hospital ----

    @Override
    public String timestampType() {
        return "DATETIME2";
    }

    @Override
    public String booleanType() {
        return "BIT";
    }
}
