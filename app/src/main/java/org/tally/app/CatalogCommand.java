package org.tally.app;

import java.io.PrintStream;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.catalog.CatalogJson;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.catalog.CatalogStore;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.CatalogWarning;
import org.tally.core.catalog.Drift;
import org.tally.core.catalog.NamePatterns;
import org.tally.core.catalog.PiiPolicy;
import org.tally.core.catalog.RefreshOptions;
import org.tally.core.catalog.RefreshResult;
import org.tally.core.catalog.UuidV7;
import org.tally.core.catalog.ValueCount;
import org.tally.core.linking.CardStore;
import org.tally.core.source.SourceConnector;
import org.tally.core.state.StateDatabase;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code catalog refresh}: reads a source's schema and profile into a new catalog version and prints the version,
 * timings, counts, warnings and drift. Exit 0 on success, 2 for bad input, 3 when the source cannot be reached or
 * fails while being read, 1 when the refresh is refused (an empty source would replace a non-empty version).
 */
@Command(name = "catalog", description = "The catalog of a source: its schema and exact data profile.")
final class CatalogCommand implements Callable<Integer> {

    private final SourceConnector connector;
    private final DataFolder data;
    private final Clock clock;
    private final PrintStream out;
    private final PrintStream err;
    private final RefreshCards cards;
    private final SourceCommand steps;

    CatalogCommand(SourceConnector connector, DataFolder data, Clock clock, RefreshCards cards, PrintStream out,
                   PrintStream err) {
        this.connector = connector;
        this.cards = cards;
        this.data = data;
        this.clock = clock;
        this.out = out;
        this.err = err;
        this.steps = new SourceCommand("tally catalog refresh", err);
    }

    @Override
    public Integer call() {
        err.println("tally catalog: name a subcommand: refresh");
        return TallyCli.USAGE;
    }

    @Command(name = "refresh", description = "Introspect and profile a source; store and activate a new catalog version.")
    int refresh(
            @Mixin SourceOptions sourceOptions,
            @Option(names = "--schema", paramLabel = "NAME",
                    description = "Schema (database, on MySQL/MariaDB) to read; default: the connection's current one.")
            String schema,
            @Option(names = "--include", paramLabel = "GLOB", split = ",",
                    description = "Only tables matching these globs (* and ?), comma-separated.") List<String> include,
            @Option(names = "--exclude", paramLabel = "GLOB", split = ",",
                    description = "Leave out tables matching these globs.") List<String> exclude,
            @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
                    description = "Limit for each statement the refresh sends. Default: ${DEFAULT-VALUE}.") int timeout,
            @Option(names = "--json", description = "Print one JSON object instead of text.") boolean json,
            @Option(names = "--no-embed", description = "Do not embed the schema cards (questions are then linked"
                    + " to every table).") boolean noEmbed) {
        if (timeout < 1) {
            return usage("--timeout must be at least 1 second, not " + timeout);
        }
        RefreshOptions options;
        try {
            options = new RefreshOptions(schema, new NamePatterns(include == null ? List.of() : include,
                    exclude == null ? List.of() : exclude), PiiPolicy.byName(), Duration.ofSeconds(timeout));
        } catch (IllegalArgumentException e) {
            return usage(e.getMessage());
        }
        return steps.run(sourceOptions, ref -> {
            try (StateDatabase state = StateDatabase.open(data)) {
                RefreshResult result;
                try (Connection connection = connector.open(ref, sourceOptions.credentials(), Progress.NONE)) {
                    CatalogRefresher refresher = new CatalogRefresher(new CatalogStore(state),
                            new UuidV7(clock, new SecureRandom()), clock);
                    result = refresher.refresh(ref.name(), ref.dialect(), connection, options, Progress.NONE);
                } catch (SQLException e) {
                    // closing the source connection failed after the version was stored: nothing lost
                    err.println("tally: closing the source connection: " + e.getMessage());
                    return 0;
                }
                Optional<CardStore.Prepared> embedded = noEmbed ? Optional.empty()
                        : cards.embed(result.catalog(), Progress.NONE);
                out.println(json ? CatalogJson.write(summary(result, embedded))
                        : text(result) + (noEmbed ? "" : "\n" + RefreshCards.sentence(embedded)));
                out.flush();
                return 0;
            }
        });
    }

    private int usage(String message) {
        return steps.usage(message);
    }

    static String text(RefreshResult result) {
        var catalog = result.catalog();
        long views = catalog.tables().stream().filter(CatalogTable::view).count();
        StringBuilder s = new StringBuilder();
        s.append("Catalog version ").append(catalog.versionId()).append(" of ").append(catalog.source())
                .append(" is active.\n");
        s.append("Schema ").append(catalog.defaultSchema()).append(": ").append(catalog.tables().size() - views)
                .append(" tables, ").append(views).append(" views, ").append(catalog.columnCount()).append(" columns.\n");
        s.append("Took ").append(result.introspectMillis()).append(" ms to introspect, ")
                .append(result.profileMillis()).append(" ms to profile.\n");
        if (catalog.warnings().isEmpty()) {
            s.append("Warnings: none.\n");
        } else {
            s.append("Warnings:\n");
            catalog.warnings().forEach(w -> s.append("  ").append(w).append('\n'));
        }
        Drift drift = result.drift();
        if (drift.previousVersion() == null) {
            s.append("Drift: none (first version of this source).\n");
        } else if (drift.none()) {
            s.append("Drift since ").append(drift.previousVersion()).append(": none.\n");
        } else {
            s.append("Drift since ").append(drift.previousVersion()).append(":\n");
            drift.addedTables().forEach(t -> s.append("  new table ").append(t).append('\n'));
            drift.removedTables().forEach(t -> s.append("  table gone ").append(t).append('\n'));
            for (Drift.ColumnDrift d : drift.columns()) {
                s.append("  ").append(d.table()).append('.').append(d.column()).append(':');
                if (!d.added().isEmpty()) {
                    s.append(" new ").append(values(d.added()));
                }
                if (!d.vanished().isEmpty()) {
                    s.append(d.added().isEmpty() ? "" : ";").append(" vanished ").append(values(d.vanished()));
                }
                s.append('\n');
            }
        }
        return s.toString().stripTrailing();
    }

    private static String values(List<ValueCount> values) {
        return values.stream().map(v -> "\"" + v.value() + "\" (" + v.count() + ")").collect(Collectors.joining(", "));
    }

    private static Map<String, Object> cards(CardStore.Prepared prepared) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tables", prepared.cards().size());
        m.put("embedded", prepared.embedded());
        m.put("ms", prepared.ms());
        return m;
    }

    static Map<String, Object> summary(RefreshResult result, Optional<CardStore.Prepared> cards) {
        var catalog = result.catalog();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", catalog.source());
        m.put("version", catalog.versionId());
        m.put("dialect", catalog.dialect().id());
        m.put("schema", catalog.defaultSchema());
        m.put("createdAt", catalog.createdAt().toString());
        m.put("tables", catalog.tables().stream().filter(t -> !t.view()).count());
        m.put("views", catalog.tables().stream().filter(CatalogTable::view).count());
        m.put("columns", catalog.columnCount());
        m.put("introspectMs", result.introspectMillis());
        m.put("profileMs", result.profileMillis());
        List<Map<String, Object>> warnings = new ArrayList<>();
        for (CatalogWarning w : catalog.warnings()) {
            Map<String, Object> wm = new LinkedHashMap<>();
            wm.put("table", w.table());
            wm.put("column", w.column());
            wm.put("message", w.message());
            warnings.add(wm);
        }
        m.put("warnings", warnings);
        m.put("drift", result.drift());
        m.put("schemaCards", cards.map(CatalogCommand::cards).orElse(null));
        return m;
    }
}
