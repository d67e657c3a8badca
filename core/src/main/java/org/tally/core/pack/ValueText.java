package org.tally.core.pack;

import java.math.BigDecimal;
import java.text.Normalizer;
import java.util.Locale;

/**
 * The comparison key of a value or phrase: lowercase, accents removed, every character that is not a letter or digit
 * dropped, so {@code "No-Show"}, {@code "no show"}, {@code "NO_SHOW"} and {@code "noshow"} compare equal, as do
 * {@code "C/S"} and {@code "CS"}. Numbers compare by value ({@code "1.0"} equals {@code "1"}), never by their digits.
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
        BigDecimal number = asNumber(trimmed);
        if (number != null) {
            return number.signum() == 0 ? "0" : number.stripTrailingZeros().toPlainString();
        }
        String plain = Normalizer.normalize(trimmed, Normalizer.Form.NFKD).toLowerCase(Locale.ROOT);
        StringBuilder key = new StringBuilder(plain.length());
        for (int i = 0; i < plain.length(); i++) {
            char c = plain.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                key.append(c);
            }
        }
        return key.toString();
    }

    private static BigDecimal asNumber(String text) {
        if (text.isEmpty() || !text.matches("[-+]?\\d+(\\.\\d+)?")) {
            return null;
        }
        return new BigDecimal(text);
    }
}
