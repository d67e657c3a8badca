package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * One sort key of the result. Aggregated shapes sort by a measure or a dimension, named by its index in
 * {@link QuerySpec#measures()} or {@link QuerySpec#dimensions()}; List and Lookup sort by a row value.
 * The direction defaults to ascending.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = OrderKey.ByMeasure.class, name = "measure"),
        @JsonSubTypes.Type(value = OrderKey.ByDimension.class, name = "dimension"),
        @JsonSubTypes.Type(value = OrderKey.ByValue.class, name = "value")})
public sealed interface OrderKey permits OrderKey.ByMeasure, OrderKey.ByDimension, OrderKey.ByValue {

    Direction direction();

    static OrderKey byMeasure(int index, Direction direction) {
        return new ByMeasure(index, direction);
    }

    static OrderKey byDimension(int index, Direction direction) {
        return new ByDimension(index, direction);
    }

    static OrderKey byValue(ValueRef value, Direction direction) {
        return new ByValue(value, direction);
    }

    /** Sort by the measure at {@code index} (0-based) of the spec's measures. */
    record ByMeasure(@JsonProperty(required = true) int index, Direction direction) implements OrderKey {
        public ByMeasure {
            if (index < 0) {
                throw new InvalidSpecException("index", "is negative", "give the 0-based position of a measure");
            }
            direction = direction == null ? Direction.ASC : direction;
        }
    }

    /** Sort by the dimension at {@code index} (0-based) of the spec's dimensions. */
    record ByDimension(@JsonProperty(required = true) int index, Direction direction) implements OrderKey {
        public ByDimension {
            if (index < 0) {
                throw new InvalidSpecException("index", "is negative", "give the 0-based position of a dimension");
            }
            direction = direction == null ? Direction.ASC : direction;
        }
    }

    /** Sort rows of a List or Lookup by a column or derived duration ("most recent first"). */
    record ByValue(ValueRef value, Direction direction) implements OrderKey {
        public ByValue {
            if (value == null) {
                throw new InvalidSpecException("value", "is missing", "give the column or duration to sort by");
            }
            direction = direction == null ? Direction.ASC : direction;
        }
    }
}
