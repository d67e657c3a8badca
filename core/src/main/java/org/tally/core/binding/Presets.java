package org.tally.core.binding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogTable;
import org.tally.core.pack.DomainPack;

/**
 * The built-in binding presets of a pack ({@code <pack>-presets.json} beside the pack): standard schemas (MIMIC-IV,
 * OMOP CDM) whose names the standard fixes. A catalog that matches a preset's fingerprint (enough of its tables, each
 * with the columns listed) gets the preset's entries as overrides, below the administrator's own. The entries are
 * written in the override file's format and pass the same validation ({@link OverrideFile}); those naming tables or
 * columns the source lacks are left out.
 */
final class Presets {

    /** One preset as the resource file holds it. */
    public record Preset(String id, String name, double match, Map<String, List<String>> fingerprint,
                         JsonNode overrides) {
        public Preset {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(name, "name");
            fingerprint = Map.copyOf(fingerprint);
            if (fingerprint.isEmpty() || match <= 0 || match > 1) {
                throw new IllegalArgumentException("preset " + id + " needs a fingerprint and a match in (0, 1]");
            }
        }
    }

    /** A preset that fits a catalog: how well, and its entries as validated overrides. */
    public record Applied(Preset preset, int matched, Overrides overrides) {
        /** What {@code binding} says about it. */
        public String note() {
            return "recognised as " + preset.name() + " by its fingerprint (" + matched + " of "
                    + preset.fingerprint().size() + " of the standard's tables, with their columns): its built-in"
                    + " binding preset applies; the override file can change any of it";
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final List<Preset> presets;

    public Presets(List<Preset> presets) {
        this.presets = List.copyOf(presets);
    }

    /** The presets kept beside {@code pack}; none when the pack has no presets file. */
    public static Presets of(DomainPack pack) {
        String resource = "/org/tally/core/pack/" + pack.name() + "-presets.json";
        try (InputStream in = Presets.class.getResourceAsStream(resource)) {
            if (in == null) {
                return new Presets(List.of());
            }
            return new Presets(parse(JSON.readTree(in)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the built-in presets " + resource, e);
        }
    }

    static List<Preset> parse(JsonNode root) {
        List<Preset> out = new ArrayList<>();
        for (JsonNode p : root.path("presets")) {
            Map<String, List<String>> fingerprint = new LinkedHashMap<>();
            p.path("fingerprint").fields().forEachRemaining(e -> {
                List<String> columns = new ArrayList<>();
                e.getValue().forEach(c -> columns.add(c.asText()));
                fingerprint.put(e.getKey(), columns);
            });
            out.add(new Preset(p.path("id").asText(), p.path("name").asText(), p.path("match").asDouble(),
                    fingerprint, p.path("overrides")));
        }
        return out;
    }

    public List<Preset> all() {
        return presets;
    }

    /** The best-matching preset at or above its own match share, with its entries that fit this catalog. */
    public Optional<Applied> match(Catalog catalog, DomainPack pack) {
        Applied best = null;
        for (Preset p : presets) {
            int matched = (int) p.fingerprint().entrySet().stream().filter(e -> holds(catalog, e.getKey(), e.getValue()))
                    .count();
            double share = (double) matched / p.fingerprint().size();
            if (share + 1e-9 >= p.match() && (best == null || share > (double) best.matched()
                    / best.preset().fingerprint().size())) {
                best = new Applied(p, matched, fitting(p, catalog, pack));
            }
        }
        return Optional.ofNullable(best);
    }

    private static boolean holds(Catalog catalog, String table, List<String> columns) {
        Optional<CatalogTable> t = catalog.table(table);
        return t.isPresent() && columns.stream().allMatch(c -> t.get().column(c).isPresent());
    }

    /** The preset's entries for the tables and columns this catalog has, validated as an override file is. */
    private static Overrides fitting(Preset p, Catalog catalog, DomainPack pack) {
        ObjectNode kept = JSON.createObjectNode();
        ObjectNode tables = kept.putObject("tables");
        ObjectNode columns = kept.putObject("columns");
        for (Iterator<Map.Entry<String, JsonNode>> it = p.overrides().path("tables").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            catalog.table(e.getKey()).ifPresent(t -> tables.set(t.name(), e.getValue()));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = p.overrides().path("columns").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            int dot = e.getKey().lastIndexOf('.');
            Optional<CatalogTable> t = dot < 0 ? Optional.empty() : catalog.table(e.getKey().substring(0, dot));
            if (t.isPresent() && t.get().column(e.getKey().substring(dot + 1)).isPresent()) {
                columns.set(t.get().name() + "." + t.get().column(e.getKey().substring(dot + 1)).get().name(),
                        e.getValue());
            }
        }
        return OverrideFile.parse(kept.toString(), "built-in preset " + p.id(), catalog, pack)
                .from("preset " + p.name());
    }
}
