package org.tally.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** The text being rendered and its parameters; in inline mode values are written as escaped literals instead. */
final class SqlOut {

    private final StringBuilder sql = new StringBuilder();
    private final List<SqlValue> parameters = new ArrayList<>();
    private final Function<SqlValue, String> inlineLiteral;

    /** @param inlineLiteral null for placeholder mode, else how each value is written inline */
    SqlOut(Function<SqlValue, String> inlineLiteral) {
        this.inlineLiteral = inlineLiteral;
    }

    SqlOut append(String text) {
        sql.append(text);
        return this;
    }

    void value(SqlValue v) {
        if (inlineLiteral == null) {
            sql.append('?');
            parameters.add(v);
        } else {
            sql.append(inlineLiteral.apply(v));
        }
    }

    /** Writes {@code template}, replacing {0}, {1}, … by running the matching argument (each may run many times). */
    void template(String template, Runnable... args) {
        int i = 0;
        while (i < template.length()) {
            int open = template.indexOf('{', i);
            if (open < 0 || open + 2 >= template.length() || template.charAt(open + 2) != '}'
                    || !Character.isDigit(template.charAt(open + 1))) {
                int end = open < 0 ? template.length() : open + 1;
                sql.append(template, i, end);
                i = end;
                continue;
            }
            sql.append(template, i, open);
            args[template.charAt(open + 1) - '0'].run();
            i = open + 3;
        }
    }

    String sql() {
        return sql.toString();
    }

    List<SqlValue> parameters() {
        return List.copyOf(parameters);
    }
}
