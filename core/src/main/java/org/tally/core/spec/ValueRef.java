package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * One value of each row that a measure aggregates, a filter tests or a List orders by: a column reference, or a
 * duration derived from two temporal columns. Derived durations live inline wherever a value is used (a measure
 * "average length of stay", a filter "stayed over 7 days"), so there is no separate list of them to keep in step.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ColumnRef.class, name = "column"),
        @JsonSubTypes.Type(value = DurationRef.class, name = "duration")})
public sealed interface ValueRef permits ColumnRef, DurationRef {

    /** A readable rendering for messages: {@code Delivery.Category("delivery method")}. */
    String describe();

    /** The column references this value reads. */
    List<ColumnRef> columns();

    /** Whether the value is a number (numeric role or derived duration): it can be summed and compared with numbers. */
    @JsonIgnore
    boolean isNumeric();

    /** Whether the value is a date or timestamp. */
    @JsonIgnore
    boolean isTemporal();
}
