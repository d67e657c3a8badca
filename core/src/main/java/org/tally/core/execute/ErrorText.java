package org.tally.core.execute;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads driver exceptions: whether one means "timed out", and a one-line message that is safe to show and
 * log. Databases echo bad input back ({@code invalid input syntax for type integer: "..."}), and bound values
 * may be patient data, so every parameter's text is masked out of the message.
 */
final class ErrorText {

    static final String MASK = "[parameter]";

    /** SQLSTATEs of statements stopped by a timeout (or a cancel; the handle tells the two apart). */
    private static final Set<String> TIMEOUT_STATES = Set.of(
            "57014", // PostgreSQL query_canceled, H2 statement canceled
            "70100", // MySQL/MariaDB query interrupted (max_statement_time, KILL QUERY)
            "HYT00", "HYT01"); // ODBC-style timeouts (SQL Server)
    /** Vendor codes: MariaDB max_statement_time, MySQL max_execution_time, MySQL/MariaDB interrupted. */
    private static final Set<Integer> TIMEOUT_CODES = Set.of(1969, 3024, 1317);

    private ErrorText() {
    }

    static boolean isTimeoutOrCancel(SQLException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTimeoutException) {
                return true;
            }
            // Set.of refuses contains(null), and many driver exceptions carry no SQLSTATE
            if (t instanceof SQLException s && ((s.getSQLState() != null && TIMEOUT_STATES.contains(s.getSQLState()))
                    || TIMEOUT_CODES.contains(s.getErrorCode()))) {
                return true;
            }
        }
        return false;
    }

    /** The driver's first line, parameter values masked, never empty. */
    static String describe(Throwable e, List<SqlParameter> parameters) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            message = e.getClass().getSimpleName();
        }
        int newline = message.indexOf('\n');
        if (newline >= 0) {
            message = message.substring(0, newline);
        }
        return mask(message.strip(), parameters);
    }

    static String mask(String message, List<SqlParameter> parameters) {
        List<Map.Entry<String, Boolean>> forms = new ArrayList<>();
        for (SqlParameter p : parameters) {
            for (String text : textsOf(p)) {
                // short values and numbers only as whole tokens, so masking "5" leaves "line 15" readable
                forms.add(Map.entry(text, !(p instanceof SqlParameter.Text) || text.length() <= 3));
            }
        }
        // longest first, so a value's long form is masked whole rather than around a shorter form's hole
        forms.sort(Comparator.comparingInt((Map.Entry<String, Boolean> f) -> f.getKey().length()).reversed());
        String out = message;
        for (Map.Entry<String, Boolean> form : forms) {
            Pattern pattern = form.getValue()
                    ? Pattern.compile("(?<![\\w.])" + Pattern.quote(form.getKey()) + "(?![\\w.])")
                    : Pattern.compile(Pattern.quote(form.getKey()));
            out = pattern.matcher(out).replaceAll(Matcher.quoteReplacement(MASK));
        }
        return out;
    }

    /** The ways a database may print the value back. */
    private static List<String> textsOf(SqlParameter p) {
        if (p instanceof SqlParameter.Text t) {
            return t.value().isEmpty() ? List.of() : List.of(t.value());
        }
        if (p instanceof SqlParameter.Whole w) {
            return List.of(Long.toString(w.value()));
        }
        if (p instanceof SqlParameter.Decimal d) {
            return List.of(d.value().toPlainString(), d.value().stripTrailingZeros().toPlainString());
        }
        if (p instanceof SqlParameter.Real r) {
            return List.of(Double.toString(r.value()), BigDecimal.valueOf(r.value()).stripTrailingZeros().toPlainString());
        }
        if (p instanceof SqlParameter.Day d) {
            return List.of(d.value().toString());
        }
        if (p instanceof SqlParameter.Moment m) {
            String seconds = m.value().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
            return List.of(m.value().toString(), m.value().toString().replace('T', ' '), seconds,
                    seconds.replace(' ', 'T'));
        }
        if (p instanceof SqlParameter.Bool || p instanceof SqlParameter.Null) {
            return List.of(); // true/false/null identify nobody, and masking them would mangle messages
        }
        throw new AssertionError(p);
    }
}
