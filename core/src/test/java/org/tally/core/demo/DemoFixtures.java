package org.tally.core.demo;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.tally.core.Progress;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;

/** The standard demo written once per test JVM into in-memory H2 databases, and a result reader for comparisons. */
final class DemoFixtures {

    private static final Map<DemoSchema, String> H2 = new EnumMap<>(DemoSchema.class);

    private DemoFixtures() {
    }

    static synchronized String h2(DemoSchema schema) throws SQLException {
        String url = H2.get(schema);
        if (url == null) {
            url = "jdbc:h2:mem:demo_fixture_" + schema.id() + ";DB_CLOSE_DELAY=-1" + DemoDatabases.H2_OPTIONS;
            try (Connection c = DriverManager.getConnection(url)) {
                new DemoWriter(schema, Dialect.H2).write(DemoHospital.standard(), c, Progress.NONE);
            }
            H2.put(schema, url);
        }
        return url;
    }

    /** Every row of the query, values normalised so equal numbers compare equal across types and databases. */
    static List<List<String>> rows(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            List<List<String>> rows = new ArrayList<>();
            while (rs.next()) {
                List<String> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    row.add(normalise(rs.getObject(i)));
                }
                rows.add(row);
            }
            return rows;
        }
    }

    static String normalise(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Number) {
            BigDecimal d = new BigDecimal(value.toString());
            return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        }
        if (value instanceof Boolean) {
            return value.toString();
        }
        return value.toString();
    }
}
