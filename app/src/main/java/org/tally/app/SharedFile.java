package org.tally.app;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A small text file that several Tally processes may change (an override file edited from two windows): each change
 * reads, edits and writes it under a lock file, and the new text replaces the old in one move, so no change made
 * meanwhile by another process is overwritten and a crash never leaves half a file.
 */
final class SharedFile {

    /** Computes the new text from the current one (null when the file does not exist yet). */
    @FunctionalInterface
    interface Edit {
        String apply(String current) throws IOException;
    }

    /** Within one JVM the file lock cannot be taken twice: one change at a time here, the lock across processes. */
    private static final Object IN_PROCESS = new Object();

    private SharedFile() {
    }

    /** Applies {@code edit} to {@code file} under its lock; the new text is in place when this returns. */
    static void update(Path file, Edit edit) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path lockFile = dir.resolve(file.getFileName() + ".lock");
        synchronized (IN_PROCESS) {
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                String current = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : null;
                String next = edit.apply(current);
                Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
                try {
                    Files.writeString(tmp, next, StandardCharsets.UTF_8);
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(tmp);
                }
            }
        }
    }
}
