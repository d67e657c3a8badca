package org.tally.core.testing;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.tally.core.execute.SqlParameter;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.SqlCompiler;
import org.tally.core.sql.SqlQuery;

/**
 * Rows of a bound query and of hand-written SQL in one comparable form: numbers at six decimals, dates and
 * timestamps by day, text as is. Binder tests compare the two.
 */
public final class QueryRows {

    private QueryRows() {
    }

    /** Compiles {@code query} for the dialect; a compile miss fails the test. */
    public static Rendered render(SqlQuery query, Dialect dialect) {
        CompileResult c = SqlCompiler.compile(query, dialect);
        if (!(c instanceof CompileResult.Compiled)) {
            throw new AssertionError("does not compile: " + c);
        }
        return ((CompileResult.Compiled) c).rendered();
    }

    /** Runs a bound query on H2 with its values as parameters. */
    public static List<List<Object>> run(Connection db, SqlQuery query) throws SQLException {
        Rendered r = render(query, Dialect.H2);
        try (PreparedStatement ps = db.prepareStatement(r.sql())) {
            SqlParameter.bindAll(ps, SqlParameter.fromCompiled(r.parameters()));
            return rows(ps.executeQuery());
        }
    }

    /** Runs hand-written SQL. */
    public static List<List<Object>> hand(Connection db, String sql) throws SQLException {
        try (Statement s = db.createStatement()) {
            return rows(s.executeQuery(sql));
        }
    }

    public static List<List<Object>> rows(ResultSet rs) throws SQLException {
        List<List<Object>> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<Object> row = new ArrayList<>();
            for (int i = 1; i <= n; i++) {
                Object v = rs.getObject(i);
                if (v instanceof Number) {
                    v = new BigDecimal(v.toString()).setScale(6, RoundingMode.HALF_UP);
                } else if (v != null && !(v instanceof String)) {
                    v = v.toString().substring(0, 10);
                }
                row.add(v);
            }
            out.add(row);
        }
        return out;
    }
}
