package org.tally.ui.binding;

import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ReadOnlyStringProperty;
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
 * The review section of the binding inspector: the tables to look at first and the missing indexes, loaded off the
 * UI thread, and one-click choices for a table (one of its candidate concepts, a lookup, or leaving it out), saved
 * as an override through the same validation as the override form and {@code binding --choose}.
 */
public final class BindingReviewModel {

    /** The choices every table has besides its candidate concepts. */
    public static final String LOOKUP = "lookup";
    public static final String IGNORE = "ignore";

    private final BindingProvider provider;
    private final TaskRunner runner;
    private final Activity activity;
    private final ObservableList<BindingReviewSnapshot.Item> items = FXCollections.observableArrayList();
    private final ObservableList<BindingReviewSnapshot.IndexAdvice> indexAdvice = FXCollections.observableArrayList();
    private final StringProperty status = new SimpleStringProperty("");
    private final StringProperty indexStatus = new SimpleStringProperty("");
    /** What became of the last choice; kept while the review is loaded again after it */
    private final StringProperty choiceStatus = new SimpleStringProperty("");
    /** table → why its choice was not saved */
    private final ObservableMap<String, String> errors = FXCollections.observableHashMap();
    private SourceRef source;
    private Runnable saved = () -> { };

    public BindingReviewModel(BindingProvider provider, TaskRunner runner, Activity activity) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.activity = Objects.requireNonNull(activity, "activity");
    }

    /** Called after a choice was saved (the binding is then rebuilt and loaded again). */
    void onSaved(Runnable action) {
        this.saved = Objects.requireNonNull(action, "action");
    }

    /** Reviews {@code ref}'s binding; the index advice reads the database with {@code credentials}. */
    public void load(SourceRef ref, Credentials credentials) {
        this.source = Objects.requireNonNull(ref, "ref");
        items.clear();
        indexAdvice.clear();
        errors.clear();
        status.set("Reviewing the binding of " + ref.name() + "…");
        indexStatus.set("");
        TaskListener<BindingReviewSnapshot> listener = activity.track("Reviewing the binding", new TaskListener<>() {
            @Override
            public void succeeded(BindingReviewSnapshot review) {
                items.setAll(review.items());
                indexAdvice.setAll(review.indexAdvice());
                long ties = review.items().stream().filter(BindingReviewSnapshot.Item::tied).count();
                status.set(review.items().isEmpty() ? "Nothing to review: every table is bound with good evidence,"
                        + " or was decided by an override."
                        : review.items().size() + (review.items().size() == 1 ? " table" : " tables") + " to look at"
                        + (ties == 0 ? "" : ", " + ties + (ties == 1 ? " of them a tie" : " of them ties"))
                        + ": unbound first, then the weakest bindings.");
                indexStatus.set(review.indexNote() != null ? review.indexNote()
                        : review.indexAdvice().isEmpty() ? "Every foreign key Tally joins on is indexed."
                        : review.indexAdvice().size() + (review.indexAdvice().size() == 1 ? " foreign key" : " foreign keys")
                        + " Tally joins on without an index. Tally never creates indexes; an administrator can run:");
            }

            @Override
            public void failed(Throwable error) {
                status.set("The review could not be prepared: " + error.getMessage());
            }

            @Override
            public void cancelled() {
                status.set("The review was cancelled.");
            }
        });
        activity.attach(runner.submit("Reviewing the binding", p -> provider.review(ref, credentials), listener));
    }

    /**
     * Saves {@code concept} as {@code item}'s table's concept: one of its candidates, {@link #LOOKUP} or
     * {@link #IGNORE}. Anything else is refused beside the table without saving.
     */
    public void choose(BindingReviewSnapshot.Item item, String concept) {
        errors.remove(item.table());
        boolean offered = concept != null && (concept.equals(LOOKUP) || concept.equals(IGNORE)
                || item.choices().stream().anyMatch(c -> c.concept().equals(concept)));
        if (!offered) {
            errors.put(item.table(), "Choose one of the concepts offered, a lookup, or leave the table out");
            return;
        }
        SourceRef ref = source;
        choiceStatus.set("Saving " + describe(item.table(), concept) + "…");
        TaskListener<Map<String, String>> listener = activity.track("Saving a review choice", new TaskListener<>() {
            @Override
            public void succeeded(Map<String, String> problems) {
                if (problems.isEmpty()) {
                    choiceStatus.set("Saved: " + describe(item.table(), concept) + ". The binding was rebuilt; new"
                            + " answers use it.");
                    saved.run();
                } else {
                    errors.put(item.table(), String.join("; ", problems.values()));
                    choiceStatus.set("Not saved: see the table marked.");
                }
            }

            @Override
            public void failed(Throwable error) {
                errors.put(item.table(), "Not saved: " + error.getMessage());
                choiceStatus.set("Not saved: see the table marked.");
            }
        });
        OverrideDraft draft = new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT, item.table(), null, concept, null,
                null, null);
        activity.attach(runner.submit("Saving a review choice", p -> provider.saveOverride(ref, draft), listener));
    }

    private static String describe(String table, String concept) {
        return switch (concept) {
            case LOOKUP -> table + " read as a lookup of codes";
            case IGNORE -> table + " left out";
            default -> table + " bound to " + concept;
        };
    }

    public ObservableList<BindingReviewSnapshot.Item> items() {
        return items;
    }

    public ObservableList<BindingReviewSnapshot.IndexAdvice> indexAdvice() {
        return indexAdvice;
    }

    public ObservableMap<String, String> errors() {
        return errors;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /** What became of the last choice ("Saved: wards bound to Ward. …"); empty before any. */
    public ReadOnlyStringProperty choiceStatusProperty() {
        return choiceStatus;
    }

    public ReadOnlyStringProperty indexStatusProperty() {
        return indexStatus;
    }
}
