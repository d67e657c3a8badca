package org.tally.core.retrieval;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;
import org.tally.core.answer.Citation;
import org.tally.core.embed.Vectors;
import org.tally.core.snapshot.SnapshotStore;

/**
 * The embedded passages of a snapshot, held in memory for search: one row of citation facts and one vector per
 * passage, the vectors in one flat array. Only passages embedded by the model in use are loaded (a vector is never
 * compared with one of another model).
 */
final class PassageIndex {

    private final List<Citation> passages;
    private final float[] vectors;
    private final int dimension;

    private PassageIndex(List<Citation> passages, float[] vectors, int dimension) {
        this.passages = List.copyOf(passages);
        this.vectors = vectors;
        this.dimension = dimension;
    }

    static PassageIndex load(SnapshotStore store, String model) throws SQLException {
        List<Citation> passages = new ArrayList<>();
        float[] flat = new float[0];
        int dimension = 0;
        int n = 0;
        try (Connection c = store.openReadOnly();
             PreparedStatement ps = c.prepareStatement("SELECT TABLE_NAME, ROW_KEY, COLUMN_NAME, ROW_DATE, TEXT, VECTOR"
                     + " FROM " + SnapshotStore.META + ".PASSAGE WHERE MODEL = ? ORDER BY ID")) {
            ps.setString(1, model);
            ps.setFetchSize(1000);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    float[] v = Vectors.fromBytes(rs.getBytes(6));
                    if (dimension == 0) {
                        dimension = v.length;
                        flat = new float[1024 * dimension];
                    }
                    if (v.length != dimension) {
                        continue; // written by another build of the model: not comparable
                    }
                    if ((n + 1) * dimension > flat.length) {
                        flat = Arrays.copyOf(flat, flat.length * 2);
                    }
                    System.arraycopy(v, 0, flat, n * dimension, dimension);
                    passages.add(new Citation(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                            rs.getString(5)));
                    n++;
                }
            }
        }
        return new PassageIndex(passages, Arrays.copyOf(flat, n * dimension), dimension);
    }

    int size() {
        return passages.size();
    }

    /** The tables that have passages. */
    Set<String> tables() {
        return Set.copyOf(passages.stream().map(Citation::table).toList());
    }

    /** One scored passage. */
    record Scored(int index, double score) {
    }

    /** The score of every passage of {@code tables} against {@code query}, in index order. */
    List<Scored> score(float[] query, Set<String> tables) {
        return score(query, i -> tables.contains(passages.get(i).table()));
    }

    /** The score of every passage that may be searched (by its index) against {@code query}, in index order. */
    List<Scored> score(float[] query, IntPredicate searched) {
        List<Scored> out = new ArrayList<>();
        if (query.length != dimension) {
            return out;
        }
        for (int i = 0; i < passages.size(); i++) {
            if (!searched.test(i)) {
                continue;
            }
            double dot = 0;
            int base = i * dimension;
            for (int d = 0; d < dimension; d++) {
                dot += query[d] * vectors[base + d];
            }
            out.add(new Scored(i, dot));
        }
        return out;
    }

    Citation passage(int index) {
        return passages.get(index);
    }
}
