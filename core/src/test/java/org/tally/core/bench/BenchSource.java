package org.tally.core.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.tally.core.DataFolder;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.binder.BindResult;
import org.tally.core.binder.BindingVocabulary;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binder.SpecBinder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.execute.SqlParameter;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.meta.MetaRung;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.safety.ValidatedStatement;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.Rendered;
import org.tally.core.sql.SqlCompiler;
import org.tally.core.sql.SqlRenderer;

/**
 * One open source with its catalog refreshed and bound, and the grammar rung built the way the app's wiring builds
 * it (meta rung, then grammar rung; pack, zone, fixed clock at the reference day, default executor settings). The
 * benchmarks measure through these objects, so they see exactly what {@code tally ask} runs.
 */
final class BenchSource implements AutoCloseable {

    /** The statement the grammar rung hands to the executor, its bound values, and the copy shown to people. */
    record Statement(ValidatedStatement validated, List<SqlParameter> parameters, String inlined) {
        String sql() {
            return validated.sql();
        }
    }

    private final Connection connection;
    private final Dialect dialect;
    private final Grammar grammar;
    private final SpecBinder binder;
    private final SqlSafetyPolicy policy = new SqlSafetyPolicy();
    private final ReadOnlyExecutor executor;
    private final AllowedRelations allowed;
    private final AnswerEngine engine;

    /**
     * @param connection an open read-only connection (as {@code SourceConnector} opens it); closed with this object
     * @param name       the source name (catalog key)
     */
    BenchSource(DataFolder data, String name, Dialect dialect, Connection connection, LocalDate today,
                ExecutorSettings settings) {
        this.connection = connection;
        this.dialect = dialect;
        Binding binding = bind(data, name, dialect, connection);
        DomainPack pack = PackLoader.hospital();
        ZoneId zone = ZoneId.systemDefault();
        Clock day = Clock.fixed(today.atStartOfDay(zone).toInstant(), zone);
        this.grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), day);
        this.binder = new SpecBinder(binding, pack, day);
        List<String> tables = binding.bound().stream().map(TableBinding::table).toList();
        this.allowed = AllowedRelations.of(defaultSchema(connection), tables);
        this.executor = new ReadOnlyExecutor(settings, PreflightMemory.of(settings));
        this.engine = new AnswerLadder(List.of(new MetaRung(name),
                GrammarRung.standard(connection, dialect, binding, pack, today, settings)),
                System::nanoTime, () -> { });
    }

    private static Binding bind(DataFolder data, String name, Dialect dialect, Connection connection) {
        SourceBindings bindings = new SourceBindings(data, PackLoader.hospital(), Clock.systemDefaultZone());
        return bindings.bind(bindings.refresh(name, dialect, connection)).binding();
    }

    AnswerEngine engine() {
        return engine;
    }

    Connection connection() {
        return connection;
    }

    ExecutorSettings settings() {
        return executor.settings();
    }

    Grammar grammar() {
        return grammar;
    }

    SpecBinder binder() {
        return binder;
    }

    Dialect dialect() {
        return dialect;
    }

    AllowedRelations allowed() {
        return allowed;
    }

    /** Parse, canonicalize and bind only (no compile, no execution): what the parse+bind benchmark times. */
    Object parseAndBind(String question) {
        ParseOutcome parsed = grammar.parse(question);
        if (!(parsed instanceof ParseOutcome.Parsed)) {
            return parsed;
        }
        QuerySpec spec;
        try {
            spec = SpecCanonicalizer.canonicalize(((ParseOutcome.Parsed) parsed).spec());
        } catch (SpecException e) {
            return e;
        }
        return binder.bind(spec);
    }

    /** The statement the grammar rung would execute for {@code question}, if it gets that far. */
    Optional<Statement> executedStatement(String question) {
        Object bound = parseAndBind(question);
        if (!(bound instanceof BindResult.Bound)) {
            return Optional.empty();
        }
        CompileResult compiled = SqlCompiler.compile(((BindResult.Bound) bound).query(), dialect);
        if (!(compiled instanceof CompileResult.Compiled)) {
            return Optional.empty();
        }
        Rendered rendered = ((CompileResult.Compiled) compiled).rendered();
        SafetyVerdict verdict = policy.check(rendered.sql(), dialect, allowed, executor.settings().maxRows());
        if (!verdict.allowed()) {
            return Optional.empty();
        }
        String shown = verdict.statement().withValuesWritten(literals(rendered));
        return Optional.of(new Statement(verdict.statement(), SqlParameter.fromCompiled(rendered.parameters()),
                shown != null ? shown : rendered.inlined()));
    }

    /** The values of a rendered statement as the compiler writes them inline, for the copy shown to people. */
    List<String> literals(Rendered rendered) {
        SqlRenderer renderer = SqlCompiler.renderer(dialect);
        return rendered.parameters().stream().map(renderer::inlineLiteral).toList();
    }

    private static String defaultSchema(Connection connection) {
        try {
            String schema = connection.getSchema();
            return schema != null ? schema : connection.getCatalog();
        } catch (SQLException e) {
            return null;
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException ignored) {
            // read-only connection: nothing to lose
        }
    }
}
