package org.tally.app;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.answer.StoppedEngine;
import org.tally.core.binding.BindingException;
import org.tally.core.catalog.CatalogRefreshException;
import org.tally.core.source.SourceConnectionException;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.EngineFactory;
import org.tally.core.answer.Rung;
import org.tally.core.meta.MetaRung;
import org.tally.core.binder.GrammarRung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedRung;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.answer.Answer;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.retrieval.RetrievalRung;
import org.tally.core.snapshot.SnapshotRung;
import org.tally.core.snapshot.SnapshotStore;
import org.tally.core.source.SourceConnectionException;
import org.tally.models.onnx.OnnxEmbeddings;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoDatabaseProvider;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.ui.Workstation;

/** Builds every service by constructor, once per process. No static service locator. */
final class Wiring {

    private static final Logger LOG = LoggerFactory.getLogger(Wiring.class);

    private final DataFolder data;
    private final Clock clock;
    private final DemoDatabaseProvider demos;
    private final SourceConnector connector;
    private final DomainPack pack;
    private final SourceBindings bindings;
    /** The process's one embedding model (bge-small-en-v1.5 from its jar), loaded when first needed. */
    private final EmbeddingModel embeddings;

    Wiring(DataFolder data) {
        this.data = data;
        this.clock = Clock.systemDefaultZone();
        this.demos = new DemoDatabases(data);
        this.connector = new SourceConnector(demos);
        this.pack = PackLoader.hospital();
        this.bindings = new SourceBindings(data, pack, clock);
        this.embeddings = new EmbeddingModel(OnnxEmbeddings::standard);
    }

    /** Rows per page of a list answer in the workstation; the command line prints lists whole (up to the row cap). */
    static final int WORKSTATION_PAGE_SIZE = 100;

    /** The command line's engines: every answer complete in one object (docs/architecture.md, "The command line"). */
    EngineFactory engines() {
        return (source, credentials, today, progress) -> openEngine(source, credentials, today, progress, 0);
    }

    /**
     * The workstation's engines: as the command line's, but long lists come a page at a time, and an engine may be
     * narrowed to one service line's scope (the command line always reads every service line).
     */
    EngineFactory workstationEngines(int pageSize) {
        return new EngineFactory() {
            @Override
            public AnswerEngine open(SourceRef source, Credentials credentials, LocalDate today, Progress progress) {
                return openEngine(source, credentials, today, progress, pageSize, Scope.ALL);
            }

            @Override
            public AnswerEngine open(SourceRef source, Credentials credentials, LocalDate today, Progress progress,
                                     Scope scope) {
                return openEngine(source, credentials, today, progress, pageSize, scope);
            }

            @Override
            public List<Scope> scopes() {
                return Scope.choices(pack);
            }
        };
    }

    private AnswerEngine openEngine(SourceRef source, Credentials credentials, LocalDate today, Progress progress,
                                    int pageSize) {
        return openEngine(source, credentials, today, progress, pageSize, Scope.ALL);
    }

    private AnswerEngine openEngine(SourceRef source, Credentials credentials, LocalDate today, Progress progress,
                                    int pageSize, Scope scope) {
        LocalDate day = today != null ? today
                : source instanceof SourceRef.Demo ? demos.referenceDate() : LocalDate.now(clock);
        Connection connection;
        try {
            connection = connector.open(source, credentials, progress);
        } catch (SourceConnectionException unreachable) {
            return offlineEngine(source, day, scope, unreachable);
        }
        List<Rung> rungs;
        try {
            rungs = rungsFor(connection, source, day, pageSize, progress, scope);
        } catch (SourceConnectionException | CancellationException e) {
            closeQuietly(connection);
            throw e;
        } catch (RuntimeException e) {
            // an odd schema must not stop the caller: every question gets an error object saying where it stopped
            LOG.error("preparing {} stopped", source.name(), e);
            closeQuietly(connection);
            String step = e instanceof BindingException ? "binding" : e instanceof CatalogRefreshException ? "catalog"
                    : "setup";
            return new StoppedEngine(step, "Tally could not prepare " + source.name() + ": " + e.getMessage()
                    + ". The details are in the log file.", null);
        }
        return new AnswerLadder(rungs, System::nanoTime, () -> closeQuietly(connection));
    }

    /** The rungs of the ladder for one source; each issue that lands a rung adds it here. */
    private List<Rung> rungsFor(Connection connection, SourceRef source, LocalDate today, int pageSize,
                                Progress progress, Scope scope) {
        Binding binding = bindingOf(connection, source, progress);
        Rung grammar = scope.isAll()
                ? GrammarRung.standard(connection, source.dialect(), binding, pack, today, ExecutorSettings.DEFAULTS,
                        pageSize)
                : ScopedRung.standard(connection, source.dialect(), binding, pack, today, ExecutorSettings.DEFAULTS,
                        pageSize, scope);
        return List.of(new MetaRung(source.name()), grammar, snapshotRung(binding, source, today, scope),
                retrievalRung(binding, source, scope));
    }

    /** Rung 6: the snapshot's embedded free text, searched only within the scope. */
    private RetrievalRung retrievalRung(Binding binding, SourceRef source, Scope scope) {
        return new RetrievalRung(SnapshotStore.of(data, CatalogRefresher.sourceKey(source.name())),
                ScopedBinding.narrow(binding, scope), binding, pack, scope, embeddings, System::nanoTime);
    }

    /** Rung 5: the source's snapshot, read under the same scope, when the live source fails. */
    private SnapshotRung snapshotRung(Binding binding, SourceRef source, LocalDate today, Scope scope) {
        return new SnapshotRung(SnapshotStore.of(data, CatalogRefresher.sourceKey(source.name())),
                ScopedBinding.narrow(binding, scope), pack, today, ExecutorSettings.DEFAULTS, clock.getZone());
    }

    /**
     * A source that cannot be reached but has a snapshot and a stored catalog: an engine whose live rung reports the
     * failure for each question, so the snapshot answers what it holds, labelled. Without either, the failure stands.
     */
    private AnswerEngine offlineEngine(SourceRef source, LocalDate today, Scope scope,
                                       SourceConnectionException unreachable) {
        String key = CatalogRefresher.sourceKey(source.name());
        Catalog catalog = SnapshotStore.of(data, key).tables().isEmpty() ? null : bindings.active(source.name()).orElse(null);
        if (catalog == null) {
            throw unreachable;
        }
        Binding binding = bindings.bind(catalog).binding();
        String why = "The source cannot be reached: " + unreachable.getMessage();
        Rung down = new Rung() {
            @Override
            public String name() {
                return "grammar";
            }

            @Override
            public Attempt attempt(String question) {
                PathStep failed = new PathStep("execute", Outcome.ERROR, why, 0);
                return new Attempt.Done(Answer.error(question, List.of(failed), why), List.of(failed));
            }
        };
        return new AnswerLadder(List.of(new MetaRung(source.name()), down, snapshotRung(binding, source, today, scope),
                retrievalRung(binding, source, scope)), System::nanoTime, null);
    }

    /**
     * The source's binding from its active catalog and override file; a source without a catalog is refreshed once
     * on the connection the engine already opened, and later runs reuse the stored version.
     */
    private Binding bindingOf(Connection connection, SourceRef source, Progress progress) {
        return bindings.bind(bindings.activeOrRefresh(source.name(), source.dialect(), connection, progress))
                .binding();
    }

    CatalogCommand catalogCommand(java.io.PrintStream out, java.io.PrintStream err) {
        return new CatalogCommand(connector, data, clock, out, err);
    }

    SnapshotCommand snapshotCommand(java.io.PrintStream out, java.io.PrintStream err) {
        return new SnapshotCommand(connector, bindings, pack, data, embeddings, clock, out, err);
    }

    BindingCommand bindingCommand(java.io.PrintStream out, java.io.PrintStream err) {
        return new BindingCommand(connector, bindings, new InspectorBindings(bindings, pack, connector), out, err);
    }

    LexiconCommand lexiconCommand(java.io.PrintStream out, java.io.PrintStream err) {
        return new LexiconCommand(connector, bindings, pack, out, err);
    }

    /** Where the demo hospital's files live. */
    Path demoFolder() {
        return data.demo();
    }

    /** Opens read-only connections to the sources a user names. */
    SourceConnector sources() {
        return connector;
    }

    Workstation workstation() {
        // the embedding model loads in the background while the window opens; retrieval waits for it if asked first
        embeddings.start(task -> {
            Thread t = new Thread(task, "embedding-model-load");
            t.setDaemon(true);
            t.start();
        });
        return new Workstation(workstationEngines(WORKSTATION_PAGE_SIZE), data, inspectorBindings());
    }

    /** The binding inspector's provider: the real binding, its drift, saving overrides, refreshing the catalog. */
    InspectorBindings inspectorBindings() {
        return new InspectorBindings(bindings, pack, connector);
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // read-only connection: nothing to lose
        }
    }
}
