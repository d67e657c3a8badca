package org.tally.core.catalog;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which tables a refresh reads: include and exclude globs ({@code *} any run, {@code ?} one character),
 * matched against the bare table name ignoring case. No include pattern means every table; an exclude wins.
 */
public record NamePatterns(List<String> include, List<String> exclude) {

    public static final NamePatterns ALL = new NamePatterns(List.of(), List.of());

    public NamePatterns {
        include = List.copyOf(include);
        exclude = List.copyOf(exclude);
        for (String glob : include) {
            requireGlob(glob, "include");
        }
        for (String glob : exclude) {
            requireGlob(glob, "exclude");
        }
    }

    public boolean accepts(String tableName) {
        boolean included = include.isEmpty() || include.stream().anyMatch(g -> matches(g, tableName));
        return included && exclude.stream().noneMatch(g -> matches(g, tableName));
    }

    static boolean matches(String glob, String name) {
        StringBuilder regex = new StringBuilder();
        for (char ch : glob.toCharArray()) {
            if (ch == '*') {
                regex.append(".*");
            } else if (ch == '?') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(ch)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE | Pattern.DOTALL)
                .matcher(name).matches();
    }

    private static void requireGlob(String glob, String field) {
        if (glob == null || glob.isBlank()) {
            throw new IllegalArgumentException(field + " pattern must not be blank; use * to match every table");
        }
        if (glob.toLowerCase(Locale.ROOT).contains("%")) {
            throw new IllegalArgumentException(field + " pattern '" + glob + "' uses %; patterns are globs: use *");
        }
    }
}
