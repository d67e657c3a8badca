package org.tally.core.binding;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;

/**
 * DDL and rows of an odd schema H2 really holds (for {@link OddSchemaPropertyTest}): quoted reserved-word and
 * mixed-case names, no or composite primary keys, declared foreign keys in cycles and to the table itself (added
 * unchecked after the rows), views over the tables, empty tables, all-null columns and every H2 type a table can hold.
 */
final class WrittenSchema {

    private static final List<String> TYPES = List.of("INTEGER", "BIGINT", "SMALLINT", "TINYINT", "NUMERIC(10,2)",
            "DOUBLE PRECISION", "REAL", "DECFLOAT", "VARCHAR(40)", "CHAR(3)", "CLOB", "VARCHAR_IGNORECASE(20)",
            "BOOLEAN", "DATE", "TIMESTAMP", "TIMESTAMP WITH TIME ZONE", "TIME", "UUID", "JSON", "VARBINARY(8)", "BLOB",
            "INTEGER ARRAY", "INTERVAL DAY", "ENUM('a','b','Unknown')");

    private WrittenSchema() {
    }

    private record Table(String name, List<String> columns, List<String> types, List<String> key) {
    }

    static List<String> ddl(Random r, int tableCount) {
        List<String> out = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < tableCount; i++) {
            String name = OddSchemas.name(r, OddSchemas.HOSPITAL);
            if (!names.add(name)) {
                name = name + "_" + i;
                names.add(name);
            }
            int columnCount = 1 + r.nextInt(8);
            List<String> columns = new ArrayList<>();
            List<String> types = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            for (int c = 0; c < columnCount; c++) {
                String col = r.nextBoolean() ? OddSchemas.name(r, OddSchemas.COLUMN_WORDS)
                        : OddSchemas.COLUMN_WORDS.get(r.nextInt(OddSchemas.COLUMN_WORDS.size()));
                if (seen.add(col.toLowerCase(Locale.ROOT))) {
                    columns.add(col);
                    types.add(c == 0 && r.nextBoolean() ? "INTEGER" : TYPES.get(r.nextInt(TYPES.size())));
                }
            }
            List<String> key = new ArrayList<>();
            int kind = r.nextInt(3);
            if (kind == 1 && types.get(0).equals("INTEGER")) {
                key.add(columns.get(0));
            } else if (kind == 2 && columns.size() >= 2 && types.get(0).equals("INTEGER") && keyable(types.get(1))) {
                key.add(columns.get(0));
                key.add(columns.get(1));
            }
            Table t = new Table(name, columns, types, key);
            tables.add(t);
            StringBuilder s = new StringBuilder("CREATE TABLE ").append(q(name)).append(" (");
            for (int c = 0; c < columns.size(); c++) {
                s.append(c == 0 ? "" : ", ").append(q(columns.get(c))).append(' ').append(types.get(c));
            }
            if (!key.isEmpty()) {
                s.append(", PRIMARY KEY (").append(String.join(", ", key.stream().map(WrittenSchema::q).toList()))
                        .append(')');
            }
            out.add(s.append(')').toString());
            out.addAll(rows(r, t));
        }
        int fk = 0;
        for (Table t : tables) {
            for (int k = 0; k < r.nextInt(3); k++) {
                Table target = r.nextInt(4) == 0 ? t : tables.get(r.nextInt(tables.size())); // self or any: cycles
                if (target.key().size() != 1) {
                    continue;
                }
                int from = r.nextInt(t.columns().size());
                if (!t.types().get(from).equals("INTEGER")) {
                    continue;
                }
                out.add("ALTER TABLE " + q(t.name()) + " ADD CONSTRAINT " + q("fk_odd_" + (++fk)) + " FOREIGN KEY ("
                        + q(t.columns().get(from)) + ") REFERENCES " + q(target.name()) + " (" + q(target.key().get(0))
                        + ") NOCHECK");
            }
            if (r.nextInt(6) == 0) {
                out.add("CREATE VIEW " + q("v_" + t.name()) + " AS SELECT * FROM " + q(t.name()));
            }
        }
        return out;
    }

    private static boolean keyable(String type) {
        return !type.equals("CLOB") && !type.equals("BLOB") && !type.equals("JSON") && !type.contains("ARRAY");
    }

    private static List<String> rows(Random r, Table t) {
        int count = r.nextInt(4) == 0 ? 0 : r.nextInt(25);
        List<String> out = new ArrayList<>();
        boolean[] allNull = new boolean[t.columns().size()];
        for (int c = 0; c < allNull.length; c++) {
            allNull[c] = !t.key().contains(t.columns().get(c)) && r.nextInt(4) == 0;
        }
        for (int i = 0; i < count; i++) {
            StringBuilder s = new StringBuilder("INSERT INTO ").append(q(t.name())).append(" VALUES (");
            for (int c = 0; c < t.columns().size(); c++) {
                boolean keyed = t.key().contains(t.columns().get(c));
                String v = allNull[c] || (!keyed && r.nextInt(5) == 0) ? "NULL" : literal(r, t.types().get(c), i);
                s.append(c == 0 ? "" : ", ").append(v);
            }
            out.add(s.append(')').toString());
        }
        return out;
    }

    private static String literal(Random r, String type, int row) {
        return switch (type) {
            case "INTEGER", "BIGINT" -> String.valueOf(row - 1); // keys from -1: placeholder members
            case "SMALLINT", "TINYINT" -> String.valueOf(r.nextInt(5));
            case "NUMERIC(10,2)", "DOUBLE PRECISION", "REAL", "DECFLOAT" -> String.valueOf(r.nextInt(10_000) / 100.0);
            case "VARCHAR(40)", "CLOB", "VARCHAR_IGNORECASE(20)" -> "'" + List.of("Y", "N", "Unknown", "deleted",
                    "ICU", "it''s", "", "Ward 7", "caesarean", "x" + row).get(r.nextInt(10)) + "'";
            case "CHAR(3)" -> "'" + List.of("Y", "N", "abc", "0").get(r.nextInt(4)) + "'";
            case "BOOLEAN" -> r.nextBoolean() ? "TRUE" : "FALSE";
            case "DATE" -> "DATE '2026-0" + (1 + r.nextInt(9)) + "-1" + r.nextInt(10) + "'";
            case "TIMESTAMP" -> "TIMESTAMP '2025-1" + r.nextInt(3) + "-0" + (1 + r.nextInt(9)) + " 10:00:00'";
            case "TIMESTAMP WITH TIME ZONE" -> "TIMESTAMP WITH TIME ZONE '2026-05-01 10:00:00+02:00'";
            case "TIME" -> "TIME '10:1" + r.nextInt(10) + ":00'";
            case "UUID" -> "RANDOM_UUID()";
            case "JSON" -> "JSON '{\"a\":" + row + "}'";
            case "VARBINARY(8)", "BLOB" -> "X'0" + r.nextInt(10) + "'";
            case "INTEGER ARRAY" -> "ARRAY[1, " + row + "]";
            case "INTERVAL DAY" -> "INTERVAL '" + r.nextInt(9) + "' DAY";
            case "ENUM('a','b','Unknown')" -> List.of("'a'", "'b'", "'Unknown'").get(r.nextInt(3));
            default -> throw new AssertionError(type);
        };
    }

    private static String q(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
