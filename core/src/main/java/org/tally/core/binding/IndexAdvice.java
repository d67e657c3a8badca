package org.tally.core.binding;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tally.core.catalog.Indexes;
import org.tally.core.dialect.Dialect;

/**
 * The foreign keys Tally joins on that no index leads, with the {@code CREATE INDEX} an administrator can run: without
 * one, every question that matches rows through that key reads the whole referencing table (a counted scope over ten
 * million rows runs out of time). Advice only: Tally never creates an index, and reads with an account that could not.
 */
public final class IndexAdvice {

    /** One missing index: {@code table.column} references {@code referenced}; {@code createIndex} adds it. */
    public record Advice(String table, String column, String referenced, String createIndex) {
    }

    private IndexAdvice() {
    }

    /**
     * The links between bound tables whose referencing column leads no index (nor the primary key).
     *
     * @throws SQLException when the database does not tell its indexes
     */
    public static List<Advice> of(Binding binding, Connection connection, Dialect dialect) throws SQLException {
        Set<String> bound = new LinkedHashSet<>();
        binding.bound().forEach(t -> bound.add(t.table()));
        Indexes indexes = new Indexes(connection, dialect);
        List<Advice> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Link link : binding.links()) {
            if (!bound.contains(link.fromTable()) || !bound.contains(link.toTable())
                    || !seen.add(link.fromTable() + "." + link.fromColumn())) {
                continue;
            }
            if (!indexes.leads(Optional.empty(), link.fromTable(), link.fromColumn())) {
                out.add(new Advice(link.fromTable(), link.fromColumn(), link.toTable(),
                        Indexes.createIndex(dialect, Optional.empty(), link.fromTable(), link.fromColumn())));
            }
        }
        return out;
    }

    /** The advice as the review prints it: a heading, then one line per missing index with its statement. */
    public static List<String> lines(List<Advice> advice) {
        List<String> out = new ArrayList<>();
        out.add("Index advice (for an administrator; Tally never creates indexes):");
        if (advice.isEmpty()) {
            out.add("  every foreign key Tally joins on is indexed");
        }
        for (Advice a : advice) {
            out.add("  " + a.table() + "." + a.column() + " (references " + a.referenced() + ") has no index: "
                    + a.createIndex() + ";");
        }
        return out;
    }
}
