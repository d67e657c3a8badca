package org.tally.ui.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.EngineFactory;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceRef;

/** An engine factory whose engines answer from a function, recording what was opened and asked. */
public final class FakeEngines implements EngineFactory {

    public final List<SourceRef> opened = new ArrayList<>();
    public final List<Credentials> credentials = new ArrayList<>();
    public final List<String> asked = new ArrayList<>();
    /** The scope of each engine opened, in order. */
    public final List<org.tally.core.scope.Scope> scopesOpened = new ArrayList<>();
    public final List<PageCursor> pagesRead = new ArrayList<>();
    /** Replies to clarifying questions, as "question → option". */
    public final List<String> replies = new ArrayList<>();
    /** A question containing "slowly" tells its first step (the second after rung 0), then waits for this before the rest. */
    public final java.util.concurrent.CountDownLatch slow = new java.util.concurrent.CountDownLatch(1);
    public final AtomicInteger closed = new AtomicInteger();
    private final Function<String, Answer> answers;

    public FakeEngines(Function<String, Answer> answers) {
        this.answers = answers;
    }

    /** Answers by keyword: "list…" a paged list of 23 beds, "by ward" grouped, "per month" trend, "date" clarify, "weather" refused, "fail" error. */
    public static FakeEngines byKeyword() {
        return new FakeEngines(q -> {
            String s = q.toLowerCase(Locale.ROOT);
            if (s.contains("by kind")) {
                return FakeAnswers.coded(q);
            }
            if (s.contains("by ward")) {
                return FakeAnswers.grouped(q);
            }
            if (s.contains("per month")) {
                return FakeAnswers.trend(q);
            }
            if (s.contains("length of stay")) {
                return FakeAnswers.clarify(q);
            }
            if (s.contains("weather")) {
                return FakeAnswers.refused(q);
            }
            if (s.contains("timeout")) {
                return FakeAnswers.error(q);
            }
            if (s.startsWith("list")) {
                return FakeAnswers.list(q);
            }
            if (s.contains("date")) {
                return FakeAnswers.average(q);
            }
            return FakeAnswers.scalar(q);
        });
    }

    @Override
    public java.util.List<org.tally.core.scope.Scope> scopes() {
        return org.tally.core.scope.Scope.choices(org.tally.core.pack.PackLoader.hospital());
    }

    @Override
    public synchronized AnswerEngine open(SourceRef source, Credentials c, java.time.LocalDate today,
                                          org.tally.core.Progress progress, org.tally.core.scope.Scope scope) {
        scopesOpened.add(scope);
        return open(source, c, today, progress);
    }

    @Override
    public synchronized AnswerEngine open(SourceRef source, Credentials c, java.time.LocalDate today,
                                          org.tally.core.Progress progress) {
        opened.add(source);
        credentials.add(c);
        progress.report("opening " + source.name(), 0.5);
        return new AnswerEngine() {
            @Override
            public Answer ask(String question) {
                synchronized (FakeEngines.this) {
                    asked.add(question);
                }
                return answers.apply(question);
            }

            @Override
            public Answer ask(String question, org.tally.core.answer.StepListener live) {
                Answer a = ask(question);
                if (!question.contains("slowly")) {
                    a.path().forEach(live::step);
                    return a;
                }
                a.path().subList(0, 1).forEach(live::step); // after the conversation's focus step: two in all
                try {
                    slow.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.util.concurrent.CancellationException("interrupted");
                }
                a.path().subList(1, a.path().size()).forEach(live::step);
                return a;
            }

            @Override
            public Answer reply(String question, org.tally.core.answer.Clarify clarify, String option,
                                org.tally.core.answer.StepListener live) {
                synchronized (FakeEngines.this) {
                    replies.add(question + " → " + option);
                }
                Answer a = FakeAnswers.average(question);
                a.path().forEach(live::step);
                return a;
            }

            @Override
            public PageResult nextPage(PageCursor cursor) {
                synchronized (FakeEngines.this) {
                    pagesRead.add(cursor);
                }
                return FakeAnswers.nextListPage(cursor);
            }

            @Override
            public void close() {
                closed.incrementAndGet();
            }
        };
    }
}
