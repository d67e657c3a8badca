package org.tally.core.safety;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.AnalyticExpression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.ParenthesedStatement;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.WithItem;
import org.tally.core.dialect.Dialect;

/**
 * Walks every object of a parsed query, not just the parts a visitor knows: each reachable node must be of a
 * class on {@link AllowedNodes} (so a construct JSqlParser adds later is refused until someone looks at it),
 * every relation must be allowed or a CTE in scope, and no function may be on {@link ForbiddenFunctions}.
 * CTE names are scoped the way databases resolve them: a WITH item sees the items before it (and itself when
 * RECURSIVE), the query body sees all of them, and nothing outside the WITH sees them. A reference counts as a CTE
 * only when spelled exactly as declared; any other spelling is checked as a table.
 */
final class QueryInspector {

    private static final int MAX_DEPTH = 400;
    /** An unquoted name: a letter or _, then letters, digits or _ (no operators, $, marks or invisible characters). */
    private static final Pattern PLAIN_NAME = Pattern.compile("[\\p{L}_][\\p{L}\\p{Nd}_]*");
    /** Statement keywords that must not appear unquoted as names. */
    private static final Set<String> RESERVED_WORDS = Set.of("insert", "update", "delete", "merge", "drop", "create",
            "alter", "truncate", "grant", "revoke", "exec", "execute", "call", "copy", "lock", "into", "outfile",
            "dumpfile", "set", "commit", "rollback", "shutdown", "kill");
    private static final Map<Class<?>, List<Field>> FIELDS = new ConcurrentHashMap<>();

    private final Dialect dialect;
    private final AllowedRelations allowed;
    private final IdentityHashMap<Object, Boolean> seen = new IdentityHashMap<>();

    QueryInspector(Dialect dialect, AllowedRelations allowed) {
        this.dialect = dialect;
        this.allowed = allowed;
    }

    void inspect(Select query) {
        walk(query, Set.of(), 0);
    }

    private void walk(Object node, Set<String> ctes, int depth) {
        if (node == null) {
            return;
        }
        if (depth > MAX_DEPTH) {
            throw new UnsafeSqlException("the query is nested too deeply: simplify it");
        }
        Class<?> type = node.getClass();
        boolean syntax = AllowedNodes.isSyntaxNode(type);
        // JSqlParser's expression lists are ArrayLists: they are nodes too, walked through their fields below
        if (node instanceof Collection<?> items && !syntax) {
            for (Object item : items) {
                walk(item, ctes, depth + 1);
            }
            return;
        }
        if (node instanceof Object[] items) {
            for (Object item : items) {
                walk(item, ctes, depth + 1);
            }
            return;
        }
        if (!syntax || seen.put(node, Boolean.TRUE) != null) {
            return;
        }
        AllowedNodes.check(node);
        if (node instanceof Collection<?> items) {
            for (Object item : items) {
                walk(item, ctes, depth + 1);
            }
        }
        if (node instanceof Select select) {
            SelectClauses.check(select);
            List<WithItem<?>> with = select.getWithItemsList();
            Set<String> inner = ctes;
            if (with != null && !with.isEmpty()) {
                inner = walkWith(with, ctes, depth);
            }
            walkFields(node, inner, depth, "withItemsList");
            return;
        }
        if (node instanceof Table table) {
            checkRelation(table, ctes);
            walkFields(node, ctes, depth, "resolvedTable");
            return;
        }
        if (node instanceof SelectItem<?> item) {
            checkSelectItem(item);
        }
        if (node instanceof Alias alias) {
            checkName(alias.getName());
            if (alias.getAliasColumns() != null) {
                alias.getAliasColumns().forEach(c -> checkName(c.name));
            }
        }
        if (node instanceof Column column) {
            checkColumn(column);
            walkFields(node, ctes, depth, "table"); // the qualifier names an alias or table already in FROM
            return;
        }
        if (node instanceof AllTableColumns) {
            walkFields(node, ctes, depth, "table");
            return;
        }
        if (node instanceof Function function) {
            checkFunction(function.getMultipartName(), function.toString());
        } else if (node instanceof AnalyticExpression analytic) {
            checkFunction(List.of(analytic.getName() == null ? "" : analytic.getName()), analytic.toString());
        }
        walkFields(node, ctes, depth, null);
    }

    private Set<String> walkWith(List<WithItem<?>> with, Set<String> outer, int depth) {
        Set<String> visible = new HashSet<>(outer);
        for (WithItem<?> item : with) {
            ParenthesedStatement body = item.getStatement();
            String name = item.getAliasName() == null ? "" : item.getAliasName().strip();
            if (!(body instanceof ParenthesedSelect)) {
                throw new UnsafeSqlException("the WITH item '" + name + "' is a data-modifying statement ("
                        + (body == null ? "unknown" : body.getClass().getSimpleName().replace("Parenthesed", "")
                        .toUpperCase(Locale.ROOT)) + "): a WITH item must be a SELECT");
            }
            if (item.getWithFunctionDeclaration() != null || item.getSearchClause() != null
                    || item.getCycleClause() != null) {
                throw new UnsafeSqlException("the WITH item '" + name + "' declares a function or a SEARCH/CYCLE"
                        + " clause: write a plain WITH name AS (SELECT ...)");
            }
            if (name.isEmpty()) {
                throw new UnsafeSqlException("a WITH item has no name: write WITH name AS (SELECT ...)");
            }
            checkName(name);
            Set<String> forBody = new HashSet<>(visible);
            if (item.isRecursive()) {
                forBody.add(name);
            }
            if (item.getWithItemList() != null) {
                walk(item.getWithItemList(), Set.copyOf(visible), depth + 1);
            }
            walk(body, Set.copyOf(forBody), depth + 1);
            visible.add(name);
        }
        return Set.copyOf(visible);
    }

    private void walkFields(Object node, Set<String> ctes, int depth, String skipped) {
        for (Field field : fieldsOf(node.getClass())) {
            if (field.getName().equals(skipped)) {
                continue;
            }
            Object value;
            try {
                value = field.get(node);
            } catch (IllegalAccessException e) {
                throw new UnsafeSqlException("the query could not be inspected (" + field.getName() + "): refused");
            }
            walk(value, ctes, depth + 1);
        }
    }

    private static List<Field> fieldsOf(Class<?> type) {
        return FIELDS.computeIfAbsent(type, t -> {
            List<Field> fields = new ArrayList<>();
            // JSqlParser's own fields only: the elements of its list classes are walked as a Collection
            for (Class<?> k = t; k != null && AllowedNodes.isSyntaxNode(k); k = k.getSuperclass()) {
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()
                            || f.getType() == String.class) {
                        continue;
                    }
                    f.setAccessible(true);
                    fields.add(f);
                }
            }
            return List.copyOf(fields);
        });
    }

    private void checkRelation(Table table, Set<String> ctes) {
        String shown = table.getFullyQualifiedName();
        List<String> parts = table.getNameParts();
        boolean databaseLink = parts != null && parts.stream().anyMatch(p -> p != null && p.contains("@")
                && !p.startsWith("@"));
        if (table.isTableVariable() || databaseLink || table.getTimeTravel() != null
                || table.getTimeTravelStrAfterAlias() != null) {
            throw new UnsafeSqlException("'" + shown + "' is not a plain table reference (table variable, database"
                    + " link or time travel): read an allowed table by its name");
        }
        int count = parts == null ? 1 : parts.size();
        String name = ForbiddenFunctions.unquote(table.getName() == null ? "" : table.getName().strip());
        String schema = table.getSchemaName() == null ? null : ForbiddenFunctions.unquote(table.getSchemaName().strip());
        if (schema != null && schema.isEmpty()) {
            schema = null;
        }
        if (count > 2 || table.getDatabaseName() != null && !table.getDatabaseName().isBlank()) {
            throw new UnsafeSqlException("'" + shown + "' names another database or server: only tables of the"
                    + " source's own schema may be read (" + allowed.describe() + ")");
        }
        if (name.isEmpty()) {
            throw new UnsafeSqlException("a table reference has no name");
        }
        if (name.startsWith("#") || name.startsWith("@")) {
            throw new UnsafeSqlException("'" + shown + "' is a temporary table or table variable: read an allowed"
                    + " table instead");
        }
        checkName(table.getName());
        checkName(table.getSchemaName());
        if (schema != null && SystemCatalogs.isSystemSchema(schema)) {
            throw new UnsafeSqlException("'" + shown + "' is in the system catalog schema '" + schema + "', which is"
                    + " never readable: query the source's own tables (" + allowed.describe() + ")");
        }
        String folded = AllowedRelations.fold(name);
        // a CTE only when spelled exactly as declared (same case, same quotes): databases fold case and quotes
        // differently, and WITH "Secret" AS (...) SELECT * FROM secret reads the table secret on PostgreSQL
        if (schema == null && table.getSchemaName() == null && ctes.contains(table.getName().strip())) {
            return;
        }
        if (schema == null && SystemCatalogs.isUnqualifiedCatalogName(dialect, folded)) {
            throw new UnsafeSqlException("'" + shown + "' is a system catalog table on " + dialect.displayName()
                    + ", which is never readable: query the source's own tables (" + allowed.describe() + ")");
        }
        if (schema == null && folded.equals("dual") && dialect.rules().hasDualTable()) {
            return; // the one-row pseudo table
        }
        if (!allowed.allows(schema, name)) {
            throw new UnsafeSqlException("table '" + shown + "' is not in the allow-list for this source: use one"
                    + " of the " + allowed.describe());
        }
    }

    /**
     * Names may not hide what the statement does: no unquoted write keyword used as a name (JSqlParser reads
     * {@code SELECT DELETE FROM t} as a column), no '@' (variables) and no catalog schema inside a name.
     */
    static void checkName(String raw) {
        if (raw == null || raw.isBlank()) {
            return;
        }
        String name = ForbiddenFunctions.unquote(raw.strip());
        String folded = AllowedRelations.fold(name);
        boolean quoted = !name.equals(raw.strip());
        if (!quoted && !PLAIN_NAME.matcher(name).matches()) {
            throw new UnsafeSqlException("'" + raw.strip() + "' is not a plain name (letters, digits and _ only):"
                    + " quote it if it really is a name");
        }
        if (!quoted && RESERVED_WORDS.contains(folded)) {
            throw new UnsafeSqlException("'" + raw.strip() + "' is a reserved SQL word used as a name: quote it if it"
                    + " really is a column or alias name");
        }
        if (folded.contains("@")) {
            throw new UnsafeSqlException("'" + raw.strip() + "' holds '@' (session or system variables are not"
                    + " allowed): rename or remove it");
        }
        if (folded.contains("information_schema") || folded.contains("pg_catalog")) {
            throw new UnsafeSqlException("'" + raw.strip() + "' names a system catalog: query the source's own"
                    + " tables");
        }
    }

    private static void checkSelectItem(SelectItem<?> item) {
        Alias alias = item.getAlias();
        Object expression = item.getExpression();
        if (alias != null && alias.getAliasColumns() != null && !alias.getAliasColumns().isEmpty()) {
            throw new UnsafeSqlException("a column alias with a column list ('" + AllowedNodes.shorten(String.valueOf(
                    item)) + "') is not SQL: alias a select item with a single name");
        }
        if (expression instanceof AllColumns all) {
            if (alias != null) {
                throw new UnsafeSqlException("'" + AllowedNodes.shorten(String.valueOf(item)) + "' gives * an alias,"
                        + " which is not SQL: remove the name after *");
            }
            if ((all.getExceptColumns() != null && !all.getExceptColumns().isEmpty())
                    || (all.getReplaceExpressions() != null && !all.getReplaceExpressions().isEmpty())) {
                throw new UnsafeSqlException("* EXCEPT / * REPLACE are not accepted: list the columns");
            }
        }
    }

    private static void checkColumn(Column column) {
        checkName(column.getColumnName());
        Table qualifier = column.getTable();
        if (qualifier != null) {
            checkName(qualifier.getName());
            checkName(qualifier.getSchemaName());
            if (qualifier.getSchemaName() != null && SystemCatalogs.isSystemSchema(
                    ForbiddenFunctions.unquote(qualifier.getSchemaName().strip()))) {
                throw new UnsafeSqlException("'" + column + "' refers to the system catalog schema '"
                        + qualifier.getSchemaName() + "': query the source's own tables");
            }
        }
        String name = ForbiddenFunctions.unquote(column.getColumnName() == null ? "" : column.getColumnName());
        String folded = AllowedRelations.fold(name);
        if (column.getTable() != null && (folded.equals("nextval") || folded.equals("currval"))) {
            throw new UnsafeSqlException("'" + column + "' reads a sequence, which advances it (a write): remove it");
        }
    }

    private void checkFunction(List<String> nameParts, String text) {
        if (nameParts == null || nameParts.isEmpty()) {
            return;
        }
        String last = nameParts.get(nameParts.size() - 1);
        String shown = String.join(".", nameParts);
        ForbiddenFunctions.why(last).ifPresent(why -> {
            throw new UnsafeSqlException("function " + shown + "() is not allowed: " + why + ". Tally runs plain"
                    + " reads only; remove it");
        });
        nameParts.forEach(QueryInspector::checkName);
        if (nameParts.size() > 1) {
            throw new UnsafeSqlException("schema-qualified function " + shown + "() is not allowed: it may be a"
                    + " user-defined or system routine that reads past the allow-list; use built-in functions"
                    + " without a schema");
        }
    }
}
