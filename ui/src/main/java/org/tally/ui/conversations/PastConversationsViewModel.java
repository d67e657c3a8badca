package org.tally.ui.conversations;

import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.conversation.BacklogText;
import org.tally.core.conversation.ConversationStore;
import org.tally.core.source.SourceRef;
import org.tally.ui.chat.ChatViewModel;
import org.tally.ui.chat.ConversationKeeper;
import org.tally.ui.task.Activity;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * The conversations kept on the current source: listed newest first (title, when, how many turns), reopened into
 * the chat with their cards and focus (the next question follows the last answer, and is kept in the same
 * conversation), exported as a report with their charts, or forgotten. The store is read off the UI thread;
 * what happened is said in {@link #statusProperty()}, never in a dialog.
 */
public final class PastConversationsViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(PastConversationsViewModel.class);

    /** Conversations listed at most. */
    static final int LISTED = 200;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("d MMM yyyy HH:mm", Locale.ENGLISH);

    private final ConversationKeeper keeper;
    private final Supplier<SourceRef> source;
    private final ChatViewModel chat;
    private final TaskRunner runner;
    private final Activity activity;
    private final ZoneId zone;
    private final ObservableList<ConversationStore.Summary> items = FXCollections.observableArrayList();
    private final SimpleStringProperty status = new SimpleStringProperty("");
    private final SimpleStringProperty backlog = new SimpleStringProperty("");
    private Runnable onReopened = () -> { };

    /**
     * @param source the source in use (conversations are listed per source)
     * @param zone   the zone dates are shown in
     */
    public PastConversationsViewModel(ConversationKeeper keeper, Supplier<SourceRef> source, ChatViewModel chat,
                                      TaskRunner runner, Activity activity, ZoneId zone) {
        this.keeper = Objects.requireNonNull(keeper, "keeper");
        this.source = Objects.requireNonNull(source, "source");
        this.chat = Objects.requireNonNull(chat, "chat");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.zone = Objects.requireNonNull(zone, "zone");
    }

    /** What runs after a conversation is reopened (the window shows the chat). */
    public void onReopened(Runnable then) {
        this.onReopened = Objects.requireNonNull(then, "then");
    }

    /** Reads the list again (the tab is shown, a source is switched, a conversation was deleted). */
    public void refresh() {
        SourceRef on = source.get();
        run("Listing conversations", () -> keeper.list(on, LISTED), listed -> {
            items.setAll(listed);
            status.set(listed.isEmpty() ? "No conversations are kept on " + on.name() + " yet: each question asked"
                    + " in the Ask tab is kept here." : "");
        });
    }

    /** Shows {@code kept} in the chat, its cards as answered, and carries it on from its focus. */
    public void reopen(ConversationStore.Summary kept) {
        run("Reopening the conversation", () -> keeper.open(kept.id()), found -> {
            if (found.isEmpty()) {
                items.remove(kept);
                status.set("That conversation is no longer kept.");
                return;
            }
            ConversationStore.Kept k = found.get();
            chat.reopen(k.turns(), k.focus(), keeper.continuing(k.summary().id()));
            status.set("Reopened \u201c" + k.summary().title() + "\u201d: the next question follows its last answer.");
            onReopened.run();
        });
    }

    /** Forgets {@code kept} and its turns. */
    public void delete(ConversationStore.Summary kept) {
        run("Deleting the conversation", () -> keeper.delete(kept.id()), gone -> {
            items.remove(kept);
            status.set(gone ? "Deleted \u201c" + kept.title() + "\u201d." : "That conversation was already gone.");
        });
    }

    /**
     * Writes {@code kept} to {@code file} as a report in {@code format}, with the charts its answers show as drawn by
     * {@code charts} (on the UI thread).
     */
    public void export(ConversationStore.Summary kept, ReportFormat format, Path file, ChartImages charts) {
        run("Exporting the conversation", () -> keeper.open(kept.id()), found -> {
            if (found.isEmpty()) {
                items.remove(kept);
                status.set("That conversation is no longer kept.");
                return;
            }
            Map<Integer, byte[]> drawn;
            try {
                drawn = charts.draw(found.get().turns());
            } catch (RuntimeException e) {
                LOG.warn("the charts of a conversation could not be drawn; the report has its tables only", e);
                drawn = Map.of();
            }
            Map<Integer, byte[]> images = drawn;
            run("Writing the report", () -> ConversationExport.write(found.get(), format, file, images),
                    written -> status.set("Saved " + written.report().getFileName() + " (" + format.label()
                            + chartsSaid(written.charts()) + ")."));
        });
    }

    /**
     * The administrator's backlog of the current source into {@link #backlogProperty()}: what the kept conversations
     * could not answer, by reason class, with the words and questions involved; wording and reasons, never rows.
     */
    public void showBacklog() {
        SourceRef on = source.get();
        run("Reading what could not be answered", () -> keeper.unanswered(on), report -> backlog.set(report
                .map(r -> BacklogText.of(on.name(), null, r))
                .orElse("Conversations are not kept by this workstation, so there is nothing to show.")));
    }

    /** The line a kept conversation is listed with: when it was last used and how many turns it has. */
    public String describe(ConversationStore.Summary kept) {
        return WHEN.format(kept.updatedAt().atZone(zone)) + " · " + kept.turns() + (kept.turns() == 1 ? " turn"
                : " turns") + (kept.scope() == null || kept.scope().isBlank() ? "" : " · " + kept.scope());
    }

    /** The suggested file name for a report of {@code kept}. */
    public String fileName(ConversationStore.Summary kept, ReportFormat format) {
        return ConversationExport.fileName(kept.title(), format);
    }

    public ObservableList<ConversationStore.Summary> items() {
        return items;
    }

    public ReadOnlyStringProperty statusProperty() {
        return status;
    }

    /** The backlog last read by {@link #showBacklog()}; empty before. */
    public ReadOnlyStringProperty backlogProperty() {
        return backlog;
    }

    private static String chartsSaid(int n) {
        return n == 0 ? ", no charts" : n == 1 ? ", 1 chart" : ", " + n + " charts";
    }

    /** A job off the UI thread; its result handled on it; a failure said in the status line and logged. */
    private <T> void run(String title, Work<T> work, Consumer<T> then) {
        TaskListener<T> listener = activity.track(title, new TaskListener<>() {
            @Override
            public void succeeded(T result) {
                then.accept(result);
            }

            @Override
            public void failed(Throwable error) {
                LOG.warn("{} failed", title, error);
                status.set(title + " failed: " + (error.getMessage() == null ? error.getClass().getSimpleName()
                        : error.getMessage()));
            }
        });
        activity.attach(runner.submit(title, progress -> work.run(), listener));
    }

    @FunctionalInterface
    private interface Work<T> {
        T run() throws Exception;
    }
}
