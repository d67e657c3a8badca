package org.tally.acceptance.golden;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.tally.acceptance.golden.ResultComparator.Table;

/** Runs hand-written gold SQL as written, keeping the JDBC values (and so the gold's precision). */
public final class GoldSql {

    private GoldSql() {
    }

    public static Table run(String jdbcUrl, String sql) throws SQLException {
        return runOn(DriverManager.getConnection(jdbcUrl), sql);
    }

    /** The same with an account (a file database written by the tests has its own). */
    public static Table run(String jdbcUrl, String user, String password, String sql) throws SQLException {
        return runOn(DriverManager.getConnection(jdbcUrl, user, password), sql);
    }

    private static Table runOn(Connection connection, String sql) throws SQLException {
        try (Connection c = connection) {
            if (c.getMetaData().getDatabaseProductName().toLowerCase().contains("mysql")
                    || c.getMetaData().getDatabaseProductName().toLowerCase().contains("mariadb")) {
                try (Statement s = c.createStatement()) {
                    // gold SQL quotes identifiers the ANSI way on every database
                    s.execute("SET SESSION sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES')");
                }
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                ResultSetMetaData md = rs.getMetaData();
                List<String> columns = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    columns.add(md.getColumnLabel(i));
                }
                List<List<Object>> rows = new ArrayList<>();
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        row.add(rs.getObject(i));
                    }
                    rows.add(row);
                }
                return new Table(columns, rows);
            }
        }
    }

    /** The same table without its text columns: what must agree between the two naming schemes. */
    public static Table withoutText(Table t) {
        List<Integer> keep = new ArrayList<>();
        for (int j = 0; j < t.columns().size(); j++) {
            if (ResultComparator.ColumnKind.of(t, j).kind() != ResultComparator.ColumnKind.Kind.EXACT) {
                keep.add(j);
            }
        }
        List<String> columns = keep.stream().map(t.columns()::get).toList();
        List<List<Object>> rows = new ArrayList<>();
        for (List<Object> row : t.rows()) {
            List<Object> r = new ArrayList<>();
            keep.forEach(j -> r.add(row.get(j)));
            rows.add(r);
        }
        return new Table(columns, rows);
    }
}
