package org.tally.ui.shell;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.tally.core.answer.EngineFactory;
import org.tally.core.scope.Scope;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceRef;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.binding.BindingViewModel;
import org.tally.ui.chat.ChatViewModel;
import org.tally.ui.chat.ConversationKeeper;
import org.tally.ui.chat.EngineSession;
import org.tally.ui.chat.ExampleQuestions;
import org.tally.ui.conversations.PastConversationsViewModel;
import org.tally.ui.settings.ModelSettingsViewModel;
import org.tally.ui.settings.PlannerControl;
import org.tally.ui.sources.SourceItem;
import org.tally.ui.sources.SourceStore;
import org.tally.ui.sources.SourceTester;
import org.tally.ui.sources.SourcesViewModel;
import org.tally.ui.task.Activity;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * The window's state: which source and service line are in use, light or dark, text size, the long work in progress,
 * and the view models of the chat, the sources manager, the binding inspector and the model settings, all built here
 * by constructor.
 */
public final class ShellViewModel implements AutoCloseable {

    public static final SourceRef DEFAULT_SOURCE = new SourceRef.Demo(DemoSchema.DEV);

    private final TaskRunner runner;
    private final Activity activity = new Activity();
    private final EngineSession session;
    private final ChatViewModel chat;
    private final PastConversationsViewModel conversations;
    private final SourcesViewModel sources;
    private final BindingViewModel binding;
    private final ModelSettingsViewModel models;
    private final BooleanProperty dark;
    private final IntegerProperty textPercent = new SimpleIntegerProperty(TextScale.DEFAULT_PERCENT);
    private final StringProperty sourceName = new SimpleStringProperty("");
    private final StringProperty sourceStatus = new SimpleStringProperty("");
    private final javafx.collections.ObservableList<Scope> scopes = javafx.collections.FXCollections
            .observableArrayList();
    private final javafx.beans.property.ObjectProperty<Scope> scope = new javafx.beans.property.SimpleObjectProperty<>(
            Scope.ALL);

    /** @param modelsFolder where model files and their manifest go (the data folder's {@code models/}) */
    public ShellViewModel(EngineFactory engines, TaskRunner runner, SourceStore store, SourceTester tester,
                          BindingProvider bindings, Path modelsFolder, boolean startDark) {
        this(engines, runner, store, tester, bindings, modelsFolder, startDark, PlannerControl.NONE,
                ConversationKeeper.NONE);
    }

    /**
     * @param planner loads the planner model from the Models tab; a load reopens the source with the planner on
     * @param conversations where the chat's conversations are kept (the app-state database)
     */
    public ShellViewModel(EngineFactory engines, TaskRunner runner, SourceStore store, SourceTester tester,
                          BindingProvider bindings, Path modelsFolder, boolean startDark,
                          PlannerControl planner, ConversationKeeper conversations) {
        this.runner = Objects.requireNonNull(runner, "runner");
        this.session = new EngineSession(engines, DEFAULT_SOURCE, conversations);
        this.chat = new ChatViewModel(session, runner, activity, ExampleQuestions.DEMO);
        this.conversations = new PastConversationsViewModel(conversations, session::source, chat, runner, activity,
                ZoneId.systemDefault());
        this.sources = new SourcesViewModel(store, tester, runner, activity, this::use);
        this.binding = new BindingViewModel(bindings, runner, activity);
        // answers must use the binding the inspector shows: a saved override or a refresh reopens the engine
        this.binding.onBindingChanged(session::reload);
        this.dark = new SimpleBooleanProperty(startDark);
        this.models = new ModelSettingsViewModel(modelsFolder, runner, activity, planner, session::reload);
        this.sourceName.set(sources.items().get(0).name() + " (" + DEFAULT_SOURCE.name() + ")");
        this.scopes.setAll(session.scopes());
    }

    /**
     * Works in one service line's scope (or all): only its tables are read, and questions about other lines are
     * redirected. A new scope starts a new conversation; never blocks.
     */
    public void useScope(Scope chosen) {
        if (!scopes.contains(chosen)) {
            throw new IllegalArgumentException(chosen.label() + " is not a scope of this workstation");
        }
        if (chosen.equals(scope.get())) {
            return;
        }
        scope.set(chosen);
        session.scope(chosen);
        chat.clear();
        examplesFor(session.source());
    }

    private void examplesFor(SourceRef ref) {
        if (ref instanceof SourceRef.Demo) {
            chat.examples().setAll(ExampleQuestions.forScope(scope.get().id()));
        } else {
            chat.examples().clear();
        }
    }

    /** The scopes to choose from: All service lines first, then each service line of the domain pack. */
    public javafx.collections.ObservableList<Scope> scopes() {
        return scopes;
    }

    public javafx.beans.property.ReadOnlyObjectProperty<Scope> scopeProperty() {
        return scope;
    }

    /** Opens the default source in the background (on first start this generates the demo hospital). */
    public void start() {
        openCurrent();
    }

    /** Switches the chat to another source; a new source starts a new conversation. */
    public void use(SourceItem item, Credentials credentials) {
        session.use(item.ref(), credentials);
        sourceName.set(item.name() + " (" + item.ref().name() + ")");
        chat.clear();
        examplesFor(item.ref());
        openCurrent();
    }

    private void openCurrent() {
        String name = session.source().name();
        sourceStatus.set("Opening " + name + "…");
        TaskListener<Void> listener = activity.track("Opening " + name, new TaskListener<>() {
            @Override
            public void succeeded(Void ignored) {
                sourceStatus.set("Ready");
                // opening a source refreshes its catalog the first time: only then is there a binding to show
                binding.load(session.source(), session.credentials());
            }

            @Override
            public void failed(Throwable error) {
                sourceStatus.set("Cannot open " + name + ": " + error.getMessage());
                binding.load(session.source(), session.credentials());
            }

            @Override
            public void cancelled() {
                sourceStatus.set("Opening " + name + " was cancelled; it opens when you ask a question.");
            }
        });
        activity.attach(runner.submit("Opening source", p -> {
            session.open(p);
            return null;
        }, listener));
    }

    public void toggleTheme() {
        dark.set(!dark.get());
    }

    public void largerText() {
        useTextPercent(textPercent.get() + TextScale.STEP_PERCENT);
    }

    public void smallerText() {
        useTextPercent(textPercent.get() - TextScale.STEP_PERCENT);
    }

    /** Scales all text (and the tables and charts, sized in em) to {@code percent}, kept within the scales offered. */
    public void useTextPercent(int percent) {
        textPercent.set(TextScale.clamp(percent));
    }

    public BooleanProperty darkProperty() {
        return dark;
    }

    /** The text scale in percent of the system's size: 100 unless the user changed it. */
    public ReadOnlyIntegerProperty textPercentProperty() {
        return textPercent;
    }

    public ReadOnlyStringProperty sourceNameProperty() {
        return sourceName;
    }

    public ReadOnlyStringProperty sourceStatusProperty() {
        return sourceStatus;
    }

    public Activity activity() {
        return activity;
    }

    public ChatViewModel chat() {
        return chat;
    }

    /** The conversations kept on the current source (the Conversations tab). */
    public PastConversationsViewModel conversations() {
        return conversations;
    }

    public SourcesViewModel sources() {
        return sources;
    }

    public BindingViewModel binding() {
        return binding;
    }

    public ModelSettingsViewModel models() {
        return models;
    }

    public EngineSession session() {
        return session;
    }

    @Override
    public void close() {
        session.close();
    }
}
