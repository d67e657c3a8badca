package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A question as a typed, source-independent intent (docs/architecture.md, "The QuerySpec"). It names concepts and column roles, never
 * tables or columns; a binding resolves it per source and the compiler turns the bound spec into SQL.
 * Equal intents have equal {@link SpecCanonicalizer canonical forms} and {@link SpecHash hashes}.
 *
 * <p>Shape rules, checked here:
 * <ul>
 *   <li>Scalar: at least one measure (no rate), no dimensions, no order, no limit.</li>
 *   <li>Grouped: at least one measure (no rate) and one dimension.</li>
 *   <li>Trend: at least one measure (no rate) and a time-bucket dimension (or a bucketed time scope).</li>
 *   <li>TopN: like Grouped, plus a limit and at least one order key.</li>
 *   <li>Rate: at least one {@link Measure.Rate}; dimensions optional.</li>
 *   <li>List and Lookup: no measures or dimensions; optional projection (empty: the binder's display columns of
 *       the subject); order by row values; Lookup needs at least one filter.</li>
 *   <li>Exists: nothing but scope (filters, time scope, related scopes).</li>
 * </ul>
 * A limit is 1..{@value #MAX_LIMIT}; on aggregated shapes it needs an order (otherwise which groups survive would
 * be arbitrary). Filters, related scopes and the time scope are AND-ed.
 *
 * @param subject    concept id of the rows being asked about (case-insensitive), e.g. {@code Delivery}
 * @param shape      the kind of answer
 * @param measures   what is computed; their order is the order of the output columns
 * @param dimensions groupings; their order is the order of the output columns
 * @param filters    conditions on the subject's rows (AND-ed; order is irrelevant)
 * @param timeScope  optional time window (and bucket) on a temporal column
 * @param related    EXISTS / NOT EXISTS conditions over concepts one hop away (order is irrelevant)
 * @param order      sort keys, most significant first
 * @param limit      optional row bound, null for none
 * @param projection columns of a List or Lookup, in output order
 * @param provenance how the spec was made; ignored by equality of canonical forms and by the hash
 */
public record QuerySpec(
        String subject,
        Shape shape,
        List<Measure> measures,
        List<Dimension> dimensions,
        List<Filter> filters,
        TimeScope timeScope,
        List<RelatedScope> related,
        List<OrderKey> order,
        Integer limit,
        List<ColumnRef> projection,
        @JsonInclude(value = JsonInclude.Include.CUSTOM, valueFilter = Provenance.NoneFilter.class)
        Provenance provenance) {

    /** The largest row bound a spec may ask for. */
    public static final int MAX_LIMIT = 10_000;

    public QuerySpec {
        Identifiers.checkConcept(subject, "subject");
        if (shape == null) {
            throw new InvalidSpecException("shape", "is missing",
                    "use one of Scalar, Grouped, Trend, TopN, List, Lookup, Rate, Exists");
        }
        measures = copy(measures, "measures");
        dimensions = copy(dimensions, "dimensions");
        filters = copy(filters, "filters");
        related = copy(related, "related");
        order = copy(order, "order");
        projection = copy(projection, "projection");
        provenance = provenance == null ? Provenance.NONE : provenance;
        ShapeRules.check(subject, shape, measures, dimensions, filters, timeScope, related, order, limit, projection);
    }

    private static <T> List<T> copy(List<T> list, String field) {
        if (list == null) {
            return List.of();
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == null) {
                throw new InvalidSpecException(field + "[" + i + "]", "is null", "remove the empty entry");
            }
        }
        return List.copyOf(list);
    }

    public static Builder builder(String subject, Shape shape) {
        return new Builder(subject, shape);
    }

    /** A builder holding this spec's fields, to derive a changed spec (a follow-up, a suggestion). */
    public Builder toBuilder() {
        Builder b = new Builder(subject, shape);
        b.measures.addAll(measures);
        b.dimensions.addAll(dimensions);
        b.filters.addAll(filters);
        b.timeScope = timeScope;
        b.related.addAll(related);
        b.order.addAll(order);
        b.limit = limit;
        b.projection.addAll(projection);
        b.provenance = provenance;
        return b;
    }

    public QuerySpec withProvenance(Provenance newProvenance) {
        return toBuilder().provenance(newProvenance).build();
    }

    /**
     * Every column reference of the subject's scope: measures, dimensions, filters, the time scope, order keys,
     * projection and rate numerators. Related scopes' references are resolved from their own concept and are not
     * included (see {@link RelatedScope#filters()}).
     */
    public List<ColumnRef> referencedColumns() {
        List<ColumnRef> refs = new ArrayList<>();
        SpecWalk.subjectRefs(this, refs::add);
        return List.copyOf(refs);
    }

    /** Mutable assembly of a spec; {@link #build()} checks every invariant. */
    public static final class Builder {
        private String subject;
        private Shape shape;
        private final List<Measure> measures = new ArrayList<>();
        private final List<Dimension> dimensions = new ArrayList<>();
        private final List<Filter> filters = new ArrayList<>();
        private TimeScope timeScope;
        private final List<RelatedScope> related = new ArrayList<>();
        private final List<OrderKey> order = new ArrayList<>();
        private Integer limit;
        private final List<ColumnRef> projection = new ArrayList<>();
        private Provenance provenance = Provenance.NONE;

        private Builder(String subject, Shape shape) {
            this.subject = subject;
            this.shape = shape;
        }

        public Builder subject(String value) {
            subject = value;
            return this;
        }

        public Builder shape(Shape value) {
            shape = value;
            return this;
        }

        public Builder measure(Measure value) {
            measures.add(value);
            return this;
        }

        public Builder dimension(Dimension value) {
            dimensions.add(value);
            return this;
        }

        public Builder filter(Filter value) {
            filters.add(value);
            return this;
        }

        public Builder timeScope(TimeScope value) {
            timeScope = value;
            return this;
        }

        public Builder related(RelatedScope value) {
            related.add(value);
            return this;
        }

        public Builder order(OrderKey value) {
            order.add(value);
            return this;
        }

        public Builder limit(Integer value) {
            limit = value;
            return this;
        }

        public Builder project(ColumnRef value) {
            projection.add(value);
            return this;
        }

        public Builder provenance(Provenance value) {
            provenance = value;
            return this;
        }

        /** Direct access to one list for edits the single-item methods do not cover (remove, replace). */
        public Builder editFilters(Consumer<List<Filter>> edit) {
            edit.accept(filters);
            return this;
        }

        public Builder editMeasures(Consumer<List<Measure>> edit) {
            edit.accept(measures);
            return this;
        }

        public Builder editDimensions(Consumer<List<Dimension>> edit) {
            edit.accept(dimensions);
            return this;
        }

        public Builder editRelated(Consumer<List<RelatedScope>> edit) {
            edit.accept(related);
            return this;
        }

        public Builder editOrder(Consumer<List<OrderKey>> edit) {
            edit.accept(order);
            return this;
        }

        public Builder editProjection(Consumer<List<ColumnRef>> edit) {
            edit.accept(projection);
            return this;
        }

        public QuerySpec build() {
            return new QuerySpec(subject, shape, measures, dimensions, filters, timeScope, related, order, limit,
                    projection, provenance);
        }
    }
}
