package org.tally.core.execute;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.JDBCType;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.tally.core.sql.SqlValue;

/**
 * One positional bound parameter of a statement, typed so it reaches the driver through the right setter.
 * Values may be patient data: {@link #toString()} never shows them, so a parameter that ends up in a log line
 * or an exception message leaks nothing.
 */
public sealed interface SqlParameter {

    /** Binds this value at {@code index} (1-based). */
    void bind(PreparedStatement statement, int index) throws SQLException;

    /** The kind of value, for logs and messages ("text", "whole number", ...), never the value itself. */
    String kind();

    record Text(String value) implements SqlParameter {
        public Text {
            Objects.requireNonNull(value, "value (use SqlParameter.Null for a NULL)");
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setString(index, value);
        }

        @Override
        public String kind() {
            return "text";
        }

        @Override
        public String toString() {
            return "Text[hidden]";
        }
    }

    record Whole(long value) implements SqlParameter {
        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setLong(index, value);
        }

        @Override
        public String kind() {
            return "whole number";
        }

        @Override
        public String toString() {
            return "Whole[hidden]";
        }
    }

    record Decimal(BigDecimal value) implements SqlParameter {
        public Decimal {
            Objects.requireNonNull(value, "value (use SqlParameter.Null for a NULL)");
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setBigDecimal(index, value);
        }

        @Override
        public String kind() {
            return "decimal";
        }

        @Override
        public String toString() {
            return "Decimal[hidden]";
        }
    }

    record Real(double value) implements SqlParameter {
        public Real {
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                throw new IllegalArgumentException("value must be a finite number; NaN and infinities cannot be bound");
            }
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setDouble(index, value);
        }

        @Override
        public String kind() {
            return "floating-point number";
        }

        @Override
        public String toString() {
            return "Real[hidden]";
        }
    }

    record Bool(boolean value) implements SqlParameter {
        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setBoolean(index, value);
        }

        @Override
        public String kind() {
            return "boolean";
        }

        @Override
        public String toString() {
            return "Bool[hidden]";
        }
    }

    /** A calendar date, bound as a JDBC 4.2 {@code LocalDate} so no time zone of this machine shifts it. */
    record Day(LocalDate value) implements SqlParameter {
        public Day {
            Objects.requireNonNull(value, "value (use SqlParameter.Null for a NULL)");
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setObject(index, value);
        }

        @Override
        public String kind() {
            return "date";
        }

        @Override
        public String toString() {
            return "Day[hidden]";
        }
    }

    /** A date and time without zone, bound as a JDBC 4.2 {@code LocalDateTime} (a timestamp without time zone). */
    record Moment(LocalDateTime value) implements SqlParameter {
        public Moment {
            Objects.requireNonNull(value, "value (use SqlParameter.Null for a NULL)");
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setObject(index, value);
        }

        @Override
        public String kind() {
            return "date-time";
        }

        @Override
        public String toString() {
            return "Moment[hidden]";
        }
    }

    /** SQL NULL of a given type (drivers such as PostgreSQL's need the type to plan the statement). */
    record Null(JDBCType type) implements SqlParameter {
        public Null {
            Objects.requireNonNull(type, "type");
        }

        @Override
        public void bind(PreparedStatement statement, int index) throws SQLException {
            statement.setNull(index, type.getVendorTypeNumber());
        }

        @Override
        public String kind() {
            return "null " + type.getName().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The typed parameter for a plain Java value: String, Integer/Long/Short/Byte/BigInteger, BigDecimal,
     * Double/Float, Boolean, LocalDate, LocalDateTime.
     *
     * @throws IllegalArgumentException for null or any other type, naming the type and what is accepted
     */
    static SqlParameter of(Object value) {
        if (value instanceof SqlParameter p) {
            return p;
        }
        if (value instanceof String s) {
            return new Text(s);
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return new Whole(((Number) value).longValue());
        }
        if (value instanceof BigInteger b) {
            return new Decimal(new BigDecimal(b));
        }
        if (value instanceof BigDecimal d) {
            return new Decimal(d);
        }
        if (value instanceof Double || value instanceof Float) {
            return new Real(((Number) value).doubleValue());
        }
        if (value instanceof Boolean b) {
            return new Bool(b);
        }
        if (value instanceof LocalDate d) {
            return new Day(d);
        }
        if (value instanceof LocalDateTime dt) {
            return new Moment(dt);
        }
        if (value == null) {
            throw new IllegalArgumentException("A parameter is null: bind SQL NULL as SqlParameter.Null with its type.");
        }
        throw new IllegalArgumentException("A parameter of type " + value.getClass().getName() + " cannot be bound."
                + " Use String, a whole number, BigDecimal, Double, Boolean, LocalDate or LocalDateTime.");
    }

    /** {@link #of(Object)} for every value, in order; an error names the 1-based position of the bad value. */
    static List<SqlParameter> all(List<?> values) {
        List<SqlParameter> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            try {
                out.add(of(values.get(i)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Parameter " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return List.copyOf(out);
    }

    /** The compiler's bound values as parameters, kinds kept (dates as dates, never as text). */
    static List<SqlParameter> fromCompiled(List<SqlValue> values) {
        List<SqlParameter> out = new ArrayList<>(values.size());
        for (SqlValue v : values) {
            if (v instanceof SqlValue.Text t) {
                out.add(new Text(t.value()));
            } else if (v instanceof SqlValue.Number number) {
                // whole numbers go as BIGINT so an integer key column is not compared as a decimal (and keeps its index)
                BigDecimal n = number.value().signum() == 0 ? BigDecimal.ZERO : number.value().stripTrailingZeros();
                out.add(n.scale() <= 0 && n.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0
                        && n.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) >= 0
                        ? new Whole(n.longValueExact()) : new Decimal(number.value()));
            } else if (v instanceof SqlValue.Bool b) {
                out.add(new Bool(b.value()));
            } else if (v instanceof SqlValue.Date d) {
                out.add(new Day(d.value()));
            } else if (v instanceof SqlValue.Timestamp ts) {
                out.add(new Moment(ts.value()));
            } else {
                throw new AssertionError(v);
            }
        }
        return List.copyOf(out);
    }

    /** Binds every parameter in order (1-based positions). */
    static void bindAll(PreparedStatement statement, List<SqlParameter> parameters) throws SQLException {
        for (int i = 0; i < parameters.size(); i++) {
            parameters.get(i).bind(statement, i + 1);
        }
    }
}
