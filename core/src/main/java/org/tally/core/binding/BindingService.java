package org.tally.core.binding;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.catalog.Catalog;

/**
 * The binding of a source, rebuilt on demand from its active catalog and its override file. Binding is pure and takes
 * milliseconds, so nothing is stored but the override files: {@code <overrides>/<source>.json} as the administrator
 * edits it, and beside it {@code <source>.json.last-good}, a copy of the last version that validated. A broken file
 * therefore never changes the binding: the last good overrides stay in force and the problems are reported.
 */
public final class BindingService {

    private static final Logger LOG = LoggerFactory.getLogger(BindingService.class);
    static final String LAST_GOOD = ".last-good";

    /** A binding and what the administrator must know about how it was made. */
    public record Result(Binding binding, List<String> problems, boolean lastGoodUsed) {
        public Result {
            Objects.requireNonNull(binding, "binding");
            problems = List.copyOf(problems);
        }

        /** True when the override file was rejected (the binding then uses the last good overrides, or none). */
        public boolean overridesRejected() {
            return !problems.isEmpty();
        }
    }

    private final Binder binder;
    private final Path folder;
    private final Presets presets;

    public BindingService(Binder binder, Path overridesFolder) {
        this.binder = Objects.requireNonNull(binder, "binder");
        this.folder = Objects.requireNonNull(overridesFolder, "overridesFolder");
        this.presets = Presets.of(binder.pack());
    }

    /** The file an administrator edits for {@code source} (a catalog's source key). */
    public Path overridesFile(String source) {
        return folder.resolve(fileName(source) + ".json");
    }

    /**
     * Binds the catalog with the source's overrides, falling back to the last good ones when the file is broken. A
     * catalog matching a standard's fingerprint gets that standard's built-in preset below the overrides.
     */
    public Result bind(Catalog catalog) {
        List<String> notes = new ArrayList<>();
        Overrides preset = preset(catalog, notes);
        Path file = overridesFile(catalog.source());
        Path lastGood = file.resolveSibling(file.getFileName() + LAST_GOOD);
        if (!Files.exists(file)) {
            return new Result(binder.bind(catalog, preset, notes), List.of(), false);
        }
        String text = read(file);
        try {
            Overrides overrides = OverrideFile.parse(text, file.toString(), catalog, binder.pack());
            saveLastGood(lastGood, text);
            return new Result(binder.bind(catalog, preset.under(overrides), notes), List.of(), false);
        } catch (OverrideException rejected) {
            List<String> problems = new ArrayList<>(rejected.problems());
            notes.add("override file " + file + " rejected (" + problems.size() + " problem"
                    + (problems.size() == 1 ? "" : "s") + ")");
            Overrides fallback = Overrides.NONE;
            boolean used = false;
            if (Files.exists(lastGood)) {
                try {
                    fallback = OverrideFile.parse(read(lastGood), lastGood.toString(), catalog, binder.pack());
                    used = true;
                    notes.add("the last good overrides (" + lastGood.getFileName() + ") stay in force");
                } catch (OverrideException stale) {
                    notes.add("the last good overrides no longer fit this catalog either; bound without overrides");
                }
            } else {
                notes.add("no earlier override file validated; bound without overrides");
            }
            LOG.warn("{}", rejected.getMessage());
            return new Result(binder.bind(catalog, preset.under(fallback), notes), problems, used);
        }
    }

    /** The built-in preset whose fingerprint the catalog matches, as overrides (none when no preset fits). */
    private Overrides preset(Catalog catalog, List<String> notes) {
        try {
            Optional<Presets.Applied> applied = presets.match(catalog, binder.pack());
            applied.ifPresent(a -> notes.add(a.note()));
            return applied.map(Presets.Applied::overrides).orElse(Overrides.NONE);
        } catch (OverrideException e) {
            // a preset that does not validate against this catalog is a defect of the preset, never the source's
            LOG.warn("built-in preset does not fit {}: {}", catalog.source(), e.getMessage());
            notes.add("a built-in preset matched but does not fit this catalog; bound without it: " + e.getMessage());
            return Overrides.NONE;
        }
    }

    private static void saveLastGood(Path lastGood, String text) {
        try {
            if (Files.exists(lastGood) && Files.readString(lastGood, StandardCharsets.UTF_8).equals(text)) {
                return;
            }
            Path tmp = lastGood.resolveSibling(lastGood.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, lastGood, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            LOG.warn("cannot keep a copy of the good override file at {}: {}", lastGood, e.getMessage());
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read override file " + file + ": " + e.getMessage(), e);
        }
    }

    /** A file-system-safe name: {@code demo:dev} → {@code demo_dev}; long JDBC URLs are shortened with a hash. */
    static String fileName(String source) {
        String safe = source.replaceAll("[^A-Za-z0-9._-]+", "_");
        if (safe.length() <= 80) {
            return safe;
        }
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(source.getBytes(StandardCharsets.UTF_8));
            return safe.substring(0, 60) + "-" + HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
