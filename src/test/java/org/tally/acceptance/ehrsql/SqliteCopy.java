package org.tally.acceptance.ehrsql;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Copies a SQLite file (the public EHRSQL form of the MIMIC-IV demo) into a Tally source, H2 or PostgreSQL, as it
 * is declared there: the same lower-case names (quoted), declared types, primary keys, unique columns and foreign keys.
 * SQLite is never a Tally source; this is how the tests get the public database into real ones.
 *
 * <p>Foreign keys are added after the rows and not checked (H2 NOCHECK, PostgreSQL NOT VALID): the public file
 * declares one column referencing four tables (a cost's event), which no row can satisfy at once, and the catalog reads
 * declared keys whatever their data says.
 */
public final class SqliteCopy {

    public enum Target { H2, POSTGRES }

    private record Column(String name, String type, boolean notNull, int jdbcType) {
    }

    private record ForeignKeyDecl(String table, List<String> from, String toTable, List<String> to) {
    }

    private SqliteCopy() {
    }

    /** Copies every table of {@code sqlite} into {@code target} (which must hold none of them yet). */
    public static void copy(Path sqlite, Connection target, Target kind) throws SQLException {
        try (Connection src = DriverManager.getConnection("jdbc:sqlite:" + sqlite.toAbsolutePath()
                + "?open_mode=1")) {
            List<String> tables = new ArrayList<>();
            try (Statement s = src.createStatement();
                 ResultSet rs = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table'"
                         + " AND name NOT LIKE 'sqlite_%' ORDER BY name")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            List<ForeignKeyDecl> keys = new ArrayList<>();
            boolean autoCommit = target.getAutoCommit();
            target.setAutoCommit(false);
            for (String table : tables) {
                Map<String, Column> columns = createTable(src, target, table);
                copyRows(src, target, table, columns);
                keys.addAll(foreignKeys(src, table));
                target.commit();
            }
            int n = 0;
            for (ForeignKeyDecl fk : keys) {
                try (Statement s = target.createStatement()) {
                    s.execute("ALTER TABLE " + q(fk.table()) + " ADD CONSTRAINT " + q("fk_" + fk.table() + "_" + (++n))
                            + " FOREIGN KEY (" + list(fk.from()) + ") REFERENCES " + q(fk.toTable()) + " ("
                            + list(fk.to()) + ")" + (kind == Target.H2 ? " NOCHECK" : " NOT VALID"));
                }
            }
            target.commit();
            target.setAutoCommit(autoCommit);
            if (kind == Target.POSTGRES) {
                try (Statement s = target.createStatement()) {
                    s.execute("ANALYZE");
                }
            }
        }
    }

    private static Map<String, Column> createTable(Connection src, Connection target, String table)
            throws SQLException {
        Map<String, Column> columns = new LinkedHashMap<>();
        List<String> primary = new ArrayList<>();
        try (Statement s = src.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA table_info(" + q(table) + ")")) {
            while (rs.next()) {
                String name = rs.getString("name");
                String type = rs.getString("type").trim().toUpperCase(Locale.ROOT);
                columns.put(name, new Column(name, type, rs.getInt("notnull") != 0, jdbcType(type)));
                if (rs.getInt("pk") > 0) {
                    primary.add(name);
                }
            }
        }
        List<List<String>> unique = new ArrayList<>();
        try (Statement s = src.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA index_list(" + q(table) + ")")) {
            List<String> indexes = new ArrayList<>();
            while (rs.next()) {
                if (rs.getInt("unique") != 0 && !"pk".equals(rs.getString("origin"))) {
                    indexes.add(rs.getString("name"));
                }
            }
            for (String index : indexes) {
                List<String> cols = new ArrayList<>();
                try (Statement t = src.createStatement();
                     ResultSet ix = t.executeQuery("PRAGMA index_info(" + q(index) + ")")) {
                    while (ix.next()) {
                        cols.add(ix.getString("name"));
                    }
                }
                unique.add(cols);
            }
        }
        StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(q(table)).append(" (");
        String sep = "";
        for (Column c : columns.values()) {
            ddl.append(sep).append(q(c.name())).append(' ').append(fitting(src, table, c)).append(c.notNull() ? " NOT NULL" : "");
            sep = ", ";
        }
        if (!primary.isEmpty()) {
            ddl.append(", PRIMARY KEY (").append(list(primary)).append(')');
        }
        for (List<String> u : unique) {
            ddl.append(", UNIQUE (").append(list(u)).append(')');
        }
        ddl.append(')');
        try (Statement s = target.createStatement()) {
            s.execute(ddl.toString());
        }
        return columns;
    }

    /** The declared type, a text length widened to the longest value held (SQLite does not enforce lengths). */
    private static String fitting(Connection src, String table, Column c) throws SQLException {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(VARCHAR|CHAR|CHARACTER VARYING)\\((\\d+)\\)")
                .matcher(c.type());
        if (!m.matches()) {
            return c.type();
        }
        try (Statement s = src.createStatement();
             ResultSet rs = s.executeQuery("SELECT MAX(LENGTH(" + q(c.name()) + ")) FROM " + q(table))) {
            int longest = rs.next() ? rs.getInt(1) : 0;
            return m.group(1) + "(" + Math.max(longest, Integer.parseInt(m.group(2))) + ")";
        }
    }

    private static void copyRows(Connection src, Connection target, String table, Map<String, Column> columns)
            throws SQLException {
        List<Column> cols = List.copyOf(columns.values());
        String insert = "INSERT INTO " + q(table) + " VALUES (" + "?, ".repeat(cols.size() - 1) + "?)";
        try (Statement s = src.createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM " + q(table));
             PreparedStatement ps = target.prepareStatement(insert)) {
            int batch = 0;
            while (rs.next()) {
                for (int i = 0; i < cols.size(); i++) {
                    set(ps, i + 1, cols.get(i), rs);
                }
                ps.addBatch();
                if (++batch == 2_000) {
                    ps.executeBatch();
                    batch = 0;
                }
            }
            if (batch > 0) {
                ps.executeBatch();
            }
        }
    }

    private static void set(PreparedStatement ps, int i, Column c, ResultSet rs) throws SQLException {
        String text = rs.getString(c.name());
        if (text == null) {
            ps.setNull(i, c.jdbcType());
            return;
        }
        switch (c.jdbcType()) {
            case Types.INTEGER -> ps.setLong(i, rs.getLong(c.name()));
            case Types.DOUBLE -> ps.setDouble(i, rs.getDouble(c.name()));
            case Types.TIMESTAMP -> ps.setTimestamp(i, Timestamp.valueOf(text.length() == 10 ? text + " 00:00:00"
                    : text));
            default -> ps.setString(i, text);
        }
    }

    private static int jdbcType(String declared) {
        if (declared.startsWith("INT") || declared.equals("BIGINT") || declared.equals("SMALLINT")) {
            return Types.INTEGER;
        }
        if (declared.startsWith("DOUBLE") || declared.startsWith("REAL") || declared.startsWith("FLOAT")
                || declared.startsWith("NUMERIC") || declared.startsWith("DECIMAL")) {
            return Types.DOUBLE;
        }
        if (declared.startsWith("TIMESTAMP") || declared.startsWith("DATETIME")) {
            return Types.TIMESTAMP;
        }
        return Types.VARCHAR;
    }

    private static List<ForeignKeyDecl> foreignKeys(Connection src, String table) throws SQLException {
        Map<Integer, ForeignKeyDecl> byId = new LinkedHashMap<>();
        try (Statement s = src.createStatement();
             ResultSet rs = s.executeQuery("PRAGMA foreign_key_list(" + q(table) + ")")) {
            while (rs.next()) {
                ForeignKeyDecl fk = byId.computeIfAbsent(rs.getInt("id"), id -> {
                    try {
                        return new ForeignKeyDecl(table, new ArrayList<>(), rs.getString("table"), new ArrayList<>());
                    } catch (SQLException e) {
                        throw new IllegalStateException(e);
                    }
                });
                fk.from().add(rs.getString("from"));
                fk.to().add(rs.getString("to"));
            }
        }
        return List.copyOf(byId.values());
    }

    private static String list(List<String> names) {
        return String.join(", ", names.stream().map(SqliteCopy::q).toList());
    }

    private static String q(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
