package org.tally.core.snapshot;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.execute.ResultValues;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.embed.Embeddings;
import org.tally.core.embed.Vectors;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.ColumnRole;

/**
 * Copies tables of a live source into its {@link SnapshotStore}: every row, de-duplicated by the primary key (a row
 * read twice under one key is kept once, the later reading), then the free-text columns cut into passages and
 * embedded. Each table is copied beside the old copy and swapped in only when complete, so a failed or cancelled
 * take leaves the previous copy as it was. Reports progress per batch and stops between batches when asked.
 */
public final class SnapshotTaker {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotTaker.class);
    static final int BATCH = 1000;
    private static final String FRESH = "__tally_new";

    private final SnapshotStore store;
    private final Clock clock;
    private final Embeddings embeddings;

    /** @param embeddings the model passages are embedded with; null copies rows only (no retrieval over them) */
    public SnapshotTaker(SnapshotStore store, Clock clock, Embeddings embeddings) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.embeddings = embeddings;
    }

    /**
     * Takes (or refreshes) the snapshot of {@code tables} over {@code live}, a read-only connection the caller owns.
     *
     * @param catalog the source's active catalog: the copies are recorded under its version
     * @param binding the binding of that catalog: which columns hold free text and which time dates a row
     * @throws CancellationException when {@code progress} asks to stop (tables finished before stay taken)
     */
    public List<SnapshotTable> take(Connection live, Dialect dialect, Catalog catalog, Binding binding,
                                    List<String> tables, Progress progress) {
        List<CatalogTable> chosen = new ArrayList<>();
        for (String name : tables) {
            chosen.add(catalog.table(name).orElseThrow(() -> new IllegalArgumentException("'" + name
                    + "' is not a table of " + catalog.source() + "; run 'binding' to see its tables")));
        }
        List<SnapshotTable> taken = new ArrayList<>();
        try (Connection local = store.openForWriting()) {
            for (int i = 0; i < chosen.size(); i++) {
                CatalogTable t = chosen.get(i);
                Progress part = share(progress, t.name(), i, chosen.size());
                taken.add(copy(live, dialect, local, catalog, binding.table(t.name()).orElse(null), t, part));
            }
        } catch (SQLException e) {
            throw new SnapshotStore.SnapshotException("the snapshot could not be taken: " + e.getMessage(), e);
        }
        progress.report("snapshot taken", 1.0);
        return taken;
    }

    private SnapshotTable copy(Connection live, Dialect dialect, Connection local, Catalog catalog, TableBinding bound,
                               CatalogTable t, Progress progress) throws SQLException {
        String fresh = t.name() + FRESH;
        long expected = Math.max(1, Optional.ofNullable(t.rowCount()).orElse(
                Optional.ofNullable(t.approxRowCount()).orElse(1L)));
        try {
            dropCopy(local, fresh);
            long read = rows(live, dialect, local, t, fresh, expected, progress);
            long kept;
            try (Statement s = local.createStatement();
                 ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + SnapshotStore.quote(fresh))) {
                rs.next();
                kept = rs.getLong(1);
            }
            int passages = embeddings == null || bound == null ? 0 : passages(local, bound, t, fresh, progress);
            swap(local, t.name(), fresh);
            SnapshotTable done = new SnapshotTable(t.name(), clock.instant(), catalog.versionId(), kept, read - kept,
                    t.primaryKey(), passages);
            SnapshotStore.record(local, done);
            LOG.info("snapshot of {}.{}: {} rows ({} duplicates dropped), {} passages", catalog.source(), t.name(),
                    kept, read - kept, passages);
            return done;
        } catch (SQLException | RuntimeException e) {
            dropCopy(local, fresh);
            throw e;
        }
    }

    /** Streams the live rows into the fresh copy; returns how many were read. */
    private long rows(Connection live, Dialect dialect, Connection local, CatalogTable t, String fresh, long expected,
                      Progress progress) throws SQLException {
        var q = dialect.rules();
        List<String> names = t.columns().stream().map(CatalogColumn::name).toList();
        String select = "SELECT " + String.join(", ", names.stream().map(q::quote).toList()) + " FROM "
                + (t.schema() == null ? "" : q.quote(t.schema()) + ".") + q.quote(t.name());
        boolean autoCommit = live.getAutoCommit();
        live.setAutoCommit(false); // drivers (PostgreSQL's) stream by the fetch size only inside a transaction
        long read = 0;
        try (Statement s = live.createStatement()) {
            s.setFetchSize(BATCH);
            try (ResultSet rs = s.executeQuery(select)) {
                create(local, fresh, rs.getMetaData(), names, t.primaryKey());
                String cols = String.join(", ", names.stream().map(SnapshotStore::quote).toList());
                String marks = String.join(", ", names.stream().map(n -> "?").toList());
                String insert = t.primaryKey().isEmpty()
                        ? "INSERT INTO " + SnapshotStore.quote(fresh) + " (" + cols + ") VALUES (" + marks + ")"
                        : "MERGE INTO " + SnapshotStore.quote(fresh) + " (" + cols + ") KEY ("
                        + String.join(", ", t.primaryKey().stream().map(SnapshotStore::quote).toList()) + ") VALUES ("
                        + marks + ")";
                try (PreparedStatement ps = local.prepareStatement(insert)) {
                    int n = names.size();
                    while (rs.next()) {
                        for (int i = 1; i <= n; i++) {
                            ps.setObject(i, rs.getObject(i));
                        }
                        ps.addBatch();
                        if (++read % BATCH == 0) {
                            ps.executeBatch();
                            if (progress.cancelled()) {
                                s.cancel();
                                throw new CancellationException("snapshot cancelled while copying " + t.name());
                            }
                            progress.report("copying " + t.name(), Math.min(0.99, (double) read / expected) * 0.5);
                        }
                    }
                    ps.executeBatch();
                }
            }
        } finally {
            live.rollback(); // read-only: nothing to keep
            live.setAutoCommit(autoCommit);
        }
        return read;
    }

    private static void create(Connection local, String fresh, ResultSetMetaData meta, List<String> names,
                               List<String> key) throws SQLException {
        StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(SnapshotStore.quote(fresh)).append(" (");
        for (int i = 1; i <= names.size(); i++) {
            if (i > 1) {
                ddl.append(", ");
            }
            ddl.append(SnapshotStore.quote(names.get(i - 1))).append(' ').append(h2Type(meta, i));
        }
        if (!key.isEmpty()) {
            ddl.append(", PRIMARY KEY (").append(String.join(", ", key.stream().map(SnapshotStore::quote).toList()))
                    .append(')');
        }
        ddl.append(')');
        try (Statement s = local.createStatement()) {
            s.execute(ddl.toString());
        }
    }

    /** The H2 type that keeps a source column's values exactly (whole numbers, decimals, times, text). */
    static String h2Type(ResultSetMetaData meta, int i) throws SQLException {
        int precision = meta.getPrecision(i);
        int scale = meta.getScale(i);
        return switch (meta.getColumnType(i)) {
            case Types.BIT, Types.BOOLEAN -> precision > 1 ? "INTEGER" : "BOOLEAN";
            case Types.TINYINT -> "TINYINT";
            case Types.SMALLINT -> "SMALLINT";
            case Types.INTEGER -> "INTEGER";
            case Types.BIGINT -> "BIGINT";
            case Types.NUMERIC, Types.DECIMAL -> precision > 0 && precision <= 100_000 && scale >= 0
                    ? "NUMERIC(" + precision + ", " + Math.min(scale, precision) + ")" : "DECFLOAT";
            case Types.REAL -> "REAL";
            case Types.FLOAT, Types.DOUBLE -> "DOUBLE PRECISION";
            case Types.DATE -> "DATE";
            case Types.TIME -> "TIME";
            case Types.TIME_WITH_TIMEZONE -> "TIME WITH TIME ZONE";
            case Types.TIMESTAMP -> "TIMESTAMP(9)";
            case Types.TIMESTAMP_WITH_TIMEZONE -> "TIMESTAMP(9) WITH TIME ZONE";
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> "VARBINARY";
            case Types.CHAR, Types.NCHAR -> precision > 0 && precision <= 1_000_000 ? "CHAR(" + precision + ")"
                    : "CHARACTER VARYING";
            default -> "CHARACTER VARYING";
        };
    }

    /** Cuts and embeds the free-text columns of the fresh copy; returns how many passages were stored. */
    private int passages(Connection local, TableBinding bound, CatalogTable t, String fresh, Progress progress)
            throws SQLException {
        List<String> texts = bound.columnsWithRole(ColumnRole.FREE_TEXT).stream().map(ColumnBinding::column).toList();
        if (texts.isEmpty() || t.primaryKey().isEmpty()) {
            return 0; // a passage is cited by its row's key
        }
        String date = dateColumn(bound);
        List<String> read = new ArrayList<>(t.primaryKey());
        if (date != null) {
            read.add(date);
        }
        read.addAll(texts);
        long total = Math.max(1, countRows(local, fresh));
        int stored = 0;
        long rowsDone = 0;
        try (Statement s = local.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + String.join(", ", read.stream().map(SnapshotStore::quote)
                     .toList()) + " FROM " + SnapshotStore.quote(fresh));
             PreparedStatement ps = local.prepareStatement("INSERT INTO " + SnapshotStore.META + ".PASSAGE"
                     + " (TABLE_NAME, ROW_KEY, COLUMN_NAME, ROW_DATE, CHUNK, TEXT, MODEL, VECTOR)"
                     + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            int keys = t.primaryKey().size();
            List<Object[]> pending = new ArrayList<>();
            while (rs.next()) {
                List<String> key = new ArrayList<>();
                for (int k = 1; k <= keys; k++) {
                    key.add(String.valueOf(ResultValues.normalise(rs.getObject(k))));
                }
                Object day = date == null ? null : ResultValues.normalise(rs.getObject(keys + 1));
                int first = keys + (date == null ? 1 : 2);
                for (int c = 0; c < texts.size(); c++) {
                    String text = rs.getString(first + c);
                    List<String> chunks = Passages.of(text);
                    for (int n = 0; n < chunks.size(); n++) {
                        pending.add(new Object[] {fresh, String.join("/", key), texts.get(c),
                            day == null ? null : day.toString(), n, chunks.get(n)});
                    }
                }
                rowsDone++;
                if (pending.size() >= BATCH / 10) {
                    stored += store(ps, pending);
                    if (progress.cancelled()) {
                        throw new CancellationException("snapshot cancelled while embedding " + t.name());
                    }
                    progress.report("embedding " + t.name(), 0.5 + 0.5 * Math.min(0.99, (double) rowsDone / total));
                }
            }
            stored += store(ps, pending);
        }
        return stored;
    }

    private int store(PreparedStatement ps, List<Object[]> pending) throws SQLException {
        if (pending.isEmpty()) {
            return 0;
        }
        List<float[]> vectors = embeddings.embed(pending.stream().map(p -> (String) p[5]).toList(),
                Embeddings.Kind.PASSAGE);
        for (int i = 0; i < pending.size(); i++) {
            Object[] p = pending.get(i);
            ps.setString(1, (String) p[0]);
            ps.setString(2, (String) p[1]);
            ps.setString(3, (String) p[2]);
            ps.setString(4, (String) p[3]);
            ps.setInt(5, (Integer) p[4]);
            ps.setString(6, (String) p[5]);
            ps.setString(7, embeddings.modelId());
            ps.setBytes(8, Vectors.toBytes(vectors.get(i)));
            ps.addBatch();
        }
        ps.executeBatch();
        int n = pending.size();
        pending.clear();
        return n;
    }

    /** The one time that dates the table's rows (its event time, else its start), or null when none or several. */
    static String dateColumn(TableBinding bound) {
        for (ColumnRole role : List.of(ColumnRole.EVENT_TIME, ColumnRole.START_TIME)) {
            List<ColumnBinding> times = bound.columnsWithRole(role);
            if (times.size() == 1) {
                return times.get(0).column();
            }
            if (times.size() > 1) {
                return null;
            }
        }
        return null;
    }

    private static long countRows(Connection local, String table) throws SQLException {
        try (Statement s = local.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + SnapshotStore.quote(table))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void swap(Connection local, String table, String fresh) throws SQLException {
        boolean auto = local.getAutoCommit();
        local.setAutoCommit(false);
        try (Statement s = local.createStatement();
             PreparedStatement old = local.prepareStatement("DELETE FROM " + SnapshotStore.META
                     + ".PASSAGE WHERE TABLE_NAME = ?");
             PreparedStatement renamed = local.prepareStatement("UPDATE " + SnapshotStore.META
                     + ".PASSAGE SET TABLE_NAME = ? WHERE TABLE_NAME = ?")) {
            old.setString(1, table);
            old.executeUpdate();
            renamed.setString(1, table);
            renamed.setString(2, fresh);
            renamed.executeUpdate();
            s.execute("DROP TABLE IF EXISTS " + SnapshotStore.quote(table));
            s.execute("ALTER TABLE " + SnapshotStore.quote(fresh) + " RENAME TO " + SnapshotStore.quote(table));
            local.commit();
        } catch (SQLException e) {
            local.rollback();
            throw e;
        } finally {
            local.setAutoCommit(auto);
        }
    }

    private static void dropCopy(Connection local, String fresh) throws SQLException {
        try (Statement s = local.createStatement();
             PreparedStatement ps = local.prepareStatement("DELETE FROM " + SnapshotStore.META
                     + ".PASSAGE WHERE TABLE_NAME = ?")) {
            s.execute("DROP TABLE IF EXISTS " + SnapshotStore.quote(fresh));
            ps.setString(1, fresh);
            ps.executeUpdate();
        }
    }

    /** Progress of one table among {@code count}, as a share of the whole take. */
    private static Progress share(Progress whole, String table, int index, int count) {
        return new Progress() {
            @Override
            public void report(String stage, double fraction) {
                whole.report(stage, (index + fraction) / count);
            }

            @Override
            public boolean cancelled() {
                return whole.cancelled();
            }
        };
    }
}
