package org.tally.core.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.tally.core.dialect.Dialect;

/**
 * The golden suites' gold SQL, written for H2 over the demo schemas, in the dialect of another database for the
 * gold-ratio benchmark: the few H2 functions the suites use ({@code DATEDIFF('SECOND', a, b)}, {@code DATEADD('DAY',
 * n, x)}, {@code DATE_TRUNC('MONTH'|'YEAR', x)}) written the way that database spells them. Double quotes and
 * {@code ||} stay: the benchmark's MariaDB connection runs with {@code ANSI_QUOTES,PIPES_AS_CONCAT}. A gold statement
 * the translation cannot carry fails on the database and the benchmark reports it as having no gold there.
 */
final class GoldSql {

    private GoldSql() {
    }

    static String in(Dialect dialect, String h2Sql) {
        String sql = h2Sql.strip();
        if (dialect == Dialect.H2) {
            return sql;
        }
        boolean postgres = dialect == Dialect.POSTGRES;
        sql = replaceCalls(sql, "DATEDIFF", a -> unit(a.get(0)).equals("SECOND")
                ? (postgres ? "EXTRACT(EPOCH FROM (CAST(" + a.get(2) + " AS TIMESTAMP) - CAST(" + a.get(1)
                        + " AS TIMESTAMP)))" : "TIMESTAMPDIFF(SECOND, " + a.get(1) + ", " + a.get(2) + ")")
                : null);
        sql = replaceCalls(sql, "DATEADD", a -> unit(a.get(0)).equals("DAY")
                ? (postgres ? "(" + a.get(2) + " + (" + a.get(1) + ") * INTERVAL '1 day')"
                        : "DATE_ADD(" + a.get(2) + ", INTERVAL (" + a.get(1) + ") DAY)")
                : null);
        if (!postgres) {
            sql = replaceCalls(sql, "DATE_TRUNC", a -> switch (unit(a.get(0))) {
                case "MONTH" -> "CAST(DATE_FORMAT(" + a.get(1) + ", '%Y-%m-01') AS DATE)";
                case "YEAR" -> "MAKEDATE(YEAR(" + a.get(1) + "), 1)";
                default -> null;
            });
        }
        return sql;
    }

    private static String unit(String quoted) {
        return quoted.strip().replace("'", "").toUpperCase(Locale.ROOT);
    }

    /** Every call {@code name(args)} rewritten by {@code rewrite} (null: left as it is), innermost calls first. */
    static String replaceCalls(String sql, String name, Function<List<String>, String> rewrite) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        String upper = sql.toUpperCase(Locale.ROOT);
        while (i < sql.length()) {
            int at = upper.indexOf(name + "(", i);
            if (at < 0 || (at > 0 && (Character.isLetterOrDigit(sql.charAt(at - 1)) || sql.charAt(at - 1) == '_'))) {
                int end = at < 0 ? sql.length() : at + 1;
                out.append(sql, i, end);
                i = end;
                continue;
            }
            int open = at + name.length();
            int close = closing(sql, open);
            List<String> args = new ArrayList<>();
            for (String arg : split(sql.substring(open + 1, close))) {
                args.add(replaceCalls(arg, name, rewrite));
            }
            String replaced = rewrite.apply(args);
            out.append(sql, i, at).append(replaced != null ? replaced : name + "(" + String.join(", ", args) + ")");
            i = close + 1;
        }
        return out.toString();
    }

    private static int closing(String sql, int open) {
        int depth = 0;
        boolean quoted = false;
        for (int i = open; i < sql.length(); i++) {
            char c = sql.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')' && --depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("unbalanced parentheses in gold SQL: " + sql);
    }

    private static List<String> split(String args) {
        List<String> out = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < args.length(); i++) {
            char c = args.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == '(') {
                depth++;
            } else if (!quoted && c == ')') {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                out.add(args.substring(start, i).strip());
                start = i + 1;
            }
        }
        out.add(args.substring(start).strip());
        return out;
    }
}
