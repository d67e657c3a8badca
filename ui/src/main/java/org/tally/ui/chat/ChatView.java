package org.tally.ui.chat;

import atlantafx.base.theme.Styles;
import java.util.IdentityHashMap;
import java.util.Map;
import javafx.collections.ListChangeListener;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The chat pane: examples while it is empty, the answer cards, and the question box (Enter asks, Up recalls). */
public final class ChatView extends BorderPane {

    private final ChatViewModel model;
    /** After each layout of the cards, the newest one is brought into view (its final size is known only then). */
    private final VBox cards = new VBox() {
        @Override
        protected void layoutChildren() {
            super.layoutChildren();
            showFollowed();
        }
    };
    private final VBox welcome = new VBox();
    private final ScrollPane scroll = new ScrollPane(cards);
    private final TextField question = new TextField();
    private final Map<AnswerCardModel, Node> rendered = new IdentityHashMap<>();
    private Node following;

    public ChatView(ChatViewModel model) {
        this.model = model;
        getStyleClass().add("chat-view");
        cards.getStyleClass().add("chat-cards");
        cards.setFillWidth(true);
        scroll.setId("chat-scroll");
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add(atlantafx.base.theme.Tweaks.EDGE_TO_EDGE);
        buildWelcome();
        setCenter(scroll);
        setBottom(questionBar());
        model.cards().addListener((ListChangeListener<AnswerCardModel>) c -> renderCards());
        // the user scrolls or works in the cards (opens the SQL, sorts a table): the view stays where they are
        scroll.addEventFilter(ScrollEvent.SCROLL, e -> following = null);
        scroll.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> following = null);
        scroll.addEventFilter(KeyEvent.KEY_PRESSED, e -> following = null);
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
        follow(model.cards().isEmpty() ? null : rendered.get(model.cards().get(model.cards().size() - 1)));
    }

    /**
     * Keeps {@code card} (the newest) in view while it grows: a pending card becomes an answer, a chart lays out.
     * Its end is shown, or its start when it is taller than the view. Scrolling, clicking or typing
     * in the cards stops following until the next answer.
     */
    private void follow(Node card) {
        following = card;
        cards.requestLayout();
    }

    private void showFollowed() {
        Node card = following;
        if (card == null || card.getParent() != cards) {
            return;
        }
        double viewport = scroll.getViewportBounds().getHeight();
        double extra = cards.getHeight() - viewport;
        if (extra <= 0 || viewport <= 0) {
            return;
        }
        Bounds b = card.getBoundsInParent();
        double end = b.getMaxY() + cards.getPadding().getBottom() - viewport;
        double start = b.getMinY() - cards.getPadding().getTop();
        // the card's end at the bottom of the view, unless that would hide its start
        double y = Math.max(0, Math.min(extra, Math.min(start, end)));
        scroll.setVvalue(scroll.getVmin() + (scroll.getVmax() - scroll.getVmin()) * y / extra);
    }

    public void focusQuestion() {
        question.requestFocus();
        question.end();
    }

    public TextField questionField() {
        return question;
    }
}
