package org.tally.ui.binding;

import atlantafx.base.theme.Styles;
import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The review section of the binding inspector's summary page: each table to look at first as a card (what it is
 * bound to now, why, the concepts it could be with their evidence, and a button per choice), then the index advice
 * with each statement ready to copy.
 */
final class BindingReviewPane extends VBox {

    private final BindingReviewModel model;
    private final VBox cards = new VBox(10);
    private final VBox advice = new VBox(6);

    BindingReviewPane(BindingReviewModel model) {
        super(10);
        this.model = model;
        setId("binding-review");
        setPadding(new Insets(4, 0, 0, 4));
        Label title = new Label("Review");
        title.getStyleClass().add(Styles.TITLE_4);
        Label status = new Label();
        status.setId("binding-review-status");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        Label choice = new Label();
        choice.setId("binding-review-choice");
        choice.getStyleClass().add(Styles.TEXT_BOLD);
        choice.setWrapText(true);
        choice.textProperty().bind(model.choiceStatusProperty());
        choice.managedProperty().bind(choice.textProperty().isNotEmpty());
        cards.setId("binding-review-items");
        Label indexTitle = new Label("Index advice");
        indexTitle.getStyleClass().add(Styles.TITLE_4);
        Label indexStatus = new Label();
        indexStatus.setId("index-advice-status");
        indexStatus.setWrapText(true);
        indexStatus.textProperty().bind(model.indexStatusProperty());
        advice.setId("index-advice");
        getChildren().addAll(title, status, choice, cards, indexTitle, indexStatus, advice);
        model.items().addListener((ListChangeListener<BindingReviewSnapshot.Item>) c -> showItems());
        model.errors().addListener((MapChangeListener<String, String>) c -> showItems());
        model.indexAdvice().addListener((ListChangeListener<BindingReviewSnapshot.IndexAdvice>) c -> showAdvice());
        showItems();
        showAdvice();
    }

    private void showItems() {
        cards.getChildren().clear();
        for (BindingReviewSnapshot.Item item : model.items()) {
            cards.getChildren().add(card(item));
        }
    }

    private VBox card(BindingReviewSnapshot.Item item) {
        Label name = new Label(item.table());
        name.getStyleClass().add(Styles.TEXT_BOLD);
        Label state = new Label(item.status());
        state.getStyleClass().add(item.tied() || item.unbound() ? Styles.WARNING : "card-hint");
        state.setWrapText(true);
        HBox head = new HBox(10, name, state);
        head.setAlignment(Pos.BASELINE_LEFT);
        Label why = new Label("Why: " + String.join("; ", item.reasons()));
        why.getStyleClass().add("card-hint");
        why.setWrapText(true);
        VBox card = new VBox(6, head, why);
        for (BindingReviewSnapshot.Choice c : item.choices()) {
            Button choose = choiceButton(item, c.concept(), "Bind to " + c.concept() + " ("
                    + String.format(Locale.ROOT, "%.2f", c.score()) + ")");
            Label evidence = new Label(c.evidence().isEmpty() ? "no evidence recorded"
                    : String.join("; ", c.evidence()));
            evidence.getStyleClass().add("card-hint");
            evidence.setWrapText(true);
            HBox.setHgrow(evidence, Priority.ALWAYS);
            HBox row = new HBox(10, choose, evidence);
            row.setAlignment(Pos.CENTER_LEFT);
            card.getChildren().add(row);
        }
        FlowPane others = new FlowPane(8, 8, choiceButton(item, BindingReviewModel.LOOKUP, "A lookup of codes"),
                choiceButton(item, BindingReviewModel.IGNORE, "Leave it out"));
        card.getChildren().add(others);
        String error = model.errors().get(item.table());
        if (error != null) {
            Label e = new Label(error);
            e.getStyleClass().addAll("field-error", Styles.DANGER);
            e.setWrapText(true);
            card.getChildren().add(e);
        }
        card.getStyleClass().add("review-card");
        card.setId("review-" + item.table());
        card.setAccessibleText(item.table() + ": " + item.status());
        return card;
    }

    private Button choiceButton(BindingReviewSnapshot.Item item, String concept, String text) {
        Button b = new Button(text);
        b.setId("review-choose-" + item.table() + "-" + concept);
        b.getStyleClass().add(Styles.BUTTON_OUTLINED);
        b.setMinWidth(USE_PREF_SIZE);
        String what = concept.equals(BindingReviewModel.LOOKUP) ? "read " + item.table() + " as a lookup of codes"
                : concept.equals(BindingReviewModel.IGNORE) ? "leave " + item.table() + " out of every answer"
                : "bind " + item.table() + " to " + concept;
        b.setTooltip(new Tooltip("Save an override to " + what + "; the binding is rebuilt"));
        b.setAccessibleText("Choose: " + what);
        b.setOnAction(e -> model.choose(item, concept));
        return b;
    }

    private void showAdvice() {
        advice.getChildren().clear();
        for (BindingReviewSnapshot.IndexAdvice a : model.indexAdvice()) {
            Label what = new Label(a.describe());
            what.setWrapText(true);
            TextField statement = new TextField(a.createIndex() + ";");
            statement.setEditable(false);
            statement.getStyleClass().add("code");
            statement.setAccessibleText("Statement that adds the index: " + statement.getText());
            HBox.setHgrow(statement, Priority.ALWAYS);
            Button copy = new Button("Copy");
            copy.getStyleClass().add(Styles.BUTTON_OUTLINED);
            copy.setMinWidth(USE_PREF_SIZE);
            copy.setAccessibleText("Copy the statement that adds the index on " + a.table() + "." + a.column());
            copy.setOnAction(e -> {
                ClipboardContent content = new ClipboardContent();
                content.putString(statement.getText());
                Clipboard.getSystemClipboard().setContent(content);
            });
            HBox row = new HBox(8, statement, copy);
            row.setAlignment(Pos.CENTER_LEFT);
            advice.getChildren().addAll(what, row);
        }
    }
}
