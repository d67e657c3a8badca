package org.tally.ui.shell;

import atlantafx.base.theme.Styles;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.util.StringConverter;
import org.tally.core.scope.Scope;
import org.tally.ui.binding.BindingView;
import org.tally.ui.chat.ChatView;
import org.tally.ui.conversations.PastConversationsView;
import org.tally.ui.settings.ModelSettingsView;
import org.tally.ui.sources.SourcesView;

/**
 * The window's content: an app bar (source, theme switch), tabs for the chat, sources and binding, and a status
 * bar showing long work with progress and cancel. Keyboard: Ctrl+L question box, Ctrl+= / Ctrl+- text size.
 */
public final class ShellView extends BorderPane {

    public static final String STYLESHEET = Objects.requireNonNull(ShellView.class.getResource(
            "/org/tally/ui/tally.css"), "tally.css").toExternalForm();

    private final ShellViewModel model;
    private final ChatView chat;
    private final TabPane tabs = new TabPane();
    private final Tab askTab;

    public ShellView(ShellViewModel model) {
        this.model = model;
        getStyleClass().add("shell");
        chat = new ChatView(model.chat());
        askTab = tab("Ask", chat, "tab-ask");
        Tab modelsTab = tab("Models", new javafx.scene.control.ScrollPane(new ModelSettingsView(model.models())),
                "tab-models");
        ((javafx.scene.control.ScrollPane) modelsTab.getContent()).setFitToWidth(true);
        // hashing model files is long work: only when the settings are looked at
        modelsTab.setOnSelectionChanged(e -> {
            if (modelsTab.isSelected()) {
                model.models().checkIfNotYet();
            }
        });
        Tab conversationsTab = tab("Conversations", new PastConversationsView(model.conversations()),
                "tab-conversations");
        conversationsTab.setOnSelectionChanged(e -> {
            if (conversationsTab.isSelected()) {
                model.conversations().refresh();
            }
        });
        model.conversations().onReopened(this::focusQuestion);
        tabs.getTabs().addAll(askTab, tab("Sources", new SourcesView(model.sources()), "tab-sources"),
                tab("Binding", new BindingView(model.binding()), "tab-binding"), modelsTab,
                conversationsTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        setTop(appBar());
        setCenter(tabs);
        setBottom(statusBar());
        double systemPx = Font.getDefault().getSize();
        styleProperty().bind(Bindings.createStringBinding(
                () -> "-fx-font-size: " + TextScale.rootPx(systemPx, model.textPercentProperty().get()) + "px;",
                model.textPercentProperty()));
        Themes.apply(model.darkProperty().get());
        model.darkProperty().addListener((o, was, dark) -> Themes.apply(dark));
    }

    /** A scene holding this view, with Tally's stylesheet and keyboard shortcuts. */
    public Scene createScene(double width, double height) {
        Scene scene = new Scene(this, width, height);
        scene.getStylesheets().add(STYLESHEET);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.L, KeyCombination.SHORTCUT_DOWN),
                this::focusQuestion);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.EQUALS, KeyCombination.SHORTCUT_DOWN),
                model::largerText);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.PLUS, KeyCombination.SHORTCUT_DOWN),
                model::largerText);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.MINUS, KeyCombination.SHORTCUT_DOWN),
                model::smallerText);
        return scene;
    }

    public void focusQuestion() {
        tabs.getSelectionModel().select(askTab);
        chat.focusQuestion();
    }

    public void showTab(int index) {
        tabs.getSelectionModel().select(index);
    }

    private HBox appBar() {
        Label title = new Label("Tally");
        title.getStyleClass().add("app-title");
        Label source = new Label();
        source.setId("current-source");
        source.getStyleClass().add("app-source");
        source.textProperty().bind(model.sourceNameProperty());
        Label sourceStatus = new Label();
        sourceStatus.getStyleClass().add("app-source");
        sourceStatus.textProperty().bind(Bindings.concat("· ", model.sourceStatusProperty()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        Label scopeLabel = new Label("Service line");
        scopeLabel.getStyleClass().add("app-source");
        ComboBox<Scope> scope = new ComboBox<>(model.scopes());
        scope.setId("scope-picker");
        scope.setValue(model.scopeProperty().get());
        scope.setConverter(new StringConverter<>() {
            @Override
            public String toString(Scope s) {
                return s == null ? "" : s.label();
            }

            @Override
            public Scope fromString(String text) {
                throw new UnsupportedOperationException("not editable");
            }
        });
        Tooltip scopeTip = new Tooltip();
        scopeTip.setWrapText(true);
        scopeTip.setMaxWidth(420);
        scopeTip.textProperty().bind(Bindings.createStringBinding(() -> scopeText(model.scopeProperty().get()),
                model.scopeProperty()));
        scope.setTooltip(scopeTip);
        scope.valueProperty().addListener((o, was, now) -> {
            if (now != null) {
                model.useScope(now);
            }
        });
        model.scopeProperty().addListener((o, was, now) -> scope.setValue(now));
        scopeLabel.visibleProperty().bind(Bindings.size(model.scopes()).greaterThan(1));
        scope.visibleProperty().bind(scopeLabel.visibleProperty());
        ToggleButton theme = new ToggleButton();
        theme.setId("theme-toggle");
        theme.getStyleClass().add(Styles.BUTTON_OUTLINED);
        theme.selectedProperty().bindBidirectional(model.darkProperty());
        theme.textProperty().bind(Bindings.when(model.darkProperty()).then("☀ Light").otherwise("☾ Dark"));
        theme.setTooltip(new Tooltip("Switch between the light and the dark theme"));
        HBox bar = new HBox(title, source, sourceStatus, spacer, scopeLabel, scope, theme);
        bar.getStyleClass().add("app-bar");
        return bar;
    }

    /** What the picker's tooltip says about the scope in use. */
    private static String scopeText(Scope s) {
        if (s == null || s.isAll()) {
            return "All service lines: every table of the source. Pick a service line to work only with its tables"
                    + " (plus patients, encounters, providers and departments).";
        }
        return s.label() + ": " + s.description() + " Questions about other service lines are redirected.";
    }

    private HBox statusBar() {
        Label text = new Label();
        text.setId("activity-text");
        text.getStyleClass().add("status-text");
        text.textProperty().bind(Bindings.when(model.activity().runningProperty())
                .then(Bindings.concat(model.activity().titleProperty(), " ", model.activity().stageProperty()))
                .otherwise("Ready · Ctrl+L to ask · answers come only from the connected source"));
        ProgressBar progress = new ProgressBar();
        progress.setPrefWidth(160);
        progress.progressProperty().bind(model.activity().fractionProperty());
        progress.visibleProperty().bind(model.activity().runningProperty());
        Button cancel = new Button("Cancel");
        cancel.setId("cancel-activity");
        cancel.getStyleClass().addAll(Styles.SMALL, Styles.FLAT);
        cancel.visibleProperty().bind(model.activity().runningProperty());
        cancel.setOnAction(e -> model.activity().cancel());
        HBox bar = new HBox(text, progress, cancel);
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    private static Tab tab(String title, javafx.scene.Node content, String id) {
        Tab t = new Tab(title, content);
        t.setId(id);
        return t;
    }
}
