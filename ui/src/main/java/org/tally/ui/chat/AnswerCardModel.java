package org.tally.ui.chat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.ModelStamp;
import org.tally.core.answer.PathStep;
import org.tally.core.conversation.FocusUse;
import org.tally.core.conversation.Suggestion;
import org.tally.core.conversation.Turn;
import org.tally.ui.result.PageLoader;
import org.tally.ui.result.ResultModel;

/**
 * Everything an answer card shows, decided here so the view only lays it out: the status, the result (KPI,
 * table or chart), one sentence of explanation, provenance chips, the SQL, spec JSON and hash behind a disclosure,
 * clarify options, a refusal in plain words with questions that can be asked instead, and suggestion chips.
 */
public final class AnswerCardModel {

    private static final ObjectMapper PRETTY =
            new ObjectMapper();

    private final String question;
    private final CardState state;
    private final Answer answer;
    private final ResultModel result;
    private final String message;
    private final ObservableList<PathStep> steps;
    private final List<String> suggestions;
    private final List<Suggestion> prepared;
    private final String using;
    private final BooleanProperty sqlShown = new SimpleBooleanProperty(false);
    private final BooleanProperty clarifyAnswered = new SimpleBooleanProperty(false);

    private AnswerCardModel(String question, CardState state, Answer answer, String message,
                            List<String> suggestions, PageLoader pages) {
        this(question, state, answer, message, suggestions, pages, List.of(), null);
    }

    private AnswerCardModel(String question, CardState state, Answer answer, String message,
                            List<String> suggestions, PageLoader pages, List<Suggestion> prepared, String using) {
        this.question = Objects.requireNonNull(question, "question");
        this.state = state;
        this.answer = answer;
        this.message = message;
        this.suggestions = List.copyOf(suggestions);
        this.prepared = List.copyOf(prepared);
        this.using = using;
        this.result = state == CardState.ANSWERED
                ? new ResultModel(answer.columns(), answer.rows(), answer.display(), answer.nextPage(), pages) : null;
        this.steps = FXCollections.observableArrayList(answer == null ? List.of() : answer.path());
    }

    public static AnswerCardModel pending(String question) {
        return new AnswerCardModel(question, CardState.PENDING, null, null, List.of(), PageLoader.NONE);
    }

    /**
     * @param canAsk questions this source can answer, offered when the answer is a refusal
     */
    public static AnswerCardModel of(Answer answer, List<String> canAsk) {
        return of(answer, canAsk, PageLoader.NONE);
    }

    /**
     * @param canAsk questions this source can answer, offered when the answer is a refusal
     * @param pages  reads the next pages of a list answer
     */
    public static AnswerCardModel of(Answer answer, List<String> canAsk, PageLoader pages) {
        return switch (answer.status()) {
            case ANSWERED -> new AnswerCardModel(answer.question(), CardState.ANSWERED, answer, answer.message(),
                    List.of(), pages);
            case CLARIFY -> new AnswerCardModel(answer.question(), CardState.CLARIFY, answer, null, List.of(), pages);
            case REFUSED -> new AnswerCardModel(answer.question(), CardState.REFUSED, answer, answer.message(),
                    canAsk.subList(0, Math.min(3, canAsk.size())), pages);
            case ERROR -> new AnswerCardModel(answer.question(), CardState.ERROR, answer,
                    "Something went wrong while answering: " + answer.message(), List.of(), pages);
        };
    }

    /**
     * A turn of the conversation: its answer, the "using: …" line when it carried something over from an earlier
     * turn, and its suggestion chips, each carrying the spec it answers (after a refusal, the closest questions that
     * answer, else {@code canAsk}).
     */
    public static AnswerCardModel of(Turn turn, List<String> canAsk, PageLoader pages) {
        Answer answer = turn.answer().withPath(turn.question(), turn.answer().path());
        AnswerCardModel plain = of(answer, canAsk, pages);
        if (answer.status() != AnswerStatus.ANSWERED && answer.status() != AnswerStatus.REFUSED) {
            return plain;
        }
        List<Suggestion> chips = turn.suggestions().subList(0, Math.min(4, turn.suggestions().size()));
        List<String> labels = chips.isEmpty() ? plain.suggestions : chips.stream().map(Suggestion::label).toList();
        FocusUse use = turn.focus();
        String using = use == null || use.carriesNothing() ? null : "using: " + use.using();
        return new AnswerCardModel(plain.question, plain.state, answer, plain.message, labels, pages, chips, using);
    }

    /** The engine could not be reached or threw: shown as an error card, the message in plain words. */
    public static AnswerCardModel failed(String question, Throwable error) {
        String why = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return new AnswerCardModel(question, CardState.ERROR, null, "Tally could not answer: " + why, List.of(),
                PageLoader.NONE);
    }

    public static AnswerCardModel cancelled(String question) {
        return new AnswerCardModel(question, CardState.CANCELLED, null, "Stopped before an answer arrived.",
                List.of(), PageLoader.NONE);
    }

    public String question() {
        return question;
    }

    public CardState state() {
        return state;
    }

    /** The rows and how they are shown; null unless the question was answered. */
    public ResultModel result() {
        return result;
    }

    /** One sentence saying what was counted, or null when the engine gave none. */
    public String explanation() {
        return answer == null ? null : answer.explanation();
    }

    /** Why there is no answer (refusal, error, cancel), or a note on an answer ("Only the first … rows"); else null. */
    public String message() {
        return message;
    }

    /** "Read as: …", the answer's spec in one sentence; null when there is none. */
    public String readAs() {
        return answer == null || answer.readAs() == null ? null : "Read as: " + answer.readAs();
    }

    /** The note of an answer a local model read ("model-read — check the reading"); null for any other. */
    public String modelNote() {
        return answer == null || answer.model() == null ? null : ModelStamp.NOTE;
    }

    /**
     * The chip saying the answer came from the source's snapshot, with its age at {@code now}; null for a live
     * answer.
     */
    public SnapshotChip snapshotChip(Instant now) {
        return answer == null || answer.snapshot() == null ? null : SnapshotChip.of(answer.snapshot(), now);
    }

    /** The passages a retrieval answer cites, as cards in the answer's order; empty for any other answer. */
    public List<CitationCard> citations() {
        return answer == null ? List.of() : CitationCard.of(answer.citations());
    }

    /** Every step of the path as a chip, in order (the last names the local model that read the answer, if one did). */
    public List<ChipModel> chips() {
        return Provenance.chipsOf(steps, modelName());
    }

    /** The path's steps; on a pending card they arrive as the steps end, on a finished one they are fixed. */
    public ObservableList<PathStep> steps() {
        return state == CardState.PENDING ? steps : FXCollections.unmodifiableObservableList(steps);
    }

    /** How the path is shown as chips (the deciding rung first, rungs that did not apply collapsed). */
    public Provenance provenance() {
        return Provenance.of(steps, state != CardState.PENDING, modelName());
    }

    private String modelName() {
        return answer == null || answer.model() == null ? null : answer.model().name();
    }

    /** A step of the path ended while this card waits for its answer: its chip appears now. UI thread only. */
    public void stepEnded(PathStep step) {
        if (state != CardState.PENDING) {
            throw new IllegalStateException("only a pending card grows its chips; this one is " + state);
        }
        steps.add(step);
    }

    /** What a pending card says it is doing: the step that ended last, or that it has started. */
    public String progressText() {
        Provenance p = provenance();
        if (p.shown().isEmpty()) {
            return p.tried().isEmpty() ? "Working on it…" : "Working on it… (" + p.triedText() + ")";
        }
        return p.shown().get(p.shown().size() - 1).label() + " · working on it…";
    }

    public long totalMs() {
        return provenance().totalMs();
    }

    public String sql() {
        return answer == null ? null : answer.sql();
    }

    public String specHash() {
        return answer == null ? null : answer.specHash();
    }

    /** The canonical spec whose SHA-256 is the spec hash, or null when the answer came from no spec. */
    public String specJson() {
        return answer == null ? null : answer.specJson();
    }

    /** The spec JSON indented for reading; the same fields and values as {@link #specJson()}. */
    public String specJsonForReading() {
        String json = specJson();
        if (json == null) {
            return null;
        }
        try {
            return PRETTY.writerWithDefaultPrettyPrinter().writeValueAsString(PRETTY.readTree(json));
        } catch (JsonProcessingException e) {
            return json;
        }
    }

    /** What "Copy spec JSON" puts on the clipboard: the exact canonical text that was hashed. */
    public String specJsonForClipboard() {
        return specJson() == null ? "" : specJson();
    }

    public boolean hasSql() {
        return sql() != null && !sql().isBlank();
    }

    /** The text the "Copy SQL" button puts on the clipboard: the executed statement, inlined and self-contained. */
    public String sqlForClipboard() {
        return hasSql() ? sql().strip() : "";
    }

    public String clarifyQuestion() {
        return state == CardState.CLARIFY ? answer.clarify().question() : null;
    }

    /** The clarifying question as the engine asked it (needed to reply); null unless this is a clarify card. */
    public Clarify clarify() {
        return state == CardState.CLARIFY ? answer.clarify() : null;
    }

    /** True when choosing an option answers the question; otherwise the user asks again naming the one meant. */
    public boolean clarifyChoosable() {
        return state == CardState.CLARIFY && answer.clarify().choosable();
    }

    public List<String> clarifyOptions() {
        return state == CardState.CLARIFY ? answer.clarify().options() : List.of();
    }

    /** Questions offered under a refusal, or suggestion chips under an answer (empty until the engine gives any). */
    public List<String> suggestions() {
        return suggestions;
    }

    /** What a follow-up kept from an earlier turn ("using: October 2026 · Deliveries"), or null when it stood alone. */
    public String using() {
        return using;
    }

    /** The chip labelled {@code label}, with the spec it answers; null when the label is a question to ask in words. */
    public Suggestion suggestion(String label) {
        return prepared.stream().filter(s -> s.label().equals(label)).findFirst().orElse(null);
    }

    public BooleanProperty sqlShownProperty() {
        return sqlShown;
    }

    public void toggleSql() {
        sqlShown.set(!sqlShown.get());
    }

    /** Set once an option was chosen: a clarify question is answered once, never twice. */
    public BooleanProperty clarifyAnsweredProperty() {
        return clarifyAnswered;
    }
}
