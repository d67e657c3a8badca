package org.tally.core.eval;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * How the values of one expected column are compared, as the EHRSQL shared task compares them: every value becomes a
 * text key, numbers rounded to three decimals (or to the gold's own precision when a gold statement gives fewer),
 * timestamps written with a space between date and time, booleans as 1 and 0, a null as None. A gold column of
 * dates or timestamps from a statement is compared by day, as Tally's golden suites are.
 */
record CellKind(Kind kind, int scale) {

    /** Decimals the shared task keeps. */
    public static final int TASK_SCALE = 3;

    public enum Kind { PLAIN, NUMBER, DAY }

    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern ISO_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?");
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    public static final CellKind PLAIN = new CellKind(Kind.PLAIN, TASK_SCALE);

    public CellKind {
        if (scale < 0 || scale > TASK_SCALE) {
            throw new IllegalArgumentException("scale must lie in 0.." + TASK_SCALE + ": " + scale);
        }
    }

    public static CellKind number(int goldScale) {
        return new CellKind(Kind.NUMBER, Math.min(TASK_SCALE, Math.max(0, goldScale)));
    }

    public static CellKind day() {
        return new CellKind(Kind.DAY, TASK_SCALE);
    }

    /** The key a value is compared by under this kind. */
    public String key(Object value) {
        if (value == null) {
            return "None";
        }
        if (kind == Kind.DAY) {
            String text = plain(value, TASK_SCALE);
            return ISO_TIME.matcher(text).matches() || text.matches("\\d{4}-\\d{2}-\\d{2}") ? text.substring(0, 10)
                    : text;
        }
        return plain(value, scale);
    }

    private static String plain(Object value, int scale) {
        if (value instanceof Boolean b) {
            return b ? "1" : "0";
        }
        if (value instanceof Number n) {
            return number(decimal(n), scale);
        }
        String text = value.toString().strip();
        if (NUMBER.matcher(text).matches()) {
            return number(new BigDecimal(text), scale);
        }
        if (ISO_TIME.matcher(text).matches()) {
            return timestamp(text);
        }
        return text;
    }

    private static BigDecimal decimal(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof Double || n instanceof Float) {
            return BigDecimal.valueOf(n.doubleValue());
        }
        return new BigDecimal(n.toString());
    }

    private static String number(BigDecimal d, int scale) {
        BigDecimal r = d.setScale(scale, RoundingMode.HALF_UP).stripTrailingZeros();
        if (r.signum() == 0) {
            return "0";
        }
        return r.toPlainString();
    }

    private static String timestamp(String text) {
        try {
            return LocalDateTime.parse(text.replace(' ', 'T')).format(SECONDS);
        } catch (DateTimeParseException e) {
            return text.replace('T', ' ');
        }
    }
}
