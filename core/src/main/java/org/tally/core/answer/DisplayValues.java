package org.tally.core.answer;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The generic reading of answer values, for people: numbers grouped and rounded (two decimals, or two significant
 * digits below one), timestamps without a midnight time or the 'T', yes/no for booleans, a dash for no value, and a
 * stored code spelled with underscores ({@code medication_error}, {@code NO_HARM}) as words ("Medication error").
 * It knows nothing of the binding: labels a binding gives (a lookup's description, a pack's value class) replace it
 * where they exist. The exact values stay in the answer's rows; this is only what is shown.
 */
public final class DisplayValues {

    private static final Pattern SNAKE_CODE = Pattern.compile("[A-Za-z]+(_[A-Za-z]+)+");
    private static final Pattern ISO_TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?");

    private DisplayValues() {
    }

    /** The rows as read by people, same shape as {@code rows}; null when no value reads differently from its text. */
    public static List<List<String>> readable(List<List<Object>> rows, Locale locale) {
        List<List<String>> out = new ArrayList<>(rows.size());
        boolean differs = false;
        for (List<Object> row : rows) {
            List<String> shown = new ArrayList<>(row.size());
            for (Object v : row) {
                String text = cell(v, locale);
                differs |= !text.equals(plain(v));
                shown.add(text);
            }
            out.add(List.copyOf(shown));
        }
        return differs ? List.copyOf(out) : null;
    }

    /** One value as read by people. */
    public static String cell(Object v, Locale locale) {
        if (v == null) {
            return "—";
        }
        if (v instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return NumberFormat.getIntegerInstance(locale).format(((Number) v).longValue());
        }
        if (v instanceof Number n) {
            return number(n instanceof BigDecimal d ? d : new BigDecimal(n.toString()), locale);
        }
        String s = v.toString();
        if (ISO_TIMESTAMP.matcher(s).matches()) {
            String time = s.substring(11);
            return time.matches("00:00(:00(\\.0+)?)?") ? s.substring(0, 10)
                    : s.substring(0, 10) + " " + (time.matches("\\d{2}:\\d{2}:00(\\.0+)?") ? time.substring(0, 5) : time);
        }
        if (SNAKE_CODE.matcher(s).matches()) {
            return words(s);
        }
        return s;
    }

    /** The value as the rows carry it, as text (what CSV writes). */
    public static String plain(Object v) {
        if (v == null) {
            return "";
        }
        return v instanceof BigDecimal d ? d.toPlainString() : v.toString();
    }

    private static String number(BigDecimal d, Locale locale) {
        NumberFormat f = NumberFormat.getNumberInstance(locale);
        BigDecimal abs = d.abs();
        if (abs.compareTo(BigDecimal.ONE) >= 0 || abs.signum() == 0) {
            f.setMaximumFractionDigits(2);
            return f.format(d.setScale(Math.min(2, Math.max(0, d.scale())), RoundingMode.HALF_UP));
        }
        BigDecimal rounded = d.round(new MathContext(2, RoundingMode.HALF_UP));
        f.setMaximumFractionDigits(Math.min(8, Math.max(2, rounded.scale())));
        return f.format(rounded);
    }

    /** {@code medication_error} → "Medication error"; a mixed-case spelling keeps its case. */
    private static String words(String code) {
        boolean oneCase = code.equals(code.toLowerCase(Locale.ROOT)) || code.equals(code.toUpperCase(Locale.ROOT));
        String spaced = code.replace('_', ' ');
        if (!oneCase) {
            return spaced;
        }
        String lower = spaced.toLowerCase(Locale.ROOT);
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }
}
