package org.tally.core.catalog;

import java.sql.Types;
import java.util.Locale;

/**
 * A column's type, normalised across databases so binding and profiling need not know driver type names.
 * Anything Tally cannot compare or group reliably (arrays, JSON, UUID, intervals, spatial, user types) is
 * {@link #OTHER}: it is kept in the catalog but never profiled beyond its null count.
 */
public enum TypeClass {
    TEMPORAL, NUMERIC, TEXT, BOOLEAN, BINARY, OTHER;

    /** Classifies a column from its {@code java.sql.Types} code and the database's own type name. */
    public static TypeClass of(int jdbcType, String typeName) {
        String name = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        // drivers report some non-scalar types under scalar codes: decide those by name first
        if (name.contains("json") || name.equals("uuid") || name.equals("uniqueidentifier")
                || name.startsWith("interval") || name.endsWith("[]") || name.startsWith("_")
                || name.equals("xml") || name.contains("geometry") || name.contains("geography")) {
            return OTHER;
        }
        if (name.equals("enum") || name.startsWith("enum(")) {
            return TEXT; // H2 reports ENUM as OTHER, MySQL as CHAR: either way a closed set of labels
        }
        return switch (jdbcType) {
            case Types.DATE, Types.TIME, Types.TIME_WITH_TIMEZONE, Types.TIMESTAMP,
                    Types.TIMESTAMP_WITH_TIMEZONE -> TEMPORAL;
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC,
                    Types.REAL, Types.FLOAT, Types.DOUBLE -> NUMERIC;
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR,
                    Types.CLOB, Types.NCLOB -> TEXT;
            case Types.BOOLEAN -> BOOLEAN;
            // PostgreSQL reports boolean and MySQL TINYINT(1) as BIT; a bit string (varbit) is not a flag
            case Types.BIT -> name.contains("varbit") || name.contains("varying") ? OTHER : BOOLEAN;
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> BINARY;
            default -> OTHER;
        };
    }

    /** True for integer types declared at most 16 bits wide: candidates for an exact value profile. */
    public static boolean isSmallInteger(int jdbcType) {
        return jdbcType == Types.TINYINT || jdbcType == Types.SMALLINT;
    }

    /** True for whole-number types (whose observed range may still qualify them for a value profile). */
    public static boolean isIntegral(int jdbcType) {
        return jdbcType == Types.TINYINT || jdbcType == Types.SMALLINT || jdbcType == Types.INTEGER
                || jdbcType == Types.BIGINT;
    }

    /** True for large-object text types that some databases cannot GROUP BY. */
    static boolean isLargeObject(int jdbcType) {
        return jdbcType == Types.CLOB || jdbcType == Types.NCLOB || jdbcType == Types.BLOB;
    }
}
