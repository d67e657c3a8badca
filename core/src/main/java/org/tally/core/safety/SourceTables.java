package org.tally.core.safety;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.source.Dialect;

/**
 * The allow-list of a source before a binding narrows it: the tables and views of the connection's default schema
 * (for MySQL, its current database), read through {@link DatabaseMetaData}.
 */
public final class SourceTables {

    private static final Set<String> READABLE_TYPES = Set.of("TABLE", "BASE TABLE", "VIEW");

    private SourceTables() {
    }

    public static AllowedRelations of(Connection connection, Dialect dialect) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        String catalog = connection.getCatalog();
        String schema = dialect == Dialect.MYSQL ? null : connection.getSchema();
        String defaultSchema = dialect == Dialect.MYSQL ? catalog : schema;
        if (defaultSchema == null) {
            defaultSchema = switch (dialect) {
                case POSTGRES -> "public";
                case SQLSERVER -> "dbo";
                case H2 -> "PUBLIC";
                case MYSQL -> null;
            };
        }
        String schemaPattern = dialect == Dialect.MYSQL ? null : escape(defaultSchema, meta.getSearchStringEscape());
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
