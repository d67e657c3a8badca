package org.tally.core.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything Tally knows about one database, over shared defaults (standard SQL and plain JDBC): how the compiler
 * writes for it, how the safety policy reads it, where its catalog keeps names and statistics, how profiling counts
 * in it, how the executor keeps a session read-only and bounded, how its EXPLAIN states a cost, and how to tell
 * whether an account can write. One subclass per database overrides what differs; the rest of core asks these
 * methods and never tests which database it is talking to. Where a new database goes: docs/architecture.md.
 *
 * <p>Templates are SQL with {@code {0}}, {@code {1}} where the compiler writes the operands; a template method that
 * returns null means the database cannot express the construct exactly, and the compiler refuses it by name rather
 * than approximate.
 */
public abstract class SqlDialect {

    protected static final DateTimeFormatter DATE = DateTimeFormatter.ISO_LOCAL_DATE;
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final DialectTraits traits;

    protected SqlDialect(DialectTraits traits) {
        this.traits = Objects.requireNonNull(traits, "traits");
    }

    // ---- identity ----

    /** The lowercase name used on the command line. */
    public abstract String id();

    /** The database's name for people. */
    public abstract String displayName();

    /** Lowercase JDBC URL prefixes of the drivers that speak this dialect ({@code jdbc:postgresql:}). */
    public abstract List<String> urlPrefixes();

    /** Other names accepted for {@link #id()} on the command line. */
    public List<String> aliases() {
        return List.of();
    }

    // ---- compiling: what the renderer writes ----

    public final DialectTraits traits() {
        return traits;
    }

    /** The identifier quoted, with the closing quote doubled inside it, so no name can break out. */
    public final String quote(String identifier) {
        return traits.quote(identifier);
    }

    /** The start of the day a timestamp or date falls in, as a DATE. */
    public String dayBucket() {
        return "CAST({0} AS DATE)";
    }

    /** The start of the hour, as a timestamp; null when the database has no exact truncation to it. */
    public String hourBucket() {
        return null;
    }

    /** The Monday a week starts on, as a DATE (weeks start on Monday whatever the server's settings). */
    public String weekBucket() {
        return null;
    }

    public String monthBucket() {
        return null;
    }

    public String quarterBucket() {
        return null;
    }

    public String yearBucket() {
        return null;
    }

    /** Seconds from {@code {0}} (start) to {@code {1}} (end); null when there is no exact timestamp difference. */
    public String elapsedSeconds() {
        return null;
    }

    /** The average, keeping fractions of integer columns. */
    public String average() {
        return "AVG({0})";
    }

    /** The median aggregate, or null when the database has none (a median is then refused, never approximated). */
    public String median() {
        return null;
    }

    /** Why there is no median here, for the refusal. */
    public String medianRefusal() {
        return "the database has no median aggregate, and an approximation would be a wrong answer";
    }

    /**
     * A name from two parts: first, one space, last; the other part alone when one is NULL; NULL when both are.
     * Concatenation and its NULL rules differ per database; null when no known form keeps a NULL part apart.
     */
    public String joinedName() {
        return null;
    }

    /**
     * Whether a counted related scope ("admitted more than once") is written as a grouped semi-join (IN over GROUP BY
     * … HAVING COUNT(*), one pass over the related rows) rather than a correlated count per outer row. The planners
     * of the four databases turn neither into the other, and the correlated count over an unindexed key scans the
     * related table once per outer row (docs/benchmarks.md, "Against the gold SQL").
     */
    public boolean groupsCountedScopes() {
        return true;
    }

    /**
     * Whether an EXISTS read as a value (in a CASE of the select list: a rate's counted condition, "percentage of
     * patients who have hypertension") and tied to the outer row by one key equality is written as {@code key IN
     * (SELECT …)}. Planners turn an EXISTS in WHERE into a semi-join, but one in the select list runs once per outer
     * row; the uncorrelated list is built once where the planner knows how (PostgreSQL's hashed SubPlan, MySQL's and
     * MariaDB's materialization, H2's kept subquery result). By default the EXISTS is written as it is.
     */
    public boolean writesValueExistsAsIn() {
        return false;
    }

    /**
     * Whether a probe for any one row whose condition is a related scope tied by one key ("do we have any patients
     * with a latex allergy …?") is written as an inner join from the related rows rather than an EXISTS: the same
     * answer (only whether a row comes back is read), and the planner may start from the few related rows that
     * match and stop at the first (docs/benchmarks.md, "Against the gold SQL"). By default the EXISTS is kept.
     */
    public boolean drivesProbesFromRelatedRows() {
        return false;
    }

    public String booleanLiteral(boolean value) {
        if (traits.booleanLiterals()) {
            return value ? "TRUE" : "FALSE";
        }
        return value ? "1" : "0";
    }

    /** A string written inline (for people; executed statements carry values as parameters). */
    public String stringLiteral(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    public String dateLiteral(LocalDate value) {
        return "DATE '" + DATE.format(value) + "'";
    }

    public String timestampLiteral(LocalDateTime value) {
        return "TIMESTAMP '" + timestampText(value, ' ') + "'";
    }

    /** {@code yyyy-mm-dd hh:mm:ss} with a fraction only when there is one; {@code separator} between date and time. */
    protected static String timestampText(LocalDateTime t, char separator) {
        String text = SECONDS.format(t).replace(' ', separator);
        if (t.getNano() == 0) {
            return text;
        }
        String fraction = String.format("%09d", t.getNano()).replaceAll("0+$", "");
        return text + "." + fraction;
    }

    // ---- reading statements: the safety policy ----

    /** How this database reads quotes, comments and marks (the lexical guard refuses what could be misread). */
    public LexicalRules lexical() {
        return LexicalRules.STANDARD;
    }

    /** Lowercase schema (or database) names holding the server's own metadata: never readable. */
    public List<String> systemSchemas() {
        return List.of("information_schema");
    }

    /** Lowercase prefixes of further system schema names ({@code pg_}). */
    public List<String> systemSchemaPrefixes() {
        return List.of();
    }

    /** Whether an unqualified (lowercased) table name resolves into the system catalog on this database. */
    public boolean isUnqualifiedCatalogName(String folded) {
        return false;
    }

    /** Whether {@code dual}, the one-row pseudo table, may be read unqualified. */
    public boolean hasDualTable() {
        return false;
    }

    /**
     * Whether the database requires a primary or unique key behind every foreign key (PostgreSQL, SQL Server, H2);
     * where it needs only an index (MySQL), a declared key is unique only when it targets the primary key.
     */
    public boolean foreignKeysTargetUniqueKeys() {
        return true;
    }

    // ---- names: where a bare table name lives ----

    /** Whether a table's namespace is the JDBC catalog (MySQL's databases) rather than a schema. */
    public boolean namespaceIsCatalog() {
        return false;
    }

    /** The word for that namespace in messages. */
    public final String namespaceWord() {
        return namespaceIsCatalog() ? "database" : "schema";
    }

    /** The schema a bare name resolves to when the driver does not say; null when there is no such default. */
    public String defaultSchema() {
        return null;
    }

    /** The connection's current namespace: its schema, or its database where that is the namespace. */
    public final String currentNamespace(Connection connection) throws SQLException {
        return namespaceIsCatalog() ? connection.getCatalog() : connection.getSchema();
    }

    // ---- the catalog: introspection and profiling ----

    /**
     * Row estimates from the database's statistics: one {@code ?} (the namespace), rows of (table name, planned
     * estimate, live estimate or NULL); null when the database keeps none Tally can read.
     */
    public String rowEstimatesSql() {
        return null;
    }

    /** Whether a table without an estimate is counted exactly instead (cheap where the database keeps counts). */
    public boolean countsTablesWithoutEstimate() {
        return false;
    }

    /** Names of user-defined enum types (one column), which drivers report as OTHER; null when there are none. */
    public String enumTypesSql() {
        return null;
    }

    /** Whether a text column of this type name can be grouped (SQL Server's legacy text types cannot). */
    public boolean groupable(String typeName) {
        return true;
    }

    /** The count function profiling uses (SQL Server's COUNT overflows at 2^31). */
    public String count() {
        return "COUNT";
    }

    /** {@code {0}} as text, for types that have no length of their own (enums and the like). */
    public String asText() {
        return "CAST({0} AS VARCHAR(4000))";
    }

    /** A value's length in characters (not bytes). */
    public String charLength() {
        return "CHAR_LENGTH({0})";
    }

    /**
     * Whether a text value holds a letter: its upper and lower case differ, compared byte for byte, since a
     * case-insensitive collation would call them equal.
     */
    public String caseDiffers() {
        return "UPPER({0}) <> LOWER({0})";
    }

    /** {@code SELECT body} returning at most {@code rows} rows, in this database's row-limit syntax. */
    public final String firstRows(String body, int rows) {
        return switch (traits.limitStyle()) {
            case LIMIT_OFFSET -> "SELECT " + body + " LIMIT " + rows;
            case TOP_OR_OFFSET_FETCH -> "SELECT TOP " + rows + " " + body;
            case OFFSET_FETCH -> "SELECT " + body + " FETCH FIRST " + rows + " ROWS ONLY";
        };
    }

    // ---- running: the executor's envelope ----

    /** The URL to connect with, changed where the driver needs a setting to honour read-only. */
    public String readOnlyUrl(String url) {
        return url;
    }

    /**
     * The per-transaction envelope's session settings, made before each statement's transaction (read-only where
     * the database has a session mode for it, the server's own statement timeout). By default none: the driver's
     * timeout is the bound and the rollback undoes what the database did not refuse.
     */
    public void boundSession(Connection c, long timeoutMs) throws SQLException {
    }

    /** Opens the statement's transaction read-only where the database has read-only transactions. */
    public void beginReadOnlyTransaction(Connection c, long timeoutMs) throws SQLException {
    }

    /**
     * Whether the per-transaction envelope's server setting stops a statement (or an EXPLAIN) by itself. Then the
     * driver's timeout is only a later backstop: fired at the same moment as the server's bound, its cancel (sent
     * from outside the statement's own round trip) could land on the next statement instead.
     */
    public boolean boundsItself(Connection c, boolean explain) throws SQLException {
        return false;
    }

    /**
     * Sets the session envelope on a connection only the executor uses and checks that it holds; empty where this
     * database (or this server version, or this way of opening it) cannot hold read-only and the timeout at
     * session level, and the executor keeps the per-transaction envelope. A failure while setting throws.
     */
    public Optional<SessionEnvelope> sessionEnvelope(Connection c, long timeoutMs) throws SQLException {
        return Optional.empty();
    }

    // ---- the cost preflight ----

    /** The EXPLAIN (without ANALYZE: nothing executes) of {@code sql}. @throws NoCostEstimate where there is none */
    public String explain(Connection c, String sql) throws SQLException {
        throw new NoCostEstimate(displayName() + " has no cost preflight in Tally");
    }

    /** The estimate read from {@link #explain}'s output. @throws NoCostEstimate when the plan has no number */
    public CostEstimate cost(Connection c, String plan) throws SQLException {
        throw new NoCostEstimate(displayName() + " has no cost preflight in Tally");
    }

    // ---- the source check ----

    /**
     * The privileges or roles that let this account change data, as the catalog reports them (empty: none found).
     * By default the standard's table privileges.
     */
    public List<String> writePrivileges(Connection c) throws SQLException {
        return strings(c, "SELECT DISTINCT PRIVILEGE_TYPE FROM INFORMATION_SCHEMA.TABLE_PRIVILEGES"
                + " WHERE GRANTEE = CURRENT_USER AND PRIVILEGE_TYPE IN ('INSERT','UPDATE','DELETE') ORDER BY 1");
    }

    /** The first column of every row {@code sql} returns. */
    protected static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> found = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                found.add(rs.getString(1));
            }
        }
        return found;
    }

    // ---- writing the demo hospital into this database ----

    public String timestampType() {
        return "TIMESTAMP";
    }

    public String booleanType() {
        return "BOOLEAN";
    }

    /** What follows {@code ADD CONSTRAINT … FOREIGN KEY …} so existing rows are not checked again, if anything. */
    public String foreignKeyWithoutCheck() {
        return "";
    }

    @Override
    public String toString() {
        return displayName();
    }
}
