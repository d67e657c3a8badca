package org.tally.app;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
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
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoDatabaseProvider;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.ui.Workstation;

/** Builds every service by constructor, once per process. No static service locator. */
final class Wiring {

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

    Wiring(DataFolder data) {
        this.data = data;
        this.clock = Clock.systemDefaultZone();
        this.demos = new DemoDatabases(data);
        this.connector = new SourceConnector(demos);
        this.pack = PackLoader.hospital();
        this.bindings = new SourceBindings(data, pack, clock);
        this.planners = new LlamaRuntime(data.root().resolve("natives"));
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
    java.util.Optional<ModelInfo> enablePlanner(Path model, Long deadlineMs, Progress progress)
            throws PlannerLoadException {
        PlannerChoice chosen;
        try {
            chosen = PlannerChoice.read(data.models()).orElse(null);
        } catch (java.io.IOException e) {
            throw new PlannerLoadException("The planner settings in the models folder could not be read: "
                    + e.getMessage(), e);
        }
        if (model == null && chosen == null) {
            return java.util.Optional.empty();
        }
        Path file = model != null ? model : data.models().resolve(chosen.model());
        PlannerLoader.LoadOptions options = chosen != null && model == null ? chosen.options()
                : PlannerLoader.LoadOptions.defaults();
        PlannerSettings settings = chosen != null && model == null ? chosen.settings() : PlannerSettings.DEFAULTS;
        if (deadlineMs != null) {
            settings = settings.withDeadlineMs(deadlineMs);
        }
        org.tally.core.planner.Planner planner = planners.load(file, options, progress);
        synchronized (this) {
            if (plannerGate == null || plannerGate.model() != planner.model()) {
                plannerGate = new PlannerGate(planner);
            }
            plannerSettings = settings;
        }
        return java.util.Optional.of(planner.model());
    }

    /** The Models tab's hold on the planner: load a verified file, keep the choice, turn the rung on. */
    org.tally.ui.settings.PlannerControl plannerControl() {
        return new org.tally.ui.settings.PlannerControl() {
            @Override
            public PlannerLoader.NativeRuntime runtime() {
                return planners.runtime();
            }

            @Override
            public java.util.Optional<ModelInfo> loaded() {
                return planners.loaded().map(org.tally.core.planner.Planner::model);
            }

            @Override
            public ModelInfo load(Path file, PlannerLoader.LoadOptions options, PlannerSettings settings,
                                  Progress progress) throws PlannerLoadException {
                org.tally.core.planner.Planner planner = planners.load(file, options, progress);
                synchronized (Wiring.this) {
                    if (plannerGate == null || plannerGate.model() != planner.model()) {
                        plannerGate = new PlannerGate(planner);
                    }
                    plannerSettings = settings;
                }
                try {
                    boolean rawSql = PlannerChoice.read(data.models()).map(PlannerChoice::rawSql).orElse(false);
                    new PlannerChoice(file.getFileName().toString(), options, settings, rawSql).write(data.models());
                } catch (java.io.IOException e) {
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
        Connection connection = connector.open(source, credentials, progress);
        LocalDate day = today != null ? today
                : source instanceof SourceRef.Demo ? demos.referenceDate() : LocalDate.now(clock);
        List<Rung> rungs;
        try {
            rungs = rungsFor(connection, source, day, pageSize, progress, scope);
        } catch (RuntimeException e) {
            closeQuietly(connection);
            throw e;
        }
        return new AnswerLadder(rungs, System::nanoTime, () -> closeQuietly(connection));
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
        PlannerGate gate = plannerGate;
        if (gate == null) {
            return List.of(new MetaRung(source.name()), grammar);
        }
        Binding scoped = ScopedBinding.narrow(binding, scope);
        PlannerRung planner = PlannerRung.standard(gate, scoped, pack, today, pipeline, plannerSettings);
        progress.report("reading the planner's instructions", 0.9);
        planner.warm(WARM_MS);
        if (!rawSqlAllowed()) {
            return List.of(new MetaRung(source.name()), grammar, planner);
        }
        RawSqlRung rawSql = new RawSqlRung(gate, scoped, source.dialect(), statements, plannerSettings,
                System::nanoTime);
        return List.of(new MetaRung(source.name()), grammar, planner, rawSql);
    }

    /** Rung 4 runs only when an administrator set {@code rawSql=true} in the models folder's planner settings. */
    private boolean rawSqlAllowed() {
        try {
            return PlannerChoice.read(data.models()).map(PlannerChoice::rawSql).orElse(false);
        } catch (java.io.IOException e) {
            return false;
        }
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

    BindingCommand bindingCommand(java.io.PrintStream out, java.io.PrintStream err) {
        return new BindingCommand(connector, bindings, out, err);
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
        return new Workstation(workstationEngines(WORKSTATION_PAGE_SIZE), data,
                new InspectorBindings(bindings, pack, connector), plannerControl());
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // read-only connection: nothing to lose
        }
    }
}
