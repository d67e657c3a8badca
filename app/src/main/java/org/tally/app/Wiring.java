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
import org.tally.core.pack.PackLoader;
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

    Wiring(DataFolder data) {
        this.data = data;
        this.clock = Clock.systemDefaultZone();
        this.demos = new DemoDatabases(data);
        this.connector = new SourceConnector(demos);
    }

    EngineFactory engines() {
        return this::openEngine;
    }

    private AnswerEngine openEngine(SourceRef source, Credentials credentials, LocalDate today, Progress progress) {
        Connection connection = connector.open(source, credentials, progress);
        LocalDate day = today != null ? today
                : source instanceof SourceRef.Demo ? demos.referenceDate() : LocalDate.now(clock);
        List<Rung> rungs = rungsFor(connection, source, day);
        return new AnswerLadder(rungs, System::nanoTime, () -> closeQuietly(connection));
    }

    /** The rungs of the ladder for one source; each issue that lands a rung adds it here. */
    private List<Rung> rungsFor(Connection connection, SourceRef source, LocalDate today) {
        return List.of(new MetaRung(source.name()));
    }

    CatalogCommand catalogCommand(java.io.PrintStream out, java.io.PrintStream err) {
        return new CatalogCommand(connector, data, clock, out, err);
    }

    BindingCommand bindingCommand(java.io.PrintStream out, java.io.PrintStream err) {
        return new BindingCommand(connector, data, clock, out, err);
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
        return new Workstation(engines(), data, new InspectorBindings(data, PackLoader.hospital()));
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // read-only connection: nothing to lose
        }
    }
}
