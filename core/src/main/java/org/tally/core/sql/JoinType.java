package org.tally.core.sql;

public enum JoinType {
    INNER, LEFT
}
