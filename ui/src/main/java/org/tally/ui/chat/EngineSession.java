package org.tally.ui.chat;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.EngineFactory;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.answer.StepListener;
import org.tally.core.answer.TrendCalendar;
import org.tally.core.conversation.Conversation;
import org.tally.core.conversation.ConversationFocus;
import org.tally.core.conversation.Suggestion;
import org.tally.core.conversation.Turn;
import org.tally.core.conversation.TurnLog;
import org.tally.core.scope.Scope;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;

/**
 * The answer engine of the source the user is working on. Switching source is instant on the UI thread; the
 * old engine is closed and the new one opened (which may generate the demo hospital) by the next background
 * job that needs it. Credentials live here, in memory only, for as long as the source is in use. Each engine opened
 * starts a new conversation (a new source, scope or binding): its turns are read against the focus the last one
 * left, exactly as {@code ask --conversation} reads them.
 */
public final class EngineSession implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EngineSession.class);

    private record Target(SourceRef source, Credentials credentials, Scope scope, long generation) {
    }

    private final EngineFactory engines;
    private final AtomicLong generations = new AtomicLong();
    private volatile Target target;
    private final Object lock = new Object();
    private final ConversationKeeper keeper;
    private AnswerEngine engine;
    private Conversation conversation;
    private long engineGeneration = -1;
    /** The date the open engine counts relative time from; its calendars end there. */
    private LocalDate engineToday;

    public EngineSession(EngineFactory engines, SourceRef initial) {
        this(engines, initial, ConversationKeeper.NONE);
    }

    /** @param keeper where each conversation's turns are kept (the app-state database), or nowhere */
    public EngineSession(EngineFactory engines, SourceRef initial, ConversationKeeper keeper) {
        this.engines = Objects.requireNonNull(engines, "engines");
        this.keeper = Objects.requireNonNull(keeper, "keeper");
        this.target = new Target(Objects.requireNonNull(initial, "initial"), Credentials.NONE, Scope.ALL, 0);
    }

    /** Makes {@code source} the current one; never blocks (safe on the UI thread). */
    public void use(SourceRef source, Credentials credentials) {
        target = new Target(Objects.requireNonNull(source, "source"), Objects.requireNonNull(credentials,
                "credentials"), target.scope(), generations.incrementAndGet());
    }

    /** Narrows the next questions to {@code scope} (a service line) or widens them to all; never blocks. */
    public void scope(Scope scope) {
        Target t = target;
        target = new Target(t.source(), t.credentials(), Objects.requireNonNull(scope, "scope"),
                generations.incrementAndGet());
    }

    public Scope scope() {
        return target.scope();
    }

    /** The scopes this session's engines can be narrowed to, All first. */
    public List<Scope> scopes() {
        return engines.scopes();
    }

    public SourceRef source() {
        return target.source();
    }

    /** The account the current source is used with (in memory only). */
    public Credentials credentials() {
        return target.credentials();
    }

    /** The binding changed (override saved, catalog refreshed): the next question opens the engine afresh. Never blocks. */
    public void reload() {
        Target t = target;
        target = new Target(t.source(), t.credentials(), t.scope(), generations.incrementAndGet());
    }

    /** Opens the current source's engine if it is not open yet. Runs on a background thread. */
    public void open(Progress progress) {
        synchronized (lock) {
            ensureOpen(progress);
        }
    }

    /** Asks the current source. Runs on a background thread; questions are answered one at a time. */
    public Answer ask(String question, Progress progress) {
        return ask(question, progress, StepListener.NONE);
    }

    /**
     * As {@link #ask(String, Progress)}, each step of the path told to {@code live} as it ends (on this thread). A count
     * per bucket of time comes with its empty buckets as 0 ({@link TrendCalendar}).
     */
    public Answer ask(String question, Progress progress, StepListener live) {
        synchronized (lock) {
            return filled(ensureOpen(progress).ask(question, live));
        }
    }

    /** The reply to a clarifying question of the current engine: the question again, the option in its slot. */
    public Answer reply(String question, Clarify clarify, String option, Progress progress, StepListener live) {
        synchronized (lock) {
            return filled(ensureOpen(progress).reply(question, clarify, option, live));
        }
    }

    /** The next turn of the conversation, read against its focus. Runs on a background thread. */
    public Turn turn(String question, Progress progress, StepListener live) {
        synchronized (lock) {
            return filled(conversation(progress).ask(question, live));
        }
    }

    /** A suggestion chip chosen: its spec is answered as it is, not read again. Runs on a background thread. */
    public Turn choose(Suggestion chip, Progress progress, StepListener live) {
        synchronized (lock) {
            return filled(conversation(progress).choose(chip, live));
        }
    }

    /** An option of a clarifying question chosen: the conversation's open slot is filled. Background thread. */
    public Turn turnReply(String question, Clarify clarify, String option, Progress progress, StepListener live) {
        synchronized (lock) {
            return filled(conversation(progress).reply(question, clarify, option, live));
        }
    }

    /**
     * Carries on a conversation kept earlier on the current source: its focus as its last turn left it, its next
     * turns kept by {@code log}; a chip of a kept answer still refines that answer. Runs on a background thread.
     */
    public void resume(ConversationFocus focus, List<Turn> turns, TurnLog log, Progress progress) {
        synchronized (lock) {
            AnswerEngine open = ensureOpen(progress);
            conversation = new Conversation(open, target.scope().label(), log);
            conversation.restore(focus, turns);
        }
    }

    /** The focus of the current conversation (empty before the first question). Background thread. */
    public ConversationFocus focus(Progress progress) {
        synchronized (lock) {
            return conversation(progress).focus();
        }
    }

    private Conversation conversation(Progress progress) {
        AnswerEngine open = ensureOpen(progress);
        if (conversation == null) {
            Target t = target;
            conversation = new Conversation(open, t.scope().label(), keeper.begin(t.source(), t.scope()));
        }
        return conversation;
    }

    /** The page after {@code cursor} of a list the current engine answered. Runs on a background thread. */
    public PageResult nextPage(PageCursor cursor, Progress progress) {
        synchronized (lock) {
            return ensureOpen(progress).nextPage(cursor);
        }
    }

    private AnswerEngine ensureOpen(Progress progress) {
        Target wanted = target;
        if (engine != null && engineGeneration == wanted.generation()) {
            return engine;
        }
        closeEngine();
        conversation = null;
        LOG.info("opening source {} ({})", wanted.source().name(), wanted.scope().label());
        LocalDate today = engines.today(wanted.source());
        engine = engines.open(wanted.source(), wanted.credentials(), today, progress, wanted.scope());
        engineToday = today;
        engineGeneration = wanted.generation();
        return engine;
    }

    private void closeEngine() {
        if (engine != null) {
            try {
                engine.close();
            } catch (RuntimeException e) {
                LOG.warn("closing the previous source failed: {}", e.toString());
            }
            engine = null;
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            closeEngine();
        }
    }

    /** A turn as the window shows it: a count per bucket of time with its empty buckets up to today as 0. */
    private Turn filled(Turn t) {
        return new Turn(t.number(), t.question(), filled(t.answer()), t.focus(), t.suggestions(), t.spec());
    }

    private Answer filled(Answer a) {
        return TrendCalendar.fill(a, engineToday);
    }
}
