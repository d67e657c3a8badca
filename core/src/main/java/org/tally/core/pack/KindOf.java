package org.tally.core.pack;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a concept is held when a source has no table of its own for it: as the rows of another concept's table that
 * satisfy a condition (an emergency visit is an encounter of emergency type; an in-hospital death is an inpatient
 * stay discharged as died). Like a predicate, the condition speaks only of roles, name hints and value classes, and is
 * evaluated on the base concept's table. A table bound to the concept itself always wins.
 *
 * @param concept   the base concept whose rows hold this one (never itself held as a kind of another)
 * @param where     what a base row must satisfy: {@code inClass}, {@code isNull}, {@code notNull}, {@code compare} or
 *                  {@code all} of those; each column condition must bind to exactly one column of the base table
 * @param timeRoles this concept's time roles and the base role each one is ({@code {"EventTime": "EndTime"}}: a
 *                  death's time is the stay's end). The base's other time columns are not times of this concept, so
 *                  a time range or bucket can never silently use the wrong one.
 */
public record KindOf(String concept, Condition where, Map<String, String> timeRoles) {

    public KindOf {
        concept = Lists.text(concept);
        if (timeRoles == null) {
            timeRoles = Map.of();
        } else {
            timeRoles.forEach((role, base) -> {
                if (base == null) {
                    throw new IllegalArgumentException("timeRoles entry '" + role + "' has no base role; give it one");
                }
            });
            timeRoles = Collections.unmodifiableMap(new LinkedHashMap<>(timeRoles));
        }
    }
}
