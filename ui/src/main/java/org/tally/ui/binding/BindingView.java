package org.tally.ui.binding;

import atlantafx.base.theme.Styles;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/**
 * The binding inspector, built from separate parts: a header (summary sentence, refresh), the table list, and
 * beside it either the summary page ({@link BindingSummaryPane}, plus any further sections such as a review of
 * unbound tables) while no table is chosen, or the chosen table ({@link TableDetailsPane}) with the override editor
 * ({@link OverrideForm}).
 */
public final class BindingView extends StackPane {

    private final BindingViewModel model;
    private final VBox placeholder = new VBox(8);
    private final BorderPane inspector = new BorderPane();
    /** The summary page's sections, in order; a new section is one more node here. */
    private final VBox summaryPage = new VBox(16);

    public BindingView(BindingViewModel model) {
        this.model = model;
        setPadding(new Insets(16));
        Label title = new Label("Binding");
        title.getStyleClass().add("placeholder-title");
        Label message = new Label();
        message.setId("binding-message");
        message.getStyleClass().add("placeholder-text");
        message.setWrapText(true);
        message.textProperty().bind(model.messageProperty());
        placeholder.getChildren().addAll(title, message);
        placeholder.setAlignment(Pos.TOP_LEFT);
        placeholder.setMaxWidth(640);
        placeholder.setId("binding-placeholder");
        StackPane.setAlignment(placeholder, Pos.TOP_LEFT);
        summaryPage.getChildren().addAll(new BindingSummaryPane(model), new BindingReviewPane(model.review()));
        buildInspector();
        StackPane body = new StackPane(placeholder, inspector);
        BorderPane page = new BorderPane(body);
        page.setTop(header());
        getChildren().add(page);
        model.stateProperty().addListener((o, was, now) -> showState());
        showState();
    }

    /** Adds a section to the summary page, under the ones there (for example a review of the unbound tables). */
    public void addSummarySection(Node section) {
        summaryPage.getChildren().add(section);
    }

    /** The summary sentence and the refresh action (long work, with progress and cancel in the status bar). */
    private Node header() {
        Label summary = new Label();
        summary.setId("binding-summary");
        summary.getStyleClass().add(Styles.TEXT_BOLD);
        summary.setWrapText(true);
        summary.textProperty().bind(Bindings.when(model.stateProperty()
                .isEqualTo(BindingViewModel.State.READY)).then(model.messageProperty()).otherwise(""));
        Label status = new Label();
        status.setId("refresh-status");
        status.getStyleClass().add("card-hint");
        status.setWrapText(true);
        status.textProperty().bind(model.refreshStatusProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button refresh = new Button("Refresh catalog");
        refresh.setId("refresh-catalog");
        refresh.getStyleClass().add(Styles.BUTTON_OUTLINED);
        refresh.setMinWidth(Region.USE_PREF_SIZE);
        refresh.setTooltip(new Tooltip("Read the source's tables and profile their values again (exact counts); new"
                + " and vanished value spellings show up as drift alarms"));
        refresh.setAccessibleText("Refresh the catalog: read and profile the source again");
        refresh.disableProperty().bind(model.refreshingProperty());
        refresh.setOnAction(e -> model.refresh());
        HBox bar = new HBox(12, summary, status, spacer, refresh);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(0, 0, 10, 0));
        return bar;
    }

    private void showState() {
        boolean ready = model.stateProperty().get() == BindingViewModel.State.READY;
        inspector.setVisible(ready);
        placeholder.setVisible(!ready);
    }

    private void buildInspector() {
        TableView<BindingSnapshot.TableBinding> tables = new TableView<>(model.tables());
        tables.setId("binding-tables");
        tables.getStyleClass().add(Styles.DENSE);
        tables.getColumns().add(column("Table", BindingSnapshot.TableBinding::table));
        tables.getColumns().add(column("Concept", t -> t.conceptLabel() + (t.lowConfidence() ? " ⚠" : "")));
        tables.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        tables.setPlaceholder(new Label("No tables were found in this source."));
        tables.setAccessibleText("Tables of the source and the concept each is bound to");
        tables.getSelectionModel().selectedItemProperty().addListener((o, was, t) ->
                model.selectedTableProperty().set(t));
        model.selectedTableProperty().addListener((o, was, t) -> {
            if (t == null) {
                tables.getSelectionModel().clearSelection();
            }
        });

        // at a large text size the columns and the form do not both fit: the chosen table's page scrolls
        VBox page = new VBox(12, new TableDetailsPane(model), new OverrideForm(model));
        VBox.setVgrow(page.getChildren().get(0), Priority.ALWAYS);
        ScrollPane details = new ScrollPane(page);
        details.setId("binding-details-scroll");
        details.setFitToWidth(true);
        details.setFitToHeight(true);
        ScrollPane summary = new ScrollPane(summaryPage);
        summary.setFitToWidth(true);
        summary.setId("binding-summary-scroll");
        details.visibleProperty().bind(model.selectedTableProperty().isNotNull());
        summary.visibleProperty().bind(model.selectedTableProperty().isNull());
        StackPane right = new StackPane(summary, details);
        right.setPadding(new Insets(0, 0, 0, 8));
        SplitPane split = new SplitPane(tables, right);
        split.setDividerPositions(0.32);
        inspector.setCenter(split);
    }

    private static <S> TableColumn<S, String> column(String title, Function<S, String> value) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }
}
