package org.tally.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.binder.BindFailure;
import org.tally.core.binder.BindResult;
import org.tally.core.binder.SpecBinder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.demo.DemoDatabases;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SafetyVerdict;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.source.DemoSchema;
import org.tally.core.dialect.Dialect;
import org.tally.core.sql.CompileResult;
import org.tally.core.sql.SqlCompiler;
import org.tally.core.testing.TestBindings;

/**
 * Ten thousand random specs — valid ones of every shape, and ones naming concepts and roles in any combination the
 * pack allows — through binder, compiler and validator on the demo hospital's binding: nothing throws, every
 * rejection says why, and every statement the compiler writes passes the safety policy it will meet at run time.
 */
class SpecBinderFuzzTest {

    private static final int SPECS = 10_000;

    @Test
    void randomSpecsNeverCrashBinderCompilerOrValidatorAndEveryRejectionHasAReason() throws Exception {
        DomainPack pack = PackLoader.hospital();
        DataFolder data = DataFolder.resolve();
        String url = new DemoDatabases(data).jdbcUrl(DemoSchema.DEV, Progress.NONE);
        Binding binding;
        try (Connection c = DriverManager.getConnection(url)) {
            SourceBindings bindings = new SourceBindings(data, pack, Clock.systemUTC());
            binding = bindings.bind(bindings.activeOrRefresh("spec-binder-fuzz", Dialect.H2, c)).binding();
        }
        Clock today = TestBindings.REFERENCE_DAY;
        SpecBinder binder = new SpecBinder(binding, pack, today);
        SqlSafetyPolicy policy = new SqlSafetyPolicy();
        AllowedRelations allowed = AllowedRelations.of(null,
                binding.bound().stream().map(TableBinding::table).toList());

        Random random = new Random(20261129);
        RandomSpecs valid = new RandomSpecs(random);
        List<String> concepts = pack.concepts().stream().map(Concept::id).toList();
        int bound = 0;
        int failed = 0;
        int contradictions = 0;
        int unsupported = 0;
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < SPECS; i++) {
            QuerySpec spec;
            try {
                spec = SpecCanonicalizer.canonicalize(i % 3 == 0 ? anyConcept(random, concepts) : valid.next());
            } catch (ContradictionException | InvalidSpecException e) {
                contradictions++;
                continue;
            }
            BindResult result;
            try {
                result = binder.bind(spec);
            } catch (RuntimeException e) {
                problems.add("binder threw " + e + " on " + SpecJson.toJson(spec));
                continue;
            }
            if (result instanceof BindResult.Failed f) {
                failed++;
                BindFailure why = f.failure();
                if (why.reason() == null || why.reason().isBlank()) {
                    problems.add("a bind failure without a reason on " + SpecJson.toJson(spec));
                }
                continue;
            }
            bound++;
            BindResult.Bound b = (BindResult.Bound) result;
            for (Dialect dialect : Dialect.values()) {
                CompileResult compiled;
                try {
                    compiled = SqlCompiler.compile(b.query(), dialect);
                } catch (RuntimeException e) {
                    problems.add("compiler threw " + e + " for " + dialect + " on " + SpecJson.toJson(spec));
                    continue;
                }
                if (compiled instanceof CompileResult.Unsupported u) {
                    unsupported++;
                    if (u.message().isBlank()) {
                        problems.add("unsupported without a reason for " + dialect);
                    }
                    continue;
                }
                String sql = ((CompileResult.Compiled) compiled).rendered().sql();
                SafetyVerdict verdict = policy.check(sql, dialect, allowed, 10_000);
                if (!verdict.allowed()) {
                    problems.add("own SQL refused by the policy on " + dialect + ": " + verdict.reason() + " — " + sql);
                }
            }
        }
        System.err.println("spec fuzz: " + bound + " bound, " + failed + " bind failures, " + contradictions
                + " contradictory, " + unsupported + " unsupported compilations");
        assertThat(problems).as("crashes, silent rejections or own SQL refused").isEmpty();
        assertThat(bound).as("the fuzz reaches the compiler and the validator").isGreaterThan(100);
        assertThat(failed).as("and the binder's refusals").isGreaterThan(100);
    }

    /** A count or grouped count over any pack concept and role: most do not bind, none may crash. */
    private static QuerySpec anyConcept(Random r, List<String> concepts) {
        String subject = concepts.get(r.nextInt(concepts.size()));
        ColumnRole[] roles = ColumnRole.values();
        ColumnRole role = roles[r.nextInt(roles.length)];
        while (role == ColumnRole.UNKNOWN) {
            role = roles[r.nextInt(roles.length)];
        }
        String other = concepts.get(r.nextInt(concepts.size()));
        QuerySpec.Builder b = QuerySpec.builder(subject, r.nextBoolean() ? Shape.SCALAR : Shape.GROUPED)
                .measure(new Measure.Count());
        ColumnRef ref = r.nextBoolean() ? ColumnRef.of(subject, role) : ColumnRef.of(other, role).via(subject);
        if (r.nextBoolean()) {
            b.filter(Filter.eq(ref, Literal.of(RandomSpecs.WORDS[r.nextInt(RandomSpecs.WORDS.length)])));
        }
        return b.build();
    }
}
