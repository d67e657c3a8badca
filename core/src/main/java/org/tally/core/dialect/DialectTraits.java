package org.tally.core.dialect;

import java.util.Objects;

/**
 * The small, declarative differences the compiler's renderer reads; behaviour that needs code is a hook of
 * {@link SqlDialect}.
 *
 * @param openQuote            opening identifier quote
 * @param closeQuote           closing identifier quote; doubled inside an identifier to escape it
 * @param limitStyle           how row limits are written (by the compiler and by the safety policy's row bound)
 * @param booleanLiterals      whether TRUE/FALSE exist (SQL Server compares bits with 1/0)
 * @param explicitNullOrdering whether ORDER BY must say NULLS FIRST/LAST to get "NULLs sort low"
 */
public record DialectTraits(String openQuote, String closeQuote, LimitStyle limitStyle, boolean booleanLiterals,
                            boolean explicitNullOrdering) {

    public enum LimitStyle {
        /** {@code LIMIT n OFFSET m} at the end. */
        LIMIT_OFFSET,
        /** {@code SELECT TOP (n)} without an offset, else {@code OFFSET m ROWS FETCH NEXT n ROWS ONLY}. */
        TOP_OR_OFFSET_FETCH,
        /** ANSI {@code OFFSET m ROWS FETCH FIRST n ROWS ONLY}. */
        OFFSET_FETCH
    }

    public DialectTraits {
        requireText(openQuote, "openQuote");
        requireText(closeQuote, "closeQuote");
        Objects.requireNonNull(limitStyle, "DialectTraits.limitStyle");
    }

    /** The identifier quoted, with the closing quote character doubled inside it. */
    public String quote(String identifier) {
        return openQuote + identifier.replace(closeQuote, closeQuote + closeQuote) + closeQuote;
    }

    private static void requireText(String value, String field) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("DialectTraits." + field + " is required");
        }
    }
}
