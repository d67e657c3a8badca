package org.tally.core.modelfiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.stream.Stream;
import org.tally.core.Progress;

/**
 * Checks the models folder against its manifest: lists the model files, computes each one's SHA-256 and compares it
 * with the listed one. Reads files only; never loads a model and never downloads anything. Model files are large, so
 * progress is reported per megabyte and a cancel stops between reads.
 */
public final class ModelFiles {

    /** The file kinds a local runtime would read: GGUF weights (llama.cpp) and ONNX models. */
    private static final List<String> MODEL_SUFFIXES = List.of(".gguf", ".onnx", ".bin", ".safetensors");
    private static final int CHUNK = 1 << 20;

    private ModelFiles() {
    }

    public static ModelFileCheck check(Path folder, Progress progress) throws IOException {
        if (!Files.isDirectory(folder)) {
            return new ModelFileCheck(folder, false, false, List.of(), List.of());
        }
        ModelManifest manifest = ModelManifest.read(folder).orElse(null);
        Map<String, String> listed = manifest == null ? Map.of() : manifest.entries();
        List<Path> found;
        try (Stream<Path> s = Files.list(folder)) {
            found = s.filter(Files::isRegularFile).filter(p -> isModel(p) || listed.containsKey(name(p)))
                    .sorted().toList();
        }
        long total = 0;
        for (Path p : found) {
            total += Files.size(p);
        }
        long[] done = {0};
        long all = Math.max(1, total);
        List<ModelFileCheck.ModelFile> files = new ArrayList<>();
        for (Path p : found) {
            String name = name(p);
            String sha = sha256(p, name, progress, done, all);
            String expected = listed.get(name);
            ModelFileCheck.Status status = expected == null ? ModelFileCheck.Status.NOT_LISTED
                    : expected.equals(sha) ? ModelFileCheck.Status.VERIFIED : ModelFileCheck.Status.MISMATCH;
            files.add(new ModelFileCheck.ModelFile(name, Files.size(p), status, sha, expected));
        }
        for (Map.Entry<String, String> e : listed.entrySet()) {
            if (found.stream().noneMatch(p -> name(p).equals(e.getKey()))) {
                files.add(new ModelFileCheck.ModelFile(e.getKey(), -1, ModelFileCheck.Status.MISSING, null,
                        e.getValue()));
            }
        }
        return new ModelFileCheck(folder, true, manifest != null, files,
                manifest == null ? List.of() : manifest.problems());
    }

    /**
     * Checks one model file against the manifest of its own folder: its SHA-256 computed (with progress and cancel)
     * and compared with the listed one. A model is loaded only when this says {@link ModelFileCheck.Status#VERIFIED}.
     */
    public static ModelFileCheck.ModelFile verify(Path file, Progress progress) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        String name = name(file);
        if (!Files.isRegularFile(file)) {
            String listed = ModelManifest.read(folder).map(m -> m.entries().get(name)).orElse(null);
            return new ModelFileCheck.ModelFile(name, -1, ModelFileCheck.Status.MISSING, null, listed);
        }
        String expected = ModelManifest.read(folder).map(m -> m.entries().get(name)).orElse(null);
        String sha = sha256(file, name, progress, new long[] {0}, Math.max(1, Files.size(file)));
        ModelFileCheck.Status status = expected == null ? ModelFileCheck.Status.NOT_LISTED
                : expected.equals(sha) ? ModelFileCheck.Status.VERIFIED : ModelFileCheck.Status.MISMATCH;
        return new ModelFileCheck.ModelFile(name, Files.size(file), status, sha, expected);
    }

    private static boolean isModel(Path p) {
        String n = name(p).toLowerCase(Locale.ROOT);
        return !n.startsWith(".") && MODEL_SUFFIXES.stream().anyMatch(n::endsWith);
    }

    private static String name(Path p) {
        return p.getFileName().toString();
    }

    private static String sha256(Path file, String name, Progress progress, long[] done, long all)
            throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
        byte[] buffer = new byte[CHUNK];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (progress.cancelled()) {
                    throw new CancellationException("the check of the model files was cancelled");
                }
                digest.update(buffer, 0, n);
                done[0] += n;
                progress.report("checking " + name, Math.min(1.0, done[0] / (double) all));
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
