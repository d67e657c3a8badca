package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Objects;

/**
 * A typed constant in a filter or a time range. Dates and timestamps are local (no zone), written as ISO-8601
 * strings in JSON; numbers are exact decimals, kept without trailing zeros so that {@code 7.50} equals {@code 7.5}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = Literal.StringValue.class, name = "string"),
        @JsonSubTypes.Type(value = Literal.NumberValue.class, name = "number"),
        @JsonSubTypes.Type(value = Literal.BooleanValue.class, name = "boolean"),
        @JsonSubTypes.Type(value = Literal.DateValue.class, name = "date"),
        @JsonSubTypes.Type(value = Literal.DateTimeValue.class, name = "datetime")})
public sealed interface Literal
        permits Literal.StringValue, Literal.NumberValue, Literal.BooleanValue, Literal.DateValue,
        Literal.DateTimeValue {

    /** A readable rendering for messages and explanations: {@code 'CS'}, {@code 7.5}, {@code 2026-05-01}. */
    String describe();

    /** Dates and timestamps. */
    @JsonIgnore
    default boolean isTemporal() {
        return this instanceof DateValue || this instanceof DateTimeValue;
    }

    /** Whether ranges (lt, le, gt, ge, between) make sense: numbers, dates and timestamps. Strings are refused
     * because their order depends on the database collation. */
    @JsonIgnore
    default boolean isOrdered() {
        return this instanceof NumberValue || isTemporal();
    }

    static Literal of(String value) {
        return new StringValue(value);
    }

    static Literal of(long value) {
        return new NumberValue(BigDecimal.valueOf(value));
    }

    static Literal of(BigDecimal value) {
        return new NumberValue(value);
    }

    static Literal of(boolean value) {
        return new BooleanValue(value);
    }

    static Literal of(LocalDate value) {
        return new DateValue(value);
    }

    static Literal of(LocalDateTime value) {
        return new DateTimeValue(value);
    }

    /** A text value, compared exactly (case and spaces matter: they are data, not spelling). */
    record StringValue(String value) implements Literal {
        public StringValue {
            if (value == null) {
                throw new InvalidSpecException("value", "a string literal is missing its value",
                        "give the text, or use an isNull filter");
            }
        }

        @Override
        public String describe() {
            return "'" + value.replace("'", "''") + "'";
        }
    }

    /** An exact decimal number. */
    record NumberValue(BigDecimal value) implements Literal {
        public NumberValue {
            if (value == null) {
                throw new InvalidSpecException("value", "a number literal is missing its value",
                        "give the number, or use an isNull filter");
            }
            value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        }

        @Override
        public String describe() {
            return value.toPlainString();
        }
    }

    /** true or false; filters compare flags with {@link Filter.IsTrue} and {@link Filter.IsFalse}. */
    record BooleanValue(@JsonProperty(required = true) boolean value) implements Literal {
        @Override
        public String describe() {
            return Boolean.toString(value);
        }
    }

    /** A calendar date, {@code yyyy-MM-dd} in JSON. */
    record DateValue(@JsonSerialize(using = IsoSerializer.class) @JsonDeserialize(using = IsoDateReader.class)
                     LocalDate value) implements Literal {
        public DateValue {
            if (value == null) {
                throw new InvalidSpecException("value", "a date literal is missing its value",
                        "write it as yyyy-MM-dd");
            }
        }

        @Override
        public String describe() {
            return value.toString();
        }
    }

    /** A local date and time, {@code yyyy-MM-ddTHH:mm:ss} in JSON. */
    record DateTimeValue(@JsonSerialize(using = IsoSerializer.class) @JsonDeserialize(using = IsoDateTimeReader.class)
                         LocalDateTime value) implements Literal {
        public DateTimeValue {
            if (value == null) {
                throw new InvalidSpecException("value", "a datetime literal is missing its value",
                        "write it as yyyy-MM-ddTHH:mm:ss");
            }
        }

        @Override
        public String describe() {
            return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(value);
        }

        /** The instant a date stands for when compared with a timestamp: its midnight. */
        static LocalDateTime promote(Literal temporal) {
            if (temporal instanceof DateTimeValue dateTimeValue) {
                return dateTimeValue.value();
            }
            if (temporal instanceof DateValue dateValue) {
                return dateValue.value().atStartOfDay();
            }
            throw new AssertionError(temporal);
        }
    }

    /** Writes dates and timestamps as ISO-8601 text, the same in every JVM and locale. */
    final class IsoSerializer extends JsonSerializer<Object> {
        @Override
        public void serialize(Object value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
            if (value instanceof LocalDateTime localDateTime) {
                gen.writeString(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(localDateTime));
            } else {
                gen.writeString(DateTimeFormatter.ISO_LOCAL_DATE.format((LocalDate) Objects.requireNonNull(value)));
            }
        }
    }

    /** Reads {@code yyyy-MM-dd}; anything else names the fix. */
    final class IsoDateReader extends JsonDeserializer<LocalDate> {
        @Override
        public LocalDate deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString();
            try {
                return LocalDate.parse(Objects.requireNonNull(text).trim());
            } catch (DateTimeParseException | NullPointerException e) {
                throw new InvalidSpecException("value", "'" + text + "' is not an ISO date",
                        "write the date as yyyy-MM-dd, e.g. 2026-05-01");
            }
        }
    }

    /** Reads {@code yyyy-MM-ddTHH:mm[:ss[.fraction]]}; anything else names the fix. */
    final class IsoDateTimeReader extends JsonDeserializer<LocalDateTime> {
        @Override
        public LocalDateTime deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            String text = p.getValueAsString();
            try {
                return LocalDateTime.parse(Objects.requireNonNull(text).trim());
            } catch (DateTimeParseException | NullPointerException e) {
                throw new InvalidSpecException("value", "'" + text + "' is not an ISO date-time",
                        "write it as yyyy-MM-ddTHH:mm:ss, e.g. 2026-05-01T08:30:00");
            }
        }
    }
}
