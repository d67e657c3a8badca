package org.tally.core.catalog;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.SqlDialect;

/**
 * Which columns of a table lead an index (its first column), read from JDBC metadata: a lookup by such a column reads
 * a few rows, one by any other column reads the table. Tally never creates an index; it only says which one an
 * administrator could add ({@link #createIndex}).
 */
public final class Indexes {

    private final Connection connection;
    private final SqlDialect dialect;
    private final Map<String, Set<String>> leading = new HashMap<>();

    public Indexes(Connection connection, Dialect dialect) {
        this.connection = connection;
        this.dialect = dialect.rules();
    }

    /**
     * Whether {@code column} of {@code table} (in {@code schema}, or the connection's own namespace when empty) leads an
     * index or the primary key. Names compare ignoring case.
     *
     * @throws SQLException when the database does not say
     */
    public boolean leads(Optional<String> schema, String table, String column) throws SQLException {
        String namespace = schema.orElse(dialect.currentNamespace(connection));
        String key = namespace + "\u0000" + table;
        Set<String> columns = leading.get(key);
        if (columns == null) {
            columns = read(namespace, table);
            leading.put(key, columns);
        }
        return columns.contains(column.toLowerCase(Locale.ROOT));
    }

    private Set<String> read(String namespace, String table) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String catalog = dialect.namespaceIsCatalog() ? namespace : connection.getCatalog();
        String schema = dialect.namespaceIsCatalog() ? null : namespace;
        Set<String> out = new HashSet<>();
        try (ResultSet rs = meta.getIndexInfo(catalog, schema, table, false, true)) {
            while (rs.next()) {
                if (rs.getShort("ORDINAL_POSITION") == 1 && rs.getString("COLUMN_NAME") != null) {
                    out.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                }
            }
        }
        try (ResultSet rs = meta.getPrimaryKeys(catalog, schema, table)) {
            while (rs.next()) {
                if (rs.getShort("KEY_SEQ") == 1) {
                    out.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
                }
            }
        }
        return out;
    }

    /** The statement an administrator can run to add the index (named after table and column). */
    public static String createIndex(Dialect dialect, Optional<String> schema, String table, String column) {
        SqlDialect d = dialect.rules();
        String name = ("ix_" + table + "_" + column).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return "CREATE INDEX " + d.quote(name) + " ON " + schema.map(s -> d.quote(s) + ".").orElse("")
                + d.quote(table) + " (" + d.quote(column) + ")";
    }
}
