package org.tally.ui.binding;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;
import org.tally.ui.task.Activity;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * The binding inspector: loads the current source's binding off the UI thread, lets the administrator pick a
 * table and column, and edits overrides with errors beside the field (checked here first, then by the provider).
 */
public final class BindingViewModel {

    public static final String CONCEPT = "concept";
    public static final String ROLE = "role";
    public static final String ALIAS = "alias";
    public static final String VALUE = "value";

    public enum State { LOADING, UNAVAILABLE, READY, FAILED }

    private final BindingProvider provider;
    private final TaskRunner runner;
    private final Activity activity;
    private final ObjectProperty<State> state = new SimpleObjectProperty<>(State.UNAVAILABLE);
    private final StringProperty message = new SimpleStringProperty("");
    private final ObservableList<BindingSnapshot.TableBinding> tables = FXCollections.observableArrayList();
    private final ObservableList<BindingSnapshot.DriftAlarm> drift = FXCollections.observableArrayList();
    private final ObjectProperty<BindingSnapshot.TableBinding> selectedTable = new SimpleObjectProperty<>();
    private final ObjectProperty<BindingSnapshot.ColumnBinding> selectedColumn = new SimpleObjectProperty<>();
    private final ObservableMap<String, String> errors = FXCollections.observableHashMap();
    private final ObjectProperty<BindingSummary> summary = new SimpleObjectProperty<>();
    private final StringProperty saveStatus = new SimpleStringProperty("");
    private final StringProperty refreshStatus = new SimpleStringProperty("");
    private final javafx.beans.property.BooleanProperty refreshing = new javafx.beans.property.SimpleBooleanProperty();
    private SourceRef source;
    private Credentials credentials = Credentials.NONE;
    private Runnable bindingChanged = () -> { };
    private final BindingReviewModel review;

    public BindingViewModel(BindingProvider provider, TaskRunner runner, Activity activity) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.review = new BindingReviewModel(provider, runner, activity);
        // a choice made in the review is an override like any other: answers and this page follow it
        review.onSaved(() -> {
            bindingChanged.run();
            load(source);
        });
    }

    /** The review section's model (tables to look at first, missing indexes, one-click choices). */
    public BindingReviewModel review() {
        return review;
    }

    /** Called after an override was saved or the catalog refreshed, so answers use the binding shown here. */
    public void onBindingChanged(Runnable action) {
        this.bindingChanged = Objects.requireNonNull(action, "action");
    }

    /** Loads the binding of {@code ref}, whose account is {@code creds} (kept in memory for a refresh). */
    public void load(SourceRef ref, Credentials creds) {
        this.credentials = Objects.requireNonNull(creds, "creds");
        load(ref);
    }

    /**
     * Reads the source's catalog again (introspection and exact profiling) off the UI thread, with progress and
     * cancel in the status bar; then the binding and its drift alarms are loaded again.
     */
    public void refresh() {
        SourceRef ref = source;
        if (ref == null || refreshing.get()) {
            return;
        }
        refreshing.set(true);
        refreshStatus.set("Refreshing the catalog of " + ref.name() + "…");
        Credentials creds = credentials;
        TaskListener<String> listener = activity.track("Refreshing the catalog of " + ref.name(),
                new TaskListener<>() {
                    @Override
                    public void succeeded(String summary) {
                        refreshing.set(false);
                        refreshStatus.set(summary);
                        bindingChanged.run();
                        load(ref);
                    }

                    @Override
                    public void failed(Throwable error) {
                        refreshing.set(false);
                        refreshStatus.set("The catalog was not refreshed: " + error.getMessage());
                    }

                    @Override
                    public void cancelled() {
                        refreshing.set(false);
                        refreshStatus.set("Refresh cancelled; the last catalog version stays active.");
                    }
                });
        activity.attach(runner.submit("Refreshing the catalog", p -> provider.refresh(ref, creds, p), listener));
    }

    /** Loads the binding of {@code ref}. */
    public void load(SourceRef ref) {
        this.source = Objects.requireNonNull(ref, "ref");
        state.set(State.LOADING);
        message.set("Loading the binding of " + ref.name() + "…");
        tables.clear();
        drift.clear();
        summary.set(null);
        selectedTable.set(null);
        selectedColumn.set(null);
        TaskListener<Optional<BindingSnapshot>> listener = activity.track("Loading binding",
                new TaskListener<>() {
                    @Override
                    public void succeeded(Optional<BindingSnapshot> snapshot) {
                        if (snapshot.isEmpty()) {
                            state.set(State.UNAVAILABLE);
                            message.set("The binding is not available for " + ref.name() + " yet. Once the catalog"
                                    + " of this source is refreshed and bound, its tables, concepts and column roles"
                                    + " appear here.");
                            return;
                        }
                        tables.setAll(snapshot.get().tables());
                        drift.setAll(snapshot.get().drift());
                        summary.set(BindingSummary.of(snapshot.get()));
                        state.set(State.READY);
                        message.set(summary.get().sentence());
                        review.load(ref, credentials);
                    }

                    @Override
                    public void failed(Throwable error) {
                        state.set(State.FAILED);
                        message.set("The binding could not be loaded: " + error.getMessage());
                    }

                    @Override
                    public void cancelled() {
                        state.set(State.UNAVAILABLE);
                        message.set("Loading the binding was cancelled.");
                    }
                });
        activity.attach(runner.submit("Loading binding", p -> provider.snapshot(ref), listener));
    }

    /** Checks an override against the binding shown; returns field → error (empty when it may be saved). */
    public Map<String, String> check(OverrideDraft d) {
        Map<String, String> e = new LinkedHashMap<>();
        BindingSnapshot.TableBinding table = tables.stream().filter(t -> t.table().equals(d.table())).findFirst()
                .orElse(null);
        if (table == null) {
            e.put(CONCEPT, "Choose a table first");
            return e;
        }
        switch (d.kind()) {
            case TABLE_CONCEPT -> {
                if (blank(d.concept())) {
                    e.put(CONCEPT, "Choose a concept, or 'ignore' to leave the table out");
                } else if (!d.concept().equals("ignore") && !provider.concepts().contains(d.concept())) {
                    e.put(CONCEPT, "'" + d.concept() + "' is not a concept of the domain pack");
                }
            }
            case COLUMN_ROLE -> {
                if (column(table, d.column()) == null) {
                    e.put(ROLE, "Choose a column of " + table.table());
                } else if (blank(d.role()) || !provider.roles().contains(d.role())) {
                    e.put(ROLE, "Choose one of the column roles");
                }
            }
            case VALUE_ALIAS -> {
                BindingSnapshot.ColumnBinding col = column(table, d.column());
                if (col == null) {
                    e.put(VALUE, "Choose a column of " + table.table());
                } else if (col.pii()) {
                    e.put(VALUE, col.column() + " holds personal data: its values are not kept, so no alias");
                } else if (blank(d.value()) || col.values().stream().noneMatch(v -> v.value().equals(d.value()))) {
                    e.put(VALUE, "Choose a value observed in " + col.column());
                }
                if (blank(d.alias())) {
                    e.put(ALIAS, "Type the word analysts use, e.g. caesarean");
                } else if (!d.alias().equals(d.alias().strip())) {
                    e.put(ALIAS, "Remove the leading or trailing spaces");
                }
            }
        }
        return e;
    }

    /**
     * Checks an edit as it is typed: the errors of the fields the draft's kind uses appear beside them at once (the
     * same checks as on saving), and disappear when the field is right.
     */
    public void edited(OverrideDraft draft) {
        errors.clear();
        errors.putAll(check(draft));
    }

    /** Validates and saves an override; errors (local or from the provider) appear beside the fields. */
    public void save(OverrideDraft draft) {
        errors.clear();
        Map<String, String> local = check(draft);
        if (!local.isEmpty()) {
            errors.putAll(local);
            return;
        }
        SourceRef ref = source;
        saveStatus.set("Saving and rebuilding the binding…");
        TaskListener<Map<String, String>> listener = activity.track("Saving override", new TaskListener<>() {
            @Override
            public void succeeded(Map<String, String> providerErrors) {
                if (providerErrors.isEmpty()) {
                    saveStatus.set("Saved. The binding was rebuilt; new answers use it.");
                    bindingChanged.run();
                    load(ref);
                } else {
                    errors.putAll(providerErrors);
                    saveStatus.set("Not saved: see the fields marked.");
                }
            }

            @Override
            public void failed(Throwable error) {
                saveStatus.set("Not saved: " + error.getMessage());
            }
        });
        activity.attach(runner.submit("Saving override", p -> provider.saveOverride(ref, draft), listener));
    }

    private static BindingSnapshot.ColumnBinding column(BindingSnapshot.TableBinding t, String name) {
        return name == null ? null
                : t.columns().stream().filter(c -> c.column().equals(name)).findFirst().orElse(null);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** The counts the inspector opens on; null until a binding is loaded. */
    public javafx.beans.property.ReadOnlyObjectProperty<BindingSummary> summaryProperty() {
        return summary;
    }

    public ObjectProperty<State> stateProperty() {
        return state;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public ObservableList<BindingSnapshot.TableBinding> tables() {
        return tables;
    }

    public ObservableList<BindingSnapshot.DriftAlarm> drift() {
        return drift;
    }

    public ObjectProperty<BindingSnapshot.TableBinding> selectedTableProperty() {
        return selectedTable;
    }

    public ObjectProperty<BindingSnapshot.ColumnBinding> selectedColumnProperty() {
        return selectedColumn;
    }

    public ObservableMap<String, String> errors() {
        return errors;
    }

    public StringProperty refreshStatusProperty() {
        return refreshStatus;
    }

    public javafx.beans.property.ReadOnlyBooleanProperty refreshingProperty() {
        return refreshing;
    }

    public StringProperty saveStatusProperty() {
        return saveStatus;
    }

    public List<String> concepts() {
        return provider.concepts();
    }

    public List<String> roles() {
        return provider.roles();
    }
}
