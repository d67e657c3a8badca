package org.tally.core.eval;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ResultValues;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SqlSafetyPolicy;

/**
 * Runs a suite's gold statements on the source's read-only connection. A suite file is input like any other, so
 * its statements pass the same safety policy as Tally's own before they run. Each gold column's comparison follows
 * its values: numbers at the gold's precision (at most the shared task's three decimals), dates and timestamps by
 * day, everything else as text.
 */
public final class GoldStatements implements GoldRunner {

    /** Gold results are small; the bound only keeps a runaway statement from filling memory. */
    private static final long MAX_ROWS = 100_000;
    private static final int TIMEOUT_SECONDS = 120;

    private final Connection connection;
    private final Dialect dialect;
    private final AllowedRelations allowed;
    private final SqlSafetyPolicy policy = new SqlSafetyPolicy();

    public GoldStatements(Connection connection, Dialect dialect, AllowedRelations allowed) {
        this.connection = connection;
        this.dialect = dialect;
        this.allowed = allowed;
    }

    @Override
    public GoldTable run(String sql) throws GoldFailure {
        SafetyVerdict verdict;
        try {
            verdict = policy.check(sql.strip(), dialect, allowed, MAX_ROWS);
        } catch (RuntimeException e) {
            throw new GoldFailure("the safety check stopped on it (" + e.getClass().getSimpleName() + ")", e);
        }
        if (!verdict.allowed()) {
            throw new GoldFailure("the safety policy refuses it: " + verdict.reason());
        }
        try (Statement st = connection.createStatement()) {
            st.setQueryTimeout(TIMEOUT_SECONDS);
            try (ResultSet rs = st.executeQuery(verdict.rewritten())) {
                return read(rs);
            }
        } catch (SQLException e) {
            throw new GoldFailure(e.getMessage(), e);
        }
    }

    private static GoldTable read(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int width = md.getColumnCount();
        List<List<Object>> rows = new ArrayList<>();
        int[] scale = new int[width];
        boolean[] temporal = new boolean[width];
        boolean[] numeric = new boolean[width];
        for (int j = 0; j < width; j++) {
            int type = md.getColumnType(j + 1);
            temporal[j] = type == Types.DATE || type == Types.TIMESTAMP || type == Types.TIMESTAMP_WITH_TIMEZONE;
            numeric[j] = true;
        }
        while (rs.next()) {
            List<Object> row = new ArrayList<>(width);
            for (int j = 0; j < width; j++) {
                Object raw = rs.getObject(j + 1);
                Object v = ResultValues.normalise(raw);
                if (v != null && !(v instanceof Number)) {
                    numeric[j] = false;
                }
                if (v instanceof Number) {
                    scale[j] = Math.max(scale[j], scaleOf(raw));
                }
                row.add(v);
            }
            rows.add(row);
        }
        List<CellKind> kinds = new ArrayList<>(width);
        for (int j = 0; j < width; j++) {
            kinds.add(temporal[j] ? CellKind.day() : numeric[j] && !rows.isEmpty() ? CellKind.number(scale[j])
                    : CellKind.PLAIN);
        }
        return new GoldTable(kinds, rows);
    }

    /**
     * Decimals the gold shows: a decimal's own scale (a rounded gold is compared at its rounding), a floating value's
     * shortest digits; a whole-number type says nothing of precision, so it is compared at the shared task's.
     */
    private static int scaleOf(Object raw) {
        if (raw instanceof BigDecimal d) {
            return Math.max(0, d.scale());
        }
        if (raw instanceof Double || raw instanceof Float) {
            return Math.max(0, BigDecimal.valueOf(((Number) raw).doubleValue()).stripTrailingZeros().scale());
        }
        return CellKind.TASK_SCALE;
    }
}
