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
import org.tally.core.answer.Answer;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.answer.PathStep;
import org.tally.ui.task.Activity;
import org.tally.ui.task.StreamingJob;
import org.tally.ui.task.TaskListener;
import org.tally.ui.task.TaskRunner;

/**
 * The conversation: the question box, the answer cards, the history the Up key walks, and the example
 * questions the empty chat offers. Questions are answered off the UI thread; each gets its card at once, whose
 * provenance chips fill in as the steps of the ladder end, and which the answer replaces when it arrives.
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
        answer(q, (progress, publish) -> session.ask(q, progress, publish::accept));
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
        org.tally.core.answer.Clarify clarify = card.clarify();
        answer(question + " → " + option, (progress, publish) ->
                session.reply(question, clarify, option, progress, publish::accept));
    }

    /**
     * Shows a pending card at once and answers off the UI thread: each step of the path joins the card's chips as
     * it ends, then the answer replaces the card. {@code title} is the card's heading.
     */
    private void answer(String title, StreamingJob<Answer, PathStep> job) {
        AnswerCardModel placeholder = AnswerCardModel.pending(title);
        cards.add(placeholder);
        running++;
        busy.set(true);
        TaskListener<Answer> listener = activity.track("Answering: " + title, new TaskListener<>() {
            @Override
            public void succeeded(Answer answer) {
                replace(placeholder, AnswerCardModel.of(answer.withPath(title, answer.path()), examples,
                        ChatViewModel.this::loadPage));
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
