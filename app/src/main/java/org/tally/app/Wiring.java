package org.tally.app;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Optional;
import org.tally.core.planner.Planner;
import org.tally.ui.settings.PlannerControl;
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
import org.tally.core.state.StateDatabase;
import org.tally.core.Progress;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.EngineFactory;
import org.tally.core.answer.Rung;
import org.tally.core.meta.MetaRung;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.planner.ModelInfo;
import org.tally.core.planner.PlannerChoice;
import org.tally.core.planner.PlannerGate;
import org.tally.core.planner.PlannerLoadException;
import org.tally.core.planner.PlannerLoader;
import org.tally.core.planner.PlannerRung;
import org.tally.core.planner.PlannerSettings;
import org.tally.core.planner.RawSqlRung;
import org.tally.core.planner.SpecPipeline;
import org.tally.core.planner.StatementPipeline;
import org.tally.core.scope.ScopedBinding;
import org.tally.models.llama.LlamaRuntime;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedRung;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.answer.Answer;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogRefresher;
import java.util.Map;
import org.tally.core.embed.EmbeddingModel;
import org.tally.core.embed.Embeddings;
import org.tally.core.linking.CardSimilarity;
import org.tally.core.linking.CardStore;
import org.tally.core.linking.LinkedRung;
import org.tally.core.linking.SchemaLinker;
import org.tally.core.planner.SchemaContext;
import org.tally.core.retrieval.Narrator;
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
    private final PlannerLoader planners;
    /** The process's planner model once loaded (one per process), with the settings questions use; else null. */
    private volatile PlannerGate plannerGate;
    private volatile PlannerSettings plannerSettings = PlannerSettings.DEFAULTS;
    /** The process's one embedding model (bge-small-en-v1.5 from its jar), loaded when first needed. */
    private final EmbeddingModel embeddings;
    /** Each catalog version's embedded schema cards, written at refresh and read when an engine links. */
    private final CardStore cards;

    Wiring(DataFolder data) {
        this.data = data;
        this.clock = Clock.systemDefaultZone();
        this.demos = new DemoDatabases(data);
        this.connector = new SourceConnector(demos);
        this.pack = PackLoader.hospital();
        this.embeddings = new EmbeddingModel(OnnxEmbeddings::standard);
        this.bindings = new SourceBindings(data, pack, clock, new CardSimilarity(pack, embeddings::await));
        this.planners = new LlamaRuntime(data.root().resolve("natives"));
        this.cards = new CardStore(data);
    }

    /** How long the planner may spend reading the instruction part into its cache when an engine opens. */
    static final long WARM_MS = 120_000;

    /**
     * Turns the planner rung on for engines opened from now on: loads {@code model} (a GGUF file listed in the
     * SHA256SUMS beside it), else the model chosen in the data folder's models folder; returns empty when neither
     * names one. One model per process: a second, different file is refused.
     *
     * @param deadlineMs the per-question deadline, null for the chosen (or default) one
     */
    Optional<ModelInfo> enablePlanner(Path model, Long deadlineMs, Progress progress)
            throws PlannerLoadException {
        PlannerChoice chosen;
        try {
            chosen = PlannerChoice.read(data.models()).orElse(null);
        } catch (IOException e) {
            throw new PlannerLoadException("The planner settings in the models folder could not be read: "
                    + e.getMessage(), e);
        }
        if (model == null && chosen == null) {
            return Optional.empty();
        }
        Path file = model != null ? model : data.models().resolve(chosen.model());
        PlannerLoader.LoadOptions options = chosen != null && model == null ? chosen.options()
                : PlannerLoader.LoadOptions.defaults();
        PlannerSettings settings = chosen != null && model == null ? chosen.settings() : PlannerSettings.DEFAULTS;
        if (deadlineMs != null) {
            settings = settings.withDeadlineMs(deadlineMs);
        }
        Planner planner = planners.load(file, options, progress);
        synchronized (this) {
            if (plannerGate == null || plannerGate.model() != planner.model()) {
                plannerGate = new PlannerGate(planner);
            }
            plannerSettings = settings;
        }
        return Optional.of(planner.model());
    }

    /** The Models tab's hold on the planner: load a verified file, keep the choice, turn the rung on. */
    PlannerControl plannerControl() {
        return new PlannerControl() {
            @Override
            public PlannerLoader.NativeRuntime runtime() {
                return planners.runtime();
            }

            @Override
            public Optional<ModelInfo> loaded() {
                return planners.loaded().map(Planner::model);
            }

            @Override
            public ModelInfo load(Path file, PlannerLoader.LoadOptions options, PlannerSettings settings,
                                  Progress progress) throws PlannerLoadException {
                Planner planner = planners.load(file, options, progress);
                synchronized (Wiring.this) {
                    if (plannerGate == null || plannerGate.model() != planner.model()) {
                        plannerGate = new PlannerGate(planner);
                    }
                    plannerSettings = settings;
                }
                try {
                    boolean rawSql = PlannerChoice.read(data.models()).map(PlannerChoice::rawSql).orElse(false);
                    new PlannerChoice(file.getFileName().toString(), options, settings, rawSql).write(data.models());
                } catch (IOException e) {
                    throw new PlannerLoadException("The model is loaded, but the choice could not be kept in the models"
                            + " folder: " + e.getMessage(), e);
                }
                return planner.model();
            }
        };
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
            public LocalDate today(SourceRef source) {
                return todayOf(source);
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
        LocalDate day = today != null ? today : todayOf(source);
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

    /** The date relative time counts from: the demo's reference date on the demo, the system date elsewhere. */
    private LocalDate todayOf(SourceRef source) {
        return source instanceof SourceRef.Demo ? demos.referenceDate() : LocalDate.now(clock);
    }

    /** The rungs of the ladder for one source; each issue that lands a rung adds it here. */
    private List<Rung> rungsFor(Connection connection, SourceRef source, LocalDate today, int pageSize,
                                Progress progress, Scope scope) {
        Binding binding = bindingOf(connection, source, progress);
        Rung grammar;
        SpecPipeline pipeline;
        StatementPipeline statements;
        if (scope.isAll()) {
            GrammarRung whole = GrammarRung.standard(connection, source.dialect(), binding, pack, today,
                    ExecutorSettings.DEFAULTS, pageSize);
            grammar = whole;
            pipeline = whole::run;
            statements = whole::runWritten;
        } else {
            ScopedRung scoped = ScopedRung.standard(connection, source.dialect(), binding, pack, today,
                    ExecutorSettings.DEFAULTS, pageSize, scope);
            grammar = scoped;
            pipeline = scoped::run;
            statements = scoped::runWritten;
        }
        List<Rung> rungs = new ArrayList<>(List.of(new MetaRung(source.name()), grammar));
        PlannerGate gate = plannerGate;
        if (gate != null) {
            Binding scoped = ScopedBinding.narrow(binding, scope);
            Optional<SchemaLinker> linker = linker(binding, scoped, scope, progress);
            SchemaContext context = linker.<SchemaContext>map(l -> l::schemaFor)
                    .orElse(SchemaContext.allBound(scoped));
            PlannerRung planner = PlannerRung.standard(gate, scoped, pack, today, pipeline, plannerSettings, context);
            progress.report("reading the planner's instructions", 0.9);
            planner.warm(WARM_MS);
            rungs.add(linker.<Rung>map(l -> new LinkedRung(l, planner, System::nanoTime)).orElse(planner));
            if (rawSqlAllowed()) {
                rungs.add(new RawSqlRung(gate, scoped, source.dialect(), statements, plannerSettings,
                        System::nanoTime));
            }
        }
        rungs.add(snapshotRung(binding, source, today, scope));
        rungs.add(retrievalRung(binding, source, scope));
        return List.copyOf(rungs);
    }

    /**
     * Linking over the scope's tables, for the planner's prompt: waits for the embedding model (the planner's own
     * load is far longer) and reads the catalog version's cards, stored at refresh (embedded now for a version
     * refreshed before cards were). Empty without a model, and the planner then describes every table of the scope.
     */
    private Optional<SchemaLinker> linker(Binding binding, Binding scoped, Scope scope, Progress progress) {
        Optional<Embeddings> model = embeddings.await();
        if (model.isEmpty()) {
            return Optional.empty();
        }
        try {
            Map<String, float[]> stored = cards.prepare(binding, pack, model.get(), progress).cards();
            return Optional.of(new SchemaLinker(binding, scoped, scope, pack, model.get(), stored));
        } catch (CancellationException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("the schema cards of {} could not be embedded; the planner describes every table",
                    binding.source(), e);
            return Optional.empty();
        }
    }

    /** The last step of every catalog refresh: the new version's schema cards. */
    private RefreshCards refreshCards() {
        return new RefreshCards(bindings, pack, embeddings, cards);
    }

    /**
     * Rung 6: the snapshot's embedded free text, searched only within the scope; narrated by the planner's model when
     * one is loaded (off otherwise).
     */
    private RetrievalRung retrievalRung(Binding binding, SourceRef source, Scope scope) {
        PlannerGate gate = plannerGate;
        Narrator narrator = gate == null ? null : new Narrator(gate, plannerSettings.deadlineMs(), System::nanoTime);
        return new RetrievalRung(SnapshotStore.of(data, CatalogRefresher.sourceKey(source.name())),
                ScopedBinding.narrow(binding, scope), binding, pack, scope, embeddings, System::nanoTime, narrator);
    }

    /** Rung 5: the source's snapshot, read under the same scope, when the live source fails. */
    private SnapshotRung snapshotRung(Binding binding, SourceRef source, LocalDate today, Scope scope) {
        return new SnapshotRung(SnapshotStore.of(data, CatalogRefresher.sourceKey(source.name())),
                ScopedBinding.narrow(binding, scope), pack, today, ExecutorSettings.DEFAULTS, clock.getZone(), scope);
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

    /** Rung 4 runs only when an administrator set {@code rawSql=true} in the models folder's planner settings. */
    private boolean rawSqlAllowed() {
        try {
            return PlannerChoice.read(data.models()).map(PlannerChoice::rawSql).orElse(false);
        } catch (IOException e) {
            return false;
        }
    }


    /**
     * The source's binding from its active catalog and override file; a source without a catalog is refreshed once
     * on the connection the engine already opened, and later runs reuse the stored version.
     */
    private Binding bindingOf(Connection connection, SourceRef source, Progress progress) {
        // the demo is rebuilt when its generator changes: a catalog of the previous build is refreshed once
        String origin = source instanceof SourceRef.Demo demo ? demos.origin(demo.schema()) : null;
        return bindings.bind(bindings.activeOrRefresh(source.name(), source.dialect(), connection, progress, origin))
                .binding();
    }

    CatalogCommand catalogCommand(PrintStream out, PrintStream err) {
        return new CatalogCommand(connector, data, clock, refreshCards(), out, err);
    }

    SnapshotCommand snapshotCommand(PrintStream out, PrintStream err) {
        return new SnapshotCommand(connector, bindings, pack, data, embeddings, clock, out, err);
    }

    BindingCommand bindingCommand(PrintStream out, PrintStream err) {
        return new BindingCommand(connector, bindings, new InspectorBindings(bindings, pack, connector, refreshCards()),
                out, err);
    }

    LexiconCommand lexiconCommand(PrintStream out, PrintStream err) {
        return new LexiconCommand(connector, bindings, pack, out, err);
    }

    BacklogCommand backlogCommand(PrintStream out, PrintStream err) {
        return new BacklogCommand(() -> StateDatabase.open(data), clock, out, err);
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
        return new Workstation(workstationEngines(WORKSTATION_PAGE_SIZE), data, inspectorBindings(), plannerControl());
    }

    /** The binding inspector's provider: the real binding, its drift, saving overrides, refreshing the catalog. */
    InspectorBindings inspectorBindings() {
        return new InspectorBindings(bindings, pack, connector, refreshCards());
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // read-only connection: nothing to lose
        }
    }
}
