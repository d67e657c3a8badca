package org.tally.core.catalog;

import java.util.List;
import java.util.Objects;
import org.tally.core.dialect.Dialect;
import org.tally.core.dialect.SqlDialect;

/**
 * The SQL that profiling sends. What differs per database (identifier quoting, row caps, the big count function,
 * text casts, lengths, byte-wise case comparison) is the dialect's ({@link SqlDialect}); this class puts the pieces
 * together. Names come from the database's own metadata and are always quoted, with the quote character doubled
 * inside, so no name can break out of its identifier.
 */
final class ProfileSql {

    private final SqlDialect dialect;

    ProfileSql(Dialect dialect) {
        this.dialect = Objects.requireNonNull(dialect, "dialect").rules();
    }

    String quote(String identifier) {
        return dialect.quote(identifier);
    }

    String table(CatalogTable table) {
        return table.schema() == null ? quote(table.name()) : quote(table.schema()) + "." + quote(table.name());
    }

    private String count(String what) {
        return dialect.count() + "(" + what + ")";
    }

    /**
     * One scan of the table: {@code COUNT(*)}, then per column {@code COUNT(col)}, then MIN and MAX of each
     * column in {@code rangeColumns}, then for each of {@code textColumns} its shortest and longest length and how
     * many values hold a letter (upper and lower case differ), in that order.
     */
    String scan(CatalogTable table, List<CatalogColumn> counted, List<CatalogColumn> rangeColumns,
                List<CatalogColumn> textColumns) {
        StringBuilder sql = new StringBuilder("SELECT ").append(count("*"));
        for (CatalogColumn c : counted) {
            sql.append(", ").append(count(quote(c.name())));
        }
        for (CatalogColumn c : rangeColumns) {
            sql.append(", MIN(").append(quote(c.name())).append("), MAX(").append(quote(c.name())).append(')');
        }
        for (CatalogColumn c : textColumns) {
            String col = asText(quote(c.name())); // enums and other text-like types have no length of their own
            sql.append(", MIN(").append(length(col)).append("), MAX(").append(length(col)).append(')')
                    .append(", SUM(CASE WHEN ").append(caseDiffers(col)).append(" THEN 1 ELSE 0 END)");
        }
        return sql.append(" FROM ").append(table(table)).toString();
    }

    private String asText(String col) {
        return fill(dialect.asText(), col);
    }

    /** Whether a value holds a letter: its upper and lower case differ, compared byte for byte. */
    private String caseDiffers(String col) {
        return fill(dialect.caseDiffers(), col);
    }

    /** A value's length in characters, not bytes. */
    private String length(String col) {
        return fill(dialect.charLength(), col);
    }

    private static String fill(String template, String col) {
        return template.replace("{0}", col);
    }

    /** The non-null values of a column with their counts, at most {@code cap} groups. */
    String valueCounts(CatalogTable table, CatalogColumn column, int cap) {
        String col = quote(column.name());
        String body = col + ", " + count("*") + " FROM " + table(table) + " WHERE " + col + " IS NOT NULL GROUP BY "
                + col;
        return dialect.firstRows(body, cap);
    }

    /** How many distinct non-null values a column has, counting at most {@code cap}; reads no value out. */
    String cappedDistinctCount(CatalogTable table, CatalogColumn column, int cap) {
        String col = quote(column.name());
        String inner = col + " FROM " + table(table) + " WHERE " + col + " IS NOT NULL GROUP BY " + col;
        return "SELECT " + count("*") + " FROM (" + dialect.firstRows(inner, cap) + ") capped";
    }

    /**
     * Distinct non-null values of each column within the first {@code rows} rows the database returns. More than
     * 50 there proves more than 50 in the table, so this cheap probe spares a full grouping of wide columns.
     */
    String probeDistinct(CatalogTable table, List<CatalogColumn> columns, int rows) {
        StringBuilder outer = new StringBuilder("SELECT ");
        StringBuilder inner = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            String col = quote(columns.get(i).name());
            outer.append(i == 0 ? "" : ", ").append(count("DISTINCT " + col));
            inner.append(i == 0 ? "" : ", ").append(col);
        }
        String sample = dialect.firstRows(inner + " FROM " + table(table), rows);
        return outer.append(" FROM (").append(sample).append(") probe").toString();
    }

    /** Row counts per combination of the columns' values (nulls included), at most {@code cap} combinations. */
    String combinationCounts(CatalogTable table, List<CatalogColumn> columns, int cap) {
        StringBuilder cols = new StringBuilder();
        for (int i = 0; i < columns.size(); i++) {
            cols.append(i == 0 ? "" : ", ").append(quote(columns.get(i).name()));
        }
        String body = cols + ", " + count("*") + " FROM " + table(table) + " GROUP BY " + cols;
        return dialect.firstRows(body, cap);
    }

    /**
     * The key and the given text columns of the rows whose key is zero or negative, lowest key first, at most
     * {@code cap} rows: an indexed range read of a primary key, so it costs next to nothing.
     */
    String lowKeyRows(CatalogTable table, CatalogColumn key, List<CatalogColumn> texts, int cap) {
        StringBuilder cols = new StringBuilder(quote(key.name()));
        for (CatalogColumn c : texts) {
            cols.append(", ").append(quote(c.name()));
        }
        String body = cols + " FROM " + table(table) + " WHERE " + quote(key.name()) + " <= 0 ORDER BY "
                + quote(key.name()) + " DESC";
        return dialect.firstRows(body, cap);
    }

    /** An exact row count. */
    String rowCount(CatalogTable table) {
        return "SELECT " + count("*") + " FROM " + table(table);
    }
}
