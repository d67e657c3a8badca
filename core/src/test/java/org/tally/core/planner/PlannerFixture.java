package org.tally.core.planner;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.tally.core.binder.BindingVocabulary;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binder.SpecBinder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.grammar.Grammar;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.dialect.Dialect;
import org.tally.core.testing.TestBindings;

/**
 * A small maternity hospital in H2 (wards, patients, deliveries) with its binding, the grammar rung over it, and the
 * planner rung built the way the product builds it, around any {@link Planner}. Shared with the models module's
 * tests, which put the real llama.cpp planner in.
 */
public final class PlannerFixture implements AutoCloseable {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    public static final LocalDate TODAY = LocalDate.of(2026, 11, 29);

    private final Connection db;
    private final DomainPack pack = PackLoader.hospital();
    private final Binding binding;
    private final GrammarRung grammarRung;

    public PlannerFixture() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:planner_fixture_" + DATABASES.incrementAndGet()
                + ";DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("CREATE TABLE patients (id INT PRIMARY KEY, first_name VARCHAR(40), last_name VARCHAR(40),"
                    + " phone VARCHAR(20), gender VARCHAR(1), birth_date DATE)");
            s.execute("INSERT INTO patients VALUES (1, 'Aurelia', 'Quennell', '0111 222 3333', 'F', DATE '1990-01-01'),"
                    + " (2, 'Berenike', 'Ostrowe', '0111 444 5555', 'F', DATE '1991-02-02')");
            s.execute("CREATE TABLE deliveries (id INT PRIMARY KEY, patient_id INT REFERENCES patients(id),"
                    + " ward_id INT REFERENCES wards(id), delivery_mode VARCHAR(30), outcome VARCHAR(20),"
                    + " delivered_at TIMESTAMP)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Labour Suite')");
            s.execute("INSERT INTO deliveries VALUES"
                    + " (1, 1, 1, 'caesarean', 'live_birth', TIMESTAMP '2026-10-03 04:00:00'),"
                    + " (2, 2, 2, 'spontaneous', 'live_birth', TIMESTAMP '2026-10-10 16:00:00'),"
                    + " (3, 1, 2, 'caesarean', 'live_birth', TIMESTAMP '2026-10-21 01:00:00'),"
                    + " (4, 2, 1, 'assisted', 'stillbirth', TIMESTAMP '2025-09-09 09:00:00')");
        }
        binding = TestBindings.bind(db, "planner-fixture", pack);
        Grammar grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()),
                TestBindings.REFERENCE_DAY);
        grammarRung = new GrammarRung(grammar, new SpecBinder(binding, pack, TestBindings.REFERENCE_DAY),
                new GrammarRung.Source(db, Dialect.H2, AllowedRelations.of("PUBLIC",
                        binding.bound().stream().map(TableBinding::table).toList())),
                new SqlSafetyPolicy(), new ReadOnlyExecutor(ExecutorSettings.DEFAULTS), System::nanoTime);
    }

    public Binding binding() {
        return binding;
    }

    public DomainPack pack() {
        return pack;
    }

    public Connection connection() {
        return db;
    }

    public GrammarRung grammarRung() {
        return grammarRung;
    }

    /** The grammar rung's "bind and run this spec", counting its calls. */
    public CountingPipeline pipeline() {
        return new CountingPipeline(grammarRung::run);
    }

    /** The planner rung as the product builds it, over {@code gate} and {@code pipeline}. */
    public PlannerRung rung(PlannerGate gate, SpecPipeline pipeline, PlannerSettings settings) {
        return PlannerRung.standard(gate, binding, pack, TODAY, pipeline, settings);
    }

    /** The vocabulary the standard rung offers on this fixture. */
    public Plan plan() {
        return rung(new PlannerGate(ScriptedPlanner.of()), pipeline(), PlannerSettings.DEFAULTS).planFor("");
    }

    @Override
    public void close() throws SQLException {
        db.close();
    }

    /** A pipeline that counts how often it was asked to bind and run a spec. */
    public static final class CountingPipeline implements SpecPipeline {
        private final SpecPipeline inner;
        private final List<org.tally.core.spec.QuerySpec> specs = new java.util.concurrent.CopyOnWriteArrayList<>();

        public CountingPipeline(SpecPipeline inner) {
            this.inner = inner;
        }

        @Override
        public org.tally.core.answer.Rung.Attempt run(String question, org.tally.core.spec.QuerySpec spec,
                                                      org.tally.core.answer.StepListener live) {
            specs.add(spec);
            return inner.run(question, spec, live);
        }

        public int calls() {
            return specs.size();
        }

        public List<org.tally.core.spec.QuerySpec> specs() {
            return List.copyOf(specs);
        }
    }
}
