package org.tally.core.sql;

import java.util.Objects;

/**
 * The small, declarative differences between dialects; behaviour that needs code lives in the renderer subclass.
 *
 * @param openQuote            opening identifier quote
 * @param closeQuote           closing identifier quote; doubled inside an identifier to escape it
 * @param limitStyle           how row limits are written
 * @param booleanLiterals      whether TRUE/FALSE exist (SQL Server compares bits with 1/0)
 * @param medianAggregate      whether the database has an ordered-set or plain aggregate for the median
 * @param explicitNullOrdering whether ORDER BY must say NULLS FIRST/LAST to get "NULLs sort low"
 */
public record DialectTraits(String openQuote, String closeQuote, LimitStyle limitStyle, boolean booleanLiterals,
                            boolean medianAggregate, boolean explicitNullOrdering) {

    public enum LimitStyle {
        /** {@code LIMIT n OFFSET m} at the end. */
        LIMIT_OFFSET,
        /** {@code SELECT TOP (n)} without an offset, else {@code OFFSET m ROWS FETCH NEXT n ROWS ONLY}. */
        TOP_OR_OFFSET_FETCH,
        /** ANSI {@code OFFSET m ROWS FETCH FIRST n ROWS ONLY}. */
        OFFSET_FETCH
    }

    public DialectTraits {
        Names.require(openQuote, "DialectTraits.openQuote");
        Names.require(closeQuote, "DialectTraits.closeQuote");
        Objects.requireNonNull(limitStyle, "DialectTraits.limitStyle");
    }

    /** The identifier quoted, with the closing quote character doubled inside it. */
    public String quote(String identifier) {
        return openQuote + identifier.replace(closeQuote, closeQuote + closeQuote) + closeQuote;
    }
}
