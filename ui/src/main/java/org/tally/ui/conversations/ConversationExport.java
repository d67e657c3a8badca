package org.tally.ui.conversations;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.tally.core.conversation.ConversationReport;
import org.tally.core.conversation.ConversationStore;

/**
 * Writes a kept conversation as a report. Markdown refers to each chart by a PNG file written beside it
 * ({@code report-turn-2.png}); HTML carries the charts inside the file as data URLs, so it travels as one file.
 */
public final class ConversationExport {

    private ConversationExport() {
    }

    /** What was written: the report and the chart files beside it (none for HTML). */
    public record Written(Path report, List<Path> images, int charts) {
        public Written {
            Objects.requireNonNull(report, "report");
            images = List.copyOf(images);
        }
    }

    /** Writes {@code kept} to {@code file} (its folder is made if missing), with {@code charts} by turn number. */
    public static Written write(ConversationStore.Kept kept, ReportFormat format, Path file, Map<Integer, byte[]> charts)
            throws IOException {
        Path target = file.toAbsolutePath();
        Files.createDirectories(target.getParent());
        Map<Integer, String> refs = new LinkedHashMap<>();
        List<Path> images = new ArrayList<>();
        String text;
        if (format == ReportFormat.MARKDOWN) {
            String stem = stem(target.getFileName().toString());
            for (Map.Entry<Integer, byte[]> chart : charts.entrySet()) {
                Path image = target.resolveSibling(stem + "-turn-" + chart.getKey() + ".png");
                Files.write(image, chart.getValue());
                images.add(image);
                refs.put(chart.getKey(), image.getFileName().toString());
            }
            text = ConversationReport.markdown(kept, refs);
        } else {
            charts.forEach((turn, png) -> refs.put(turn, "data:image/png;base64,"
                    + Base64.getEncoder().encodeToString(png)));
            text = ConversationReport.html(kept, refs);
        }
        Files.writeString(target, text);
        return new Written(target, images, charts.size());
    }

    /** A file name for the report of {@code title}: its words, safe on every desktop, and the format's ending. */
    public static String fileName(String title, ReportFormat format) {
        String words = title.replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
        if (words.length() > 60) {
            words = words.substring(0, 60).strip();
        }
        return (words.isEmpty() ? "conversation" : words.replace(' ', '-')) + "." + format.extension();
    }

    private static String stem(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
