package org.tally.ui.settings;

import atlantafx.base.theme.Styles;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.tally.core.modelfiles.ModelFileCheck;

/** Model settings: the "not in this version" notice, the models folder, and the check of its files. */
public final class ModelSettingsView extends VBox {

    public ModelSettingsView(ModelSettingsViewModel model) {
        setSpacing(10);
        setPadding(new Insets(16));
        setMaxWidth(980);
        Label title = new Label("Local models");
        title.getStyleClass().add("form-title");
        Label notice = new Label(ModelSettingsViewModel.NOT_IN_THIS_VERSION);
        notice.setId("model-notice");
        notice.setWrapText(true);
        notice.getStyleClass().add("model-notice");

        Label folderCaption = new Label("Models folder (in the data folder)");
        folderCaption.getStyleClass().add(Styles.TEXT_BOLD);
        TextField folder = new TextField(model.folder().toString());
        folder.setId("models-folder");
        folder.setEditable(false);
        HBox.setHgrow(folder, Priority.ALWAYS);
        Button copy = new Button("Copy path");
        copy.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        copy.setOnAction(e -> {
            ClipboardContent c = new ClipboardContent();
            c.putString(model.folder().toString());
            Clipboard.getSystemClipboard().setContent(c);
        });
        HBox folderRow = new HBox(8, folder, copy);
        folderRow.setAlignment(Pos.CENTER_LEFT);
        Label how = new Label("Copy GGUF model files into this folder and list each with its SHA-256 in a file named "
                + model.manifestName() + " beside them, one '<sha-256>  <file name>' per line (what sha256sum writes;"
                + " on Windows, Get-FileHash -Algorithm SHA256 gives the hash). Tally checks every file against it.");
        how.setWrapText(true);
        how.getStyleClass().add("card-hint");

        Label summary = new Label();
        summary.setId("models-summary");
        summary.setWrapText(true);
        summary.textProperty().bind(model.summaryProperty());
        Button check = new Button("Check model files");
        check.setId("check-models");
        check.getStyleClass().add(Styles.BUTTON_OUTLINED);
        check.disableProperty().bind(model.checkingProperty());
        check.setOnAction(e -> model.check());
        check.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        copy.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox checkRow = new HBox(10, check, summary);
        checkRow.setAlignment(Pos.CENTER_LEFT);

        TableView<ModelFileCheck.ModelFile> table = new TableView<>(model.files());
        table.setId("model-files");
        table.getStyleClass().add(Styles.DENSE);
        table.getColumns().add(column("File", ModelFileCheck.ModelFile::name, 220));
        table.getColumns().add(column("Size", f -> ModelSettingsViewModel.sizeText(f.size()), 90));
        table.getColumns().add(column("Status", ModelSettingsViewModel::statusText, 260));
        table.getColumns().add(column("SHA-256", f -> f.sha256() == null ? "" : f.sha256(), 300));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(new Label("No model files found."));
        table.setPrefHeight(220);
        VBox.setVgrow(table, Priority.ALWAYS);

        VBox problems = new VBox(2);
        problems.setId("manifest-problems");
        model.manifestProblems().addListener((ListChangeListener<String>) c -> {
            problems.getChildren().clear();
            for (String p : model.manifestProblems()) {
                Label l = new Label("⚠ " + model.manifestName() + " " + p);
                l.getStyleClass().add("drift-alarm");
                problems.getChildren().add(l);
            }
        });
        getChildren().addAll(title, notice, folderCaption, folderRow, how, checkRow, problems, table);
    }

    private static TableColumn<ModelFileCheck.ModelFile, String> column(
            String title, java.util.function.Function<ModelFileCheck.ModelFile, String> value, double width) {
        TableColumn<ModelFileCheck.ModelFile, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
