package org.tally.core.modelfiles;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What the models folder holds and whether each file is the one its manifest vouches for.
 *
 * @param folder           the models folder
 * @param folderExists     false when the folder was not created yet
 * @param manifestPresent  whether {@value ModelManifest#FILE_NAME} is there
 * @param files            every model file found, and every manifest entry whose file is missing
 * @param manifestProblems lines of the manifest that could not be read
 */
public record ModelFileCheck(Path folder, boolean folderExists, boolean manifestPresent, List<ModelFile> files,
                             List<String> manifestProblems) {

    public ModelFileCheck {
        Objects.requireNonNull(folder, "folder");
        files = List.copyOf(files);
        manifestProblems = List.copyOf(manifestProblems);
    }

    /** How one file compares with the manifest. */
    public enum Status {
        /** Listed, and its SHA-256 is the listed one. */
        VERIFIED,
        /** Listed, but its content has another SHA-256: damaged or replaced. */
        MISMATCH,
        /** Present, not in the manifest: nobody vouched for it. */
        NOT_LISTED,
        /** In the manifest, not in the folder. */
        MISSING
    }

    /**
     * @param size   bytes, or -1 when missing
     * @param sha256 the file's SHA-256 as computed (null when missing)
     * @param listed the manifest's SHA-256 (null when not listed)
     */
    public record ModelFile(String name, long size, Status status, String sha256, String listed) {
        public ModelFile {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(status, "status");
        }
    }

    /** True when there is at least one file and every file is verified. */
    public boolean allVerified() {
        return !files.isEmpty() && files.stream().allMatch(f -> f.status() == Status.VERIFIED);
    }
}
