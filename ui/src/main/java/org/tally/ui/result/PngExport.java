package org.tally.ui.result;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Writes what a node shows as a PNG, using JavaFX's own snapshot (works headless too). Call on the FX thread. */
public final class PngExport {

    private PngExport() {
    }

    public static void write(Node node, Path file) throws IOException {
        WritableImage image = node.snapshot(new SnapshotParameters(), null);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile())) {
            throw new IOException("no PNG writer available");
        }
    }
}
