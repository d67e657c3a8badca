package org.tally.ui.settings;

import atlantafx.base.theme.Styles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Spinner;
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

/** Model settings: the models folder, the check of its files, and the planner model chosen, loaded and shown. */
public final class ModelSettingsView extends VBox {

    public ModelSettingsView(ModelSettingsViewModel model) {
        setSpacing(10);
        setPadding(new Insets(16));
        setMaxWidth(980);
        Label title = new Label("Local models");
        title.getStyleClass().add("form-title");
        Label notice = new Label(ModelSettingsViewModel.ABOUT);
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
        getChildren().addAll(title, notice, folderCaption, folderRow, how, checkRow, problems, table,
                plannerSection(model));
    }

    /** Choose a verified file, set how it runs, load it; the status says what is loaded and where it runs. */
    private static VBox plannerSection(ModelSettingsViewModel model) {
        Label caption = new Label("Planner model");
        caption.getStyleClass().add(Styles.TEXT_BOLD);
        ComboBox<String> file = new ComboBox<>(model.loadable());
        file.setId("planner-model");
        file.setPromptText("a verified model file");
        file.valueProperty().bindBidirectional(model.chosenProperty());
        Spinner<Integer> threads = spinner("planner-threads", 1, 64, model.threadsProperty());
        Spinner<Integer> context = spinner("planner-context", 512, 131_072, model.contextSizeProperty());
        Spinner<Integer> gpu = spinner("planner-gpu-layers", 0, 999, model.gpuLayersProperty());
        Spinner<Integer> deadline = spinner("planner-deadline", 1, 600, model.deadlineSecondsProperty());
        Button load = new Button("Load model");
        load.setId("load-model");
        load.getStyleClass().add(Styles.ACCENT);
        load.disableProperty().bind(model.loadingProperty().or(file.valueProperty().isNull()));
        load.setOnAction(e -> model.load());
        load.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox row = new HBox(8, file, new Label("Threads"), threads, new Label("Context"), context,
                new Label("GPU layers"), gpu, new Label("Seconds per question"), deadline, load);
        row.setAlignment(Pos.CENTER_LEFT);
        Label status = new Label();
        status.setId("planner-status");
        status.setWrapText(true);
        status.textProperty().bind(model.plannerStatusProperty());
        Label runtime = new Label(model.runtimeText());
        runtime.setId("planner-runtime");
        runtime.setWrapText(true);
        runtime.getStyleClass().add("card-hint");
        return new VBox(6, caption, row, status, runtime);
    }

    private static Spinner<Integer> spinner(String id, int min, int max,
                                            javafx.beans.property.IntegerProperty value) {
        Spinner<Integer> s = new Spinner<>(min, max, Math.max(min, Math.min(max, value.get())));
        s.setId(id);
        s.setEditable(true);
        s.setPrefWidth(90);
        s.valueProperty().addListener((o, was, now) -> {
            if (now != null) {
                value.set(now);
            }
        });
        return s;
    }

    private static TableColumn<ModelFileCheck.ModelFile, String> column(
            String title, Function<ModelFileCheck.ModelFile, String> value, double width) {
        TableColumn<ModelFileCheck.ModelFile, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }
}
