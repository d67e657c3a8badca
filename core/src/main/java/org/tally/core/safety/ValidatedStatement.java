package org.tally.core.safety;

import java.util.List;
import java.util.Objects;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.LexicalRules;

/**
 * A statement the safety policy allowed, in the policy's own rendering of what it checked (with the outer row bound),
 * for the database it was checked for. Only {@link SqlSafetyPolicy} creates one, and the executor runs nothing else:
 * "validated before executed" holds by type. Values travel beside it as bound parameters.
 */
public final class ValidatedStatement {

    private final String sql;
    private final Dialect dialect;

    ValidatedStatement(String sql, Dialect dialect) {
        this.sql = Objects.requireNonNull(sql, "sql");
        this.dialect = Objects.requireNonNull(dialect, "dialect");
    }

    /** The text to execute, with {@code ?} placeholders for the bound values. */
    public String sql() {
        return sql;
    }

    public Dialect dialect() {
        return dialect;
    }

    /**
     * The statement as shown to people: each {@code ?} placeholder (outside quotes) replaced by the literal written
     * for its value, in order; null when the number of placeholders is not the number of literals. Never executed:
     * the executed statement carries the values as parameters.
     */
    public String withValuesWritten(List<String> literals) {
        LexicalRules rules = dialect.rules().lexical();
        StringBuilder out = new StringBuilder(sql.length() + 16 * literals.size());
        int next = 0;
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            char close = c == '\'' || c == '"' ? c : c == '`' && rules.backtickNames() ? '`'
                    : c == '[' && rules.bracketNames() ? ']' : 0;
            if (close != 0) {
                int end = closing(sql, i + 1, close);
                out.append(sql, i, end);
                i = end;
            } else if (c == '?') {
                if (next == literals.size()) {
                    return null;
                }
                out.append(literals.get(next++));
                i++;
            } else {
                out.append(c);
                i++;
            }
        }
        return next == literals.size() ? out.toString() : null;
    }

    /** The index after the quote that closes one opened before {@code from} (a doubled quote stays inside). */
    private static int closing(String sql, int from, char close) {
        int i = from;
        while (i < sql.length()) {
            if (sql.charAt(i) == close) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == close) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ValidatedStatement other && sql.equals(other.sql) && dialect == other.dialect;
    }

    @Override
    public int hashCode() {
        return 31 * sql.hashCode() + dialect.hashCode();
    }

    @Override
    public String toString() {
        return "ValidatedStatement[" + dialect.id() + ": " + sql + "]";
    }
}
