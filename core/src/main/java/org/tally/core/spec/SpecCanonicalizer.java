package org.tally.core.spec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The canonical form of a spec: one spelling per intent, so equal intents hash and compile to equal bytes.
 * It erases only what cannot change the result:
 * <ul>
 *   <li>case and surrounding whitespace of concept ids (canonical: lower case) and the spelling of name hints
 *       (canonical: lower-case words joined by one space, none → absent);</li>
 *   <li>duplicates in measures, dimensions, projection and order keys (the first occurrence stays) and in filters,
 *       in-lists and related scopes;</li>
 *   <li>the order of filters, in-list values and related scopes, which are AND-ed sets (sorted by canonical JSON).
 *       The order of measures, dimensions, projection and order keys is <b>kept</b>: it is the column order and
 *       the sort the user sees, so "by ward and month" and "by month and ward" are different specs;</li>
 *   <li>defaults (ascending order, completed-only durations, absent vs empty lists);</li>
 *   <li>operator aliases: a one-value {@code in} is {@code eq}; {@code between a and a} is {@code eq a};
 *       {@code eq/ne true/false} is {@code isTrue/isFalse}; {@code x ≥ a ∧ x ≠ a} is {@code x > a}; a time scope
 *       is {@code ge from} and {@code lt to} filters plus, for a bucket, a leading time-bucket dimension;</li>
 *   <li>redundant conditions: looser bounds, {@code ne} values outside the range, {@code isNotNull} next to any
 *       value test, an eq/in set absorbing bounds; {@code isNotNull} on the scope's own primary key; an EXISTS
 *       implied by a stricter EXISTS and a NOT EXISTS implied by a looser one;</li>
 *   <li>provenance (dropped: it records how, not what).</li>
 * </ul>
 * Conditions no row can meet (two different eq values, an empty range, an eq outside a range, null and not null,
 * true and false, EXISTS X and NOT EXISTS of a looser X) raise a {@link ContradictionException} naming both.
 * Canonicalization is idempotent. It never merges conditions on different column references, even if a binding
 * might resolve them to the same column.
 *
 * <p>Two assumptions downstream code must honour: the binder and compiler work from the canonical form (so a hint is
 * matched as its words, and equal hashes give equal SQL), and the binder gives the PrimaryKey role only to
 * non-nullable key columns (the erased {@code isNotNull} on a primary key relies on it).
 */
public final class SpecCanonicalizer {

    private SpecCanonicalizer() {
    }

    /**
     * @throws ContradictionException when no row can satisfy the spec's conditions
     * @throws InvalidSpecException   when conditions on one value compare it with literals of different kinds, or
     *                                when erasing a no-op filter leaves a Lookup with no identifying filter
     */
    public static QuerySpec canonicalize(QuerySpec spec) {
        String subject = Identifiers.canonicalConcept(spec.subject());

        List<Measure> measureList = new ArrayList<>();
        int[] measureIndex = dedupe(spec.measures(), m -> measure(m, subject), measureList);

        List<Dimension> rawDimensions = new ArrayList<>();
        int shift = 0;
        TimeScope scope = spec.timeScope();
        if (scope != null && scope.bucket() != null) {
            rawDimensions.add(Dimension.bucket(scope.column(), scope.bucket()));
            shift = 1;
        }
        rawDimensions.addAll(spec.dimensions());
        List<Dimension> dimensionList = new ArrayList<>();
        int[] dimensionIndex = dedupe(rawDimensions, SpecCanonicalizer::dimension, dimensionList);

        List<Filter> rawFilters = new ArrayList<>();
        spec.filters().forEach(f -> rawFilters.add(filter(f)));
        if (scope != null) {
            ColumnRef column = scope.column().canonical();
            if (scope.from() != null) {
                rawFilters.add(Filter.ge(column, scope.from()));
            }
            if (scope.to() != null) {
                rawFilters.add(Filter.lt(column, scope.to()));
            }
        }
        List<Filter> filters = new FilterNormalizer(subject, true, "filters").normalize(rawFilters);

        List<RelatedScope> related = relatedScopes(spec.related());

        List<OrderKey> order = new ArrayList<>();
        Set<String> orderTargets = new HashSet<>();
        for (OrderKey key : spec.order()) {
            OrderKey mapped = orderKey(key, measureIndex, dimensionIndex, shift);
            String target = CanonicalJson.write(withoutDirection(mapped));
            if (orderTargets.add(target)) {
                order.add(mapped);
            }
        }

        List<ColumnRef> projection = new ArrayList<>();
        dedupe(spec.projection(), ColumnRef::canonical, projection);

        return new QuerySpec(subject, spec.shape(), measureList, dimensionList, filters, null, related, order,
                spec.limit(), projection, Provenance.NONE);
    }

    /** Canonicalizes each item and keeps the first of equal ones; returns old index → new index. */
    private static <T> int[] dedupe(List<T> items, UnaryOperator<T> canonical, List<T> out) {
        Map<T, Integer> seen = new LinkedHashMap<>();
        int[] index = new int[items.size()];
        for (int i = 0; i < items.size(); i++) {
            T c = canonical.apply(items.get(i));
            Integer at = seen.get(c);
            if (at == null) {
                at = out.size();
                seen.put(c, at);
                out.add(c);
            }
            index[i] = at;
        }
        return index;
    }

    static ValueRef value(ValueRef ref) {
        if (ref instanceof ColumnRef columnRef) {
            return columnRef.canonical();
        }
        if (ref instanceof DurationRef durationRef) {
            DurationRef d = durationRef;
            return new DurationRef(d.start().canonical(), d.end().canonical(), d.unit(), d.mode());
        }
        throw new AssertionError(ref);
    }

    private static Measure measure(Measure m, String subject) {
        if (m instanceof Measure.Count) {
            return m;
        }
        if (m instanceof Measure.Aggregate aggregate) {
            Measure.Aggregate a = aggregate;
            return new Measure.Aggregate(a.function(), value(a.of()));
        }
        if (m instanceof Measure.Rate rate) {
            List<Filter> numerator = new ArrayList<>();
            rate.numerator().forEach(f -> numerator.add(filter(f)));
            List<RelatedScope> related = relatedScopes(rate.related());
            if (numerator.isEmpty()) {
                return new Measure.Rate(List.of(), related);
            }
            return new Measure.Rate(new FilterNormalizer(subject, false, "measures.numerator").normalize(numerator),
                    related);
        }
        throw new AssertionError(m);
    }

    private static Dimension dimension(Dimension d) {
        if (d instanceof Dimension.Column) {
            return Dimension.of(d.column().canonical());
        }
        if (d instanceof Dimension.TimeBucket timeBucket) {
            return Dimension.bucket(d.column().canonical(), timeBucket.bucket());
        }
        throw new AssertionError(d);
    }

    /** The same filter with a canonical target (values are already canonical by construction). */
    static Filter filter(Filter f) {
        return f.withTarget(value(f.target()));
    }

    private static OrderKey orderKey(OrderKey key, int[] measureIndex, int[] dimensionIndex, int shift) {
        if (key instanceof OrderKey.ByMeasure byMeasure2) {
            return OrderKey.byMeasure(measureIndex[byMeasure2.index()], key.direction());
        }
        if (key instanceof OrderKey.ByDimension byDimension2) {
            return OrderKey.byDimension(dimensionIndex[byDimension2.index() + shift], key.direction());
        }
        if (key instanceof OrderKey.ByValue byValue2) {
            return OrderKey.byValue(value(byValue2.value()), key.direction());
        }
        throw new AssertionError(key);
    }

    private static OrderKey withoutDirection(OrderKey key) {
        if (key instanceof OrderKey.ByMeasure byMeasure3) {
            return OrderKey.byMeasure(byMeasure3.index(), Direction.ASC);
        }
        if (key instanceof OrderKey.ByDimension byDimension3) {
            return OrderKey.byDimension(byDimension3.index(), Direction.ASC);
        }
        return OrderKey.byValue(((OrderKey.ByValue) key).value(), Direction.ASC);
    }

    /**
     * Canonical related scopes. EXISTS(X where F) implies EXISTS(X where G) when G ⊆ F, so with both present the
     * looser EXISTS goes, a NOT EXISTS of the looser one is a contradiction, and of two NOT EXISTS the stricter goes.
     */
    private static List<RelatedScope> relatedScopes(List<RelatedScope> scopes) {
        List<RelatedScope> canonical = new ArrayList<>();
        for (int i = 0; i < scopes.size(); i++) {
            RelatedScope s = scopes.get(i);
            String concept = Identifiers.canonicalConcept(s.concept());
            List<Filter> filters = new ArrayList<>();
            s.filters().forEach(f -> filters.add(filter(f)));
            List<Filter> normalized = new FilterNormalizer(concept, true, "related[" + i + "].filters")
                    .normalize(filters);
            Integer atLeast = s.atLeast() != null && s.atLeast() == 0 ? null : s.atLeast();
            Integer atMost = s.atMost();
            if (s.quantifier() != Quantifier.COUNTED) {
                canonical.add(new RelatedScope(s.quantifier(), concept, normalized));
            } else if (atLeast == null && atMost == null) {
                continue; // "0 or more" holds for every row
            } else if (atMost == null && atLeast == 1) {
                canonical.add(new RelatedScope(Quantifier.EXISTS, concept, normalized));
            } else if (atLeast == null && atMost == 0) {
                canonical.add(new RelatedScope(Quantifier.NOT_EXISTS, concept, normalized));
            } else {
                canonical.add(new RelatedScope(Quantifier.COUNTED, concept, normalized, atLeast, atMost));
            }
        }
        canonical = FilterNormalizer.sortedUnique(canonical);
        List<RelatedScope> kept = new ArrayList<>();
        for (RelatedScope a : canonical) {
            boolean redundant = false;
            for (RelatedScope b : canonical) {
                if (a == b || !a.concept().equals(b.concept()) || a.quantifier() == Quantifier.COUNTED
                        || b.quantifier() == Quantifier.COUNTED) {
                    continue;
                }
                boolean aLooser = b.filters().containsAll(a.filters());
                boolean bLooser = a.filters().containsAll(b.filters());
                if (a.quantifier() == Quantifier.EXISTS && b.quantifier() == Quantifier.NOT_EXISTS && bLooser) {
                    throw new ContradictionException("related", a.describe(), b.describe());
                }
                if (a.quantifier() == b.quantifier()) {
                    boolean aImpliedByB = a.quantifier() == Quantifier.EXISTS ? aLooser : bLooser;
                    redundant |= aImpliedByB;
                }
            }
            if (!redundant) {
                kept.add(a);
            }
        }
        return kept;
    }
}
