package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A grouping of the result: one output column per dimension, in the order given. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Dimension.Column.class, name = "column"),
        @JsonSubTypes.Type(value = Dimension.TimeBucket.class, name = "timeBucket")})
public sealed interface Dimension permits Dimension.Column, Dimension.TimeBucket {

    /** The column grouped on. */
    ColumnRef column();

    String describe();

    static Dimension of(ColumnRef column) {
        return new Column(column);
    }

    static Dimension bucket(ColumnRef column, Bucket bucket) {
        return new TimeBucket(column, bucket);
    }

    /** Group by the values of a column ("by ward": {@code Ward.Name via …}; the binder picks a display column). */
    record Column(ColumnRef column) implements Dimension {
        public Column {
            if (column == null) {
                throw new InvalidSpecException("column", "is missing", "give the column to group by");
            }
        }

        @Override
        public String describe() {
            return "by " + column.describe();
        }
    }

    /** Group by a calendar bucket of a date/time column ("per month"). */
    record TimeBucket(ColumnRef column, Bucket bucket) implements Dimension {
        public TimeBucket {
            if (column == null) {
                throw new InvalidSpecException("column", "is missing", "give the date or time column to bucket");
            }
            if (!column.role().isTemporal()) {
                throw new InvalidSpecException("column", column.describe() + " is not a date or time",
                        "bucket an EventTime, StartTime, EndTime, BirthDate or DeathDate column");
            }
            if (bucket == null) {
                throw new InvalidSpecException("bucket", "is missing", "use hour, day, week, month, quarter or year");
            }
        }

        @Override
        public String describe() {
            return "per " + bucket.jsonName() + " of " + column.describe();
        }
    }
}
