package org.tally.core.eval;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the EHRSQL answer file's values: a Python literal list of rows ({@code [['iv'], ['iv drip']]}), each row a
 * list or tuple of strings, numbers or None. Nothing else of Python is accepted.
 */
final class PythonRows {

    private final String text;
    private int at;

    private PythonRows(String text) {
        this.text = text;
    }

    /** The rows; a malformed literal is an {@link IllegalArgumentException} naming where it went wrong. */
    static List<List<Object>> parse(String literal) {
        PythonRows p = new PythonRows(literal);
        List<Object> outer = p.sequence();
        p.skipSpace();
        if (p.at != p.text.length()) {
            throw p.error("text after the list");
        }
        List<List<Object>> rows = new ArrayList<>(outer.size());
        for (Object row : outer) {
            if (!(row instanceof List<?> values)) {
                throw new IllegalArgumentException("an answer row is not a list: " + row);
            }
            rows.add(new ArrayList<>(values));
        }
        return rows;
    }

    private List<Object> sequence() {
        skipSpace();
        char open = peek();
        if (open != '[' && open != '(') {
            throw error("a list");
        }
        char close = open == '[' ? ']' : ')';
        at++;
        List<Object> out = new ArrayList<>();
        skipSpace();
        if (peek() == close) {
            at++;
            return out;
        }
        while (true) {
            out.add(value());
            skipSpace();
            char c = peek();
            at++;
            if (c == close) {
                return out;
            }
            if (c != ',') {
                throw error("',' or '" + close + "'");
            }
            skipSpace();
            if (peek() == close) {
                at++;
                return out;
            }
        }
    }

    private Object value() {
        skipSpace();
        char c = peek();
        if (c == '[' || c == '(') {
            return sequence();
        }
        if (c == '\'' || c == '"') {
            return string(c);
        }
        if (text.startsWith("None", at)) {
            at += 4;
            return null;
        }
        if (text.startsWith("True", at)) {
            at += 4;
            return Boolean.TRUE;
        }
        if (text.startsWith("False", at)) {
            at += 5;
            return Boolean.FALSE;
        }
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        try {
            return new BigDecimal(text.substring(start, at));
        } catch (NumberFormatException e) {
            at = start;
            throw error("a value");
        }
    }

    private String string(char quote) {
        at++;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("the end of a string");
            }
            char c = text.charAt(at++);
            if (c == quote) {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw error("an escaped character");
            }
            char e = text.charAt(at++);
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case '0' -> out.append('\0');
                case 'x' -> out.append((char) hex(2));
                case 'u' -> out.append((char) hex(4));
                case 'U' -> out.appendCodePoint(hex(8));
                default -> out.append(e); // \\, \', \" and anything else Python keeps as the character
            }
        }
    }

    private int hex(int digits) {
        if (at + digits > text.length()) {
            throw error(digits + " hex digits");
        }
        try {
            int v = Integer.parseInt(text.substring(at, at + digits), 16);
            at += digits;
            return v;
        } catch (NumberFormatException e) {
            throw error(digits + " hex digits");
        }
    }

    private char peek() {
        if (at >= text.length()) {
            throw error("more text");
        }
        return text.charAt(at);
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private IllegalArgumentException error(String wanted) {
        return new IllegalArgumentException("expected " + wanted + " at character " + at + " of " + abbreviated());
    }

    private String abbreviated() {
        return text.length() <= 80 ? text : text.substring(0, 80) + "…";
    }
}
