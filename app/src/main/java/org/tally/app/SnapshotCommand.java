package org.tally.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.embed.Embeddings;
import org.tally.core.pack.DomainPack;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.snapshot.SnapshotStore;
import org.tally.core.snapshot.SnapshotTable;
import org.tally.core.snapshot.SnapshotTaker;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code snapshot take|list|drop}: the local copies of a source's tables that answer when the live source fails, and
 * that retrieval searches. Exit 0 on success, 2 for bad input, 3 when the source cannot be reached, 1 when the
 * snapshot cannot be written or the take was cancelled.
 */
@Command(name = "snapshot", description = "Local copies of a source's tables (answers when the source is down).")
final class SnapshotCommand implements Callable<Integer> {

    private final SourceConnector connector;
    private final SourceBindings bindings;
    private final DomainPack pack;
    private final DataFolder data;
    private final EmbeddingModel embeddings;
    private final Clock clock;
    private final PrintStream out;
    private final PrintStream err;

    SnapshotCommand(SourceConnector connector, SourceBindings bindings, DomainPack pack, DataFolder data,
                    EmbeddingModel embeddings, Clock clock, PrintStream out, PrintStream err) {
        this.connector = connector;
        this.bindings = bindings;
        this.pack = pack;
        this.data = data;
        this.embeddings = embeddings;
        this.clock = clock;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        err.println("tally snapshot: name a subcommand: take, list or drop");
        return TallyCli.USAGE;
    }

    @Command(name = "take", description = "Copy tables (or a whole service line's) into the source's snapshot,"
            + " replacing earlier copies of them; free-text columns are embedded for retrieval.")
    int take(@Mixin SourceOptions sourceOptions,
             @Option(names = "--tables", paramLabel = "T", split = ",", description = "Tables to copy.")
             List<String> tables,
             @Option(names = "--service-line", paramLabel = "L",
                     description = "Copy every table the service line reads (its concepts and the shared ones).")
             String serviceLine,
             @Option(names = "--no-embed", description = "Copy rows only; do not embed free text.") boolean noEmbed) {
        if ((tables == null || tables.isEmpty()) == (serviceLine == null)) {
            return usage("take", "name the tables to copy with --tables T,... or a service line with --service-line L");
        }
        return new SourceCommand("tally snapshot take", err).run(sourceOptions, ref -> {
            try (Connection live = connector.open(ref, sourceOptions.credentials(), Progress.NONE)) {
                return take(live, ref, tables, serviceLine, noEmbed);
            } catch (SQLException e) {
                err.println("tally: closing the source connection: " + e.getMessage());
                return 0;
            }
        });
    }

    private int take(Connection live, SourceRef ref, List<String> tables, String serviceLine, boolean noEmbed) {
        try {
            Catalog catalog = bindings.activeOrRefresh(ref.name(), ref.dialect(), live);
            Binding binding = bindings.bind(catalog).binding();
            List<String> chosen;
            try {
                chosen = serviceLine != null ? tablesOf(binding, Scope.named(pack, serviceLine))
                        : named(catalog, tables);
            } catch (IllegalArgumentException e) {
                return usage("take", e.getMessage());
            }
            Embeddings model = noEmbed ? null : embeddings.await().orElse(null);
            if (!noEmbed && model == null) {
                err.println("tally snapshot take: no embedding model could be loaded; rows are copied, free text is"
                        + " not embedded (see the log)");
            }
            List<SnapshotTable> taken = new SnapshotTaker(SnapshotStore.of(data, catalog.source()), clock, model)
                    .take(live, ref.dialect(), catalog, binding, chosen, new Shown(err));
            for (SnapshotTable t : taken) {
                out.println(line(t));
            }
            out.flush();
            return 0;
        } catch (CancellationException e) {
            err.println("tally snapshot take: cancelled; tables copied before stay, the others keep their last copy");
            return 1;
        } catch (SnapshotStore.SnapshotException e) {
            err.println("tally snapshot take: " + e.getMessage());
            return 1;
        }
    }

    @Command(name = "list", description = "The tables in the source's snapshot: when taken, rows, passages.")
    int list(@Mixin SourceOptions sourceOptions) {
        return new SourceCommand("tally snapshot list", err).run(sourceOptions, ref -> {
            SnapshotStore store = SnapshotStore.of(data, CatalogRefresher.sourceKey(ref.name()));
            try {
                List<SnapshotTable> held = store.tables();
                if (held.isEmpty()) {
                    out.println("No snapshot of " + store.source() + ".");
                }
                held.forEach(t -> out.println(line(t)));
                out.flush();
                return 0;
            } catch (SnapshotStore.SnapshotException e) {
                err.println("tally snapshot list: " + e.getMessage());
                return 1;
            }
        });
    }

    @Command(name = "drop", description = "Drop tables from the source's snapshot (all of them without --tables).")
    int drop(@Mixin SourceOptions sourceOptions,
             @Option(names = "--tables", paramLabel = "T", split = ",", description = "Tables to drop.")
             List<String> tables) {
        return new SourceCommand("tally snapshot drop", err).run(sourceOptions, ref -> {
            SnapshotStore store = SnapshotStore.of(data, CatalogRefresher.sourceKey(ref.name()));
            try {
                List<String> dropped = store.drop(tables == null ? List.of() : tables);
                out.println(dropped.isEmpty() ? "Nothing dropped." : "Dropped " + String.join(", ", dropped) + ".");
                out.flush();
                return 0;
            } catch (SnapshotStore.SnapshotException e) {
                err.println("tally snapshot drop: " + e.getMessage());
                return 1;
            }
        });
    }

    /** The bound tables a scope reads, lookups and the base tables of its refined concepts included. */
    private static List<String> tablesOf(Binding binding, Scope scope) {
        Binding narrowed = ScopedBinding.narrow(binding, scope);
        Set<String> out = new LinkedHashSet<>();
        narrowed.bound().stream().map(TableBinding::table).forEach(out::add);
        narrowed.refinements().forEach(r -> out.add(r.table()));
        narrowed.lookupTables().forEach(out::add);
        return new ArrayList<>(out);
    }

    private static List<String> named(Catalog catalog, List<String> tables) {
        List<String> out = new ArrayList<>();
        for (String t : tables) {
            Optional<String> name = catalog.table(t.strip()).map(c -> c.name());
            out.add(name.orElseThrow(() -> new IllegalArgumentException("'" + t + "' is not a table of "
                    + catalog.source() + "; run 'binding' to see its tables")));
        }
        return out;
    }

    private static String line(SnapshotTable t) {
        return String.format(Locale.ROOT, "%s: %d rows%s, %d passages, taken %s under catalog %s", t.table(),
                t.rows(), t.duplicates() == 0 ? "" : " (" + t.duplicates() + " repeated keys kept once)",
                t.passages(), t.takenAt(), t.catalogVersion());
    }

    private int usage(String sub, String message) {
        err.println("tally snapshot " + sub + ": " + message);
        return TallyCli.USAGE;
    }

    /** Progress on standard error, a line per stage and tenth. */
    private static final class Shown implements Progress {
        private final PrintStream err;
        private String stage = "";
        private int tenth = -1;

        Shown(PrintStream err) {
            this.err = err;
        }

        @Override
        public synchronized void report(String stage, double fraction) {
            int t = (int) Math.floor(fraction * 10);
            if (!stage.equals(this.stage) || t != tenth) {
                this.stage = stage;
                this.tenth = t;
                err.println(String.format(Locale.ROOT, "%3d%% %s", Math.round(fraction * 100), stage));
            }
        }
    }
}
