package org.tally.core.sql;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** Binds rendered parameters to a prepared statement with the JDBC type each value carries. */
public final class JdbcParameters {

    private JdbcParameters() {
    }

    public static void bind(PreparedStatement statement, List<SqlValue> parameters) throws SQLException {
        for (int i = 0; i < parameters.size(); i++) {
            bind(statement, i + 1, parameters.get(i));
        }
    }

    private static void bind(PreparedStatement s, int index, SqlValue v) throws SQLException {
        if (v instanceof SqlValue.Text t) {
            s.setString(index, t.value());
        } else if (v instanceof SqlValue.Number n) {
            BigDecimal d = n.value();
            // whole numbers go as BIGINT so an integer key column is not compared as a decimal (and keeps its index)
            if (d.signum() == 0 || d.stripTrailingZeros().scale() <= 0) {
                try {
                    s.setLong(index, d.longValueExact());
                    return;
                } catch (ArithmeticException tooLarge) {
                    // falls through to a decimal
                }
            }
            s.setBigDecimal(index, d);
        } else if (v instanceof SqlValue.Bool b) {
            s.setBoolean(index, b.value());
        } else if (v instanceof SqlValue.Date d) {
            s.setObject(index, d.value());
        } else if (v instanceof SqlValue.Timestamp t) {
            s.setObject(index, t.value());
        } else {
            throw new AssertionError(v);
        }
    }
}
