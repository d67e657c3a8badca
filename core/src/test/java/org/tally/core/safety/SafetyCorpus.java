package org.tally.core.safety;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.tally.core.dialect.Dialect;

/**
 * The test corpora under {@code safety/}: tab-separated lines of dialect, an expectation and the statement. The
 * statement may hold the escapes \\ \n \0 and \\uXXXX so that line breaks and invisible characters fit on one line.
 */
public record SafetyCorpus(Dialect dialect, String expectation, String sql, int lineNumber) {

    /** The allow-list every corpus statement is checked against: four tables in the dialect's default schema. */
    public static AllowedRelations hospitalTables(Dialect dialect) {
        return AllowedRelations.of(DEFAULT_SCHEMAS.get(dialect), "patients", "admissions", "wards", "deliveries");
    }

    static final Map<Dialect, String> DEFAULT_SCHEMAS = Map.of(Dialect.POSTGRES, "public", Dialect.MYSQL, "hospital",
            Dialect.SQLSERVER, "dbo", Dialect.H2, "PUBLIC");

    public static final int CAP = 1000;

    public static List<SafetyCorpus> load(String resource) {
        InputStream stream = SafetyCorpus.class.getResourceAsStream("/safety/" + resource);
        if (stream == null) {
            throw new IllegalStateException("missing test resource safety/" + resource);
        }
        List<SafetyCorpus> entries = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] fields = line.split("\t", 3);
                if (fields.length != 3) {
                    throw new IllegalStateException(resource + ":" + number + " needs three tab-separated fields");
                }
                Dialect dialect = Dialect.fromId(fields[0])
                        .orElseThrow(() -> new IllegalStateException("unknown dialect " + fields[0]));
                entries.add(new SafetyCorpus(dialect, fields[1], unescape(fields[2]), number));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(entries);
    }

    static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char next = text.charAt(++i);
            if (next == 'n') {
                out.append('\n');
            } else if (next == '0') {
                out.append('\0');
            } else if (next == 'u') {
                out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
                i += 4;
            } else {
                out.append(next);
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return dialect.id() + " line " + lineNumber + ": " + sql;
    }
}
