package org.tally.core.demo;

import java.sql.Types;
import org.tally.core.dialect.Dialect;

/** A column type of the demo schemas, rendered per dialect. */
record SqlType(Kind kind, int length, int scale) {

    public enum Kind { INTEGER, VARCHAR, CHAR, DATE, TIMESTAMP, BOOLEAN, DECIMAL }

    public SqlType {
        if (kind == null) {
            throw new IllegalArgumentException("kind is required");
        }
    }

    static SqlType integer() {
        return new SqlType(Kind.INTEGER, 0, 0);
    }

    static SqlType varchar(int length) {
        return new SqlType(Kind.VARCHAR, length, 0);
    }

    static SqlType fixedChar(int length) {
        return new SqlType(Kind.CHAR, length, 0);
    }

    static SqlType date() {
        return new SqlType(Kind.DATE, 0, 0);
    }

    static SqlType timestamp() {
        return new SqlType(Kind.TIMESTAMP, 0, 0);
    }

    static SqlType bool() {
        return new SqlType(Kind.BOOLEAN, 0, 0);
    }

    static SqlType decimal(int precision, int scale) {
        return new SqlType(Kind.DECIMAL, precision, scale);
    }

    /** The type as the documentation shows it (standard SQL). */
    public String display() {
        return switch (kind) {
            case VARCHAR -> "VARCHAR(" + length + ")";
            case CHAR -> "CHAR(" + length + ")";
            case DECIMAL -> "DECIMAL(" + length + "," + scale + ")";
            default -> kind.name();
        };
    }

    /** The type in {@code dialect}'s DDL. */
    public String ddl(Dialect dialect) {
        return switch (kind) {
            case TIMESTAMP -> dialect.rules().timestampType();
            case BOOLEAN -> dialect.rules().booleanType();
            default -> display();
        };
    }

    int jdbcType() {
        return switch (kind) {
            case INTEGER -> Types.INTEGER;
            case VARCHAR -> Types.VARCHAR;
            case CHAR -> Types.CHAR;
            case DATE -> Types.DATE;
            case TIMESTAMP -> Types.TIMESTAMP;
            case BOOLEAN -> Types.BOOLEAN;
            case DECIMAL -> Types.DECIMAL;
        };
    }
}
