package org.tally.core.linking;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;
import org.tally.core.binding.Binding;
import org.tally.core.embed.Embeddings;
import org.tally.core.pack.DomainPack;

/**
 * The embedded schema cards of one catalog version, kept beside it in the data folder ({@code linking/}), one file
 * per source, version and model: a refresh embeds them once and every later engine reads them. A file that cannot
 * be read is embedded again; losing it loses nothing.
 */
public final class CardStore {

    private static final Logger LOG = LoggerFactory.getLogger(CardStore.class);

    private final Path folder;

    public CardStore(DataFolder data) {
        this.folder = data.root().resolve("linking");
    }

    /** The cards of {@code binding}'s catalog version: read when stored, else embedded now and stored. */
    public Map<String, float[]> cards(Binding binding, DomainPack pack, Embeddings embeddings) {
        Path file = file(binding, embeddings);
        Optional<Map<String, float[]>> stored = read(file);
        if (stored.isPresent()) {
            return stored.get();
        }
        Map<String, float[]> cards = SchemaLinker.embedCards(binding, pack, embeddings);
        write(file, cards);
        return cards;
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
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
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
