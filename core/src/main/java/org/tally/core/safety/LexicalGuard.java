package org.tally.core.safety;

import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.LexicalRules;

/**
 * Reads the statement the way the target database's lexer does and removes its comments, refusing the few
 * lexical constructs where the parser and the database could disagree about what is code and what is data.
 *
 * <p>Why: JSqlParser uses one lexer for every dialect. Where it ends a string or comment at a different place than
 * the database, text it takes for data would run as code (for example {@code E'a\'' , pg_sleep(10) -- '} is one
 * string to the parser but a {@code pg_sleep} call to PostgreSQL). So before parsing we refuse, by the dialect's
 * {@link LexicalRules}:
 * <ul>
 *   <li>backslashes inside string literals where they may escape (PostgreSQL's E-strings and
 *       {@code standard_conforming_strings}, MySQL's {@code NO_BACKSLASH_ESCAPES} change their meaning);</li>
 *   <li>{@code $} outside quotes where it starts dollar-quoted strings or positional parameters;</li>
 *   <li>double-quoted text where it is a string or an identifier depending on a server mode;</li>
 *   <li>backticks where they quote nothing, nested block comments, executable comments {@code /*! … *&#47;} and
 *       {@code --} not followed by a space where that reads as two minus signs;</li>
 *   <li>control and invisible format characters outside quotes.</li>
 * </ul>
 * Comments are replaced by spaces, so what the parser sees has no comments at all.
 */
final class LexicalGuard {

    private LexicalGuard() {
    }

    /** Deeper nesting is refused before parsing: the parser's backtracking grows fast with depth. */
    static final int MAX_PARENTHESIS_DEPTH = 48;

    /** The statement with comments replaced by spaces. @throws UnsafeSqlException naming the construct */
    static String stripComments(String sql, Dialect dialect) {
        LexicalRules rules = dialect.rules().lexical();
        StringBuilder out = new StringBuilder(sql.length());
        int n = sql.length();
        int i = 0;
        int depth = 0;
        while (i < n) {
            char c = sql.charAt(i);
            char next = i + 1 < n ? sql.charAt(i + 1) : '\0';
            if (c == '\'') {
                i = quoted(sql, i, '\'', out, rules.backslashEscapes());
            } else if (c == '"') {
                if (rules.ambiguousDoubleQuotes()) {
                    throw new UnsafeSqlException("double quotes are ambiguous on " + dialect.displayName() + " (a string"
                            + " or a name, depending on the server's ANSI_QUOTES mode): quote names with backticks and"
                            + " strings with single quotes");
                }
                i = quoted(sql, i, '"', out, false);
            } else if (c == '`') {
                if (!rules.backtickNames()) {
                    throw new UnsafeSqlException("backtick quoting is MySQL syntax; on " + dialect.displayName()
                            + " quote names" + (rules.bracketNames() ? " with [brackets] or double quotes"
                            : " with double quotes"));
                }
                i = quoted(sql, i, '`', out, false);
            } else if (c == '[' && rules.bracketNames()) {
                i = quoted(sql, i, ']', out, false);
            } else if (c == '-' && next == '-') {
                if (rules.dashDashNeedsSpace() && i + 2 < n && !Character.isWhitespace(sql.charAt(i + 2))) {
                    throw new UnsafeSqlException("'--' without a following space is not a comment on "
                            + dialect.displayName() + " (it reads as two minus signs): write '-- ' for a comment or"
                            + " '- -' for arithmetic");
                }
                i = blank(sql, i, lineEnd(sql, i), out);
            } else if (c == '#' && rules.hashComments()) {
                i = blank(sql, i, lineEnd(sql, i), out);
            } else if (c == '/' && next == '*') {
                i = blank(sql, i, blockComment(sql, i, dialect, rules), out);
            } else if (c == '$' && rules.dollarQuoting()) {
                throw new UnsafeSqlException("'$' outside quotes (dollar-quoted strings or $n parameters) is not"
                        + " accepted: use single-quoted strings and ? parameters");
            } else {
                checkCodeCharacter(c);
                if (c == '(' && ++depth > MAX_PARENTHESIS_DEPTH) {
                    throw new UnsafeSqlException("the statement nests parentheses more than " + MAX_PARENTHESIS_DEPTH
                            + " deep: simplify it");
                } else if (c == ')') {
                    depth--;
                }
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static int quoted(String sql, int start, char close, StringBuilder out, boolean refuseBackslash) {
        int n = sql.length();
        int i = start + 1;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\\' && refuseBackslash) {
                throw new UnsafeSqlException("a backslash inside a string literal is read differently depending on"
                        + " server settings (escape strings, backslash escapes): remove it, e.g. use CHR(92) or a"
                        + " LIKE ... ESCAPE clause with another character");
            }
            if (c == close) {
                if (i + 1 < n && sql.charAt(i + 1) == close) {
                    i += 2; // doubled quote: an escaped quote, still inside
                    continue;
                }
                out.append(sql, start, i + 1);
                return i + 1;
            }
            i++;
        }
        // unterminated: hand it to the parser, which reports where
        out.append(sql, start, n);
        return n;
    }

    /** Replaces a comment by spaces (keeping line breaks) so the parser's line and column numbers still fit. */
    private static int blank(String sql, int from, int to, StringBuilder out) {
        for (int k = from; k < to; k++) {
            char c = sql.charAt(k);
            out.append(c == '\n' || c == '\r' ? c : ' ');
        }
        return to;
    }

    private static int lineEnd(String sql, int i) {
        int n = sql.length();
        while (i < n && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
            i++;
        }
        return i;
    }

    private static int blockComment(String sql, int start, Dialect dialect, LexicalRules rules) {
        int n = sql.length();
        if (rules.executableComments() && start + 2 < n && sql.charAt(start + 2) == '!') {
            throw new UnsafeSqlException(dialect.displayName() + " executable comments /*! ... */ run their content"
                    + " as SQL: write the SQL without the comment");
        }
        int i = start + 2;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                throw new UnsafeSqlException("nested block comments are read differently by databases: remove the"
                        + " inner /*");
            }
            if (c == '*' && i + 1 < n && sql.charAt(i + 1) == '/') {
                return i + 2;
            }
            i++;
        }
        throw new UnsafeSqlException("unterminated block comment: close it with */ or remove it");
    }

    private static void checkCodeCharacter(char c) {
        if (c == '\t' || c == '\n' || c == '\r' || c == ' ') {
            return;
        }
        int type = Character.getType(c);
        if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.UNASSIGNED
                || type == Character.SURROGATE || type == Character.PRIVATE_USE
                || (c > 127 && Character.isWhitespace(c)) || type == Character.SPACE_SEPARATOR) {
            throw new UnsafeSqlException(String.format("invisible or control character U+%04X outside quotes:"
                    + " remove it", (int) c));
        }
    }
}
