package org.tally.ui.chat;

import atlantafx.base.theme.Styles;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import org.tally.core.answer.PathStep;
import org.tally.ui.result.ResultView;

/** Lays out one {@link AnswerCardModel}; every decision about what to show was made by the model. */
public final class AnswerCardView extends VBox {

    public AnswerCardView(AnswerCardModel card, ChatViewModel chat) {
        getStyleClass().add("answer-card");
        getStyleClass().add(card.state().name().toLowerCase());
        setFillWidth(true);
        Label question = new Label(card.question());
        question.getStyleClass().add("card-question");
        question.setWrapText(true);
        getChildren().add(question);
        if (card.using() != null) {
            // a follow-up says what it carried over from the earlier turn, so nothing is assumed unseen
            Label using = text(card.using(), "card-using");
            using.setId("using-line");
            getChildren().add(using);
        }
        switch (card.state()) {
            case PENDING -> getChildren().add(pending(card));
            case ANSWERED -> answered(card);
            case CLARIFY -> clarify(card, chat);
            case REFUSED -> refused(card, chat);
            case ERROR, CANCELLED -> getChildren().add(text(card.message(), "card-message"));
        }
        if (card.state() == CardState.PENDING) {
            // the chips fill in while the ladder works: each step appears as it ends
            FlowPane live = chips(card);
            card.steps().addListener((ListChangeListener<PathStep>) c -> fillChips(live, card));
            getChildren().add(live);
        } else if (!card.steps().isEmpty()) {
            getChildren().add(chips(card));
        }
        if (card.hasSql()) {
            sqlDisclosure(card);
        }
        if (card.state() == CardState.ANSWERED && !card.suggestions().isEmpty()) {
            getChildren().add(buttons(card.suggestions(), "suggestion-chip", label -> chat.suggest(card, label)));
        }
    }

    private static Node pending(AnswerCardModel card) {
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(18, 18);
        Label doing = text(card.progressText(), "card-hint");
        doing.setId("pending-text");
        card.steps().addListener((ListChangeListener<PathStep>) c -> doing.setText(card.progressText()));
        HBox row = new HBox(8, spinner, doing);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private void answered(AnswerCardModel card) {
        SnapshotChip snapshot = card.snapshotChip(Instant.now());
        if (snapshot != null) {
            // never taken for live data: the chip stands above the result it qualifies
            Label chip = new Label(snapshot.label());
            chip.setId("snapshot-chip");
            chip.getStyleClass().addAll("chip", "chip-snapshot");
            chip.setTooltip(tooltip(snapshot.tooltip()));
            chip.setAccessibleText(snapshot.label() + ". " + snapshot.tooltip());
            chip.setFocusTraversable(true);
            getChildren().add(chip);
        }
        getChildren().add(new ResultView(card.result()));
        if (!card.citations().isEmpty()) {
            getChildren().add(citations(card.citations()));
        }
        if (card.readAs() != null) {
            Label readAs = text(card.readAs(), "card-explanation");
            readAs.setId("read-as");
            getChildren().add(readAs);
        }
        if (card.modelNote() != null) {
            Label note = text(card.modelNote(), "card-hint");
            note.setId("model-note");
            getChildren().add(note);
        }
        if (card.explanation() != null && !card.explanation().isBlank()) {
            Label explanation = text(card.explanation(), "card-explanation");
            explanation.setId("explanation");
            getChildren().add(explanation);
        }
        if (card.message() != null && !card.message().isBlank()) {
            Label note = text(card.message(), "card-hint");
            note.setId("answer-note");
            getChildren().add(note);
        }
    }

    /** The passages a retrieval answer cites, one small card each, under the rows that number them. */
    private static VBox citations(List<CitationCard> cards) {
        VBox list = new VBox(6);
        list.setId("citations");
        list.getChildren().add(caption("Passages cited"));
        for (CitationCard c : cards) {
            Label mark = new Label(c.mark());
            mark.getStyleClass().add(Styles.TEXT_BOLD);
            mark.setMinWidth(Region.USE_PREF_SIZE);
            Label where = text(c.source(), "card-hint");
            Label passage = text(c.text(), "citation-text");
            VBox body = new VBox(2, where, passage);
            javafx.scene.layout.HBox.setHgrow(body, javafx.scene.layout.Priority.ALWAYS);
            HBox card = new HBox(8, mark, body);
            card.getStyleClass().add("citation-card");
            card.setFocusTraversable(true);
            card.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
            card.setAccessibleText(c.spoken());
            list.getChildren().add(card);
        }
        return list;
    }

    private void clarify(AnswerCardModel card, ChatViewModel chat) {
        getChildren().add(text(card.clarifyQuestion(), "card-message"));
        FlowPane options = buttons(card.clarifyOptions(), "clarify-option", option -> chat.choose(card, option));
        if (card.clarifyChoosable()) {
            options.disableProperty().bind(card.clarifyAnsweredProperty());
            getChildren().add(options);
        } else {
            options.setDisable(true);
            getChildren().addAll(options, text("Ask the question again naming the one you mean.", "card-hint"));
        }
    }

    private void refused(AnswerCardModel card, ChatViewModel chat) {
        Label message = text(card.message(), "card-message");
        message.setId("refusal-message");
        getChildren().add(message);
        if (!card.suggestions().isEmpty()) {
            getChildren().add(text("You could try one of these instead:", "card-hint"));
            getChildren().add(buttons(card.suggestions(), "suggestion-chip", label -> chat.suggest(card, label)));
        }
    }

    private static FlowPane chips(AnswerCardModel card) {
        FlowPane row = new FlowPane(6, 6);
        row.getStyleClass().add("chips");
        // one keyboard stop per card: a screen reader reads the whole path, every chip's reason and time
        row.setFocusTraversable(true);
        row.setAccessibleRole(javafx.scene.AccessibleRole.TEXT);
        row.setAlignment(Pos.CENTER_LEFT);
        fillChips(row, card);
        return row;
    }

    private static void fillChips(FlowPane row, AnswerCardModel card) {
        row.getChildren().clear();
        Provenance path = card.provenance();
        row.setAccessibleText(path.spoken());
        for (int i = 0; i < path.shown().size(); i++) {
            ChipModel chip = path.shown().get(i);
            if (i > 0) {
                row.getChildren().add(text("→", "chip-total"));
            }
            Label l = new Label(chip.label());
            l.getStyleClass().addAll("chip", chip.styleClass());
            if (chip.fellThrough()) {
                l.getStyleClass().add("chip-fell-through");
            }
            l.setTooltip(tooltip(chip.tooltip()));
            l.setAccessibleText(chip.tooltip());
            row.getChildren().add(l);
        }
        if (card.state() != CardState.PENDING) {
            row.getChildren().add(text("· " + path.totalMs() + " ms", "chip-total"));
        }
        if (!path.tried().isEmpty()) {
            Label tried = text(path.triedText(), "chip-tried");
            tried.setMaxWidth(Region.USE_PREF_SIZE);
            tried.setTooltip(tooltip(path.triedTooltip()));
            tried.setAccessibleText(path.triedTooltip());
            row.getChildren().add(tried);
        }
    }

    private static Tooltip tooltip(String text) {
        Tooltip tip = new Tooltip(text);
        tip.setShowDelay(Duration.millis(200));
        tip.setWrapText(true);
        tip.setMaxWidth(480);
        return tip;
    }

    /**
     * The SQL, the spec JSON and the spec hash behind one toggle. Each block's copy button sits in the row above its
     * code, so whatever the fonts, text size or window, the button is in view whenever the code's start is.
     */
    private void sqlDisclosure(AnswerCardModel card) {
        ToggleButton toggle = new ToggleButton();
        toggle.textProperty().bind(javafx.beans.binding.Bindings.when(card.sqlShownProperty())
                .then("Hide SQL").otherwise("Show SQL"));
        toggle.getStyleClass().addAll("sql-toggle", Styles.SMALL, Styles.BUTTON_OUTLINED);
        toggle.setAccessibleText("Show or hide the SQL, the query specification and its hash");
        toggle.selectedProperty().bindBidirectional(card.sqlShownProperty());
        VBox details = new VBox(6);
        details.getStyleClass().add("sql-details");
        String sqlCaption = card.result() != null && card.result().paged()
                ? "SQL as executed for the first page (each next page adds: after the last row shown)"
                : "SQL as executed";
        details.getChildren().addAll(
                blockHeader(sqlCaption, copyButton("Copy SQL", "copy-sql", card::sqlForClipboard)),
                new CodeArea(card.sql(), "sql-text"));
        if (card.specJson() != null) {
            Button copySpec = copyButton("Copy spec JSON", "copy-spec", card::specJsonForClipboard);
            copySpec.setTooltip(new Tooltip("Copies the canonical JSON exactly as it was hashed"));
            details.getChildren().addAll(blockHeader("Query specification (the SQL was compiled from it)", copySpec),
                    new CodeArea(card.specJsonForReading(), "spec-json"));
        }
        if (card.specHash() != null) {
            Label hash = new Label("Spec hash " + card.specHash());
            hash.getStyleClass().add("spec-hash");
            hash.setWrapText(true);
            details.getChildren().add(hash);
        }
        details.visibleProperty().bind(card.sqlShownProperty());
        details.managedProperty().bind(card.sqlShownProperty());
        getChildren().addAll(toggle, details);
    }

    /** A caption that wraps, and its button, which never shrinks out of sight. */
    private static HBox blockHeader(String text, Button button) {
        Label caption = caption(text);
        caption.setWrapText(true);
        caption.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(caption, javafx.scene.layout.Priority.ALWAYS);
        button.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox row = new HBox(8, caption, button);
        row.setAlignment(Pos.CENTER_LEFT);
        row.getStyleClass().add("code-header");
        return row;
    }

    private static Label caption(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("sql-caption");
        return l;
    }

    private static Button copyButton(String label, String styleClass, Supplier<String> text) {
        Button copy = new Button(label);
        copy.getStyleClass().addAll(styleClass, Styles.SMALL, Styles.BUTTON_OUTLINED);
        copy.setAccessibleText(label);
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(text.get());
            Clipboard.getSystemClipboard().setContent(content);
            copy.setText("Copied");
        });
        return copy;
    }

    private static FlowPane buttons(List<String> labels, String styleClass, Consumer<String> action) {
        FlowPane row = new FlowPane(6, 6);
        for (String label : labels) {
            Button b = new Button(label);
            // recorded values hold underscores ("partially_paid"): show them, never read them as mnemonics
            b.setMnemonicParsing(false);
            b.getStyleClass().addAll(styleClass, Styles.SMALL);
            b.setOnAction(e -> action.accept(label));
            row.getChildren().add(b);
        }
        return row;
    }

    private static Label text(String s, String styleClass) {
        Label l = new Label(s);
        l.getStyleClass().add(styleClass);
        l.setWrapText(true);
        l.setMaxWidth(Double.MAX_VALUE);
        return l;
    }
}
