package org.tally.core.binding;

import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.tally.core.catalog.Cardinality;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogColumn;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.catalog.ColumnProfile;
import org.tally.core.catalog.ForeignKey;
import org.tally.core.catalog.KeyRow;
import org.tally.core.catalog.TextShape;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.dialect.Dialect;

/**
 * Seeded generator of odd schemas, for the property that no schema crashes the binder or the answer ladder: random and
 * reserved-word names, quoted mixed case, names differing only by case, no primary keys, composite keys, foreign keys
 * to tables outside the schema, to views, to columns that are no key or do not exist, self-references and cycles,
 * empty tables, all-null columns, tables without columns, profiles with values that do not fit their type, 300-table
 * schemas, and the column types each of the four drivers reports.
 */
final class OddSchemas {

    /** A column type as one driver reports it: the {@code java.sql.Types} code and the database's own type name. */
    record DriverType(int jdbcType, String name) {
    }

    /** The type names PostgreSQL, MySQL/MariaDB, SQL Server and H2 report through {@code DatabaseMetaData}. */
    static final List<DriverType> TYPES = List.of(
            // PostgreSQL
            t(Types.INTEGER, "int4"), t(Types.BIGINT, "int8"), t(Types.SMALLINT, "int2"), t(Types.NUMERIC, "numeric"),
            t(Types.REAL, "float4"), t(Types.DOUBLE, "float8"), t(Types.VARCHAR, "varchar"), t(Types.VARCHAR, "text"),
            t(Types.CHAR, "bpchar"), t(Types.BIT, "bool"), t(Types.DATE, "date"), t(Types.TIMESTAMP, "timestamp"),
            t(Types.TIMESTAMP, "timestamptz"), t(Types.TIME, "time"), t(Types.TIME, "timetz"),
            t(Types.OTHER, "interval"), t(Types.OTHER, "uuid"), t(Types.OTHER, "json"), t(Types.OTHER, "jsonb"),
            t(Types.SQLXML, "xml"), t(Types.ARRAY, "_int4"), t(Types.ARRAY, "_text"), t(Types.BINARY, "bytea"),
            t(Types.OTHER, "inet"), t(Types.OTHER, "tsvector"), t(Types.BIT, "bit"), t(Types.OTHER, "varbit"),
            t(Types.NUMERIC, "money"), t(Types.VARCHAR, "mood"), t(Types.OTHER, "geometry"), t(Types.INTEGER, "serial"),
            t(Types.BIGINT, "oid"), t(Types.DISTINCT, "domain_code"), t(Types.STRUCT, "composite_type"),
            // MySQL / MariaDB
            t(Types.INTEGER, "INT"), t(Types.INTEGER, "INT UNSIGNED"), t(Types.BIGINT, "BIGINT UNSIGNED"),
            t(Types.TINYINT, "TINYINT"), t(Types.BIT, "TINYINT(1)"), t(Types.SMALLINT, "SMALLINT"),
            t(Types.INTEGER, "MEDIUMINT"), t(Types.DECIMAL, "DECIMAL"), t(Types.DOUBLE, "DOUBLE"),
            t(Types.REAL, "FLOAT"), t(Types.VARCHAR, "VARCHAR"), t(Types.CHAR, "CHAR"), t(Types.LONGVARCHAR, "TEXT"),
            t(Types.LONGVARCHAR, "MEDIUMTEXT"), t(Types.LONGVARCHAR, "LONGTEXT"), t(Types.CHAR, "ENUM"),
            t(Types.CHAR, "SET"), t(Types.DATE, "DATE"), t(Types.TIMESTAMP, "DATETIME"), t(Types.TIMESTAMP, "TIMESTAMP"),
            t(Types.DATE, "YEAR"), t(Types.TIME, "TIME"), t(Types.BIT, "BIT"), t(Types.LONGVARBINARY, "BLOB"),
            t(Types.VARBINARY, "VARBINARY"), t(Types.BINARY, "GEOMETRY"), t(Types.LONGVARCHAR, "JSON"),
            // SQL Server
            t(Types.INTEGER, "int"), t(Types.BIGINT, "bigint"), t(Types.SMALLINT, "smallint"), t(Types.TINYINT, "tinyint"),
            t(Types.BIT, "bit"), t(Types.DECIMAL, "decimal"), t(Types.NUMERIC, "numeric"), t(Types.DECIMAL, "money"),
            t(Types.DECIMAL, "smallmoney"), t(Types.DOUBLE, "float"), t(Types.REAL, "real"), t(Types.NVARCHAR, "nvarchar"),
            t(Types.NCHAR, "nchar"), t(Types.VARCHAR, "varchar"), t(Types.LONGNVARCHAR, "ntext"),
            t(Types.LONGVARCHAR, "text"), t(Types.DATE, "date"), t(Types.TIMESTAMP, "datetime"),
            t(Types.TIMESTAMP, "datetime2"), t(Types.TIMESTAMP, "smalldatetime"), t(-155, "datetimeoffset"),
            t(Types.TIME, "time"), t(Types.CHAR, "uniqueidentifier"), t(Types.VARBINARY, "varbinary"),
            t(Types.BINARY, "timestamp"), t(Types.LONGVARBINARY, "image"), t(-156, "sql_variant"),
            t(Types.LONGNVARCHAR, "xml"), t(Types.VARBINARY, "hierarchyid"), t(Types.VARBINARY, "geography"),
            // H2
            t(Types.INTEGER, "INTEGER"), t(Types.BIGINT, "BIGINT"), t(Types.NUMERIC, "NUMERIC"),
            t(Types.NUMERIC, "DECFLOAT"), t(Types.DOUBLE, "DOUBLE PRECISION"), t(Types.VARCHAR, "CHARACTER VARYING"),
            t(Types.CHAR, "CHARACTER"), t(Types.CLOB, "CHARACTER LARGE OBJECT"), t(Types.VARCHAR, "VARCHAR_IGNORECASE"),
            t(Types.BOOLEAN, "BOOLEAN"), t(Types.TIMESTAMP, "TIMESTAMP"), t(Types.TIMESTAMP_WITH_TIMEZONE,
                    "TIMESTAMP WITH TIME ZONE"), t(Types.TIME_WITH_TIMEZONE, "TIME WITH TIME ZONE"),
            t(Types.OTHER, "INTERVAL DAY"), t(Types.ARRAY, "INTEGER ARRAY"), t(Types.OTHER, "ENUM"),
            t(Types.OTHER, "JSON"), t(Types.BINARY, "UUID"), t(Types.BLOB, "BINARY LARGE OBJECT"),
            t(Types.VARBINARY, "BINARY VARYING"), t(Types.OTHER, "GEOMETRY"), t(Types.JAVA_OBJECT, "JAVA_OBJECT"),
            t(Types.OTHER, "ROW"), t(Types.NULL, "NULL"), t(Types.ROWID, "ROWID"), t(Types.REF_CURSOR, "REF CURSOR"));

    static final List<String> RESERVED = List.of("select", "from", "where", "order", "group", "by", "table", "user",
            "key", "value", "date", "time", "count", "sum", "index", "primary", "foreign", "references", "join", "left",
            "null", "true", "false", "and", "or", "not", "case", "when", "end", "desc", "limit", "offset", "top",
            "union", "default", "check", "column", "constraint", "row", "rows", "level", "year", "month", "day");

    /** Words real hospital schemas use, so the binder's concept and role paths are taken, not only the misses. */
    static final List<String> HOSPITAL = List.of("patient", "pt", "patients", "adm", "admission", "adt_episode",
            "encounter", "visit", "visit_occurrence", "ward", "bed", "rx", "rx_order", "drug", "prescription",
            "medication", "lab", "lab_result", "obs", "observation", "measurement", "concept", "person", "provider",
            "staff", "surgeon", "department", "dept", "clinic", "appointment", "appt", "bill", "invoice", "payment",
            "delivery", "newborn", "surgery", "theatre", "incident", "diagnosis", "dx", "icd", "d_items", "d_labitems",
            "triage", "vitals", "allergy", "transfer", "icustays", "chartevents", "cost", "death", "care_site", "dim",
            "fact", "tbl", "ref", "lkp");

    static final List<String> COLUMN_WORDS = List.of("id", "ID", "Id", "code", "name", "patient_id", "pt_no",
            "subject_id", "hadm_id", "person_id", "encounter_id", "visit_id", "ward_id", "ward", "ward_code", "bed_no",
            "admit_dt", "disch_dt", "admittime", "dischtime", "start_date", "end_date", "starttime", "stoptime",
            "charttime", "created_at", "updated_at", "valid_from", "valid_to", "is_current", "current_flag",
            "is_deleted", "del_flag", "voided", "status", "status_cd", "type", "category", "amount", "total", "cost",
            "value", "valuenum", "unit", "uom", "first_name", "last_name", "full_name", "dob", "birth_date", "dod",
            "gender", "sex", "year_of_birth", "phone", "email", "address", "notes", "description", "label", "title",
            "drug", "drug_code", "dose", "route", "itemid", "icd_code", "concept_id", "condition_concept_id",
            "source_value", "surgeon_id", "prescribed_by", "provider_id", "department_id", "qty", "quantity",
            "severity", "priority", "flag", "is_active", "merged_into", "row_id", "etl_load_ts", "duration_min");

    private OddSchemas() {
    }

    private static DriverType t(int jdbcType, String name) {
        return new DriverType(jdbcType, name);
    }

    /** A name in one of the odd styles real schemas and careless tools produce. */
    static String name(Random r, List<String> words) {
        return switch (r.nextInt(9)) {
            case 0 -> RESERVED.get(r.nextInt(RESERVED.size()));
            case 1 -> RESERVED.get(r.nextInt(RESERVED.size())).toUpperCase(Locale.ROOT);
            case 2 -> randomWord(r);
            case 3 -> mixedCase(r, words.get(r.nextInt(words.size())));
            case 4 -> words.get(r.nextInt(words.size())) + "_" + words.get(r.nextInt(words.size()));
            case 5 -> words.get(r.nextInt(words.size())) + " " + randomWord(r); // a space, quoted
            case 6 -> words.get(r.nextInt(words.size())) + r.nextInt(100);
            case 7 -> "tbl" + capitalised(words.get(r.nextInt(words.size())));
            default -> words.get(r.nextInt(words.size()));
        };
    }

    static String randomWord(Random r) {
        String letters = "abcdefghijklmnopqrstuvwxyz_0123456789ÄéßΩ$#";
        int n = 1 + r.nextInt(12);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append(letters.charAt(r.nextInt(i == 0 ? 26 : letters.length())));
        }
        return s.toString();
    }

    private static String mixedCase(Random r, String word) {
        StringBuilder s = new StringBuilder();
        for (char c : word.toCharArray()) {
            s.append(r.nextBoolean() ? Character.toUpperCase(c) : c);
        }
        return s.toString();
    }

    private static String capitalised(String w) {
        return w.isEmpty() ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1);
    }

    /** Schema {@code n} of the seeded series: every 250th has 300 tables, the first none at all. */
    static Catalog catalog(long seed, int n) {
        Random r = new Random(seed * 1_000_003L + n);
        int tableCount = n == 0 ? 0 : n % 250 == 249 ? 300 : 1 + r.nextInt(12);
        List<String> names = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        boolean plausible = r.nextBoolean(); // half the schemas look like a hospital's, so the concept paths run
        for (int i = 0; i < tableCount; i++) {
            String name = plausible && r.nextInt(3) > 0 ? HOSPITAL.get(r.nextInt(HOSPITAL.size())) : name(r, HOSPITAL);
            if (r.nextInt(20) == 0 && !names.isEmpty()) {
                name = names.get(r.nextInt(names.size())).toUpperCase(Locale.ROOT); // same name but for case
            }
            if (!seen.add(name)) {
                name = name + "_" + i;
                seen.add(name);
            }
            names.add(name);
        }
        List<CatalogTable> tables = new ArrayList<>();
        List<List<String>> keys = new ArrayList<>();
        List<List<CatalogColumn>> columnsOf = new ArrayList<>();
        for (String table : names) {
            List<CatalogColumn> columns = columns(r, table, plausible);
            columnsOf.add(columns);
            List<String> pk = new ArrayList<>();
            int pkKind = columns.isEmpty() ? 0 : r.nextInt(4);
            if (pkKind == 1 || pkKind == 2) {
                pk.add(columns.get(0).name());
            } else if (pkKind == 3 && columns.size() >= 2) {
                pk.add(columns.get(0).name());
                pk.add(columns.get(1).name());
            }
            keys.add(pk);
        }
        for (int i = 0; i < names.size(); i++) {
            List<CatalogColumn> columns = columnsOf.get(i);
            List<ForeignKey> fks = new ArrayList<>();
            int fkCount = columns.isEmpty() ? 0 : r.nextInt(4);
            for (int k = 0; k < fkCount; k++) {
                String from = columns.get(r.nextInt(columns.size())).name();
                int kind = r.nextInt(7);
                int target = r.nextInt(names.size());
                List<String> targetKey = keys.get(target);
                String to;
                String toTable = names.get(target);
                if (kind == 0) {
                    toTable = "outside_" + randomWord(r); // a table the schema does not hold
                    to = "id";
                } else if (kind == 1) {
                    toTable = names.get(i); // self-reference
                    to = keys.get(i).isEmpty() ? from : keys.get(i).get(0);
                } else if (kind == 2 && !columnsOf.get(target).isEmpty()) {
                    to = columnsOf.get(target).get(r.nextInt(columnsOf.get(target).size())).name(); // not a key
                } else if (kind == 3) {
                    to = "missing_" + randomWord(r); // a column the target does not have
                } else if (kind == 4 && columns.size() >= 2 && targetKey.size() == 2) {
                    fks.add(new ForeignKey(r.nextBoolean() ? null : "fk" + k, List.of(from,
                            columns.get((columns.indexOf(columns.stream().filter(c -> c.name().equals(from))
                                    .findFirst().orElseThrow()) + 1) % columns.size()).name()),
                            null, toTable, targetKey));
                    continue;
                } else {
                    to = targetKey.isEmpty() ? "id" : targetKey.get(0);
                }
                fks.add(new ForeignKey(r.nextBoolean() ? null : "fk_" + k, List.of(from), r.nextInt(10) == 0
                        ? "other_schema" : null, toTable, List.of(to)));
            }
            boolean view = r.nextInt(10) == 0;
            boolean empty = r.nextInt(6) == 0;
            long rows = empty ? 0 : r.nextInt(5) == 0 ? 1 + r.nextInt(3) : 10 + r.nextInt(5_000_000);
            List<CatalogColumn> profiled = new ArrayList<>();
            for (CatalogColumn c : columns) {
                profiled.add(r.nextInt(8) == 0 ? c : c.withProfile(profile(r, c, rows)));
            }
            List<KeyRow> low = new ArrayList<>();
            if (r.nextInt(8) == 0 && !columns.isEmpty()) {
                low.add(new KeyRow(r.nextBoolean() ? "-1" : "0", java.util.Map.of(columns.get(columns.size() - 1)
                        .name(), r.nextBoolean() ? "Unknown" : randomWord(r))));
            }
            tables.add(new CatalogTable(r.nextInt(15) == 0 ? null : "PUBLIC", names.get(i), view,
                    r.nextBoolean() ? null : rows, r.nextInt(5) == 0 ? null : rows, keys.get(i), profiled, fks, low));
        }
        return new Catalog("v" + n, "odd:" + seed + ":" + n, Dialect.values()[r.nextInt(Dialect.values().length)],
                Instant.EPOCH, r.nextBoolean() ? "PUBLIC" : null, tables, List.of());
    }

    private static List<CatalogColumn> columns(Random r, String table, boolean plausible) {
        int count = r.nextInt(30) == 0 ? 0 : 1 + r.nextInt(14);
        List<CatalogColumn> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < count; i++) {
            String name = r.nextInt(3) == 0 ? name(r, COLUMN_WORDS) : COLUMN_WORDS.get(r.nextInt(COLUMN_WORDS.size()));
            if (r.nextInt(12) == 0) {
                name = table.toLowerCase(Locale.ROOT) + "_id";
            }
            if (!seen.add(name)) {
                continue;
            }
            DriverType type = plausible && r.nextInt(4) > 0 ? fitting(name) : TYPES.get(r.nextInt(TYPES.size()));
            out.add(new CatalogColumn(name, out.size() + 1, type.jdbcType(), type.name(),
                    TypeClass.of(type.jdbcType(), type.name()), TypeClass.isSmallInteger(type.jdbcType()),
                    r.nextBoolean(), null));
        }
        return out;
    }

    /** The type a careful designer would give a column of that name. */
    private static DriverType fitting(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith("id") || n.endsWith("_no") || n.equals("itemid") || n.equals("merged_into")) {
            return t(Types.INTEGER, "INTEGER");
        }
        if (n.contains("dt") || n.contains("time") || n.contains("date") || n.endsWith("_at") || n.equals("dob")
                || n.equals("dod") || n.startsWith("valid")) {
            return t(Types.TIMESTAMP, "TIMESTAMP");
        }
        if (n.contains("amount") || n.contains("total") || n.contains("cost") || n.contains("value")
                || n.contains("qty") || n.contains("quantity") || n.contains("dose") || n.contains("min")
                || n.contains("year")) {
            return t(Types.DECIMAL, "DECIMAL");
        }
        if (n.startsWith("is_") || n.contains("flag") || n.equals("voided")) {
            return t(Types.BOOLEAN, "BOOLEAN");
        }
        return t(Types.VARCHAR, "VARCHAR");
    }

    private static ColumnProfile profile(Random r, CatalogColumn c, long rows) {
        boolean allNull = rows == 0 || r.nextInt(7) == 0;
        long nulls = allNull ? rows : rows == 0 ? 0 : (long) (r.nextDouble() * rows);
        boolean pii = r.nextInt(10) == 0;
        String[] range = range(r, c.typeClass());
        TextShape shape = c.typeClass() == TypeClass.TEXT && r.nextBoolean() && !allNull
                ? new TextShape(r.nextInt(3), 3 + r.nextInt(40), 0, rows - nulls) : null;
        if (shape != null && r.nextBoolean()) {
            shape = new TextShape(shape.minLength(), shape.maxLength(), (rows - nulls) / 2, rows - nulls);
        }
        int kind = r.nextInt(3);
        if (allNull || pii || kind == 0) {
            return new ColumnProfile(rows, nulls, allNull ? Cardinality.EXACT : Cardinality.NOT_MEASURED,
                    allNull ? 0 : null, List.of(), pii, pii || allNull ? null : range[0], pii || allNull ? null
                    : range[1], shape);
        }
        if (kind == 1) {
            return new ColumnProfile(rows, nulls, Cardinality.HIGH, null, List.of(), false, range[0], range[1], shape);
        }
        List<ValueCount> values = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        int n = 1 + r.nextInt(12);
        for (int i = 0; i < n; i++) {
            String v = value(r, c.typeClass());
            if (seen.add(v)) {
                values.add(new ValueCount(v, 1 + r.nextInt(1000)));
            }
        }
        return new ColumnProfile(rows, nulls, Cardinality.EXACT, values.size(), values, false, range[0], range[1],
                shape);
    }

    private static String value(Random r, TypeClass type) {
        List<String> odd = List.of("", " ", "Y", "N", "0", "1", "-1", "yes", "no", "true", "false", "Unknown",
                "N/A", "deleted", "entered in error", "void", "caesarean", "ICU", "Ward 7", "émergence", "x'y",
                "a\"b", "NULL", "%", "_", "\\", "2026-01-01", "12.5", "1e9", "NaN", "ß", "\u0000", "line\nbreak");
        return switch (type) {
            case NUMERIC -> r.nextInt(4) == 0 ? odd.get(r.nextInt(odd.size())) : String.valueOf(r.nextInt(200) - 5);
            case BOOLEAN -> r.nextBoolean() ? "true" : r.nextBoolean() ? "false" : odd.get(r.nextInt(odd.size()));
            default -> r.nextInt(3) == 0 ? randomWord(r) : odd.get(r.nextInt(odd.size()));
        };
    }

    private static String[] range(Random r, TypeClass type) {
        return switch (r.nextInt(5)) {
            case 0 -> new String[] {null, null};
            case 1 -> new String[] {"abc", "zz"}; // a range that is no number nor date
            default -> switch (type) {
                case NUMERIC -> new String[] {String.valueOf(-r.nextInt(3)), String.valueOf(r.nextInt(100_000))};
                case TEMPORAL -> new String[] {"2020-01-0" + (1 + r.nextInt(8)) + "T00:00:00",
                        r.nextBoolean() ? "2026-11-29T23:59:59" : "2026-11-29"};
                default -> new String[] {"a", "z"};
            };
        };
    }
}
