package org.tally.ui.chat;

import atlantafx.base.theme.Styles;
import java.util.IdentityHashMap;
import java.util.Map;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The chat pane: examples while it is empty, the answer cards, and the question box (Enter asks, Up recalls). */
public final class ChatView extends BorderPane {

    private final ChatViewModel model;
    private final VBox cards = new VBox();
    private final VBox welcome = new VBox();
    private final ScrollPane scroll = new ScrollPane(cards);
    private final TextField question = new TextField();
    private final Map<AnswerCardModel, Node> rendered = new IdentityHashMap<>();

    public ChatView(ChatViewModel model) {
        this.model = model;
        getStyleClass().add("chat-view");
        cards.getStyleClass().add("chat-cards");
        cards.setFillWidth(true);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add(atlantafx.base.theme.Tweaks.EDGE_TO_EDGE);
        buildWelcome();
        setCenter(scroll);
        setBottom(questionBar());
        model.cards().addListener((ListChangeListener<AnswerCardModel>) c -> renderCards());
        model.examples().addListener((ListChangeListener<String>) c -> buildWelcome());
        renderCards();
    }

    private HBox questionBar() {
        question.setId("question");
        question.getStyleClass().add("question-field");
        question.setPromptText("Ask about the hospital's data, e.g. How many deliveries were there last month, by ward?");
        question.textProperty().bindBidirectional(model.questionProperty());
        question.setOnAction(e -> model.ask());
        question.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.UP) {
                model.recallPrevious();
                question.end();
                e.consume();
            } else if (e.getCode() == KeyCode.DOWN) {
                model.recallNext();
                question.end();
                e.consume();
            }
        });
        HBox.setHgrow(question, Priority.ALWAYS);
        Button ask = new Button("Ask");
        ask.setId("ask-button");
        ask.getStyleClass().add(Styles.ACCENT);
        ask.setDefaultButton(false);
        ask.setOnAction(e -> model.ask());
        HBox bar = new HBox(question, ask);
        bar.getStyleClass().add("question-bar");
        return bar;
    }

    private void buildWelcome() {
        welcome.getStyleClass().setAll("welcome");
        Label title = new Label("Ask the hospital's data");
        title.getStyleClass().add("welcome-title");
        Label text = new Label("Tally answers exactly from the database, shows the SQL it ran and the path it took,"
                + " and says so when it cannot answer. Try one of these:");
        text.getStyleClass().add("welcome-text");
        text.setWrapText(true);
        FlowPane examples = new FlowPane(8, 8);
        examples.setId("examples");
        for (String q : model.examples()) {
            Button b = new Button(q);
            b.setMnemonicParsing(false);
            b.getStyleClass().addAll("example-question", Styles.BUTTON_OUTLINED);
            b.setOnAction(e -> model.ask(q));
            examples.getChildren().add(b);
        }
        welcome.getChildren().setAll(title, text, examples);
    }

    private void renderCards() {
        Map<AnswerCardModel, Node> keep = new IdentityHashMap<>();
        cards.getChildren().clear();
        if (model.cards().isEmpty()) {
            cards.getChildren().add(welcome);
        }
        for (AnswerCardModel card : model.cards()) {
            Node node = rendered.get(card);
            if (node == null) {
                node = new AnswerCardView(card, model);
            }
            keep.put(card, node);
            cards.getChildren().add(node);
        }
        rendered.clear();
        rendered.putAll(keep);
        // after layout, show the newest card
        Platform.runLater(() -> scroll.setVvalue(1.0));
    }

    public void focusQuestion() {
        question.requestFocus();
        question.end();
    }

    public TextField questionField() {
        return question;
    }
}
