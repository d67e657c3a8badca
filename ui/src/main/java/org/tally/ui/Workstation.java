package org.tally.ui;

import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;
import org.tally.core.DataFolder;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.EngineFactory;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;

/** Starts the workstation window on the embedded demo hospital. Started without an Application subclass. */
public final class Workstation {

    private final EngineFactory engines;
    private final DataFolder data;

    public Workstation(EngineFactory engines, DataFolder data) {
        this.engines = Objects.requireNonNull(engines, "engines");
        this.data = Objects.requireNonNull(data, "data");
    }

    /** Opens the window and blocks until it is closed; returns the process exit status. */
    public int run() {
        CountDownLatch closed = new CountDownLatch(1);
        Platform.startup(() -> show(closed));
        try {
            closed.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private void show(CountDownLatch closed) {
        Stage stage = new Stage();
        ListView<String> answers = new ListView<>();
        TextField question = new TextField();
        question.setPromptText("Ask a question, e.g. How many patients are there?");
        Label status = new Label("Source: demo:dev · data in " + data.root());
        question.setOnAction(e -> {
            String q = question.getText();
            question.clear();
            Thread worker = new Thread(() -> {
                String line;
                try (AnswerEngine engine = engines.open(SourceRef.parse("demo:dev"), Credentials.NONE, null,
                        Progress.NONE)) {
                    Answer a = engine.ask(q);
                    line = q + " → " + a.status().json() + (a.message() == null ? "" : ": " + a.message());
                } catch (RuntimeException ex) {
                    line = q + " → error: " + ex.getMessage();
                }
                String shown = line;
                Platform.runLater(() -> answers.getItems().add(shown));
            }, "tally-ask");
            worker.setDaemon(true);
            worker.start();
        });
        BorderPane root = new BorderPane(answers, status, null, question, null);
        BorderPane.setMargin(question, new Insets(8));
        stage.setTitle("Tally");
        stage.setScene(new Scene(root, 900, 600));
        stage.setOnHidden(e -> closed.countDown());
        stage.show();
    }
}
