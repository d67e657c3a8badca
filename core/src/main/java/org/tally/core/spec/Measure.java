package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/** What is computed over the rows of the subject (per group, when the spec has dimensions). */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Measure.Count.class, name = "count"),
        @JsonSubTypes.Type(value = Measure.Aggregate.class, name = "aggregate"),
        @JsonSubTypes.Type(value = Measure.Rate.class, name = "rate")})
public sealed interface Measure permits Measure.Count, Measure.Aggregate, Measure.Rate {

    /** A readable rendering, e.g. {@code count}, {@code avg(days(…))}. */
    String describe();

    static Measure count() {
        return new Count();
    }

    static Measure of(Aggregation function, ValueRef of) {
        return new Aggregate(function, of);
    }

    static Measure rate(Filter... numerator) {
        return new Rate(List.of(numerator));
    }

    /** The number of rows of the subject. */
    record Count() implements Measure {
        @Override
        public String describe() {
            return "count";
        }
    }

    /**
     * {@code function} over one value per row. sum, avg and median need a number (Amount, Quantity, Measure,
     * Duration, or a derived duration); min and max a number or a date/time; countDistinct any column.
     */
    record Aggregate(Aggregation function, ValueRef of) implements Measure {
        public Aggregate {
            if (function == null) {
                throw new InvalidSpecException("function", "is missing",
                        "use one of countDistinct, sum, avg, min, max, median");
            }
            if (of == null) {
                throw new InvalidSpecException("of", "is missing", "give the column or duration to aggregate");
            }
            switch (function) {
                case SUM:
                case AVG:
                case MEDIAN:
                    if (!of.isNumeric()) {
                        throw new InvalidSpecException("of", function.jsonName() + " of " + of.describe()
                                + " is not a number", "aggregate an Amount, Quantity, Measure, Duration or a "
                                + "derived duration, or use count/countDistinct");
                    }
                    break;
                case MIN:
                case MAX:
                    if (!of.isNumeric() && !of.isTemporal()) {
                        throw new InvalidSpecException("of", function.jsonName() + " of " + of.describe()
                                + " has no order", "use a number, a date/time column or a derived duration");
                    }
                    break;
                case COUNT_DISTINCT:
                    break;
                default:
                    throw new AssertionError(function);
            }
        }

        @Override
        public String describe() {
            return function.jsonName() + "(" + of.describe() + ")";
        }
    }

    /**
     * The fraction (0 to 1) of the rows in scope that also meet every numerator condition: count(numerator AND
     * scope) / count(scope). The numerator is filters on the subject's rows and, optionally, related scopes
     * ("patients with hypertension who have also been diagnosed with diabetes": EXISTS over their diagnoses); at
     * least one condition. Presentation as a percentage is up to the caller.
     */
    record Rate(List<Filter> numerator,
                @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RelatedScope> related) implements Measure {
        public Rate {
            numerator = numerator == null ? List.of() : numerator;
            related = related == null ? List.of() : related;
            if (numerator.isEmpty() && related.isEmpty()) {
                throw new InvalidSpecException("numerator", "a rate has no numerator condition",
                        "give the filter that selects the counted share, e.g. Delivery.Category = 'CS'");
            }
            for (int i = 0; i < numerator.size(); i++) {
                if (numerator.get(i) == null) {
                    throw new InvalidSpecException("numerator[" + i + "]", "is null", "remove it");
                }
            }
            for (int i = 0; i < related.size(); i++) {
                if (related.get(i) == null) {
                    throw new InvalidSpecException("related[" + i + "]", "is null", "remove it");
                }
            }
            numerator = List.copyOf(numerator);
            related = List.copyOf(related);
        }

        public Rate(List<Filter> numerator) {
            this(numerator, List.of());
        }

        @Override
        public String describe() {
            StringBuilder text = new StringBuilder("rate(");
            for (int i = 0; i < numerator.size(); i++) {
                text.append(i == 0 ? "" : " and ").append(numerator.get(i).describe());
            }
            for (int i = 0; i < related.size(); i++) {
                text.append(numerator.isEmpty() && i == 0 ? "" : " and ").append(related.get(i).describe());
            }
            return text.append(")").toString();
        }
    }
}
