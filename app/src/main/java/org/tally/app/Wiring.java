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

    Wiring(DataFolder data) {
        this.data = data;
        this.clock = Clock.systemDefaultZone();
        this.demos = new DemoDatabases(data);
        this.connector = new SourceConnector(demos);
        this.pack = PackLoader.hospital();
        this.bindings = new SourceBindings(data, pack, clock);
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
        Rung grammar = scope.isAll()
                ? GrammarRung.standard(connection, source.dialect(), binding, pack, today, ExecutorSettings.DEFAULTS,
                        pageSize)
                : ScopedRung.standard(connection, source.dialect(), binding, pack, today, ExecutorSettings.DEFAULTS,
                        pageSize, scope);
        return List.of(new MetaRung(source.name()), grammar);
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
