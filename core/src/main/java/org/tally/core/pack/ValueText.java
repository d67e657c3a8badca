package org.tally.core.pack;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.Locale;

/**
 * The comparison key of a value or phrase: lowercase, accents removed, every character that is not a letter, a digit
 * or a percent sign dropped, so {@code "No-Show"}, {@code "no show"}, {@code "NO_SHOW"} and {@code "noshow"} compare
 * equal, as do {@code "C/S"} and {@code "CS"}. Numbers compare by value ({@code "1.0"} equals {@code "1"}), never by
 * their digits. The percent sign stays because it changes what a number means: a typed "5%" must not match a stored
 * "5" (ward 5, grade 5), while "0.9%" still matches "0.9 %".
 */
public final class ValueText {
    private ValueText() {
    }

    /** The comparison key; empty when the text has no letters or digits. */
    public static String key(String text) {
        if (text == null) {
            return "";
        }
        String trimmed = text.trim();
        if (isPlainNumber(trimmed)) {
            BigDecimal number = new BigDecimal(trimmed);
            return number.signum() == 0 ? "0" : number.stripTrailingZeros().toPlainString();
        }
        // the grammar asks for keys of every observed value of every column it tries: plain ASCII (nearly all
        // text) needs no Unicode decomposition, and gives the same key as the general path below
        String ascii = asciiKey(trimmed);
        return ascii != null ? ascii : unicodeKey(trimmed);
    }

    /** The key of pure ASCII text (letters lower-cased, everything else but digits and '%' dropped); null otherwise. */
    private static String asciiKey(String text) {
        StringBuilder key = null;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                return null;
            }
            boolean keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '%';
            if (keep && key == null) {
                continue; // so far the text is its own key
            }
            if (key == null) {
                key = new StringBuilder(n).append(text, 0, i);
            }
            if (keep) {
                key.append(c);
            } else if (c >= 'A' && c <= 'Z') {
                key.append((char) (c + ('a' - 'A')));
            }
        }
        return key == null ? text : key.toString();
    }

    static String unicodeKey(String trimmed) {
        String plain = Normalizer.normalize(trimmed, Normalizer.Form.NFKD).toLowerCase(Locale.ROOT);
        StringBuilder key = new StringBuilder(plain.length());
        for (int i = 0; i < plain.length(); i++) {
            char c = plain.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '%') {
                key.append(c);
            }
        }
        return key.toString();
    }

    /** {@code [-+]?[0-9]+(\.[0-9]+)?}, checked by hand: this runs far too often to compile a pattern each time. */
    static boolean isPlainNumber(String text) {
        int n = text.length();
        int i = 0;
        if (i < n && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(text.charAt(i))) {
            i++;
            digits++;
        }
        if (digits == 0) {
            return false;
        }
        if (i == n) {
            return true;
        }
        if (text.charAt(i) != '.') {
            return false;
        }
        i++;
        int fraction = 0;
        while (i < n && isDigit(text.charAt(i))) {
            i++;
            fraction++;
        }
        return fraction > 0 && i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
