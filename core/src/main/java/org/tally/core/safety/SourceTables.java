package org.tally.core.safety;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.SqlDialect;

/**
 * The allow-list of a source before a binding narrows it: the tables and views of the connection's default schema
 * (its current database where that is the namespace, as on MySQL), read through {@link DatabaseMetaData}.
 */
public final class SourceTables {

    private static final Set<String> READABLE_TYPES = Set.of("TABLE", "BASE TABLE", "VIEW");

    private SourceTables() {
    }

    public static AllowedRelations of(Connection connection, Dialect dialect) throws SQLException {
        SqlDialect rules = dialect.rules();
        DatabaseMetaData meta = connection.getMetaData();
        String catalog = connection.getCatalog();
        String defaultSchema = rules.currentNamespace(connection);
        if (defaultSchema == null && !rules.namespaceIsCatalog()) {
            defaultSchema = rules.defaultSchema();
        }
        String schemaPattern = rules.namespaceIsCatalog() ? null : escape(defaultSchema, meta.getSearchStringEscape());
        List<String> names = new ArrayList<>();
        try (ResultSet tables = meta.getTables(catalog, schemaPattern, "%", null)) {
            while (tables.next()) {
                String type = tables.getString("TABLE_TYPE");
                if (type != null && READABLE_TYPES.contains(type.toUpperCase(Locale.ROOT))) {
                    names.add(tables.getString("TABLE_NAME"));
                }
            }
        }
        return AllowedRelations.of(defaultSchema, names);
    }

    private static String escape(String name, String escape) {
        if (name == null || escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }
}
