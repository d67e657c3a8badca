package org.tally.ui.result;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.List;

/**
 * Writes a result as RFC 4180 CSV: a header line, values as the answer carries them (numbers unformatted,
 * ISO dates), fields quoted when they hold a comma, quote or line break. A text value that a spreadsheet would
 * run as a formula (starting with = + - @) is prefixed with an apostrophe, so opening the file runs nothing.
 */
public final class CsvExport {

    private CsvExport() {
    }

    public static void write(List<String> columns, List<List<Object>> rows, Writer out) throws IOException {
        writeLine(List.copyOf(columns), out);
        for (List<Object> row : rows) {
            writeLine(row, out);
        }
        out.flush();
    }

    private static void writeLine(List<?> values, Writer out) throws IOException {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(field(values.get(i)));
        }
        out.write("\r\n");
    }

    static String field(Object v) {
        if (v == null) {
            return "";
        }
        String s = v instanceof BigDecimal d ? d.toPlainString() : v.toString();
        if (v instanceof String && !s.isEmpty() && "=+-@".indexOf(s.charAt(0)) >= 0) {
            s = "'" + s;
        }
        if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
