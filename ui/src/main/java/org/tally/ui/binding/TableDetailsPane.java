package org.tally.ui.binding;

import atlantafx.base.theme.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * The chosen table: why it bound as it did, and its columns with role, PII mark and observed values. Values wrap
 * in their cell and show in full on hover; a reference column names the table it points to instead of its keys.
 */
final class TableDetailsPane extends VBox {

    TableDetailsPane(BindingViewModel model) {
        super(8);
        Label reasons = new Label();
        reasons.setId("binding-reasons");
        reasons.setWrapText(true);
        reasons.setMinHeight(Region.USE_PREF_SIZE);
        reasons.setMaxWidth(Double.MAX_VALUE);
        reasons.getStyleClass().add("card-hint");
        TableView<BindingSnapshot.ColumnBinding> columns = new TableView<>();
        columns.setId("binding-columns");
        columns.getStyleClass().add("binding-columns");
        columns.getStyleClass().add(Styles.DENSE);
        columns.getColumns().add(column("Column", BindingSnapshot.ColumnBinding::column, 0.2));
        columns.getColumns().add(column("Role", BindingSnapshot.ColumnBinding::role, 0.15));
        columns.getColumns().add(column("PII", c -> c.pii() ? "yes" : "", 0.07));
        TableColumn<BindingSnapshot.ColumnBinding, String> values = column("Values",
                BindingSnapshot.ColumnBinding::valuesText, 0.55);
        values.setCellFactory(c -> new WrappingCell());
        columns.getColumns().add(values);
        columns.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        columns.setPlaceholder(new Label("This table has no columns to show."));
        columns.getSelectionModel().selectedItemProperty().addListener((o, was, c) ->
                model.selectedColumnProperty().set(c));
        model.selectedTableProperty().addListener((o, was, t) -> {
            columns.setItems(t == null ? FXCollections.observableArrayList()
                    : FXCollections.observableArrayList(t.columns()));
            reasons.setText(t == null ? "" : t.table() + " → " + t.conceptLabel() + ". Why: "
                    + String.join("; ", t.reasons()));
        });
        VBox.setVgrow(columns, Priority.ALWAYS);
        getChildren().addAll(reasons, columns);
    }

    private static <S> TableColumn<S, String> column(String title, Function<S, String> value,
                                                      double share) {
        TableColumn<S, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(800 * share);
        return c;
    }

    /** A cell whose text wraps at the column's width; the whole text is also its tooltip. */
    private static final class WrappingCell extends TableCell<BindingSnapshot.ColumnBinding, String> {
        private final Text text = new Text();

        WrappingCell() {
            text.getStyleClass().add("wrapping-cell-text");
            text.wrappingWidthProperty().bind(widthProperty().subtract(12));
            setPrefHeight(Region.USE_COMPUTED_SIZE);
        }

        @Override
        protected void updateItem(String item, boolean empty) {
            super.updateItem(item, empty);
            if (empty || item == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            text.setText(item);
            text.fontProperty().bind(fontProperty());
            setGraphic(text);
            Tooltip tip = new Tooltip(item);
            tip.setWrapText(true);
            tip.setMaxWidth(520);
            setTooltip(tip);
            setAccessibleText(item);
        }
    }
}
