package org.tally.core.catalog;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.source.Dialect;

/**
 * Measures the data of introspected tables exactly: per table one scan for row and null counts and for MIN/MAX of
 * temporal and numeric columns, then per enumerable column one capped {@code GROUP BY}. Enumerable: text, boolean,
 * small integers, and other whole numbers whose observed range fits a small integer (status codes stored as INT).
 *
 * <p>Failures are sorted, never guessed around: a lost connection aborts (so no partial version is written); a
 * table the account cannot read is left out with a warning; a statement that times out leaves that column or
 * table unprofiled with a warning.
 */
public final class CatalogProfiler {

    private static final Logger LOG = LoggerFactory.getLogger(CatalogProfiler.class);
    private static final int CAP = ColumnProfile.MAX_VALUES + 1;
    private static final long SMALL_MIN = Short.MIN_VALUE;
    private static final long SMALL_MAX = Short.MAX_VALUE;

    /** The profiled tables (unreadable ones left out) and what could not be measured. */
    public record Profiling(List<CatalogTable> tables, List<CatalogWarning> warnings) {
        public Profiling {
            tables = List.copyOf(tables);
            warnings = List.copyOf(warnings);
        }
    }

    private final ProfileSql sql;
    private final PiiPolicy pii;
    private final Duration statementTimeout;

    public CatalogProfiler(Dialect dialect, PiiPolicy pii, Duration statementTimeout) {
        this.sql = new ProfileSql(dialect);
        this.pii = Objects.requireNonNull(pii, "pii");
        this.statementTimeout = Objects.requireNonNull(statementTimeout, "statementTimeout");
    }

    /**
     * Profiles every table.
     *
     * @throws SQLException when the connection is lost: nothing of this refresh may be kept
     * @throws CancellationException when {@code progress} asks to stop
     */
    public Profiling profile(Connection connection, List<CatalogTable> tables, Progress progress) throws SQLException {
        List<CatalogTable> out = new ArrayList<>();
        List<CatalogWarning> warnings = new ArrayList<>();
        int done = 0;
        for (CatalogTable table : tables) {
            checkCancelled(progress);
            profileTable(connection, table, progress, warnings).ifPresent(out::add);
            progress.report("profile", ++done / (double) tables.size());
        }
        return new Profiling(out, warnings);
    }

    private java.util.Optional<CatalogTable> profileTable(Connection connection, CatalogTable table, Progress progress,
                                                          List<CatalogWarning> warnings) throws SQLException {
        List<CatalogColumn> columns = table.columns();
        Map<CatalogColumn, Boolean> personal = new LinkedHashMap<>();
        List<CatalogColumn> ranged = new ArrayList<>();
        for (CatalogColumn c : columns) {
            boolean isPii = pii.isPii(table, c);
            personal.put(c, isPii);
            if (!isPii && (c.typeClass() == TypeClass.TEMPORAL || c.typeClass() == TypeClass.NUMERIC)) {
                ranged.add(c);
            }
        }
        long rows;
        long[] nonNull = new long[columns.size()];
        Object[] mins = new Object[ranged.size()];
        Object[] maxs = new Object[ranged.size()];
        try (Statement s = statement(connection);
             ResultSet rs = s.executeQuery(sql.scan(table, columns, ranged))) {
            rs.next();
            rows = rs.getLong(1);
            for (int i = 0; i < columns.size(); i++) {
                nonNull[i] = rs.getLong(2 + i);
            }
            for (int i = 0; i < ranged.size(); i++) {
                mins[i] = rs.getObject(2 + columns.size() + 2 * i);
                maxs[i] = rs.getObject(3 + columns.size() + 2 * i);
            }
        } catch (SQLException e) {
            if (SqlFailures.connectionLost(e)) {
                throw e;
            }
            if (SqlFailures.timedOut(e)) {
                warnings.add(new CatalogWarning(table.qualifiedName(), null, "profiling timed out after "
                        + statementTimeout.toSeconds() + " s; the table is kept without a profile"));
                return java.util.Optional.of(table);
            }
            String why = SqlFailures.permissionDenied(e) ? "the account may not read it (permission denied)"
                    : "it cannot be read (" + SqlFailures.firstLine(e) + ")";
            LOG.warn("skipping {}: {}", table.qualifiedName(), SqlFailures.firstLine(e));
            warnings.add(new CatalogWarning(table.qualifiedName(), null, "skipped: " + why));
            return java.util.Optional.empty();
        }

        List<CatalogColumn> profiled = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            checkCancelled(progress);
            CatalogColumn c = columns.get(i);
            boolean isPii = personal.get(c);
            int r = ranged.indexOf(c);
            String min = r < 0 ? null : render(mins[r]);
            String max = r < 0 ? null : render(maxs[r]);
            long nulls = rows - nonNull[i];
            ColumnProfile profile;
            if (!enumerable(table, c, nonNull[i], mins, maxs, r)) {
                profile = new ColumnProfile(rows, nulls, Cardinality.NOT_MEASURED, null, List.of(), isPii, min, max);
            } else if (nonNull[i] == 0) {
                profile = new ColumnProfile(rows, nulls, Cardinality.EXACT, 0, List.of(), isPii, min, max);
            } else if (uniqueKey(table, c) && nonNull[i] > ColumnProfile.MAX_VALUES) {
                profile = new ColumnProfile(rows, nulls, Cardinality.HIGH, null, List.of(), isPii, min, max);
            } else {
                profile = grouped(connection, table, c, rows, nulls, isPii, min, max, warnings);
            }
            profiled.add(c.withProfile(profile));
        }
        return java.util.Optional.of(table.withProfiles(profiled, rows));
    }

    private boolean enumerable(CatalogTable table, CatalogColumn c, long nonNull, Object[] mins, Object[] maxs, int r) {
        if (c.typeClass() == TypeClass.TEXT) {
            return !TypeClass.isLargeObject(c.jdbcType());
        }
        if (c.typeClass() == TypeClass.BOOLEAN || c.smallInteger()) {
            return true;
        }
        if (c.typeClass() == TypeClass.NUMERIC && TypeClass.isIntegral(c.jdbcType()) && r >= 0 && nonNull > 0) {
            // a code stored in a wide integer column: only its observed range tells
            return mins[r] instanceof Number lo && maxs[r] instanceof Number hi
                    && lo.longValue() >= SMALL_MIN && hi.longValue() <= SMALL_MAX;
        }
        return false;
    }

    private static boolean uniqueKey(CatalogTable table, CatalogColumn c) {
        return table.primaryKey().size() == 1 && table.primaryKey().get(0).equals(c.name());
    }

    private ColumnProfile grouped(Connection connection, CatalogTable table, CatalogColumn c, long rows, long nulls,
                                  boolean isPii, String min, String max, List<CatalogWarning> warnings)
            throws SQLException {
        try (Statement s = statement(connection)) {
            if (isPii) {
                // count the distinct values without ever reading one out
                try (ResultSet rs = s.executeQuery(sql.cappedDistinctCount(table, c, CAP))) {
                    rs.next();
                    int distinct = (int) rs.getLong(1);
                    return distinct > ColumnProfile.MAX_VALUES
                            ? new ColumnProfile(rows, nulls, Cardinality.HIGH, null, List.of(), true, null, null)
                            : new ColumnProfile(rows, nulls, Cardinality.EXACT, distinct, List.of(), true, null, null);
                }
            }
            Map<String, Long> counts = new LinkedHashMap<>();
            try (ResultSet rs = s.executeQuery(sql.valueCounts(table, c, CAP))) {
                while (rs.next()) {
                    Object value = c.typeClass() == TypeClass.TEXT ? rs.getString(1) : rs.getObject(1);
                    counts.merge(valueText(value, c), rs.getLong(2), Long::sum);
                }
            }
            if (counts.size() > ColumnProfile.MAX_VALUES) {
                return new ColumnProfile(rows, nulls, Cardinality.HIGH, null, List.of(), false, min, max);
            }
            List<ValueCount> values = new ArrayList<>();
            counts.forEach((v, n) -> values.add(new ValueCount(v, n)));
            values.sort(Comparator.comparingLong(ValueCount::count).reversed().thenComparing(ValueCount::value));
            return new ColumnProfile(rows, nulls, Cardinality.EXACT, values.size(), values, false, min, max);
        } catch (SQLException e) {
            if (SqlFailures.connectionLost(e)) {
                throw e;
            }
            String why = SqlFailures.timedOut(e) ? "value count timed out after " + statementTimeout.toSeconds() + " s"
                    : "value count failed (" + SqlFailures.firstLine(e) + ")";
            warnings.add(new CatalogWarning(table.qualifiedName(), c.name(), why + "; values not profiled"));
            return new ColumnProfile(rows, nulls, Cardinality.NOT_MEASURED, null, List.of(), isPii, min, max);
        }
    }

    private Statement statement(Connection connection) throws SQLException {
        Statement s = connection.createStatement();
        s.setQueryTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, statementTimeout.toSeconds())));
        return s;
    }

    private static void checkCancelled(Progress progress) {
        if (progress.cancelled()) {
            throw new CancellationException("catalog refresh cancelled while profiling");
        }
    }

    /** A grouped value as text; booleans become true/false whether the driver says so or reports 0/1. */
    static String valueText(Object value, CatalogColumn column) {
        if (column.typeClass() == TypeClass.BOOLEAN && value instanceof Number n
                && (n.longValue() == 0 || n.longValue() == 1)) {
            return n.longValue() == 1 ? "true" : "false";
        }
        return render(value);
    }

    /** Temporal values as ISO-8601, decimals in plain notation, everything else as the driver's text. */
    static String render(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toLocalDateTime().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate().toString();
        }
        if (value instanceof java.sql.Time t) {
            return t.toLocalTime().format(DateTimeFormatter.ISO_LOCAL_TIME);
        }
        if (value instanceof LocalDateTime t) {
            return t.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        }
        if (value instanceof OffsetDateTime t) {
            return t.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        }
        if (value instanceof LocalTime t) {
            return t.format(DateTimeFormatter.ISO_LOCAL_TIME);
        }
        if (value instanceof LocalDate d) {
            return d.toString();
        }
        if (value instanceof BigDecimal b) {
            return b.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            return "0x" + java.util.HexFormat.of().formatHex(bytes);
        }
        return value.toString();
    }
}
