package org.tally.core.spec;

import java.util.ArrayList;
import java.util.List;

/** The invariants of {@link QuerySpec} that tie fields to the shape; each failure names the field and the fix. */
final class ShapeRules {

    private ShapeRules() {
    }

    static void check(String subject, Shape shape, List<Measure> measures, List<Dimension> dimensions,
                      List<Filter> filters, TimeScope timeScope, List<RelatedScope> related, List<OrderKey> order,
                      Integer limit, List<ColumnRef> projection) {
        boolean scopeBucket = timeScope != null && timeScope.bucket() != null;
        int dimensionCount = dimensions.size() + (scopeBucket ? 1 : 0);
        boolean aggregated = shape.isAggregated();
        String name = shape.jsonName();

        checkMeasures(shape, measures);
        switch (shape) {
            case SCALAR:
            case EXISTS:
            case LIST:
            case LOOKUP:
                if (dimensionCount > 0) {
                    throw new InvalidSpecException(scopeBucket && dimensions.isEmpty() ? "timeScope.bucket"
                            : "dimensions", name + " has no groupings", "remove them, or use shape Grouped or Trend");
                }
                break;
            case GROUPED:
            case TOP_N:
                if (dimensionCount == 0) {
                    throw new InvalidSpecException("dimensions", name + " needs a dimension",
                            "add the column to group by, or use shape Scalar");
                }
                break;
            case TREND:
                if (!scopeBucket && dimensions.stream().noneMatch(d -> d instanceof Dimension.TimeBucket)) {
                    throw new InvalidSpecException("dimensions", "Trend needs a time-bucket dimension",
                            "add a timeBucket dimension (e.g. month of the EventTime), or use shape Grouped");
                }
                break;
            case RATE:
                break;
            default:
                throw new AssertionError(shape);
        }
        if (!projection.isEmpty() && shape != Shape.LIST && shape != Shape.LOOKUP) {
            throw new InvalidSpecException("projection", name + " projects no columns",
                    "remove the projection, or use shape List or Lookup");
        }
        if (shape == Shape.LOOKUP && filters.isEmpty()) {
            throw new InvalidSpecException("filters", "Lookup needs a filter that identifies the rows",
                    "add a filter (e.g. an Identifier equal to the value looked up), or use shape List");
        }
        checkOrder(shape, aggregated, measures, dimensions, order);
        checkLimit(shape, aggregated, dimensionCount, order, limit);
        checkPaths(subject, measures, dimensions, filters, timeScope, related, order, projection);
    }

    private static void checkMeasures(Shape shape, List<Measure> measures) {
        boolean anyRate = measures.stream().anyMatch(m -> m instanceof Measure.Rate);
        switch (shape) {
            case SCALAR:
            case GROUPED:
            case TREND:
            case TOP_N:
                if (measures.isEmpty()) {
                    throw new InvalidSpecException("measures", shape.jsonName() + " needs a measure",
                            "add a measure such as count");
                }
                if (anyRate) {
                    throw new InvalidSpecException("measures", "a rate measure needs shape Rate",
                            "set shape to Rate, or replace the rate with count");
                }
                break;
            case RATE:
                if (!anyRate) {
                    throw new InvalidSpecException("measures", "Rate needs a rate measure",
                            "add a rate measure with its numerator filter");
                }
                break;
            case LIST:
            case LOOKUP:
            case EXISTS:
                if (!measures.isEmpty()) {
                    throw new InvalidSpecException("measures", shape.jsonName() + " computes no measures",
                            "remove the measures, or use shape Scalar or Grouped");
                }
                break;
            default:
                throw new AssertionError(shape);
        }
    }

    private static void checkOrder(Shape shape, boolean aggregated, List<Measure> measures,
                                   List<Dimension> dimensions, List<OrderKey> order) {
        if (order.isEmpty()) {
            return;
        }
        if (shape == Shape.SCALAR || shape == Shape.EXISTS) {
            throw new InvalidSpecException("order", shape.jsonName() + " returns one row and has no order",
                    "remove the order");
        }
        for (int i = 0; i < order.size(); i++) {
            OrderKey key = order.get(i);
            String field = "order[" + i + "]";
            if (key instanceof OrderKey.ByMeasure byMeasure) {
                int index = byMeasure.index();
                if (!aggregated || index >= measures.size()) {
                    throw new InvalidSpecException(field + ".index", "there is no measure " + index,
                            "give the 0-based position of one of the " + measures.size() + " measures");
                }
            } else if (key instanceof OrderKey.ByDimension byDimension) {
                int index = byDimension.index();
                if (!aggregated || index >= dimensions.size()) {
                    throw new InvalidSpecException(field + ".index", "there is no dimension " + index,
                            "give the 0-based position of one of the " + dimensions.size() + " dimensions");
                }
            } else if (key instanceof OrderKey.ByValue) {
                if (aggregated) {
                    throw new InvalidSpecException(field, "an aggregated result cannot sort by a row value",
                            "sort by a measure or a dimension");
                }
            } else {
                throw new AssertionError(key);
            }
        }
    }

    private static void checkLimit(Shape shape, boolean aggregated, int dimensionCount, List<OrderKey> order,
                                   Integer limit) {
        if (shape == Shape.TOP_N && (limit == null || order.isEmpty())) {
            throw new InvalidSpecException(limit == null ? "limit" : "order",
                    "TopN needs a limit and an order", "set limit to N (1.." + QuerySpec.MAX_LIMIT
                    + ") and order by the measure that ranks the groups");
        }
        if (limit == null) {
            return;
        }
        if (limit < 1 || limit > QuerySpec.MAX_LIMIT) {
            throw new InvalidSpecException("limit", limit + " is out of range",
                    "give a limit from 1 to " + QuerySpec.MAX_LIMIT + ", or none");
        }
        if (shape == Shape.SCALAR || shape == Shape.EXISTS) {
            throw new InvalidSpecException("limit", shape.jsonName() + " returns one row", "remove the limit");
        }
        if (aggregated && dimensionCount == 0) {
            throw new InvalidSpecException("limit", "an ungrouped result has one row", "remove the limit");
        }
        if (aggregated && order.isEmpty()) {
            throw new InvalidSpecException("order", "a limit on groups without an order keeps arbitrary groups",
                    "order by the measure or dimension that decides which groups are kept");
        }
    }

    /** {@code via} names the concept between the subject and a column's concept, so it cannot be the subject. */
    private static void checkPaths(String subject, List<Measure> measures, List<Dimension> dimensions,
                                   List<Filter> filters, TimeScope timeScope, List<RelatedScope> related,
                                   List<OrderKey> order, List<ColumnRef> projection) {
        for (Measure m : measures) {
            SpecWalk.measureRefs(m, ref -> checkVia(subject, ref, "measures"));
        }
        dimensions.forEach(d -> checkVia(subject, d.column(), "dimensions"));
        filters.forEach(f -> f.target().columns().forEach(ref -> checkVia(subject, ref, "filters")));
        if (timeScope != null) {
            checkVia(subject, timeScope.column(), "timeScope");
        }
        for (OrderKey k : order) {
            if (k instanceof OrderKey.ByValue byValue) {
                byValue.value().columns().forEach(ref -> checkVia(subject, ref, "order"));
            }
        }
        projection.forEach(ref -> checkVia(subject, ref, "projection"));
        List<RelatedScope> scopes = new ArrayList<>(related);
        for (Measure m : measures) {
            if (m instanceof Measure.Rate rate) {
                scopes.addAll(rate.related()); // numerator scopes hang off the subject too
            }
        }
        for (int i = 0; i < scopes.size(); i++) {
            RelatedScope scope = scopes.get(i);
            String field = i < related.size() ? "related[" + i + "]" : "measures.related[" + (i - related.size()) + "]";
            if (Identifiers.sameConcept(scope.concept(), subject)) {
                throw new InvalidSpecException(field + ".concept", "a related scope over the subject itself",
                        "name another concept one hop from " + subject.trim() + ", or use a filter");
            }
            scope.filters().forEach(f -> f.target().columns()
                    .forEach(ref -> checkVia(scope.concept(), ref, field + ".filters")));
        }
    }

    private static void checkVia(String subject, ColumnRef ref, String field) {
        if (ref.via() != null && Identifiers.sameConcept(ref.via(), subject)) {
            throw new InvalidSpecException(field, ref.describe() + " goes via its own subject " + subject.trim(),
                    "leave via empty when the column's concept is one hop from the subject");
        }
    }
}
