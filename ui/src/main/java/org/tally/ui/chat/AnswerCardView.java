package org.tally.ui.chat;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.function.Consumer;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
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
            card.chips().addListener((ListChangeListener<ChipModel>) c -> fillChips(live, card));
            getChildren().add(live);
        } else if (!card.chips().isEmpty()) {
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
        card.chips().addListener((ListChangeListener<ChipModel>) c -> doing.setText(card.progressText()));
        HBox row = new HBox(8, spinner, doing);
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    private void answered(AnswerCardModel card) {
        getChildren().add(new ResultView(card.result()));
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
        row.setAlignment(Pos.CENTER_LEFT);
        fillChips(row, card);
        return row;
    }

    private static void fillChips(FlowPane row, AnswerCardModel card) {
        row.getChildren().clear();
        for (int i = 0; i < card.chips().size(); i++) {
            ChipModel chip = card.chips().get(i);
            if (i > 0) {
                row.getChildren().add(text("→", "chip-total"));
            }
            Label l = new Label(chip.label() + "  " + chip.timing());
            // a miss is the ladder working as designed: only a failure is drawn as an alarm
            l.getStyleClass().addAll("chip", switch (chip.outcome()) {
                case OK -> "chip-ok";
                case ERROR -> "chip-error";
                case MISS, CLARIFY, SKIPPED -> "chip-other";
            });
            Tooltip tip = new Tooltip(chip.tooltip());
            tip.setShowDelay(Duration.millis(200));
            tip.setWrapText(true);
            tip.setMaxWidth(480);
            l.setTooltip(tip);
            row.getChildren().add(l);
        }
        if (card.state() != CardState.PENDING) {
            row.getChildren().add(text("· " + card.totalMs() + " ms", "chip-total"));
        }
    }

    private void sqlDisclosure(AnswerCardModel card) {
        ToggleButton toggle = new ToggleButton("SQL");
        toggle.getStyleClass().addAll("sql-toggle", Styles.SMALL, Styles.BUTTON_OUTLINED);
        toggle.selectedProperty().bindBidirectional(card.sqlShownProperty());
        VBox details = new VBox(6);
        details.getStyleClass().add("sql-details");
        details.getChildren().add(caption(card.result() != null && card.result().paged()
                ? "SQL as executed for the first page (each next page adds: after the last row shown)"
                : "SQL as executed"));
        details.getChildren().add(code(card.sql(), "sql-text"));
        details.getChildren().add(copyButton("Copy SQL", "copy-sql", card::sqlForClipboard));
        if (card.specJson() != null) {
            details.getChildren().add(caption("Query specification (the SQL was compiled from it)"));
            details.getChildren().add(code(card.specJsonForReading(), "spec-json"));
            Button copySpec = copyButton("Copy spec JSON", "copy-spec", card::specJsonForClipboard);
            copySpec.setTooltip(new Tooltip("Copies the canonical JSON exactly as it was hashed"));
            details.getChildren().add(copySpec);
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

    private static Label caption(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("sql-caption");
        return l;
    }

    /** Read-only, selectable text: the user can copy part of it as well as all of it. */
    private static TextArea code(String text, String styleClass) {
        TextArea area = new TextArea(text);
        area.getStyleClass().add(styleClass);
        area.setEditable(false);
        area.setWrapText(true);
        area.setPrefRowCount(Math.min(12, Math.max(2, text.split("\n").length + 1)));
        return area;
    }

    private static Button copyButton(String label, String styleClass, java.util.function.Supplier<String> text) {
        Button copy = new Button(label);
        copy.getStyleClass().addAll(styleClass, Styles.SMALL, Styles.FLAT);
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
