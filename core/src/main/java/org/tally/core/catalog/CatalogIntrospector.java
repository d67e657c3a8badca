package org.tally.core.catalog;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.SqlDialect;

/**
 * Reads a source's structure over JDBC {@link DatabaseMetaData}: tables and views of one schema, columns with
 * types and nullability, primary keys, declared foreign keys, and row estimates from the database's statistics.
 * It reads no row data except H2's exact count where H2 has no estimate.
 */
final class CatalogIntrospector {

    private static final Logger LOG = LoggerFactory.getLogger(CatalogIntrospector.class);
    private static final Set<String> TABLE_TYPES = Set.of("TABLE", "BASE TABLE", "PARTITIONED TABLE",
            "SYSTEM VERSIONED", "FOREIGN TABLE");
    private static final Set<String> VIEW_TYPES = Set.of("VIEW", "MATERIALIZED VIEW");

    /** The structure of one schema. */
    public record Introspection(String schema, List<CatalogTable> tables, List<CatalogWarning> warnings) {
        public Introspection {
            tables = List.copyOf(tables);
            warnings = List.copyOf(warnings);
        }
    }

    private final Dialect dialect;
    private final SqlDialect rules;
    private final Duration statementTimeout;

    public CatalogIntrospector(Dialect dialect, Duration statementTimeout) {
        this.dialect = Objects.requireNonNull(dialect, "dialect");
        this.rules = dialect.rules();
        this.statementTimeout = Objects.requireNonNull(statementTimeout, "statementTimeout");
    }

    /**
     * Introspects {@code schema}, or the connection's current schema when null (the current database on
     * MySQL/MariaDB), keeping the tables {@code patterns} accepts.
     *
     * @throws SQLException when the metadata cannot be read at all
     * @throws CancellationException when {@code progress} asks to stop
     */
    public Introspection introspect(Connection connection, String schema, NamePatterns patterns, Progress progress)
            throws SQLException {
        String namespace = schema != null ? schema : defaultNamespace(connection);
        if (namespace == null) {
            throw new SQLException("the connection has no current " + rules.namespaceWord()
                    + "; name one in the JDBC URL");
        }
        DatabaseMetaData meta = connection.getMetaData();
        String catalogArg = rules.namespaceIsCatalog() ? namespace : connection.getCatalog();
        String schemaArg = rules.namespaceIsCatalog() ? null : namespace;
        String schemaPattern = schemaArg == null ? null : escape(schemaArg, meta.getSearchStringEscape());

        Map<String, Boolean> tableIsView = new TreeMap<>();
        try (ResultSet rs = meta.getTables(catalogArg, schemaPattern, "%", null)) {
            while (rs.next()) {
                String type = String.valueOf(rs.getString("TABLE_TYPE")).toUpperCase(Locale.ROOT);
                String name = rs.getString("TABLE_NAME");
                boolean table = TABLE_TYPES.contains(type);
                boolean view = VIEW_TYPES.contains(type);
                if ((table || view) && patterns.accepts(name) && inNamespace(rs, namespace)) {
                    tableIsView.put(name, view);
                }
            }
        }
        Set<String> enumTypes = enumTypes(connection);
        Map<String, List<CatalogColumn>> columns = columns(meta, catalogArg, schemaPattern, namespace, tableIsView,
                enumTypes);
        List<CatalogWarning> warnings = new ArrayList<>();
        Map<String, Long> estimates = rowEstimates(connection, namespace, tableIsView, warnings);

        List<CatalogTable> tables = new ArrayList<>();
        int done = 0;
        for (Map.Entry<String, Boolean> entry : tableIsView.entrySet()) {
            if (progress.cancelled()) {
                throw new CancellationException("catalog refresh cancelled while introspecting");
            }
            String name = entry.getKey();
            List<String> pk = entry.getValue() ? List.of() : primaryKey(meta, catalogArg, schemaArg, name);
            List<ForeignKey> fks = entry.getValue() ? List.of() : foreignKeys(meta, catalogArg, schemaArg, name);
            List<CatalogColumn> cols = columns.getOrDefault(name, List.of());
            tables.add(new CatalogTable(namespace, name, entry.getValue(), estimates.get(name), null, pk, cols, fks));
            progress.report("introspect", ++done / (double) tableIsView.size());
        }
        tables.sort(Comparator.comparing(CatalogTable::qualifiedName));
        return new Introspection(namespace, tables, warnings);
    }

    /** The schema a bare table name resolves to: the current schema, or the current database on MySQL. */
    String defaultNamespace(Connection connection) throws SQLException {
        return rules.currentNamespace(connection);
    }

    private boolean inNamespace(ResultSet rs, String namespace) throws SQLException {
        // the schema argument is a LIKE pattern: re-check so my_schema does not pull in myXschema
        String actual = rules.namespaceIsCatalog() ? rs.getString("TABLE_CAT") : rs.getString("TABLE_SCHEM");
        return actual == null || actual.equals(namespace);
    }

    private Map<String, List<CatalogColumn>> columns(DatabaseMetaData meta, String catalogArg, String schemaPattern,
                                                     String namespace, Map<String, Boolean> wanted,
                                                     Set<String> enumTypes) throws SQLException {
        Map<String, List<CatalogColumn>> byTable = new HashMap<>();
        try (ResultSet rs = meta.getColumns(catalogArg, schemaPattern, "%", "%")) {
            while (rs.next()) {
                String table = rs.getString("TABLE_NAME");
                if (!wanted.containsKey(table) || !inNamespace(rs, namespace)) {
                    continue;
                }
                int jdbcType = rs.getInt("DATA_TYPE");
                String typeName = String.valueOf(rs.getString("TYPE_NAME"));
                boolean nullable = rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls;
                byTable.computeIfAbsent(table, t -> new ArrayList<>()).add(new CatalogColumn(
                        rs.getString("COLUMN_NAME"), rs.getInt("ORDINAL_POSITION"), jdbcType, typeName,
                        enumTypes.contains(typeName) ? TypeClass.TEXT : TypeClass.of(jdbcType, typeName),
                        TypeClass.isSmallInteger(jdbcType), nullable, null));
            }
        }
        byTable.values().forEach(list -> list.sort(Comparator.comparingInt(CatalogColumn::position)));
        return byTable;
    }

    /** User-defined enum types (PostgreSQL's), which the driver reports as OTHER: they are closed label sets. */
    private Set<String> enumTypes(Connection connection) {
        String sql = rules.enumTypesSql();
        if (sql == null) {
            return Set.of();
        }
        Set<String> names = new HashSet<>();
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                names.add(rs.getString(1));
                names.add("\"" + rs.getString(1) + "\"");
            }
        } catch (SQLException e) {
            LOG.debug("enum types unavailable: {}", SqlFailures.firstLine(e));
        }
        return names;
    }

    private static List<String> primaryKey(DatabaseMetaData meta, String catalog, String schema, String table)
            throws SQLException {
        Map<Short, String> bySeq = new TreeMap<>();
        try (ResultSet rs = meta.getPrimaryKeys(catalog, schema, table)) {
            while (rs.next()) {
                bySeq.put(rs.getShort("KEY_SEQ"), rs.getString("COLUMN_NAME"));
            }
        }
        return List.copyOf(bySeq.values());
    }

    private List<ForeignKey> foreignKeys(DatabaseMetaData meta, String catalog, String schema, String table)
            throws SQLException {
        // rows of one key share FK_NAME (or, unnamed, restart at KEY_SEQ 1); keep their column pairs in order
        Map<String, TreeMap<Short, String[]>> parts = new LinkedHashMap<>();
        Map<String, String[]> targets = new HashMap<>();
        int unnamed = 0;
        String lastKey = null;
        try (ResultSet rs = meta.getImportedKeys(catalog, schema, table)) {
            while (rs.next()) {
                short seq = rs.getShort("KEY_SEQ");
                String fkName = rs.getString("FK_NAME");
                String pkSchema = rules.namespaceIsCatalog() ? rs.getString("PKTABLE_CAT") : rs.getString("PKTABLE_SCHEM");
                String pkTable = rs.getString("PKTABLE_NAME");
                String key = fkName != null ? fkName + "|" + pkSchema + "|" + pkTable
                        : seq == 1 || lastKey == null ? "#" + (++unnamed) : lastKey;
                lastKey = key;
                parts.computeIfAbsent(key, k -> new TreeMap<>())
                        .put(seq, new String[] {rs.getString("FKCOLUMN_NAME"), rs.getString("PKCOLUMN_NAME")});
                targets.put(key, new String[] {fkName, pkSchema, pkTable});
            }
        }
        List<ForeignKey> keys = new ArrayList<>();
        for (Map.Entry<String, TreeMap<Short, String[]>> e : parts.entrySet()) {
            String[] target = targets.get(e.getKey());
            List<String> from = e.getValue().values().stream().map(p -> p[0]).toList();
            List<String> to = e.getValue().values().stream().map(p -> p[1]).toList();
            keys.add(new ForeignKey(target[0], from, target[1], target[2], to));
        }
        keys.sort(Comparator.comparing((ForeignKey k) -> k.columns().toString()).thenComparing(ForeignKey::referencedTable));
        return keys;
    }

    /**
     * Row estimates from the database's statistics, by table name ({@link SqlDialect#rowEstimatesSql}), and an exact
     * {@code COUNT(*)} where the estimate is missing or zero on a database that keeps row counts (H2). Views get
     * none. When the statistics cannot be read, the tables simply have no estimate and a warning says why.
     */
    private Map<String, Long> rowEstimates(Connection connection, String namespace, Map<String, Boolean> tables,
                                           List<CatalogWarning> warnings) {
        String sql = rules.rowEstimatesSql();
        Map<String, Long> estimates = new HashMap<>();
        if (sql == null) {
            warnings.add(new CatalogWarning(null, null, "row estimates unavailable (" + rules.displayName()
                    + " keeps none Tally can read); tables show exact counts from profiling only"));
        } else {
            readRowEstimates(connection, sql, namespace, estimates, warnings);
        }
        if (rules.countsTablesWithoutEstimate()) {
            exactCountsWhereMissing(connection, namespace, tables, estimates);
        }
        estimates.keySet().retainAll(tables.keySet());
        return estimates;
    }

    private void readRowEstimates(Connection connection, String sql, String namespace, Map<String, Long> estimates,
                                  List<CatalogWarning> warnings) {
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            ps.setQueryTimeout(timeoutSeconds());
            ps.setString(1, namespace);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Long planned = nullableLong(rs, 2);
                    Long live = nullableLong(rs, 3);
                    Long estimate = planned != null && planned > 0 ? planned
                            : live != null ? live
                            : planned != null && planned >= 0 ? planned : null;
                    estimates.put(rs.getString(1), estimate);
                }
            }
        } catch (SQLException e) {
            LOG.warn("row estimates unavailable for {}: {}", namespace, SqlFailures.firstLine(e));
            warnings.add(new CatalogWarning(null, null, "row estimates unavailable (" + SqlFailures.firstLine(e)
                    + "); tables show exact counts from profiling only"));
        }
    }

    private void exactCountsWhereMissing(Connection connection, String namespace, Map<String, Boolean> tables,
                                         Map<String, Long> estimates) {
        ProfileSql sql = new ProfileSql(dialect);
        for (Map.Entry<String, Boolean> t : tables.entrySet()) {
            Long estimate = estimates.get(t.getKey());
            if (t.getValue() || estimate != null && estimate > 0) {
                continue;
            }
            CatalogTable probe = new CatalogTable(namespace, t.getKey(), false, null, null, List.of(), List.of(),
                    List.of());
            try (Statement s = connection.createStatement()) {
                s.setQueryTimeout(timeoutSeconds());
                try (ResultSet rs = s.executeQuery(sql.rowCount(probe))) {
                    rs.next();
                    estimates.put(t.getKey(), rs.getLong(1));
                }
            } catch (SQLException e) {
                // unreadable: profiling will skip it and say so
                LOG.debug("no exact count for {}: {}", t.getKey(), SqlFailures.firstLine(e));
            }
        }
    }

    private int timeoutSeconds() {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, statementTimeout.toSeconds()));
    }

    private static Long nullableLong(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    private static String escape(String name, String escape) {
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }
}
