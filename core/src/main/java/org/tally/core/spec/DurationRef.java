package org.tally.core.spec;

import java.util.List;

/**
 * A derived duration: {@code end − start} in {@code unit}, e.g. the length of stay of an Admission in days from its
 * StartTime and EndTime. A number: usable as a measure ({@code avg}) and in a filter ({@code gt 7}).
 *
 * @param start a temporal column (StartTime, EventTime, BirthDate …)
 * @param end   a different temporal column
 * @param unit  days, hours or minutes
 * @param mode  what an open interval (no end yet) counts as; absent means {@link DurationMode#COMPLETED_ONLY}
 */
public record DurationRef(ColumnRef start, ColumnRef end, DurationUnit unit, DurationMode mode) implements ValueRef {

    public DurationRef {
        requireTemporal(start, "start");
        requireTemporal(end, "end");
        if (start.canonical().equals(end.canonical())) {
            throw new InvalidSpecException("end", "is the same column as start",
                    "give the column where the interval ends, e.g. EndTime");
        }
        if (unit == null) {
            throw new InvalidSpecException("unit", "is missing", "use days, hours or minutes");
        }
        mode = mode == null ? DurationMode.COMPLETED_ONLY : mode;
    }

    public static DurationRef of(ColumnRef start, ColumnRef end, DurationUnit unit, DurationMode mode) {
        return new DurationRef(start, end, unit, mode);
    }

    private static void requireTemporal(ColumnRef ref, String field) {
        if (ref == null) {
            throw new InvalidSpecException(field, "is missing", "give a temporal column reference, e.g. StartTime");
        }
        if (!ref.role().isTemporal()) {
            throw new InvalidSpecException(field, "role " + ref.role().jsonName() + " is not a date or time",
                    "use EventTime, StartTime, EndTime, BirthDate or DeathDate");
        }
    }

    @Override
    public String describe() {
        return unit.jsonName() + "(" + start.describe() + " → " + end.describe()
                + (mode == DurationMode.AS_OF_NOW ? ", open = now" : "") + ")";
    }

    @Override
    public List<ColumnRef> columns() {
        return List.of(start, end);
    }

    @Override
    public boolean isNumeric() {
        return true;
    }

    @Override
    public boolean isTemporal() {
        return false;
    }
}
