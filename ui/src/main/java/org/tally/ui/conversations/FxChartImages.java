package org.tally.ui.conversations;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.layout.StackPane;
import javax.imageio.ImageIO;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.conversation.Turn;
import org.tally.ui.result.ChartKind;
import org.tally.ui.result.ResultModel;
import org.tally.ui.result.ResultView;
import org.tally.ui.shell.ShellView;

/**
 * Draws each answer the chat shows as a chart (line, bar or pie, by the same rules as its card) off screen with the
 * workstation's stylesheet, and keeps the chart's picture. Answers shown as a number or a table have no image: the
 * report has their table. Call on the UI thread.
 */
public final class FxChartImages implements ChartImages {

    private static final double WIDTH = 720;
    private static final double HEIGHT = 420;

    @Override
    public Map<Integer, byte[]> draw(List<Turn> turns) {
        Map<Integer, byte[]> out = new LinkedHashMap<>();
        for (Turn t : turns) {
            Answer a = t.answer();
            if (a.status() != AnswerStatus.ANSWERED || a.rows().isEmpty() || a.nextPage() != null) {
                continue;
            }
            ResultModel result = new ResultModel(a.columns(), a.rows());
            if (result.shown() == ChartKind.TABLE || result.shown() == ChartKind.KPI) {
                continue;
            }
            ResultView view = new ResultView(result);
            StackPane root = new StackPane(view);
            Scene scene = new Scene(root, WIDTH, HEIGHT);
            scene.getStylesheets().add(ShellView.STYLESHEET);
            root.applyCss();
            root.layout();
            Node chart = view.lookup(".chart");
            out.put(t.number(), png(chart == null ? view : chart));
        }
        return out;
    }

    private static byte[] png(Node node) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(SwingFXUtils.fromFXImage(node.snapshot(new SnapshotParameters(), null), null), "png",
                    bytes)) {
                throw new IOException("no PNG writer available");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
