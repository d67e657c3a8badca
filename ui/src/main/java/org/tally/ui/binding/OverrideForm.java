package org.tally.ui.binding;

import atlantafx.base.theme.Styles;
import java.util.List;
import javafx.collections.FXCollections;
import javafx.collections.MapChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The override editor: table → concept, column → role, or a value alias, for the table and column chosen. Only the
 * fields the kind uses are enabled; each edit is checked as it is typed, its error beside the field, and checked
 * again (by the binding itself) on saving. Fields are sized for what they hold, in em.
 */
final class OverrideForm extends VBox {

    private final BindingViewModel model;
    private final ComboBox<OverrideDraft.Kind> kind = new ComboBox<>(FXCollections.observableArrayList(
            OverrideDraft.Kind.values()));
    private final ComboBox<String> concept;
    private final ComboBox<String> role;
    private final TextField alias = new TextField();
    private final TextField value = new TextField();
    private boolean touched;

    OverrideForm(BindingViewModel model) {
        super(6);
        this.model = model;
        Label title = new Label("Override");
        title.getStyleClass().add(Styles.TEXT_BOLD);
        kind.setId("override-kind");
        kind.getSelectionModel().select(OverrideDraft.Kind.TABLE_CONCEPT);
        kind.setConverter(new StringConverter<>() {
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
        kind.setAccessibleText("Kind of override");
        concept = new ComboBox<>(FXCollections.observableArrayList(model.concepts()));
        concept.setEditable(true);
        concept.setId("override-concept");
        concept.setPromptText("a concept, or ignore");
        concept.setAccessibleText("Concept for the chosen table");
        role = new ComboBox<>(FXCollections.observableArrayList(model.roles()));
        role.setId("override-role");
        role.setPromptText("a column role");
        role.setAccessibleText("Role for the chosen column");
        alias.setId("override-alias");
        alias.setPromptText("word analysts use, e.g. caesarean");
        alias.setAccessibleText("Alias: the word analysts use");
        value.setId("override-value");
        value.setPromptText("stored value, e.g. CS");
        value.setAccessibleText("The stored value the alias stands for");
        for (Control field : new Control[] {kind, concept, role, alias, value}) {
            field.setMinWidth(Region.USE_PREF_SIZE);
        }
        for (TextField f : new TextField[] {alias, value}) {
            // wide enough for its hint whole, in any font: a column is the width of one 'W' at least
            f.setPrefColumnCount(Math.max(24, f.getPromptText().length() + 2));
            f.textProperty().addListener((o, was, now) -> edited());
        }
        for (ComboBox<String> c : List.of(concept, role)) {
            c.setPrefWidth(Region.USE_COMPUTED_SIZE);
            c.setMinWidth(Region.USE_PREF_SIZE);
            c.valueProperty().addListener((o, was, now) -> edited());
        }
        concept.getEditor().setPrefColumnCount(18);
        kind.valueProperty().addListener((o, was, now) -> {
            enableFor(now);
            edited();
        });
        model.selectedTableProperty().addListener((o, was, now) -> edited());
        model.selectedColumnProperty().addListener((o, was, now) -> edited());

        GridPane grid = new GridPane();
        grid.setId("override-grid");
        grid.setHgap(8);
        grid.setVgap(4);
        ColumnConstraints captions = new ColumnConstraints();
        captions.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setMinWidth(Region.USE_PREF_SIZE);
        ColumnConstraints errors = new ColumnConstraints();
        errors.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(captions, fields, errors);
        int row = 0;
        grid.add(caption("Kind"), 0, row);
        grid.add(kind, 1, row++);
        row = addRow(grid, row, "Concept", concept, BindingViewModel.CONCEPT);
        row = addRow(grid, row, "Role", role, BindingViewModel.ROLE);
        row = addRow(grid, row, "Alias", alias, BindingViewModel.ALIAS);
        addRow(grid, row, "Value", value, BindingViewModel.VALUE);
        Button save = new Button("Save and rebuild");
        save.setId("override-save");
        save.getStyleClass().add(Styles.ACCENT);
        save.setMinWidth(Region.USE_PREF_SIZE);
        save.setOnAction(e -> model.save(draft()));
        Label status = new Label();
        status.setId("override-status");
        status.setWrapText(true);
        status.textProperty().bind(model.saveStatusProperty());
        status.getStyleClass().add("card-hint");
        HBox actions = new HBox(8, save, status);
        actions.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, grid, actions);
        enableFor(kind.getValue());
    }

    /** The override as the form has it, for the table and column chosen. */
    OverrideDraft draft() {
        BindingSnapshot.TableBinding t = model.selectedTableProperty().get();
        BindingSnapshot.ColumnBinding c = model.selectedColumnProperty().get();
        return new OverrideDraft(kind.getValue(), t == null ? null : t.table(), c == null ? null : c.column(),
                concept.getValue(), role.getValue(), alias.getText(), value.getText());
    }

    /** Checks the draft as the user edits it; before the first edit the form stays quiet. */
    private void edited() {
        if (!touched && blank(concept.getValue()) && blank(role.getValue()) && blank(alias.getText())
                && blank(value.getText())) {
            return;
        }
        touched = true;
        model.edited(draft());
    }

    private void enableFor(OverrideDraft.Kind k) {
        concept.setDisable(k != OverrideDraft.Kind.TABLE_CONCEPT);
        role.setDisable(k != OverrideDraft.Kind.COLUMN_ROLE);
        alias.setDisable(k != OverrideDraft.Kind.VALUE_ALIAS);
        value.setDisable(k != OverrideDraft.Kind.VALUE_ALIAS);
    }

    private int addRow(GridPane grid, int row, String label, Control input, String field) {
        grid.add(caption(label), 0, row);
        grid.add(input, 1, row);
        Label error = new Label();
        error.setId("override-error-" + field);
        error.getStyleClass().add("field-error");
        error.setWrapText(true);
        model.errors().addListener((MapChangeListener<String, String>) c -> {
            String msg = model.errors().get(field);
            error.setText(msg == null ? "" : msg);
            input.pseudoClassStateChanged(Styles.STATE_DANGER, msg != null);
        });
        grid.add(error, 2, row);
        return row + 1;
    }

    private static Label caption(String text) {
        Label l = new Label(text);
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
