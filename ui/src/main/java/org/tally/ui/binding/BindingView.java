package org.tally.ui.binding;

import atlantafx.base.theme.Styles;
import java.util.stream.Collectors;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.MapChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

/** The binding inspector: tables → concepts, columns → roles, drift alarms, and the override editor. */
public final class BindingView extends StackPane {

    private final BindingViewModel model;
    private final VBox placeholder = new VBox(8);
    private final BorderPane inspector = new BorderPane();

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
        buildInspector();
        StackPane body = new StackPane(placeholder, inspector);
        BorderPane page = new BorderPane(body);
        page.setTop(header());
        getChildren().add(page);
        model.stateProperty().addListener((o, was, now) -> showState());
        showState();
    }

    /** The refresh action: read the catalog again (long work, with progress and cancel in the status bar). */
    private Node header() {
        Label summary = new Label();
        summary.setId("binding-summary");
        summary.getStyleClass().add(Styles.TEXT_BOLD);
        summary.textProperty().bind(javafx.beans.binding.Bindings.when(model.stateProperty()
                .isEqualTo(BindingViewModel.State.READY)).then(model.messageProperty()).otherwise(""));
        Label status = new Label();
        status.setId("refresh-status");
        status.getStyleClass().add("card-hint");
        status.setWrapText(true);
        status.textProperty().bind(model.refreshStatusProperty());
        javafx.scene.layout.Region spacer = new javafx.scene.layout.Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Button refresh = new Button("Refresh catalog");
        refresh.setId("refresh-catalog");
        refresh.getStyleClass().add(Styles.BUTTON_OUTLINED);
        refresh.setTooltip(new javafx.scene.control.Tooltip("Read the source's tables and profile their values again"
                + " (exact counts); new and vanished value spellings show up as drift alarms"));
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
        VBox drift = new VBox(4);
        drift.setId("drift-alarms");
        model.drift().addListener((ListChangeListener<BindingSnapshot.DriftAlarm>) c -> {
            drift.getChildren().clear();
            for (BindingSnapshot.DriftAlarm a : model.drift()) {
                Label l = new Label("⚠ " + a.describe());
                l.getStyleClass().add("drift-alarm");
                drift.getChildren().add(l);
            }
        });
        drift.setPadding(new Insets(0, 0, 8, 0));
        inspector.setTop(drift);

        TableView<BindingSnapshot.TableBinding> tables = new TableView<>(model.tables());
        tables.setId("binding-tables");
        tables.getStyleClass().add(Styles.DENSE);
        tables.getColumns().add(column("Table", t -> t.table()));
        tables.getColumns().add(column("Concept", BindingSnapshot.TableBinding::conceptLabel));
        tables.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        tables.getSelectionModel().selectedItemProperty().addListener((o, was, t) -> model.selectedTableProperty().set(t));

        Label reasons = new Label();
        reasons.setId("binding-reasons");
        reasons.setWrapText(true);
        reasons.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
        reasons.setMaxWidth(Double.MAX_VALUE);
        reasons.getStyleClass().add("card-hint");
        TableView<BindingSnapshot.ColumnBinding> columns = new TableView<>();
        columns.setId("binding-columns");
        columns.getStyleClass().add(Styles.DENSE);
        columns.getColumns().add(column("Column", BindingSnapshot.ColumnBinding::column));
        columns.getColumns().add(column("Role", BindingSnapshot.ColumnBinding::role));
        columns.getColumns().add(column("PII", c -> c.pii() ? "yes" : ""));
        columns.getColumns().add(column("Values", c -> c.pii() ? "(personal data: not kept)"
                : c.values().stream().map(v -> v.value() + " (" + v.count() + ")").collect(Collectors.joining(", "))));
        columns.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        columns.getSelectionModel().selectedItemProperty().addListener((o, was, c) -> model.selectedColumnProperty().set(c));
        model.selectedTableProperty().addListener((o, was, t) -> {
            columns.setItems(t == null ? FXCollections.observableArrayList()
                    : FXCollections.observableArrayList(t.columns()));
            reasons.setText(t == null ? "" : "Why: " + String.join("; ", t.reasons()));
        });
        VBox.setVgrow(columns, Priority.ALWAYS);
        VBox right = new VBox(8, reasons, columns, overrideForm());
        SplitPane split = new SplitPane(tables, right);
        split.setDividerPositions(0.35);
        inspector.setCenter(split);
    }

    private Node overrideForm() {
        Label title = new Label("Override");
        title.getStyleClass().add(Styles.TEXT_BOLD);
        ComboBox<OverrideDraft.Kind> kind = new ComboBox<>(FXCollections.observableArrayList(
                OverrideDraft.Kind.values()));
        kind.getSelectionModel().select(OverrideDraft.Kind.TABLE_CONCEPT);
        kind.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(OverrideDraft.Kind k) {
                return k == null ? "" : switch (k) {
                    case TABLE_CONCEPT -> "Table → concept";
                    case COLUMN_ROLE -> "Column → role";
                    case VALUE_ALIAS -> "Value alias";
                };
            }

            @Override
            public OverrideDraft.Kind fromString(String s) {
                throw new UnsupportedOperationException("not editable");
            }
        });
        ComboBox<String> concept = new ComboBox<>(FXCollections.observableArrayList(model.concepts()));
        concept.setEditable(true);
        concept.setId("override-concept");
        ComboBox<String> role = new ComboBox<>(FXCollections.observableArrayList(model.roles()));
        role.setId("override-role");
        TextField alias = new TextField();
        alias.setId("override-alias");
        alias.setPromptText("word analysts use, e.g. caesarean");
        TextField value = new TextField();
        value.setId("override-value");
        value.setPromptText("stored value, e.g. CS");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(2);
        int row = 0;
        grid.add(new Label("Kind"), 0, row);
        grid.add(kind, 1, row++);
        row = addRow(grid, row, "Concept", concept, BindingViewModel.CONCEPT);
        row = addRow(grid, row, "Role", role, BindingViewModel.ROLE);
        row = addRow(grid, row, "Alias", alias, BindingViewModel.ALIAS);
        addRow(grid, row, "Value", value, BindingViewModel.VALUE);
        Button save = new Button("Save and rebuild");
        save.setId("override-save");
        save.getStyleClass().add(Styles.ACCENT);
        save.setOnAction(e -> {
            BindingSnapshot.TableBinding t = model.selectedTableProperty().get();
            BindingSnapshot.ColumnBinding c = model.selectedColumnProperty().get();
            model.save(new OverrideDraft(kind.getValue(), t == null ? null : t.table(),
                    c == null ? null : c.column(), concept.getValue(), role.getValue(), alias.getText(),
                    value.getText()));
        });
        Label status = new Label();
        status.textProperty().bind(model.saveStatusProperty());
        status.getStyleClass().add("card-hint");
        return new VBox(6, title, grid, new HBox(8, save, status));
    }

    private int addRow(GridPane grid, int row, String label, javafx.scene.control.Control input, String field) {
        Label caption = new Label(label);
        caption.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.add(caption, 0, row);
        grid.add(input, 1, row);
        Label error = new Label();
        error.setId("override-error-" + field);
        error.getStyleClass().add("field-error");
        model.errors().addListener((MapChangeListener<String, String>) c -> {
            String msg = model.errors().get(field);
            error.setText(msg == null ? "" : msg);
            input.pseudoClassStateChanged(Styles.STATE_DANGER, msg != null);
        });
        grid.add(error, 2, row);
        return row + 1;
    }

    private static <S> TableColumn<S, String> column(String title, java.util.function.Function<S, String> value) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }

}
