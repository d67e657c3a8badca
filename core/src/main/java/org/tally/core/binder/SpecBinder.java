package org.tally.core.binder;

import java.time.Clock;
import java.util.Objects;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.SoftDelete;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecException;
import org.tally.core.sql.SqlQuery;

/**
 * Binds a canonical {@link QuerySpec} to one source's {@link Binding}, in stages with typed hand-offs:
 * <ol>
 *   <li>bind ({@link SpecResolver}): concepts become tables, column references the one column with that role (and
 *       name hint), forward references many-to-one joins, related scopes one foreign-key hop, literals the values the
 *       columns hold; anything that does not resolve to exactly one column or path is a typed {@link BindFailure},
 *       nothing is guessed;</li>
 *   <li>plan ({@link QueryPlanner}): the bound spec becomes one SELECT, by the planner of its shape;</li>
 *   <li>row scopes ({@link RowScopes}): each table read keeps only the rows that count as it is read: a refined
 *       concept's restrictions ({@link Refinement}: emergency visits are the encounters of emergency type), no
 *       deleted rows ({@link SoftDelete}), current versions, no placeholder members;</li>
 *   <li>explain ({@link Explanations}): one sentence from the spec and what the row scopes left out.</li>
 * </ol>
 */
public final class SpecBinder {

    private final SpecResolver resolver;
    private final Words words;

    public SpecBinder(Binding binding, DomainPack pack, Clock clock) {
        Objects.requireNonNull(binding, "binding");
        Objects.requireNonNull(pack, "pack");
        Objects.requireNonNull(clock, "clock");
        this.words = new Words(binding, pack);
        this.resolver = new SpecResolver(binding, pack, clock, words);
    }

    /** Binds {@code spec} (canonical form expected); never throws for a spec that does not fit the source. */
    public BindResult bind(QuerySpec spec) {
        Objects.requireNonNull(spec, "spec");
        try {
            Resolved<BoundSpec> resolved = resolver.resolve(spec);
            if (resolved instanceof Resolved.Failed<BoundSpec> f) {
                return new BindResult.Failed(f.failure());
            }
            BoundSpec bound = resolved.value();
            SqlQuery planned = QueryPlanner.plan(bound);
            RowScopes.Scoped scoped = RowScopes.apply(planned, bound, words);
            return new BindResult.Bound(scoped.query(), explanation(bound, scoped), bound.tables(),
                    bound.shape() instanceof BoundSpec.Probe);
        } catch (SpecException | IllegalArgumentException e) {
            return new BindResult.Failed(new BindFailure.OutOfScope(e.getMessage()));
        }
    }

    private String explanation(BoundSpec bound, RowScopes.Scoped scoped) {
        StringBuilder s = new StringBuilder(Explanations.sentence(bound.spec(), ref -> words.of(ref),
                words.plural(bound.subject()), words::pluralOf, words::kind));
        if (!scoped.leftOut().isEmpty()) {
            s.append(" Left out ").append(String.join(", ", scoped.leftOut())).append('.');
        }
        for (String r : scoped.readOnly()) {
            s.append(' ').append(r).append('.');
        }
        return s.toString();
    }
}
