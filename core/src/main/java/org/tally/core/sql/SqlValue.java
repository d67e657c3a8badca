package org.tally.core.sql;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Objects;

/** A typed value that reaches the database as a bound parameter (never spliced into executed SQL). */
public sealed interface SqlValue {

    record Text(String value) implements SqlValue {
        public Text {
            Objects.requireNonNull(value, "text value");
        }
    }

    record Number(BigDecimal value) implements SqlValue {
        public Number {
            Objects.requireNonNull(value, "number value");
        }
    }

    record Bool(boolean value) implements SqlValue {
    }

    record Date(LocalDate value) implements SqlValue {
        public Date {
            Objects.requireNonNull(value, "date value");
        }
    }

    record Timestamp(LocalDateTime value) implements SqlValue {
        public Timestamp {
            Objects.requireNonNull(value, "timestamp value");
        }
    }

    static SqlValue of(String s) {
        return new Text(s);
    }

    static SqlValue of(long n) {
        return new Number(BigDecimal.valueOf(n));
    }

    static SqlValue of(BigDecimal n) {
        return new Number(n);
    }

    static SqlValue of(boolean b) {
        return new Bool(b);
    }

    static SqlValue of(LocalDate d) {
        return new Date(d);
    }

    static SqlValue of(LocalDateTime t) {
        return new Timestamp(t);
    }
}
