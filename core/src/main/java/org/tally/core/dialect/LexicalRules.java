package org.tally.core.dialect;

/**
 * How a database reads the characters of a statement where databases disagree, for the safety policy's lexical
 * guard: constructs whose meaning depends on server settings, or that JSqlParser could read differently from the
 * database, are refused rather than interpreted.
 *
 * @param backslashEscapes     a backslash inside a string may escape (E-strings, MySQL without NO_BACKSLASH_ESCAPES)
 * @param ambiguousDoubleQuotes double quotes delimit a string or a name depending on a server mode (MySQL's
 *                             ANSI_QUOTES)
 * @param backtickNames        names may be quoted with backticks
 * @param bracketNames         names may be quoted with [brackets] (and the parser must read them so)
 * @param hashComments         {@code #} starts a comment to the end of the line
 * @param dashDashNeedsSpace   {@code --} starts a comment only when a space follows (else it is two minus signs)
 * @param executableComments   {@code /*! … *&#47;} runs its content as SQL
 * @param dollarQuoting        {@code $} outside quotes starts a dollar-quoted string or a {@code $n} parameter
 */
public record LexicalRules(boolean backslashEscapes, boolean ambiguousDoubleQuotes, boolean backtickNames,
                           boolean bracketNames, boolean hashComments, boolean dashDashNeedsSpace,
                           boolean executableComments, boolean dollarQuoting) {

    /** Standard SQL: single-quoted strings with doubled quotes, double-quoted names, {@code --} and block comments. */
    public static final LexicalRules STANDARD = new LexicalRules(false, false, false, false, false, false, false,
            false);
}
