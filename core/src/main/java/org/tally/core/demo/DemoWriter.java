package org.tally.core.demo;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;

/**
 * Writes the demo hospital in one schema's naming into an empty JDBC database: tables with primary keys, rows in
 * batches as the generator streams them, then the declared foreign keys (added last, so load order is free).
 */
public final class DemoWriter {

    private static final Logger LOG = LoggerFactory.getLogger(DemoWriter.class);
    private static final int BATCH = 1000;
    private static final int COMMIT_EVERY = 50_000;

    private final DemoSchema schema;
    private final Dialect dialect;

    public DemoWriter(DemoSchema schema, Dialect dialect) {
        this.schema = schema;
        this.dialect = dialect;
    }

    /** The identifier quoted for this dialect; names keep their case on every database. */
    public String quote(String identifier) {
        return dialect.rules().quote(identifier);
    }

    /**
     * Writes every table of {@code hospital} into {@code connection} and returns rows per physical table name.
     * The connection's auto-commit is switched off and restored.
     *
     * @throws java.util.concurrent.CancellationException when the progress is cancelled
     */
    public Map<String, Long> write(DemoHospital hospital, Connection connection, Progress progress)
            throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(false);
        try (Statement ddl = connection.createStatement()) {
            for (DemoTable<?> table : DemoTables.ALL) {
                ddl.execute(createTable(table));
            }
            connection.commit();
            Map<String, Long> counts;
            try (Batches batches = new Batches(connection)) {
                try {
                    hospital.generate(batches::add, progress);
                } catch (SqlFailure e) {
                    throw e.getCause();
                }
                batches.flushAll();
                counts = batches.counts();
            }
            connection.commit();
            progress.report("adding keys", 0.0);
            for (String fk : foreignKeys()) {
                ddl.execute(fk);
            }
            connection.commit();
            progress.report("adding keys", 1.0);
            LOG.info("wrote demo hospital ({} schema, scale {}) with {} rows", schema.id(), hospital.scale(),
                    counts.values().stream().mapToLong(Long::longValue).sum());
            return counts;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    String createTable(DemoTable<?> table) {
        String columns = table.columns(schema).stream()
                .map(c -> quote(c.name(schema)) + " " + c.type(schema).ddl(dialect) + (c.nullable() ? "" : " NOT NULL"))
                .collect(Collectors.joining(", "));
        return "CREATE TABLE " + quote(table.name(schema)) + " (" + columns + ", PRIMARY KEY ("
                + quote(table.primaryKey().name(schema)) + "))";
    }

    /** ALTER TABLE statements of every foreign key declared in this schema. */
    List<String> foreignKeys() {
        return DemoTables.ALL.stream().flatMap(table -> table.columns(schema).stream()
                .filter(c -> c.foreignKeyDeclared(schema))
                .map(c -> {
                    DemoTable<?> target = DemoTables.byDevName(c.references());
                    String constraint = "fk_" + table.name(schema) + "_" + c.name(schema);
                    return "ALTER TABLE " + quote(table.name(schema)) + " ADD CONSTRAINT " + quote(constraint)
                            + " FOREIGN KEY (" + quote(c.name(schema)) + ") REFERENCES " + quote(target.name(schema))
                            + " (" + quote(target.primaryKey().name(schema)) + ")"
                            + dialect.rules().foreignKeyWithoutCheck();
                }))
                .toList();
    }

    String insert(DemoTable<?> table) {
        List<? extends DemoColumn<?>> columns = table.columns(schema);
        return "INSERT INTO " + quote(table.name(schema)) + " ("
                + columns.stream().map(c -> quote(c.name(schema))).collect(Collectors.joining(", "))
                + ") VALUES (" + columns.stream().map(c -> "?").collect(Collectors.joining(", ")) + ")";
    }

    /** Carries a SQLException out of the generator's callback. */
    private static final class SqlFailure extends RuntimeException {
        SqlFailure(SQLException cause) {
            super(cause);
        }

        @Override
        public synchronized SQLException getCause() {
            return (SQLException) super.getCause();
        }
    }

    /** One open batch per table; flushed every {@value #BATCH} rows, committed every {@value #COMMIT_EVERY}. */
    private final class Batches implements AutoCloseable {
        private final Connection connection;
        private final Map<DemoTable<?>, PreparedStatement> statements = new HashMap<>();
        private final Map<DemoTable<?>, Integer> pending = new HashMap<>();
        private final Map<DemoTable<?>, int[]> jdbcTypes = new HashMap<>();
        private final Map<String, Long> counts = new LinkedHashMap<>();
        private long sinceCommit;

        Batches(Connection connection) {
            this.connection = connection;
            DemoTables.ALL.forEach(t -> counts.put(t.name(schema), 0L));
        }

        void add(Fact fact) {
            DemoTable<?> table = DemoTables.forFact(fact.getClass());
            try {
                PreparedStatement ps = statements.get(table);
                if (ps == null) {
                    ps = connection.prepareStatement(insert(table));
                    statements.put(table, ps);
                    jdbcTypes.put(table, table.columns(schema).stream().mapToInt(c -> c.type(schema).jdbcType())
                            .toArray());
                }
                Object[] row = table.row(schema, fact);
                int[] types = jdbcTypes.get(table);
                for (int i = 0; i < row.length; i++) {
                    if (row[i] == null) {
                        ps.setNull(i + 1, types[i]);
                    } else {
                        ps.setObject(i + 1, row[i]);
                    }
                }
                ps.addBatch();
                counts.merge(table.name(schema), 1L, Long::sum);
                int n = pending.merge(table, 1, Integer::sum);
                if (n >= BATCH) {
                    ps.executeBatch();
                    pending.put(table, 0);
                }
                if (++sinceCommit >= COMMIT_EVERY) {
                    flushAll();
                    connection.commit();
                    sinceCommit = 0;
                }
            } catch (SQLException e) {
                throw new SqlFailure(e);
            }
        }

        void flushAll() throws SQLException {
            for (Map.Entry<DemoTable<?>, PreparedStatement> e : statements.entrySet()) {
                if (pending.getOrDefault(e.getKey(), 0) > 0) {
                    e.getValue().executeBatch();
                    pending.put(e.getKey(), 0);
                }
            }
        }

        Map<String, Long> counts() {
            return counts;
        }

        @Override
        public void close() throws SQLException {
            for (PreparedStatement ps : statements.values()) {
                ps.close();
            }
        }
    }
}
