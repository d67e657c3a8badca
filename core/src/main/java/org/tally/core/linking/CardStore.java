package org.tally.core.linking;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.embed.Embeddings;
import org.tally.core.pack.DomainPack;

/**
 * The embedded schema cards of one catalog version, kept beside it in the data folder ({@code linking/}), one file
 * per source, version and model: a refresh embeds them once and every later engine reads them. A file that cannot
 * be read is embedded again; losing it loses nothing.
 */
public final class CardStore {

    private static final Logger LOG = LoggerFactory.getLogger(CardStore.class);

    /** Cards embedded between two progress reports (and cancellation checks). */
    private static final int BATCH = 10;

    private final Path folder;
    private final int batch;

    public CardStore(DataFolder data) {
        this(data, BATCH);
    }

    CardStore(DataFolder data, int batch) {
        this.folder = data.root().resolve("linking");
        this.batch = batch;
    }

    /**
     * The cards of {@code binding}'s catalog version: read when stored (what a catalog refresh does, see
     * {@link #prepare}), else embedded now and stored. A bound table the stored file lacks (an override bound it
     * after the refresh) is embedded and added; a card of a table no longer bound is kept but never ranked.
     */
    public Map<String, float[]> cards(Binding binding, DomainPack pack, Embeddings embeddings) {
        return prepare(binding, pack, embeddings, Progress.NONE).cards();
    }

    /** What {@link #prepare} found: the cards and how many it embedded now (0 when all were stored). */
    public record Prepared(Map<String, float[]> cards, int embedded, long ms) {
        public Prepared {
            cards = Map.copyOf(cards);
        }
    }

    /**
     * Embeds and stores the cards of {@code binding}'s catalog version that are not stored yet, reporting to
     * {@code progress}: a catalog refresh calls it (off the UI thread) so no question waits for cards.
     */
    public Prepared prepare(Binding binding, DomainPack pack, Embeddings embeddings, Progress progress) {
        long start = System.nanoTime();
        Path file = file(binding, embeddings);
        Map<String, float[]> cards = new LinkedHashMap<>(read(file).orElse(Map.of()));
        List<TableBinding> missing = binding.bound().stream().filter(t -> !cards.containsKey(t.table())).toList();
        if (missing.isEmpty()) {
            return new Prepared(cards, 0, (System.nanoTime() - start) / 1_000_000);
        }
        progress.report("embedding the schema cards of " + missing.size() + " tables", 0.0);
        int done = 0;
        for (List<TableBinding> some : batches(missing, batch)) {
            if (progress.cancelled()) {
                write(file, cards);
                throw new CancellationException("embedding the schema cards was cancelled (" + done + " of "
                        + missing.size() + " kept)");
            }
            cards.putAll(SchemaLinker.embedCards(some, pack, embeddings));
            done += some.size();
            progress.report("embedding the schema cards", (double) done / missing.size());
        }
        write(file, cards);
        return new Prepared(cards, missing.size(), (System.nanoTime() - start) / 1_000_000);
    }

    private static List<List<TableBinding>> batches(List<TableBinding> tables, int size) {
        List<List<TableBinding>> out = new ArrayList<>();
        for (int i = 0; i < tables.size(); i += size) {
            out.add(tables.subList(i, Math.min(tables.size(), i + size)));
        }
        return out;
    }

    private Path file(Binding binding, Embeddings embeddings) {
        String source = binding.source().replaceAll("[^A-Za-z0-9._-]+", "_");
        if (source.length() > 80) {
            source = source.substring(0, 60) + "-" + Integer.toHexString(binding.source().hashCode());
        }
        return folder.resolve(source).resolve(binding.catalogVersion() + "." + embeddings.modelId() + ".cards");
    }

    private static Optional<Map<String, float[]>> read(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file); DataInputStream data = new DataInputStream(in)) {
            int n = data.readInt();
            Map<String, float[]> out = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                String table = data.readUTF();
                float[] v = new float[data.readInt()];
                for (int d = 0; d < v.length; d++) {
                    v[d] = data.readFloat();
                }
                out.put(table, v);
            }
            return Optional.of(out);
        } catch (IOException e) {
            LOG.warn("the stored schema cards {} cannot be read ({}); embedding them again", file, e.getMessage());
            return Optional.empty();
        }
    }

    private static void write(Path file, Map<String, float[]> cards) {
        try {
            DataFolder.ensure(file.getParent());
            // a file of its own: two engines of one version may store the same cards at once
            Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            try (OutputStream out = Files.newOutputStream(tmp); DataOutputStream data = new DataOutputStream(out)) {
                data.writeInt(cards.size());
                for (Map.Entry<String, float[]> e : cards.entrySet()) {
                    data.writeUTF(e.getKey());
                    data.writeInt(e.getValue().length);
                    for (float x : e.getValue()) {
                        data.writeFloat(x);
                    }
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("the schema cards cannot be kept at {}: {}", file, e.getMessage());
        }
    }
}
