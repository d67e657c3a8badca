package org.tally.core.safety;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SetOperationList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.dialect.Dialect;

/**
 * The safety envelope every SQL statement passes before it runs, whether Tally compiled it or a model wrote it.
 * It answers allowed (with the statement to execute, carrying the outer row bound) or refused (with a reason that
 * names the construct and what to write instead). Anything it cannot fully understand is refused: every exception
 * from the parser or the inspection is a refusal, never a pass.
 *
 * <h2>Rules, in order</h2>
 * <ol>
 *   <li><b>Lexical guard</b> ({@link LexicalGuard}): comments are removed the way the target database reads them;
 *       constructs where JSqlParser and the database could disagree about string and comment boundaries are refused
 *       (backslashes in strings on PostgreSQL/MySQL, dollar quoting, MySQL double quotes, {@code /*!} and {@code --x}
 *       on MySQL, nested comments, invisible characters).</li>
 *   <li><b>Parse</b> with JSqlParser in the dialect's configuration (SQL Server: square-bracket quotation) on a
 *       daemon thread with a time limit, by {@code parseStatements}: exactly one statement. Unparseable input is
 *       refused with the parser's first message line.</li>
 *   <li><b>A plain query only</b>: SELECT or a set operation (UNION / INTERSECT / EXCEPT) of SELECTs, optionally
 *       with WITH and outer parentheses. Refused: DDL, DML, MERGE, CALL / EXEC / EXECUTE / DO, SET, USE, SHOW,
 *       DESCRIBE, EXPLAIN, transaction control, a bare {@code VALUES} or {@code TABLE} statement (write a SELECT),
 *       SELECT INTO (including INTO OUTFILE/DUMPFILE), locking clauses (FOR UPDATE/SHARE, LOCK IN SHARE MODE, NOWAIT,
 *       SKIP LOCKED), FOR XML/JSON, OPTION hints, table hints (NOLOCK, UPDLOCK, ...), data-modifying CTEs.</li>
 *   <li><b>Closed node list</b> ({@link AllowedNodes}): every object of the parsed tree is walked by reflection,
 *       not by a visitor that might skip a field, and must be of a known read-only construct. This also catches
 *       NEXT VALUE FOR, variables ({@code @x}, {@code @@setting}), table functions in FROM, PIVOT, CONNECT BY.</li>
 *   <li><b>Relations</b>: every table reference in FROM, JOIN, subqueries (WHERE, HAVING, SELECT list, LATERAL,
 *       set operations, nested WITH) is either a CTE in scope or on the {@link AllowedRelations allow-list}.
 *       System schemas ({@code information_schema}, {@code pg_catalog}, {@code pg_*}, {@code sys}, {@code mysql},
 *       {@code performance_schema}, SQL Server's system databases) are refused whatever the allow-list says, as are
 *       unqualified {@code pg_*} names on PostgreSQL (pg_catalog is searched first) and SQL Server's
 *       compatibility views ({@code sysobjects}, ...). Names with a database or server part, temporary tables and
 *       table variables are refused.</li>
 *   <li><b>Names</b>: unquoted names are plain identifiers (no operators, marks or '#'), never an unquoted write
 *       keyword (JSqlParser reads {@code SELECT DELETE FROM t} as a column), never hold '@' or a catalog schema;
 *       type names in casts are plain words; * takes no alias; keyword arguments inside calls only as
 *       GROUP_CONCAT's SEPARATOR. These close the gaps where JSqlParser accepts text the database would read
 *       differently (found by the fuzz test).</li>
 *   <li><b>Functions</b> ({@link ForbiddenFunctions}), checked on the tree (also window functions): refused are
 *       <ul>
 *         <li>waiting: sleep, pg_sleep*, delay, waitfor, benchmark, master_pos_wait and friends;</li>
 *         <li>files and large objects: pg_read_file, pg_read_binary_file, pg_ls_dir, pg_stat_file (all pg_*),
 *             lo_* / loread / lowrite, LOAD_FILE, CSVREAD, CSVWRITE, FILE_READ, FILE_WRITE, RUNSCRIPT, SCRIPT,
 *             sys_exec / sys_eval;</li>
 *         <li>other servers and dynamic SQL: dblink*, OPENROWSET, OPENDATASOURCE, OPENQUERY, OPENXML,
 *             LINK_SCHEMA, sp_executesql and every sp_* and xp_* (xp_cmdshell), fn_* (trace and log readers),
 *             query_to_xml / table_to_xml / cursor_to_xml / schema_to_xml / database_to_xml families and ts_stat /
 *             ts_rewrite (they run SQL given as text or read tables named by a string);</li>
 *         <li>locks: get_lock, release_lock, is_free_lock, pg_advisory_* (pg_*);</li>
 *         <li>settings and sessions: set_config and current_setting (settings can reveal server paths),
 *             pg_terminate_backend, pg_cancel_backend, pg_reload_conf (pg_*), CANCEL_SESSION, ABORT_SESSION,
 *             DATABASE_PATH, H2's SET();</li>
 *         <li>sequences (writes): nextval, currval, setval, lastval, NEXT VALUE FOR, seq.NEXTVAL;</li>
 *         <li>row generators: generate_series, SYSTEM_RANGE (they read nothing from the allowed tables and can
 *             manufacture unbounded work); every table function in FROM is refused for the same reason;</li>
 *         <li>schema-qualified function calls ({@code dbo.f()}, {@code pg_catalog.f()}): they are how SQL Server
 *             calls user-defined and system routines that may read past the allow-list.</li>
 *       </ul>
 *       Harmless and allowed: version(), DATABASE(), USER(), CURRENT_USER and the ordinary scalar, date, string,
 *       aggregate and window functions. An unqualified user-defined function on PostgreSQL/MySQL/H2 cannot be told
 *       from a built-in by name; the executor's read-only connection and transaction contain it. H2's CREATE ALIAS,
 *       COPY, EXEC of strings and WAITFOR are statements and are refused as such.</li>
 *   <li><b>Outer row bound</b> ({@link RowBound}): LIMIT (PostgreSQL, MySQL, H2) or TOP / OFFSET-FETCH (SQL Server)
 *       inserted or clamped to the cap; a smaller literal bound is kept; TOP ... PERCENT, WITH TIES, FETCH ...
 *       PERCENT and a bound that is a parameter or an expression are refused (replacing a {@code ?} would shift
 *       the positions of the parameters after it).</li>
 *   <li><b>Fixed point</b>: the rewritten text is the parser's own rendering of the checked tree; it is run through
 *       every rule again and must come back unchanged (when it is the input itself, that second run would repeat
 *       the first exactly and is skipped). Execute that text, never the input.</li>
 * </ol>
 *
 *
 * <p>The check is a pure function of its input (text, dialect, allow-list, row cap); the pipeline remembers the allowed
 * verdicts it got ({@code memory.VerdictMemory}).
 */
public final class SqlSafetyPolicy {

    public static final int DEFAULT_MAX_ROWS = 10_000;
    public static final Duration DEFAULT_PARSE_TIMEOUT = Duration.ofSeconds(5);
    /** Longer statements are refused before parsing: no analytic read needs this much text. */
    public static final int MAX_SQL_LENGTH = 100_000;

    private static final Logger LOG = LoggerFactory.getLogger(SqlSafetyPolicy.class);
    private static final AtomicInteger THREADS = new AtomicInteger();
    /** Daemon threads: a parse that overruns its time limit must never keep the process alive. */
    private static final ExecutorService PARSER_THREADS = Executors.newCachedThreadPool(task -> {
        Thread t = new Thread(task, "sql-safety-parser-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    private static final Map<String, String> STATEMENT_REASONS = Map.ofEntries(
            Map.entry("Insert", "INSERT writes data"), Map.entry("Update", "UPDATE writes data"),
            Map.entry("Delete", "DELETE writes data"), Map.entry("Merge", "MERGE writes data"),
            Map.entry("Upsert", "UPSERT/REPLACE writes data"), Map.entry("Truncate", "TRUNCATE deletes data"),
            Map.entry("Execute", "EXEC/EXECUTE/CALL runs a procedure or dynamic SQL"),
            Map.entry("SetStatement", "SET changes session settings"),
            Map.entry("ResetStatement", "RESET changes session settings"),
            Map.entry("UseStatement", "USE switches the database"),
            Map.entry("ShowStatement", "SHOW reads server metadata"),
            Map.entry("ShowTablesStatement", "SHOW reads server metadata"),
            Map.entry("ShowColumnsStatement", "SHOW reads server metadata"),
            Map.entry("ShowIndexStatement", "SHOW reads server metadata"),
            Map.entry("DescribeStatement", "DESCRIBE reads server metadata"),
            Map.entry("ExplainStatement", "EXPLAIN is run by Tally itself, not sent as a statement"),
            Map.entry("Commit", "transaction control is Tally's job"),
            Map.entry("RollbackStatement", "transaction control is Tally's job"),
            Map.entry("SavepointStatement", "transaction control is Tally's job"),
            Map.entry("DeclareStatement", "DECLARE starts a procedural batch"),
            Map.entry("Block", "a BEGIN ... END block is a procedural batch"),
            Map.entry("DoStatement", "DO runs procedural code"),
            Map.entry("LockStatement", "LOCK takes table locks"),
            Map.entry("Grant", "GRANT changes permissions"), Map.entry("Revoke", "REVOKE changes permissions"),
            Map.entry("Export", "EXPORT writes files"), Map.entry("Import", "IMPORT loads files"),
            Map.entry("Values", "a bare VALUES list is not a query of the source"),
            Map.entry("TableStatement", "TABLE name is shorthand Tally does not accept"),
            Map.entry("UnsupportedStatement", "this statement is not a query"));

    private final Duration parseTimeout;

    public SqlSafetyPolicy() {
        this(DEFAULT_PARSE_TIMEOUT);
    }

    public SqlSafetyPolicy(Duration parseTimeout) {
        if (parseTimeout == null || parseTimeout.isNegative() || parseTimeout.isZero()) {
            throw new IllegalArgumentException("parseTimeout must be positive, not " + parseTimeout);
        }
        this.parseTimeout = parseTimeout;
    }

    /**
     * Checks one statement.
     *
     * @param sql       the statement text
     * @param dialect   the database that will run it
     * @param relations the tables and views it may read
     * @param maxRows   the outer row bound (at least 1)
     */
    public SafetyVerdict check(String sql, Dialect dialect, AllowedRelations relations, long maxRows) {
        Objects.requireNonNull(dialect, "dialect");
        Objects.requireNonNull(relations, "relations");
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be at least 1, not " + maxRows);
        }
        SafetyVerdict verdict;
        try {
            String rewritten = bounded(sql, dialect, relations, maxRows);
            String again = rewritten.equals(sql) ? rewritten : bounded(rewritten, dialect, relations, maxRows);
            verdict = again.equals(rewritten) ? SafetyVerdict.allow(new ValidatedStatement(rewritten, dialect))
                    : SafetyVerdict.refuse("the statement does not survive re-checking unchanged (the parser renders"
                    + " it differently the second time), so it is refused: simplify it");
        } catch (UnsafeSqlException e) {
            verdict = SafetyVerdict.refuse(e.getMessage());
        } catch (RuntimeException | StackOverflowError | LinkageError | AssertionError e) {
            // a parser or inspection failure is never a pass (out-of-memory and other VM errors still propagate)
            LOG.debug("safety check failed on an internal error", e);
            verdict = SafetyVerdict.refuse("the statement could not be checked (" + e.getClass().getSimpleName()
                    + "), so it is refused: simplify it");
        }
        if (!verdict.allowed()) {
            LOG.debug("refused SQL: {}", verdict.reason());
        }
        return verdict;
    }

    private String bounded(String sql, Dialect dialect, AllowedRelations relations, long maxRows) {
        if (sql == null || sql.isBlank()) {
            throw new UnsafeSqlException("the statement is empty: send one SELECT");
        }
        if (sql.length() > MAX_SQL_LENGTH) {
            throw new UnsafeSqlException("the statement is " + sql.length() + " characters long, more than the "
                    + MAX_SQL_LENGTH + " accepted: shorten it");
        }
        String code = LexicalGuard.stripComments(sql, dialect);
        if (code.isBlank()) {
            throw new UnsafeSqlException("the statement holds only comments: send one SELECT");
        }
        Statements statements = parse(code, dialect);
        int count = statements == null ? 0 : statements.size();
        if (count != 1) {
            throw new UnsafeSqlException(count == 0 ? "no statement found: send one SELECT"
                    : "found " + count + " statements: send exactly one SELECT, without other statements after a"
                    + " semicolon");
        }
        Select query = plainQuery(statements.get(0));
        new QueryInspector(dialect, relations).inspect(query);
        return RowBound.apply(query, dialect, maxRows).toString();
    }

    private Statements parse(String code, Dialect dialect) {
        try {
            return CCJSqlParserUtil.parseStatements(code, PARSER_THREADS, parser -> configure(parser, dialect));
        } catch (JSQLParserException e) {
            if (timedOut(e)) {
                throw new UnsafeSqlException("parsing took too long (more than " + parseTimeout.toMillis()
                        + " ms): simplify the statement");
            }
            throw new UnsafeSqlException("the SQL does not parse as " + dialect.displayName() + ": "
                    + parserMessage(e) + " — fix the syntax there");
        }
    }

    private void configure(CCJSqlParser parser, Dialect dialect) {
        parser.withTimeOut(Math.max(1, parseTimeout.toMillis()));
        if (dialect.rules().lexical().bracketNames()) {
            parser.withSquareBracketQuotation(true);
        }
    }

    private static Select plainQuery(Statement statement) {
        Statement s = statement;
        // outer parentheses around the whole query carry nothing: unwrap them
        while (s instanceof ParenthesedSelect p && p.getAlias() == null && p.getLimit() == null
                && p.getOffset() == null && p.getFetch() == null && empty(p.getOrderByElements())
                && empty(p.getWithItemsList()) && p.getSelect() != null) {
            s = p.getSelect();
        }
        if (s instanceof PlainSelect || s instanceof SetOperationList) {
            return (Select) s;
        }
        String kind = s == null ? "Unknown" : s.getClass().getSimpleName();
        String why = STATEMENT_REASONS.get(kind);
        if (why == null && kind.startsWith("Parenthesed")) {
            why = "a parenthesized " + kind.substring("Parenthesed".length()).toUpperCase(Locale.ROOT)
                    + " is not a plain query";
        }
        if (why == null && (kind.startsWith("Create") || kind.startsWith("Alter") || kind.startsWith("Drop")
                || kind.startsWith("Rename") || kind.equals("Comment") || kind.equals("Analyze")
                || kind.startsWith("Refresh") || kind.startsWith("Purge"))) {
            why = "it changes the database schema or objects (DDL)";
        }
        if (why == null) {
            why = "it is a " + kind + " statement";
        }
        throw new UnsafeSqlException("only a single SELECT query is allowed; " + why + ". Tally only reads: write a"
                + " SELECT over the allowed tables");
    }

    private static boolean empty(List<?> list) {
        return list == null || list.isEmpty();
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException
                    || (t.getMessage() != null && t.getMessage().contains("Time out occurred"))) {
                return true;
            }
        }
        return false;
    }

    private static String parserMessage(JSQLParserException e) {
        Throwable t = e;
        String message = null;
        while (t != null && message == null) {
            message = t.getMessage();
            t = t.getCause();
        }
        if (message == null || message.isBlank()) {
            return "no details given";
        }
        String first = message.strip().lines().findFirst().orElse("").strip();
        first = first.replaceFirst("^(net\\.sf\\.jsqlparser\\.[\\w.]+(Exception|Error)\\s*:\\s*)+", "");
        return first.isEmpty() ? "no details given" : first;
    }
}
