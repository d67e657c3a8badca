package org.tally.core.execute;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Clob;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Turns JDBC values into what an answer carries: JSON numbers, booleans, ISO-8601 strings for temporal
 * values, strings. Same value in, same bytes out, whatever the driver, so answers compare across databases.
 */
public final class ResultValues {

    private ResultValues() {
    }

    public static Object normalise(Object v) {
        if (v == null || v instanceof String || v instanceof Boolean) {
            return v;
        }
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigInteger b) {
            return new BigDecimal(b);
        }
        if (v instanceof BigDecimal d) {
            return normaliseDecimal(d);
        }
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return null;
            }
            return normaliseDecimal(BigDecimal.valueOf(d));
        }
        if (v instanceof Timestamp ts) {
            return iso(ts.toLocalDateTime());
        }
        if (v instanceof Date d) {
            return d.toLocalDate().toString();
        }
        if (v instanceof Time t) {
            return t.toLocalTime().toString();
        }
        if (v instanceof LocalDate d) {
            return d.toString();
        }
        if (v instanceof LocalDateTime dt) {
            return iso(dt);
        }
        if (v instanceof LocalTime t) {
            return t.toString();
        }
        if (v instanceof OffsetDateTime odt) {
            return iso(odt.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime());
        }
        if (v instanceof Instant i) {
            return iso(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
        }
        if (v instanceof Clob c) {
            try {
                return c.getSubString(1, (int) Math.min(c.length(), Integer.MAX_VALUE));
            } catch (SQLException e) {
                return null;
            }
        }
        if (v instanceof byte[]) {
            return null; // binary content never goes into an answer
        }
        if (v instanceof Number n) {
            return normaliseDecimal(new BigDecimal(n.toString()));
        }
        return v.toString();
    }

    /** Whole numbers print without a fraction; others keep their digits but lose trailing zeros. */
    private static Object normaliseDecimal(BigDecimal d) {
        BigDecimal s = d.stripTrailingZeros();
        if (s.scale() <= 0) {
            try {
                return s.longValueExact();
            } catch (ArithmeticException tooBig) {
                return s.setScale(0);
            }
        }
        return s;
    }

    private static String iso(LocalDateTime dt) {
        return dt.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
    }
}
