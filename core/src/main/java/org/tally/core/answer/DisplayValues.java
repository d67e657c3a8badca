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
 * A column reads its codes one way: where its text values are all codes of one case (lower case, or upper case
 * beside an upper-case code with underscores), a single-word code of four letters or more reads as a word too
 * ({@code fall} beside {@code medication_error} → "Fall"; {@code pending}, {@code completed} → "Pending",
 * "Completed"). Shorter words are left as stored (units and routes such as {@code mg}, {@code iv}), and so is any
 * column holding a proper value (a capitalised or mixed-case name such as "Maternity A", an acronym such as "ICU"):
 * its values are names, not codes. It knows nothing of the binding: labels a binding gives (a lookup's description,
 * a pack's value class) replace it where they exist. The exact values stay in the answer's rows; this is only what
 * is shown.
 */
public final class DisplayValues {

    private static final Pattern SNAKE_CODE = Pattern.compile("[A-Za-z]+(_[A-Za-z]+)+");
    private static final Pattern LOWER_CODE = Pattern.compile("[a-z]+(_[a-z]+)*");
    private static final Pattern UPPER_CODE = Pattern.compile("[A-Z]+(_[A-Z]+)*");
    private static final Pattern UPPER_SNAKE = Pattern.compile("[A-Z]+(_[A-Z]+)+");
    /** Below this many letters a single lower-case word is more likely an abbreviation (mg, iv) than a code. */
    static final int SHORTEST_WORD_CODE = 4;
    private static final Pattern ISO_TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?");

    private DisplayValues() {
    }

    /** The rows as read by people, same shape as {@code rows}; null when no value reads differently from its text. */
    public static List<List<String>> readable(List<List<Object>> rows, Locale locale) {
        List<List<String>> out = new ArrayList<>(rows.size());
        boolean[] wordCodes = wordCodeColumns(rows);
        boolean differs = false;
        for (List<Object> row : rows) {
            List<String> shown = new ArrayList<>(row.size());
            for (int c = 0; c < row.size(); c++) {
                Object v = row.get(c);
                String text = c < wordCodes.length && wordCodes[c] && v instanceof String word
                        && word.length() >= SHORTEST_WORD_CODE && (LOWER_CODE.matcher(word).matches()
                        || UPPER_CODE.matcher(word).matches()) ? words(word) : cell(v, locale);
                differs |= !text.equals(plain(v));
                shown.add(text);
            }
            out.add(List.copyOf(shown));
        }
        return differs ? List.copyOf(out) : null;
    }

    /**
     * Per column: do its single words read as codes? Yes where every text value is a code of one case and, for upper
     * case (which is also how acronyms are written), at least one is spelled with underscores.
     */
    private static boolean[] wordCodeColumns(List<List<Object>> rows) {
        int width = rows.stream().mapToInt(List::size).max().orElse(0);
        boolean[] codes = new boolean[width];
        for (int c = 0; c < width; c++) {
            boolean lower = true;
            boolean upper = true;
            boolean upperSnake = false;
            boolean text = false;
            for (List<Object> row : rows) {
                Object v = c < row.size() ? row.get(c) : null;
                if (v == null) {
                    continue;
                }
                if (!(v instanceof String s)) {
                    lower = upper = false;
                    break;
                }
                text = true;
                lower &= LOWER_CODE.matcher(s).matches();
                upper &= UPPER_CODE.matcher(s).matches();
                upperSnake |= UPPER_SNAKE.matcher(s).matches();
            }
            codes[c] = text && (lower || upper && upperSnake);
        }
        return codes;
    }

    /** One value as read by people, on its own (a column's reading is {@link #readable}). */
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
