package org.tally.ui.sources;

import atlantafx.base.theme.Styles;
import java.util.Optional;
import javafx.collections.MapChangeListener;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The sources manager: the list (use, test, remove) and the form that adds a JDBC source. */
public final class SourcesView extends HBox {

    private final SourcesViewModel model;
    private final ListView<SourceItem> list = new ListView<>();

    public SourcesView(SourcesViewModel model) {
        this.model = model;
        setSpacing(16);
        setPadding(new Insets(16));
        getChildren().addAll(listPane(), formPane());
    }

    private VBox listPane() {
        Label title = new Label("Sources");
        title.getStyleClass().add("form-title");
        list.setId("source-list");
        list.setItems(model.items());
        list.setCellFactory(v -> new SourceCell());
        VBox.setVgrow(list, Priority.ALWAYS);
        Button use = new Button("Use");
        use.setId("use-source");
        use.getStyleClass().add(Styles.ACCENT);
        use.setOnAction(e -> selected().ifPresent(i -> password(i).ifPresent(p -> model.use(i, p))));
        Button test = new Button("Test");
        test.setId("test-source");
        test.setOnAction(e -> selected().ifPresent(i -> password(i).ifPresent(p -> model.test(i, p))));
        Button remove = new Button("Remove");
        remove.setId("remove-source");
        remove.getStyleClass().add(Styles.DANGER);
        remove.setOnAction(e -> selected().filter(i -> !i.builtIn()).ifPresent(model::remove));
        remove.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull()
                .or(javafx.beans.binding.Bindings.createBooleanBinding(
                        () -> selected().map(SourceItem::builtIn).orElse(true),
                        list.getSelectionModel().selectedItemProperty())));
        HBox actions = new HBox(8, use, test, remove);
        VBox pane = new VBox(8, title, list, actions);
        pane.setPrefWidth(460);
        HBox.setHgrow(pane, Priority.ALWAYS);
        return pane;
    }

    private VBox formPane() {
        Label title = new Label("Add a JDBC source");
        title.getStyleClass().add("form-title");
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(2);
        TextField name = field("source-name", "e.g. Maternity warehouse", model.nameProperty());
        TextField url = field("source-url", "jdbc:postgresql://dbhost:5432/hospital", model.urlProperty());
        TextField user = field("source-user", "a read-only account", model.userProperty());
        PasswordField password = new PasswordField();
        password.setId("source-password");
        password.setPromptText("only for testing; never saved");
        password.textProperty().bindBidirectional(model.passwordProperty());
        int row = 0;
        row = addRow(grid, row, "Name", name, SourcesViewModel.NAME);
        row = addRow(grid, row, "JDBC URL", url, SourcesViewModel.URL);
        row = addRow(grid, row, "Account", user, SourcesViewModel.USER);
        addRow(grid, row, "Password", password, null);
        Button test = new Button("Test connection");
        test.setId("test-form");
        test.setOnAction(e -> model.testForm());
        Button add = new Button("Add source");
        add.setId("add-source");
        add.getStyleClass().add(Styles.ACCENT);
        add.setOnAction(e -> model.add().ifPresent(i -> list.getSelectionModel().select(i)));
        Label status = new Label();
        status.setId("form-status");
        status.setWrapText(true);
        status.textProperty().bind(model.formStatusProperty());
        Label note = new Label("Supported: PostgreSQL, MySQL/MariaDB, SQL Server, H2. Use an account that can only"
                + " read. Passwords are asked when you connect and kept in memory only.");
        note.getStyleClass().add("card-hint");
        note.setWrapText(true);
        VBox pane = new VBox(10, title, grid, new HBox(8, test, add), status, note);
        pane.setPrefWidth(460);
        HBox.setHgrow(pane, Priority.ALWAYS);
        return pane;
    }

    private int addRow(GridPane grid, int row, String label, TextInputControl input, String field) {
        Label caption = new Label(label);
        caption.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        grid.add(caption, 0, row);
        grid.add(input, 1, row);
        GridPane.setHgrow(input, Priority.ALWAYS);
        Label error = new Label();
        error.getStyleClass().add("field-error");
        error.setWrapText(true);
        if (field != null) {
            error.setId("error-" + field);
            model.errors().addListener((MapChangeListener<String, String>) c -> {
                String msg = model.errors().get(field);
                error.setText(msg == null ? "" : msg);
                input.pseudoClassStateChanged(Styles.STATE_DANGER, msg != null);
            });
        }
        grid.add(error, 1, row + 1);
        return row + 2;
    }

    private static TextField field(String id, String prompt, javafx.beans.property.StringProperty property) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.textProperty().bindBidirectional(property);
        return f;
    }

    private Optional<SourceItem> selected() {
        return Optional.ofNullable(list.getSelectionModel().getSelectedItem());
    }

    /** Asks for the password when the source names an account; empty when the user cancelled. */
    private Optional<String> password(SourceItem item) {
        if (!item.needsPassword()) {
            return Optional.of("");
        }
        Dialog<String> dialog = new Dialog<>();
        dialog.setTitle("Password");
        dialog.setHeaderText("Password of " + item.user() + " on " + item.name());
        PasswordField field = new PasswordField();
        field.setPromptText("kept in memory only");
        dialog.getDialogPane().setContent(field);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.setResultConverter(b -> b == ButtonType.OK ? field.getText() : null);
        if (getScene() != null) {
            dialog.initOwner(getScene().getWindow());
        }
        return dialog.showAndWait();
    }

    private static final class SourceCell extends ListCell<SourceItem> {
        @Override
        protected void updateItem(SourceItem item, boolean empty) {
            super.updateItem(item, empty);
            textProperty().unbind();
            if (empty || item == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            Label name = new Label(item.name() + (item.builtIn() ? "  · built in" : ""));
            name.getStyleClass().add(Styles.TEXT_BOLD);
            Label where = new Label(item.ref().name() + (item.user() == null ? "" : " · account " + item.user()));
            where.getStyleClass().add("card-hint");
            Label status = new Label();
            status.setWrapText(true);
            status.textProperty().bind(item.statusProperty());
            status.getStyleClass().add("card-hint");
            Label warning = new Label();
            warning.setWrapText(true);
            warning.getStyleClass().add("source-warning");
            warning.textProperty().bind(javafx.beans.binding.Bindings.when(item.warningProperty().isEmpty())
                    .then("").otherwise(javafx.beans.binding.Bindings.concat("This account can write: ",
                            item.warningProperty())));
            warning.managedProperty().bind(item.warningProperty().isNotEmpty());
            status.managedProperty().bind(item.statusProperty().isNotEmpty());
            VBox box = new VBox(2, name, where, status, warning);
            box.setMaxWidth(420);
            setText(null);
            setGraphic(box);
        }
    }
}
