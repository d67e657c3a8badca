package org.tally.acceptance.blind2;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.tally.acceptance.unseen.H2Script;

/** The rows a generator draws, per table in the order they are declared, written in that order (parents first). */
final class Rows {

    private record Table(List<String> columns, List<Object[]> rows) {
    }

    private final Map<String, Table> tables = new LinkedHashMap<>();

    /** Declares {@code table} with its columns, in the order they will be given in {@link #add}. */
    void declare(String table, String... columns) {
        tables.put(table, new Table(List.of(columns), new ArrayList<>()));
    }

    void add(String table, Object... values) {
        Table t = tables.get(table);
        if (t == null) {
            throw new IllegalArgumentException("undeclared table " + table);
        }
        t.rows().add(values);
    }

    int count(String table) {
        return tables.get(table).rows().size();
    }

    void writeTo(H2Script db) throws SQLException {
        for (Map.Entry<String, Table> e : tables.entrySet()) {
            db.insert(e.getKey(), e.getValue().columns(), e.getValue().rows());
        }
    }
}
