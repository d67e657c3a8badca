package org.tally.ui.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.answer.PathStep;
import org.tally.core.conversation.ConversationFocus;
import org.tally.core.conversation.Suggestion;
import org.tally.core.conversation.Turn;
import org.tally.core.conversation.TurnLog;
import org.tally.ui.task.Activity;
import org.tally.ui.task.StreamingJob;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * The conversation: the question box, the answer cards, the history the Up key walks, and the example
 * questions the empty chat offers. Questions are answered off the UI thread; each gets its card at once, whose
 * provenance chips fill in as the steps of the ladder end, and which the answer replaces when it arrives. Each
 * question is a turn of the session's conversation: a follow-up is read against the last answer (its card says
 * what it used), a suggestion chip answers the spec it carries, a clarify option or typed reply fills the open slot.
 */
public final class ChatViewModel {

    private final EngineSession session;
    private final TaskRunner runner;
    private final Activity activity;
    private final StringProperty question = new SimpleStringProperty("");
    private final ObservableList<AnswerCardModel> cards = FXCollections.observableArrayList();
    private final ObservableList<String> examples = FXCollections.observableArrayList();
    private final SimpleBooleanProperty busy = new SimpleBooleanProperty(false);
    private final List<String> history = new ArrayList<>();
    private int historyIndex;
    private String draft = "";
    private int running;

    public ChatViewModel(EngineSession session, TaskRunner runner, Activity activity, List<String> examples) {
        this.session = Objects.requireNonNull(session, "session");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.examples.setAll(examples);
    }

    /** Asks what is in the question box (Enter). A blank box does nothing. */
    public void ask() {
        ask(question.get());
    }

    public void ask(String text) {
        String q = text == null ? "" : text.strip();
        if (q.isEmpty()) {
            return;
        }
        if (history.isEmpty() || !history.get(history.size() - 1).equals(q)) {
            history.add(q);
        }
        historyIndex = history.size();
        draft = "";
        question.set("");
        answer(q, (progress, publish) -> session.turn(q, progress, publish::accept));
    }

    /**
     * A suggestion chip of {@code card} clicked: a chip that carries its spec is answered at once, without reading
     * its words again; any other is asked as a question.
     */
    public void suggest(AnswerCardModel card, String label) {
        Suggestion chip = card.suggestion(label);
        if (chip == null) {
            ask(label);
            return;
        }
        answer(chip.question(), (progress, publish) -> session.choose(chip, progress, publish::accept));
    }

    /**
     * Shows a conversation kept earlier, its cards as they were answered, and carries on from its focus: the next
     * question is read as a follow-up of its last answer, and its turns are kept by {@code log}.
     */
    public void reopen(List<Turn> turns, ConversationFocus focus, TurnLog log) {
        cards.clear();
        for (Turn t : turns) {
            cards.add(AnswerCardModel.of(t, examples, this::loadPage));
        }
        TaskListener<Boolean> listener = activity.track("Reopening the conversation", new TaskListener<>() {
            @Override
            public void succeeded(Boolean done) {
            }

            @Override
            public void failed(Throwable error) {
                cards.add(AnswerCardModel.failed("Reopening the conversation", error));
            }
        });
        activity.attach(runner.submit("Reopening the conversation", progress -> {
            session.resume(focus, turns, log, progress);
            return true;
        }, listener));
    }

    /**
     * Answers a clarify question with one of its options: the engine reads the question again with the option in
     * the open slot. Once per card: a clarify question is answered once, never twice.
     */
    public void choose(AnswerCardModel card, String option) {
        if (card.state() != CardState.CLARIFY || card.clarifyAnsweredProperty().get() || !card.clarifyChoosable()) {
            return;
        }
        if (!card.clarifyOptions().contains(option)) {
            throw new IllegalArgumentException("'" + option + "' is not one of the options " + card.clarifyOptions());
        }
        card.clarifyAnsweredProperty().set(true);
        String question = card.question();
        Clarify clarify = card.clarify();
        answer(question + " → " + option, (progress, publish) ->
                session.turnReply(question, clarify, option, progress, publish::accept));
    }

    /**
     * Shows a pending card at once and answers off the UI thread: each step of the path joins the card's chips as
     * it ends, then the answer replaces the card. {@code title} is the card's heading.
     */
    private void answer(String title, StreamingJob<Turn, PathStep> job) {
        AnswerCardModel placeholder = AnswerCardModel.pending(title);
        cards.add(placeholder);
        running++;
        busy.set(true);
        TaskListener<Turn> listener = activity.track("Answering: " + title, new TaskListener<>() {
            @Override
            public void succeeded(Turn turn) {
                Turn titled = new Turn(turn.number(), title, turn.answer(), turn.focus(), turn.suggestions(),
                        turn.spec());
                replace(placeholder, AnswerCardModel.of(titled, examples, ChatViewModel.this::loadPage));
            }

            @Override
            public void failed(Throwable error) {
                replace(placeholder, AnswerCardModel.failed(title, error));
            }

            @Override
            public void cancelled() {
                replace(placeholder, AnswerCardModel.cancelled(title));
            }
        });
        activity.attach(runner.stream("Answering", job, listener, placeholder::stepEnded));
    }

    /** Reads the page after {@code cursor} off the UI thread, shown in the status bar with cancel. */
    private void loadPage(PageCursor cursor, TaskListener<PageResult> listener) {
        TaskListener<PageResult> tracked = activity.track("Loading more rows", listener);
        activity.attach(runner.submit("Loading more rows", progress -> session.nextPage(cursor, progress), tracked));
    }

    private void replace(AnswerCardModel placeholder, AnswerCardModel done) {
        int i = cards.indexOf(placeholder);
        if (i >= 0) {
            cards.set(i, done);
        } else {
            cards.add(done);
        }
        running--;
        busy.set(running > 0);
    }

    /** Up: the previous question into the box; what was typed is kept and comes back past the newest one. */
    public void recallPrevious() {
        if (history.isEmpty() || historyIndex == 0) {
            return;
        }
        if (historyIndex == history.size()) {
            draft = question.get();
        }
        historyIndex--;
        question.set(history.get(historyIndex));
    }

    /** Down: the next question, or the draft after the newest. */
    public void recallNext() {
        if (historyIndex >= history.size()) {
            return;
        }
        historyIndex++;
        question.set(historyIndex == history.size() ? draft : history.get(historyIndex));
    }

    /** Clears the conversation's cards (a new source starts a new conversation). */
    public void clear() {
        cards.clear();
    }

    public StringProperty questionProperty() {
        return question;
    }

    public ObservableList<AnswerCardModel> cards() {
        return cards;
    }

    public ObservableList<String> examples() {
        return examples;
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy;
    }

    public List<String> history() {
        return List.copyOf(history);
    }
}
