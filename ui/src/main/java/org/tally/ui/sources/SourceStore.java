package org.tally.ui.sources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.DataFolder;

/**
 * The user's sources in {@code <data>/state/sources.json}: {@code {"version":1,"sources":[{name,url,user}]}}.
 * Written atomically (a temporary file moved over the old one). A file that cannot be read is moved aside as
 * {@code sources.json.unreadable-<time>} rather than overwritten, so nothing is lost. No password is ever written.
 */
public final class SourceStore {

    private static final Logger LOG = LoggerFactory.getLogger(SourceStore.class);
    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    static final String FILE = "sources.json";

    private final Path file;

    public SourceStore(DataFolder data) {
        this(data.state().resolve(FILE));
    }

    public SourceStore(Path file) {
        this.file = file;
    }

    public Path file() {
        return file;
    }

    public List<SavedSource> load() {
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            List<SavedSource> out = new ArrayList<>();
            for (JsonNode s : root.path("sources")) {
                String name = s.path("name").asText(null);
                String url = s.path("url").asText(null);
                if (name == null || url == null) {
                    LOG.warn("{}: skipped a source without name or url", file);
                    continue;
                }
                out.add(new SavedSource(name, url, s.path("user").asText(null)));
            }
            return List.copyOf(out);
        } catch (IOException | RuntimeException e) {
            Path aside = file.resolveSibling(FILE + ".unreadable-" + Instant.now().toEpochMilli());
            LOG.warn("{} cannot be read ({}); moved to {} and starting with no saved sources", file, e.getMessage(),
                    aside);
            try {
                Files.move(file, aside);
            } catch (IOException moveFailed) {
                throw new UncheckedIOException("Cannot read " + file + " nor move it aside", moveFailed);
            }
            return List.of();
        }
    }

    public void save(List<SavedSource> sources) {
        ObjectNode root = JSON.createObjectNode();
        root.put("version", 1);
        ArrayNode list = root.putArray("sources");
        for (SavedSource s : sources) {
            ObjectNode n = list.addObject();
            n.put("name", s.name());
            n.put("url", s.url());
            if (s.user() != null) {
                n.put("user", s.user());
            }
        }
        try {
            DataFolder.ensure(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), FILE, ".tmp");
            JSON.writeValue(tmp.toFile(), root);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot save sources to " + file + ": " + e.getMessage(), e);
        }
    }
}
