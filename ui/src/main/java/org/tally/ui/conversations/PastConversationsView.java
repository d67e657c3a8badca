package org.tally.ui.conversations;

import atlantafx.base.theme.Styles;
import java.io.File;
import java.util.Optional;
import javafx.beans.binding.BooleanBinding;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.tally.core.conversation.ConversationStore;

/**
 * The kept conversations of the current source: each with its first question, when it was last used and its turns.
 * Reopen (or double-click) carries one on in the Ask tab; Markdown… and HTML… save it as a report with its charts;
 * Delete forgets it after a second click on Delete to confirm. "What could not be answered" shows the administrator's
 * backlog of the source below the list.
 */
public final class PastConversationsView extends VBox {

    private final PastConversationsViewModel model;
    private final ListView<ConversationStore.Summary> list = new ListView<>();
    private final HBox confirm = new HBox(8);
    private final TextArea backlog = new TextArea();

    public PastConversationsView(PastConversationsViewModel model) {
        this.model = model;
        getStyleClass().add("past-conversations");
        setSpacing(8);
        setPadding(new Insets(16));
        Label title = new Label("Conversations");
        title.getStyleClass().add("form-title");
        Label hint = new Label("Questions asked in the Ask tab are kept here, turn by turn, with each answer's SQL and path.");
        hint.getStyleClass().add("card-hint");
        hint.setWrapText(true);
        list.setId("conversation-list");
        list.setItems(model.items());
        list.setCellFactory(v -> new SummaryCell());
        list.setOnMouseClicked(e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                selected().ifPresent(model::reopen);
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        Label status = new Label();
        status.setId("conversations-status");
        status.getStyleClass().add("card-hint");
        status.setWrapText(true);
        status.textProperty().bind(model.statusProperty());
        confirm.setVisible(false);
        confirm.setManaged(false);
        list.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> hideConfirm());
        backlog.setId("backlog-text");
        backlog.setEditable(false);
        backlog.setWrapText(true);
        backlog.setPrefRowCount(12);
        backlog.textProperty().bind(model.backlogProperty());
        backlog.visibleProperty().bind(model.backlogProperty().isNotEmpty());
        backlog.managedProperty().bind(backlog.visibleProperty());
        getChildren().addAll(title, hint, list, actions(), confirm, status, backlog);
    }

    private HBox actions() {
        BooleanBinding none = list.getSelectionModel().selectedItemProperty().isNull();
        Button reopen = button("Reopen", "reopen-conversation", none);
        reopen.getStyleClass().add(Styles.ACCENT);
        reopen.setOnAction(e -> selected().ifPresent(model::reopen));
        Button markdown = button("Markdown…", "export-markdown", none);
        markdown.setOnAction(e -> export(ReportFormat.MARKDOWN));
        Button html = button("HTML…", "export-html", none);
        html.setOnAction(e -> export(ReportFormat.HTML));
        Button delete = button("Delete", "delete-conversation", none);
        delete.getStyleClass().add(Styles.DANGER);
        delete.setOnAction(e -> selected().ifPresent(this::askToDelete));
        Button refresh = new Button("Refresh");
        refresh.setId("refresh-conversations");
        refresh.getStyleClass().add(Styles.FLAT);
        refresh.setOnAction(e -> model.refresh());
        Button unanswered = new Button("What could not be answered");
        unanswered.setId("show-backlog");
        unanswered.getStyleClass().add(Styles.FLAT);
        unanswered.setMnemonicParsing(false);
        unanswered.setTooltip(new Tooltip("The questions refused or asked back on this source,"
                + " grouped by reason, for overrides and for the grammar (wording only, never rows)"));
        unanswered.setOnAction(e -> model.showBacklog());
        return new HBox(8, reopen, markdown, html, delete, refresh, unanswered);
    }

    private static Button button(String text, String id, BooleanBinding disabled) {
        Button b = new Button(text);
        b.setId(id);
        b.setMnemonicParsing(false);
        b.disableProperty().bind(disabled);
        return b;
    }

    private void askToDelete(ConversationStore.Summary kept) {
        Label question = new Label("Delete \u201c" + kept.title() + "\u201d and its turns?");
        question.setWrapText(true);
        Button yes = new Button("Delete");
        yes.setId("confirm-delete");
        yes.getStyleClass().add(Styles.DANGER);
        yes.setOnAction(e -> {
            hideConfirm();
            model.delete(kept);
        });
        Button no = new Button("Keep");
        no.setId("keep-conversation");
        no.setOnAction(e -> hideConfirm());
        confirm.getChildren().setAll(question, yes, no);
        confirm.setVisible(true);
        confirm.setManaged(true);
    }

    private void hideConfirm() {
        confirm.setVisible(false);
        confirm.setManaged(false);
    }

    private void export(ReportFormat format) {
        selected().ifPresent(kept -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Save the conversation as " + format.label());
            chooser.setInitialFileName(model.fileName(kept, format));
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(format.label(),
                    "*." + format.extension()));
            File f = chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow());
            if (f != null) {
                model.export(kept, format, f.toPath(), new FxChartImages());
            }
        });
    }

    private Optional<ConversationStore.Summary> selected() {
        return Optional.ofNullable(list.getSelectionModel().getSelectedItem());
    }

    /** The first question in bold, then when and how long. */
    private final class SummaryCell extends ListCell<ConversationStore.Summary> {
        @Override
        protected void updateItem(ConversationStore.Summary item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setText(null);
                setGraphic(null);
                return;
            }
            Label title = new Label(item.title());
            title.getStyleClass().add(Styles.TEXT_BOLD);
            title.setMnemonicParsing(false);
            Label when = new Label(model.describe(item));
            when.getStyleClass().add("card-hint");
            setText(null);
            setGraphic(new VBox(2, title, when));
        }
    }
}
