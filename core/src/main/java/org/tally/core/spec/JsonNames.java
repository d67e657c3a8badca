package org.tally.core.spec;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Lenient parsing of the stable JSON names of the spec's enums. */
final class JsonNames {

    private JsonNames() {
    }

    /** Lower case with everything but letters and digits removed: "Primary_Key" and "primary key" meet. */
    static String key(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                out.append(Character.toLowerCase(c));
            }
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    static <E extends Enum<E>> E parse(Class<E> type, String text, Function<E, String> jsonName, String field) {
        E[] values = type.getEnumConstants();
        String accepted = Arrays.stream(values).map(jsonName).collect(Collectors.joining(", "));
        if (text == null || text.isBlank()) {
            throw new InvalidSpecException(field, "is missing", "give one of " + accepted);
        }
        String wanted = key(text);
        for (E value : values) {
            if (key(jsonName.apply(value)).equals(wanted) || key(value.name()).equals(wanted)) {
                return value;
            }
        }
        throw new InvalidSpecException(field, "'" + text + "' is not a known value", "use one of " + accepted);
    }
}
