package org.tally.core.binder;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.Bucket;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.CompareOp;
import org.tally.core.spec.Direction;
import org.tally.core.spec.OrderKey;
import org.tally.core.spec.QuerySpec;
import org.tally.core.sql.OrderItem;
import org.tally.core.sql.Predicate;
import org.tally.core.sql.ValueExpr;

/**
 * The bind stage: a canonical {@link QuerySpec} → a {@link BoundSpec} on one source's {@link Binding}. Concepts become
 * tables, column references the one column with that role (and name hint), forward references many-to-one joins,
 * related scopes one foreign-key hop; every literal is checked against what the column holds. Anything that does not
 * resolve to exactly one column or path is a typed {@link BindFailure}; nothing is guessed. The checks run in the
 * order the spec is read (conditions, time, related scopes, then what the shape shows), so the first failure is the
 * one the user hears about.
 */
final class SpecResolver {

    /** The subject's alias in every query. */
    static final String SUBJECT = "s";

    private final Binding binding;
    private final DomainPack pack;
    private final Clock clock;
    private final Words words;

    SpecResolver(Binding binding, DomainPack pack, Clock clock, Words words) {
        this.binding = binding;
        this.pack = pack;
        this.clock = clock;
        this.words = words;
    }

    Resolved<BoundSpec> resolve(QuerySpec spec) {
        Optional<TableBinding> subject = binding.rowsOf(spec.subject());
        if (subject.isEmpty()) {
            return Resolved.fail(new BindFailure.NoSubject("no table of this source is bound to " + spec.subject().trim()));
        }
        return new Resolution(binding, pack, clock, words, spec, subject.get()).run();
    }

    /** The one column of {@code table} with the reference's role and hint; several fitting is ambiguous. */
    static Resolved<ColumnBinding> pick(TableBinding table, ColumnRef ref, NameTokens names) {
        ColumnRole role = ref.role();
        List<ColumnBinding> withRole = table.columnsWithRole(role);
        if (withRole.isEmpty()) {
            return Resolved.fail(new BindFailure.NoRole(table.concept() + " has no " + role.jsonName() + " column"));
        }
        String hint = ref.hint() == null ? null : ref.hint().trim().toLowerCase(Locale.ROOT);
        if (hint == null || hint.isEmpty()) {
            if (withRole.size() == 1) {
                return Resolved.ok(withRole.get(0));
            }
            return Resolved.fail(new BindFailure.Ambiguous(table.concept() + " has several " + role.jsonName()
                    + " columns", withRole.stream().map(Words::of).toList()));
        }
        List<String> tokens = List.of(hint.split("\\s+"));
        List<ColumnBinding> fit = withRole.stream().filter(c -> c.tokens().containsAll(tokens)).toList();
        if (fit.isEmpty()) {
            List<String> phrase = names.phrase(hint);
            fit = withRole.stream().filter(c -> !phrase.isEmpty() && c.tokens().containsAll(phrase)).toList();
        }
        if (fit.size() > 1) {
            List<ColumnBinding> exact = fit.stream().filter(c -> c.tokens().equals(tokens)).toList();
            if (exact.size() == 1) {
                return Resolved.ok(exact.get(0));
            }
            return Resolved.fail(new BindFailure.Ambiguous(table.concept() + " has several " + role.jsonName()
                    + " columns named like '" + hint + "'", fit.stream().map(Words::of).toList()));
        }
        if (fit.isEmpty()) {
            return Resolved.fail(new BindFailure.NoRole(table.concept() + " has no " + role.jsonName() + " column named"
                    + " like '" + hint + "'"));
        }
        return Resolved.ok(fit.get(0));
    }

    static Predicate.CompareOp op(CompareOp op) {
        return switch (op) {
            case EQ -> Predicate.CompareOp.EQ;
            case NE -> Predicate.CompareOp.NE;
            case LT -> Predicate.CompareOp.LT;
            case LE -> Predicate.CompareOp.LE;
            case GT -> Predicate.CompareOp.GT;
            case GE -> Predicate.CompareOp.GE;
        };
    }

    static OrderItem.Direction direction(OrderKey k) {
        return k.direction() == Direction.DESC ? OrderItem.Direction.DESC : OrderItem.Direction.ASC;
    }

    static ValueExpr.BucketUnit bucket(Bucket b) {
        return switch (b) {
            case HOUR -> ValueExpr.BucketUnit.HOUR;
            case DAY -> ValueExpr.BucketUnit.DAY;
            case WEEK -> ValueExpr.BucketUnit.WEEK;
            case MONTH -> ValueExpr.BucketUnit.MONTH;
            case QUARTER -> ValueExpr.BucketUnit.QUARTER;
            case YEAR -> ValueExpr.BucketUnit.YEAR;
        };
    }
}
