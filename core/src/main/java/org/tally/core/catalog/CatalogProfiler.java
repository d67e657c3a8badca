package org.tally.core.catalog;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.dialect.Dialect;

/**
 * Measures the data of introspected tables exactly (never from a sample). Per table: one scan for row and null
 * counts and MIN/MAX of temporal and numeric columns; one cheap probe of the first {@value #PROBE_ROWS} rows, where
 * more than 50 distinct values already prove a column high-cardinality; then exact value counts of the remaining
 * enumerable columns, several columns per {@code GROUP BY} over their value combinations while those stay few,
 * else one capped {@code GROUP BY} per column. Enumerable: text, boolean, small integers, and other whole numbers
 * whose observed range fits a small integer (status codes stored as INT).
 *
 * <p>Failures are sorted, never guessed around: a lost connection aborts (so no partial version is written); a
 * table the account cannot read is left out with a warning; a statement that times out leaves that column or
 * table unprofiled with a warning.
 */
final class CatalogProfiler {

    private static final Logger LOG = LoggerFactory.getLogger(CatalogProfiler.class);
    private static final int CAP = ColumnProfile.MAX_VALUES + 1;
    private static final long SMALL_MIN = Short.MIN_VALUE;
    private static final long SMALL_MAX = Short.MAX_VALUE;
    /** Rows under a zero or negative key read at most (placeholder members are one or a few). */
    static final int LOW_KEY_ROWS = 5;
    /** Rows the distinct-value probe reads. */
    static final int PROBE_ROWS = 1000;
    /** Value combinations one grouped query is planned for, judged by the probe. */
    private static final long COMBINATIONS_PLANNED = 2_000;
    /** Value combinations read before falling back to one query per column. */
    private static final int COMBINATIONS_CAP = 20_000;

    /** The profiled tables (unreadable ones left out) and what could not be measured. */
    public record Profiling(List<CatalogTable> tables, List<CatalogWarning> warnings) {
        public Profiling {
            tables = List.copyOf(tables);
            warnings = List.copyOf(warnings);
        }
    }

    private final Dialect dialect;
    private final ProfileSql sql;
    private final PiiPolicy pii;
    private final Duration statementTimeout;

    public CatalogProfiler(Dialect dialect, PiiPolicy pii, Duration statementTimeout) {
        this.dialect = Objects.requireNonNull(dialect, "dialect");
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
            try {
                profileTable(connection, table, progress, warnings).ifPresent(out::add);
            } catch (RuntimeException e) {
                if (e instanceof CancellationException) {
                    throw e;
                }
                // one odd table must not cost the whole refresh: kept as introspected, without values
                LOG.error("profiling {} stopped", table.qualifiedName(), e);
                warnings.add(new CatalogWarning(table.qualifiedName(), null, "profiling stopped unexpectedly ("
                        + e.getClass().getSimpleName() + "); the table is kept without a profile"));
                out.add(table);
            }
            progress.report("profile", ++done / (double) tables.size());
        }
        return new Profiling(out, warnings);
    }

    private Optional<CatalogTable> profileTable(Connection connection, CatalogTable table, Progress progress,
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
        List<CatalogColumn> texts = columns.stream().filter(c -> c.typeClass() == TypeClass.TEXT).toList();
        TableScan scan;
        try {
            scan = scanWithShapes(connection, table, ranged, texts);
        } catch (SQLException e) {
            if (SqlFailures.connectionLost(e)) {
                throw e;
            }
            if (SqlFailures.timedOut(e)) {
                warnings.add(new CatalogWarning(table.qualifiedName(), null, "profiling timed out after "
                        + statementTimeout.toSeconds() + " s; the table is kept without a profile"));
                return Optional.of(table);
            }
            String why = SqlFailures.permissionDenied(e) ? "the account may not read it (permission denied)"
                    : "it cannot be read (" + SqlFailures.firstLine(e) + ")";
            LOG.warn("skipping {}: {}", table.qualifiedName(), SqlFailures.firstLine(e));
            warnings.add(new CatalogWarning(table.qualifiedName(), null, "skipped: " + why));
            return Optional.empty();
        }
        long rows = scan.rows();
        long[] nonNull = scan.nonNull();
        Object[] mins = scan.mins();
        Object[] maxs = scan.maxs();

        Map<CatalogColumn, ColumnProfile> profiles = new HashMap<>();
        Map<CatalogColumn, String[]> ranges = new HashMap<>();
        Map<CatalogColumn, Long> nullCounts = new HashMap<>();
        List<CatalogColumn> toGroup = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            CatalogColumn c = columns.get(i);
            boolean isPii = personal.get(c);
            int r = ranged.indexOf(c);
            String min = r < 0 ? null : render(mins[r]);
            String max = r < 0 ? null : render(maxs[r]);
            long nulls = rows - nonNull[i];
            ranges.put(c, new String[] {min, max});
            nullCounts.put(c, nulls);
            if (!enumerable(c, nonNull[i], mins, maxs, r)) {
                profiles.put(c, new ColumnProfile(rows, nulls, Cardinality.NOT_MEASURED, null, List.of(), isPii, min, max));
            } else if (nonNull[i] == 0) {
                profiles.put(c, new ColumnProfile(rows, nulls, Cardinality.EXACT, 0, List.of(), isPii, min, max));
            } else if (uniqueKey(table, c) && nonNull[i] > ColumnProfile.MAX_VALUES) {
                profiles.put(c, new ColumnProfile(rows, nulls, Cardinality.HIGH, null, List.of(), isPii, min, max));
            } else {
                toGroup.add(c);
            }
        }
        checkCancelled(progress);
        Map<CatalogColumn, Long> probed = probe(connection, table, toGroup, warnings);
        List<CatalogColumn> lowCardinality = new ArrayList<>();
        for (CatalogColumn c : toGroup) {
            boolean isPii = personal.get(c);
            String[] range = ranges.get(c);
            long nulls = nullCounts.get(c);
            Long seen = probed.get(c);
            if (seen == null) {
                profiles.put(c, new ColumnProfile(rows, nulls, Cardinality.NOT_MEASURED, null, List.of(), isPii,
                        range[0], range[1]));
            } else if (seen > ColumnProfile.MAX_VALUES) {
                profiles.put(c, new ColumnProfile(rows, nulls, Cardinality.HIGH, null, List.of(), isPii,
                        range[0], range[1]));
            } else if (isPii && rows <= PROBE_ROWS) {
                // the probe saw every row: its distinct count is exact, and no value was read out
                profiles.put(c, new ColumnProfile(rows, nulls, Cardinality.EXACT, seen.intValue(), List.of(), true,
                        null, null));
            } else if (isPii) {
                checkCancelled(progress);
                profiles.put(c, grouped(connection, table, c, rows, nulls, true, null, null, warnings));
            } else {
                lowCardinality.add(c);
            }
        }
        for (List<CatalogColumn> set : combinable(lowCardinality, probed)) {
            checkCancelled(progress);
            Map<CatalogColumn, Map<String, Long>> counted = combined(connection, table, set);
            for (CatalogColumn c : set) {
                String[] range = ranges.get(c);
                long nulls = nullCounts.get(c);
                profiles.put(c, counted == null
                        ? grouped(connection, table, c, rows, nulls, false, range[0], range[1], warnings)
                        : valueProfile(counted.get(c), rows, nulls, range[0], range[1]));
            }
        }
        List<CatalogColumn> profiled = new ArrayList<>();
        for (CatalogColumn c : columns) {
            int t = texts.indexOf(c);
            TextShape shape = t < 0 ? null : scan.shapes()[t];
            profiled.add(c.withProfile(shape == null ? profiles.get(c) : profiles.get(c).withShape(shape)));
        }
        CatalogTable measured = table.withProfiles(profiled, rows);
        checkCancelled(progress);
        return Optional.of(measured.withLowKeyRows(lowKeyRows(connection, measured, personal, warnings)));
    }

    /**
     * The rows under a zero or negative whole-number key (the "Unknown" member of a warehouse dimension sits at -1),
     * with their non-personal text values: only when the key's observed minimum says there are such rows.
     */
    private List<KeyRow> lowKeyRows(Connection connection, CatalogTable table, Map<CatalogColumn, Boolean> personal,
                                    List<CatalogWarning> warnings) throws SQLException {
        if (table.primaryKey().size() != 1) {
            return List.of();
        }
        CatalogColumn key = table.column(table.primaryKey().get(0)).orElse(null);
        if (key == null || key.typeClass() != TypeClass.NUMERIC || !TypeClass.isIntegral(key.jdbcType())
                || key.profile() == null || key.profile().min() == null) {
            return List.of();
        }
        try {
            if (new BigDecimal(key.profile().min()).signum() > 0) {
                return List.of();
            }
        } catch (NumberFormatException e) {
            return List.of();
        }
        Set<String> withheld = new HashSet<>();
        personal.forEach((c, isPii) -> {
            if (isPii) {
                withheld.add(c.name());
            }
        });
        List<CatalogColumn> texts = table.columns().stream()
                .filter(c -> c.typeClass() == TypeClass.TEXT && !c.name().equals(key.name())
                        && !withheld.contains(c.name()) && !TypeClass.isLargeObject(c.jdbcType()))
                .toList();
        List<KeyRow> out = new ArrayList<>();
        try (Statement s = statement(connection);
             ResultSet rs = s.executeQuery(sql.lowKeyRows(table, key, texts, LOW_KEY_ROWS))) {
            while (rs.next()) {
                Map<String, String> values = new LinkedHashMap<>();
                for (int i = 0; i < texts.size(); i++) {
                    String v = rs.getString(i + 2);
                    if (v != null) {
                        values.put(texts.get(i).name(), v);
                    }
                }
                out.add(new KeyRow(render(rs.getObject(1)), values));
            }
        } catch (SQLException e) {
            if (SqlFailures.connectionLost(e)) {
                throw e;
            }
            warnings.add(new CatalogWarning(table.qualifiedName(), key.name(), "rows under a key of 0 or less not read ("
                    + SqlFailures.firstLine(e) + "); no placeholder member can be recognised"));
            return List.of();
        }
        return out;
    }

    private boolean enumerable(CatalogColumn c, long nonNull, Object[] mins, Object[] maxs, int r) {
        if (c.typeClass() == TypeClass.TEXT) {
            // SQL Server cannot group its legacy text and ntext types
            return !TypeClass.isLargeObject(c.jdbcType()) && dialect.rules().groupable(c.typeName());
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

    /** What the one full scan of a table measured: rows, non-null counts per column, MIN/MAX per ranged column. */
    private record TableScan(long rows, long[] nonNull, Object[] mins, Object[] maxs, TextShape[] shapes) {
    }

    /**
     * The scan with the text shapes; a database that cannot measure them (an unusual text type, a driver quirk)
     * gets the scan without them, so a shape never costs a table its profile.
     */
    private TableScan scanWithShapes(Connection connection, CatalogTable table, List<CatalogColumn> ranged,
                                     List<CatalogColumn> texts) throws SQLException {
        if (texts.isEmpty()) {
            return scan(connection, table, ranged, texts);
        }
        try {
            return scan(connection, table, ranged, texts);
        } catch (SQLException e) {
            if (SqlFailures.connectionLost(e) || SqlFailures.timedOut(e) || SqlFailures.permissionDenied(e)) {
                throw e;
            }
            LOG.info("text shapes of {} not measured: {}", table.qualifiedName(), SqlFailures.firstLine(e));
            resetAfterFailure(connection);
            TableScan plain = scan(connection, table, ranged, List.of());
            return new TableScan(plain.rows(), plain.nonNull(), plain.mins(), plain.maxs(),
                    new TextShape[texts.size()]);
        }
    }

    /** PostgreSQL refuses every statement after a failed one inside a transaction: roll it back when there is one. */
    private static void resetAfterFailure(Connection connection) {
        try {
            if (!connection.getAutoCommit()) {
                connection.rollback();
            }
        } catch (SQLException ignored) {
            // the next statement reports the real state of the connection
        }
    }

    private TableScan scan(Connection connection, CatalogTable table, List<CatalogColumn> ranged,
                           List<CatalogColumn> texts) throws SQLException {
        List<CatalogColumn> columns = table.columns();
        long[] nonNull = new long[columns.size()];
        Object[] mins = new Object[ranged.size()];
        Object[] maxs = new Object[ranged.size()];
        TextShape[] shapes = new TextShape[texts.size()];
        try (Statement s = statement(connection);
             ResultSet rs = s.executeQuery(sql.scan(table, columns, ranged, texts))) {
            rs.next();
            long rows = rs.getLong(1); // read columns in order: some drivers stream them
            for (int i = 0; i < columns.size(); i++) {
                nonNull[i] = rs.getLong(2 + i);
            }
            for (int i = 0; i < ranged.size(); i++) {
                mins[i] = rs.getObject(2 + columns.size() + 2 * i);
                maxs[i] = rs.getObject(3 + columns.size() + 2 * i);
            }
            int at = 2 + columns.size() + 2 * ranged.size();
            for (int i = 0; i < texts.size(); i++) {
                long shortest = rs.getLong(at + 3 * i);
                boolean none = rs.wasNull();
                long longest = rs.getLong(at + 3 * i + 1);
                long lettered = rs.getLong(at + 3 * i + 2);
                long present = nonNull[columns.indexOf(texts.get(i))];
                shapes[i] = none || present == 0 ? null
                        : new TextShape((int) shortest, (int) longest, Math.min(lettered, present), present);
            }
            return new TableScan(rows, nonNull, mins, maxs, shapes);
        }
    }

    /**
     * Distinct counts of {@code columns} within the first {@link #PROBE_ROWS} rows, by column; a column missing from
     * the answer could not be probed (a warning says why).
     */
    private Map<CatalogColumn, Long> probe(Connection connection, CatalogTable table, List<CatalogColumn> columns,
                                           List<CatalogWarning> warnings) throws SQLException {
        Map<CatalogColumn, Long> distinct = new HashMap<>();
        if (columns.isEmpty()) {
            return distinct;
        }
        try (Statement s = statement(connection);
             ResultSet rs = s.executeQuery(sql.probeDistinct(table, columns, PROBE_ROWS))) {
            rs.next();
            for (int i = 0; i < columns.size(); i++) {
                distinct.put(columns.get(i), rs.getLong(i + 1));
            }
        } catch (SQLException e) {
            if (SqlFailures.connectionLost(e)) {
                throw e;
            }
            String why = SqlFailures.timedOut(e) ? "timed out after " + statementTimeout.toSeconds() + " s"
                    : "failed (" + SqlFailures.firstLine(e) + ")";
            warnings.add(new CatalogWarning(table.qualifiedName(), null, "distinct-value probe " + why
                    + "; values not profiled"));
        }
        return distinct;
    }

    /** Splits columns into sets whose value combinations stay few, judged by the probe, so one GROUP BY serves a set. */
    private static List<List<CatalogColumn>> combinable(List<CatalogColumn> columns, Map<CatalogColumn, Long> probed) {
        List<CatalogColumn> sorted = new ArrayList<>(columns);
        sorted.sort(Comparator.comparingLong(probed::get));
        List<List<CatalogColumn>> sets = new ArrayList<>();
        List<CatalogColumn> current = new ArrayList<>();
        long product = 1;
        for (CatalogColumn c : sorted) {
            long seen = Math.max(1, probed.get(c)) + 1; // + 1 for null
            if (!current.isEmpty() && product * seen > COMBINATIONS_PLANNED) {
                sets.add(current);
                current = new ArrayList<>();
                product = 1;
            }
            current.add(c);
            product *= seen;
        }
        if (!current.isEmpty()) {
            sets.add(current);
        }
        return sets;
    }

    /**
     * Exact value counts of each column in {@code set} from one GROUP BY over their combinations (a column's count
     * of a value is the sum over the combinations holding it). Null when there are more combinations than
     * {@link #COMBINATIONS_CAP}, or the query fails short of losing the connection: the caller counts per column.
     */
    private Map<CatalogColumn, Map<String, Long>> combined(Connection connection, CatalogTable table,
                                                           List<CatalogColumn> set) throws SQLException {
        Map<CatalogColumn, Map<String, Long>> counts = new HashMap<>();
        set.forEach(c -> counts.put(c, new HashMap<>()));
        int combinations = 0;
        try (Statement s = statement(connection);
             ResultSet rs = s.executeQuery(sql.combinationCounts(table, set, COMBINATIONS_CAP + 1))) {
            while (rs.next()) {
                if (++combinations > COMBINATIONS_CAP) {
                    return null;
                }
                long n = rs.getLong(set.size() + 1);
                for (int i = 0; i < set.size(); i++) {
                    CatalogColumn c = set.get(i);
                    Object value = c.typeClass() == TypeClass.TEXT ? rs.getString(i + 1) : rs.getObject(i + 1);
                    if (value != null) {
                        counts.get(c).merge(valueText(value, c), n, Long::sum);
                    }
                }
            }
        } catch (SQLException e) {
            if (SqlFailures.connectionLost(e)) {
                throw e;
            }
            LOG.debug("combined value count of {} failed, counting per column: {}", table.qualifiedName(),
                    SqlFailures.firstLine(e));
            return null;
        }
        return counts;
    }

    private static ColumnProfile valueProfile(Map<String, Long> counts, long rows, long nulls, String min, String max) {
        if (counts.size() > ColumnProfile.MAX_VALUES) {
            return new ColumnProfile(rows, nulls, Cardinality.HIGH, null, List.of(), false, min, max);
        }
        List<ValueCount> values = new ArrayList<>();
        counts.forEach((v, n) -> values.add(new ValueCount(v, n)));
        values.sort(Comparator.comparingLong(ValueCount::count).reversed().thenComparing(ValueCount::value));
        return new ColumnProfile(rows, nulls, Cardinality.EXACT, values.size(), values, false, min, max);
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
            return valueProfile(counts, rows, nulls, min, max);
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
        if (value instanceof Timestamp ts) {
            return ts.toLocalDateTime().format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        }
        if (value instanceof Date d) {
            return d.toLocalDate().toString();
        }
        if (value instanceof Time t) {
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
            return "0x" + HexFormat.of().formatHex(bytes);
        }
        return value.toString();
    }
}
