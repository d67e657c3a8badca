package org.tally.ui.sources;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.source.Credentials;
import org.tally.core.source.DemoSchema;
import org.tally.core.source.SourceCheck;
import org.tally.core.source.SourceRef;
import org.tally.core.source.WriteAccess;
import org.tally.ui.task.Activity;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * The sources manager: the built-in demo hospitals plus the user's JDBC sources. Adding validates the form
 * (errors per field), testing connects off the UI thread and warns when the account can write, and the list is
 * saved without passwords: the password field is cleared after each use and is never part of what is saved.
 */
public final class SourcesViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(SourcesViewModel.class);
    public static final String NAME = "name";
    public static final String URL = "url";
    public static final String USER = "user";

    private final SourceStore store;
    private final SourceTester tester;
    private final TaskRunner runner;
    private final Activity activity;
    private final SourceSwitcher switcher;
    private final ObservableList<SourceItem> items = FXCollections.observableArrayList();
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty url = new SimpleStringProperty("");
    private final StringProperty user = new SimpleStringProperty("");
    private final StringProperty password = new SimpleStringProperty("");
    private final ObservableMap<String, String> errors = FXCollections.observableHashMap();
    private final StringProperty formStatus = new SimpleStringProperty("");

    public SourcesViewModel(SourceStore store, SourceTester tester, TaskRunner runner, Activity activity,
                            SourceSwitcher switcher) {
        this.store = Objects.requireNonNull(store, "store");
        this.tester = Objects.requireNonNull(tester, "tester");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.switcher = Objects.requireNonNull(switcher, "switcher");
        items.add(new SourceItem("Demo hospital", new SourceRef.Demo(DemoSchema.DEV), null, true));
        items.add(new SourceItem("Demo hospital (legacy naming)", new SourceRef.Demo(DemoSchema.ALT), null, true));
        for (SavedSource s : store.load()) {
            Optional<String> problem = SourceUrls.problem(s.url());
            if (problem.isPresent()) {
                LOG.warn("saved source '{}' skipped: {}", s.name(), problem.get());
                continue;
            }
            items.add(new SourceItem(s.name(), SourceRef.parse(s.url()), s.user(), false));
        }
    }

    /** Validates the form; on success saves the new source and clears the form. Returns the item, or empty. */
    public Optional<SourceItem> add() {
        if (!validate()) {
            return Optional.empty();
        }
        SourceItem item = new SourceItem(name.get().strip(), SourceRef.parse(url.get().strip()),
                user.get() == null || user.get().isBlank() ? null : user.get().strip(), false);
        items.add(item);
        if (!persist()) {
            items.remove(item);
            return Optional.empty();
        }
        formStatus.set("Added " + item.name() + ". Test it to check the connection and the account's rights.");
        name.set("");
        url.set("");
        user.set("");
        password.set("");
        return Optional.of(item);
    }

    /** Checks every field; errors appear beside their field. */
    public boolean validate() {
        errors.clear();
        String n = name.get() == null ? "" : name.get().strip();
        if (n.isEmpty()) {
            errors.put(NAME, "Give the source a name, e.g. Maternity warehouse");
        } else if (items.stream().anyMatch(i -> i.name().toLowerCase(Locale.ROOT).equals(n.toLowerCase(Locale.ROOT)))) {
            errors.put(NAME, "A source named '" + n + "' exists already");
        }
        SourceUrls.problem(url.get()).ifPresent(p -> errors.put(URL, p));
        String u = user.get() == null ? "" : user.get();
        if (!u.isEmpty() && (u.isBlank() || !u.equals(u.strip()))) {
            errors.put(USER, "The account name has leading or trailing spaces");
        }
        return errors.isEmpty();
    }

    /** Removes a saved source; the demo hospitals stay. */
    public void remove(SourceItem item) {
        if (item.builtIn()) {
            throw new IllegalArgumentException("The demo hospital cannot be removed");
        }
        if (items.remove(item)) {
            persist();
        }
    }

    /** Tests the typed URL before adding it, with the typed password (then forgotten). */
    public void testForm() {
        errors.remove(URL);
        Optional<String> problem = SourceUrls.problem(url.get());
        if (problem.isPresent()) {
            errors.put(URL, problem.get());
            return;
        }
        SourceRef.Jdbc ref = (SourceRef.Jdbc) SourceRef.parse(url.get().strip());
        Credentials creds = credentials(user.get(), password.get());
        password.set("");
        formStatus.set("Testing…");
        runTest(ref, creds, formStatus, null);
    }

    /** Tests a saved source with a password typed for this test only. */
    public void test(SourceItem item, String typedPassword) {
        if (!(item.ref() instanceof SourceRef.Jdbc ref)) {
            item.statusProperty().set("The built-in demo hospital is read-only and always available");
            return;
        }
        item.statusProperty().set("Testing…");
        runTest(ref, credentials(item.user(), typedPassword), item.statusProperty(), item.warningProperty());
    }

    private void runTest(SourceRef.Jdbc ref, Credentials creds, StringProperty status, StringProperty warning) {
        TaskListener<SourceCheck> listener = activity.track("Testing " + ref.name(), new TaskListener<>() {
            @Override
            public void succeeded(SourceCheck check) {
                status.set(check.summary());
                if (warning != null) {
                    warning.set(check.writeAccess() == WriteAccess.CAN_WRITE ? check.detail() : "");
                }
            }

            @Override
            public void failed(Throwable error) {
                status.set("Test failed: " + error.getMessage());
            }

            @Override
            public void cancelled() {
                status.set("Test cancelled");
            }
        });
        activity.attach(runner.submit("Testing source", p -> tester.test(ref, creds), listener));
    }

    /** Makes the source the one the chat asks; the password is kept in memory by the session only. */
    public void use(SourceItem item, String typedPassword) {
        switcher.use(item, item.builtIn() ? Credentials.NONE : credentials(item.user(), typedPassword));
    }

    private static Credentials credentials(String user, String password) {
        if (user == null || user.isBlank()) {
            return Credentials.NONE;
        }
        return new Credentials(user.strip(), password == null || password.isEmpty() ? null : password);
    }

    private boolean persist() {
        List<SavedSource> saved = new ArrayList<>();
        for (SourceItem i : items) {
            if (!i.builtIn()) {
                saved.add(i.toSaved());
            }
        }
        try {
            store.save(saved);
            return true;
        } catch (RuntimeException e) {
            formStatus.set(e.getMessage());
            return false;
        }
    }

    public ObservableList<SourceItem> items() {
        return items;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty urlProperty() {
        return url;
    }

    public StringProperty userProperty() {
        return user;
    }

    public StringProperty passwordProperty() {
        return password;
    }

    /** Field name ({@link #NAME}, {@link #URL}, {@link #USER}) → what is wrong with it. */
    public ObservableMap<String, String> errors() {
        return errors;
    }

    public StringProperty formStatusProperty() {
        return formStatus;
    }
}
