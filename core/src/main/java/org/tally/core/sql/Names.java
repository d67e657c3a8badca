package org.tally.core.sql;

/** Checks for physical names and aliases; quoting and escaping belong to the renderers. */
final class Names {

    private Names() {
    }

    static String require(String name, String field) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(field + " must be a non-blank name, got " + (name == null ? "null" : "'" + name + "'"));
        }
        return name;
    }
}
