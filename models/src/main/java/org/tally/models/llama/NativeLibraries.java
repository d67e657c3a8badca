package org.tally.models.llama;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.tally.core.planner.PlannerLoader;

/**
 * Which llama.cpp native library runs the model. The jar's own build is CPU-only; an IT department that builds one
 * with a GPU backend (Vulkan for an integrated GPU) points {@value #LIB_PATH} at its folder, and Tally tells from the
 * library's files whether it can offload layers. The bundled library is unpacked into a folder of Tally's own
 * ({@value #TMPDIR}), never downloaded.
 */
final class NativeLibraries {

    static final String LIB_PATH = "de.kherud.llama.lib.path";
    static final String TMPDIR = "de.kherud.llama.tmpdir";
    static final String BUNDLED = "the bundled llama.cpp build (b4916)";

    /** Per GPU backend: the mark in a library's file name, the prefix of its symbols, and its name. */
    private static final String[][] BACKENDS = {{"vulkan", "ggml_backend_vk", "Vulkan"},
            {"cuda", "ggml_backend_cuda", "CUDA"}, {"hip", "ggml_backend_hip", "ROCm/HIP"},
            {"sycl", "ggml_backend_sycl", "SYCL"}, {"opencl", "ggml_backend_opencl", "OpenCL"}};

    private NativeLibraries() {
    }

    /** Where the bundled library is unpacked when nothing else was set: the data folder's {@code natives/}. */
    static void unpackInto(Path folder) throws IOException {
        if (System.getProperty(TMPDIR) == null) {
            System.setProperty(TMPDIR, folder.toString());
        }
        Files.createDirectories(Path.of(System.getProperty(TMPDIR)));
    }

    /**
     * Runs the first use of the runtime's classes with standard output sent to standard error: its loader prints a
     * line there when it unpacks the library, and standard output belongs to the command line's JSON.
     */
    static <T> T quietly(Supplier<T> firstUse) {
        PrintStream out = System.out;
        System.setOut(System.err);
        try {
            return firstUse.get();
        } finally {
            System.setOut(out);
        }
    }

    static PlannerLoader.NativeRuntime describe() {
        String custom = System.getProperty(LIB_PATH);
        if (custom == null || custom.isBlank()) {
            return new PlannerLoader.NativeRuntime(BUNDLED, List.of());
        }
        Path folder = Path.of(custom);
        return new PlannerLoader.NativeRuntime("the custom build in " + folder, backendsIn(folder));
    }

    /** The GPU backends the library files of {@code folder} carry, by their names and the symbols they hold. */
    static List<String> backendsIn(Path folder) {
        List<String> found = new ArrayList<>();
        if (!Files.isDirectory(folder)) {
            return found;
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path f : files.filter(Files::isRegularFile).filter(NativeLibraries::isLibrary).toList()) {
                String name = f.getFileName().toString().toLowerCase(Locale.ROOT);
                for (String[] b : BACKENDS) {
                    if (!found.contains(b[2]) && (name.contains(b[0]) || holds(f, b[1]))) {
                        found.add(b[2]);
                    }
                }
            }
        } catch (IOException e) {
            return found;
        }
        return found;
    }

    private static boolean isLibrary(Path f) {
        String n = f.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".so") || n.endsWith(".dll") || n.endsWith(".dylib") || n.contains(".so.");
    }

    /** Whether the file's bytes hold {@code symbol} (a backend's symbol prefix). */
    private static boolean holds(Path file, String symbol) {
        byte[] wanted = symbol.getBytes(StandardCharsets.US_ASCII);
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 20];
            int keep = 0;
            int n;
            while ((n = in.read(buffer, keep, buffer.length - keep)) > 0) {
                int end = keep + n;
                if (indexOf(buffer, end, wanted) >= 0) {
                    return true;
                }
                keep = Math.min(wanted.length, end);
                System.arraycopy(buffer, end - keep, buffer, 0, keep);
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    private static int indexOf(byte[] data, int end, byte[] wanted) {
        outer:
        for (int i = 0; i + wanted.length <= end; i++) {
            for (int j = 0; j < wanted.length; j++) {
                if (data[i + j] != wanted[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
