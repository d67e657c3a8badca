package org.tally.core.binding;

/**
 * Binding stopped on something it did not expect (a defect, never a property of the schema the binder refuses to
 * handle): says which step, and which table and column it was working on, so the administrator and the log can
 * tell where. The cause keeps the stack trace.
 */
public final class BindingException extends RuntimeException {

    private final String step;
    private final String table;
    private final String column;

    public BindingException(String step, String table, String column, RuntimeException cause) {
        super(describe(step, table, column, cause), cause);
        this.step = step;
        this.table = table;
        this.column = column;
    }

    /** The step of the binding that stopped ("assigning column roles", "scoring concepts" …). */
    public String step() {
        return step;
    }

    /** The table being bound when it stopped, or null when the step was about the whole schema. */
    public String table() {
        return table;
    }

    /** The column being bound when it stopped, or null. */
    public String column() {
        return column;
    }

    private static String describe(String step, String table, String column, RuntimeException cause) {
        String where = table == null ? "" : " of table " + table + (column == null ? "" : ", column " + column);
        String why = cause.getMessage() == null ? cause.getClass().getSimpleName()
                : cause.getClass().getSimpleName() + ": " + cause.getMessage();
        return "binding stopped while " + step + where + " (" + why + ")";
    }
}
