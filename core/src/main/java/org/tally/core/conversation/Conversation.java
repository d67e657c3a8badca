package org.tally.core.conversation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerEngine;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.SpecRung;
import org.tally.core.answer.StepListener;
import org.tally.core.grammar.FollowUpMove;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecHash;
import org.tally.core.spec.SpecJson;

/**
 * One conversation over one engine: rung 0 of the ladder (see docs/architecture.md). Each turn is read against the
 * typed {@link ConversationFocus} the turn before left, with no model: "start over" clears it; a reply that names an
 * option of the open clarifying question fills that slot (once: never a second question in a row); a turn that
 * begins like a follow-up, or cannot stand alone, is read by the grammar as a change to the last spec, which then
 * binds, compiles, validates and runs like any spec; everything else is a question of its own. Every answer names
 * what it carried over ({@link FocusUse}) and comes with suggestions that are known to answer. The command line's
 * {@code ask --conversation} and the workstation share this class.
 */
public final class Conversation {

    /** The rung name a follow-up's answer is recorded under. */
    public static final String RUNG = "focus";

    private final AnswerEngine engine;
    private final Optional<SpecRung> reader;
    private final SpecWords words;
    private final Suggestions suggestions;
    private final TurnLog log;
    private ConversationFocus focus;
    private int turns;
    /** Each chip offered after an answer, with that answer's turn and spec: a chip of an older card refines it. */
    private final Map<Suggestion, Offer> offered = new HashMap<>();

    /** The answer a chip was offered after. */
    private record Offer(int turn, QuerySpec spec) {
    }

    /**
     * @param scope the service line the engine reads (its label)
     * @param log   hears each finished turn ({@link TurnLog#NONE} keeps nothing)
     */
    public Conversation(AnswerEngine engine, String scope, TurnLog log) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.reader = engine.specs();
        this.words = reader.map(r -> new SpecWords(r.pack())).orElse(null);
        this.suggestions = reader.map(r -> new Suggestions(r, words)).orElse(null);
        this.log = Objects.requireNonNull(log, "log");
        this.focus = ConversationFocus.empty(Objects.requireNonNull(scope, "scope"));
    }

    public synchronized ConversationFocus focus() {
        return focus;
    }

    public synchronized int turns() {
        return turns;
    }

    /** Carries on a conversation kept earlier: its focus as the last turn left it, and how many turns it had. */
    public synchronized void restore(ConversationFocus kept, int turnsSoFar) {
        if (turnsSoFar < 0 || kept.turn() > turnsSoFar) {
            throw new IllegalArgumentException("a focus of turn " + kept.turn() + " after " + turnsSoFar + " turns");
        }
        this.focus = new ConversationFocus(kept.spec(), kept.turn(), kept.narrowedFrom(), kept.question(), kept.move(),
                kept.digest(), kept.pending(), focus.scope(), kept.named(), kept.unanswered());
        this.turns = turnsSoFar;
    }

    /**
     * Carries on a conversation kept earlier, as {@link #restore(ConversationFocus, int)}, knowing its turns: a chip of
     * one of their answers still refines that answer.
     */
    public synchronized void restore(ConversationFocus kept, List<Turn> earlier) {
        restore(kept, earlier.isEmpty() ? 0 : earlier.get(earlier.size() - 1).number());
        for (Turn t : earlier) {
            if (t.answer().status() == AnswerStatus.ANSWERED && t.spec() != null) {
                Offer after = new Offer(t.number(), t.spec());
                t.suggestions().forEach(c -> offered.put(c, after));
            }
        }
    }

    /** The next turn, typed. */
    public synchronized Turn ask(String text, StepListener live) {
        String q = text == null ? "" : text.strip();
        int n = ++turns;
        if (q.isEmpty()) {
            return finish(n, q, Reading.of(engine.ask(q, live)), false);
        }
        if (Cues.resets(q)) {
            focus = ConversationFocus.empty(focus.scope());
            PathStep reset = new PathStep(RUNG, Outcome.OK, "start over: the conversation is cleared", 0);
            live.step(reset);
            return finish(n, q, Reading.of(new Answer(q, AnswerStatus.ANSWERED, List.of(), List.of(), null,
                    "Starting over: the next question is read on its own.", List.of(reset), null, null, null)), false);
        }
        PendingClarify pending = focus.pending();
        focus = focus.settled();
        if (pending != null) {
            String option = ClarifyReplies.match(q, pending.clarify().options());
            if (option != null && pending.clarify().choosable()) {
                return finish(n, q, filled(q, pending, option, live), true);
            }
        }
        boolean askedLast = pending != null;
        if (Cues.writes(q)) {
            PathStep no = new PathStep(RUNG, Outcome.MISS, "a request to change records", 0);
            live.step(no);
            return finish(n, q, Reading.aside(Answer.refused(q, List.of(no), "Tally only reads this database; it"
                    + " cannot change, add or remove records.")), askedLast);
        }
        Optional<String> topic = Cues.capabilityTopic(q);
        if (topic.isPresent() && suggestions != null) {
            return finish(n, q, capability(q, topic.get(), live), askedLast);
        }
        if (reader.isEmpty() || !focus.hasSpec()) {
            Reading own = alone(q, live);
            // a turn worded as a follow-up with no answer before it: say so, not only that its words name nothing
            return finish(n, q, own.decided() || !Cues.continues(q) ? own : own.nothingToFollow(q, focus.unanswered()),
                    askedLast);
        }
        if (Cues.continues(q)) {
            Reading followed = followUp(q, live);
            if (followed.decided()) {
                return finish(n, q, followed, askedLast);
            }
            Reading own = alone(q, live);
            if (own.decided()) {
                return finish(n, q, own, askedLast);
            }
            return finish(n, q, followed.refusedWith(q, own), askedLast);
        }
        Reading own = alone(q, live);
        if (own.decided()) {
            return finish(n, q, own, askedLast);
        }
        Reading followed = followUp(q, live);
        if (followed.decided()) {
            return finish(n, q, followed, askedLast);
        }
        return finish(n, q, followed.bound() ? followed.refusedWith(q, own) : own, askedLast);
    }

    /**
     * A suggestion chip chosen: its spec is answered as it is, nothing is read again. A chip of an older answer than
     * the last one refines that answer: what it carried over is said of that turn, not of the last.
     */
    public synchronized Turn choose(Suggestion chip, StepListener live) {
        int n = ++turns;
        focus = focus.settled();
        Offer from = offered.get(chip);
        Offer base = from != null ? from : focus.hasSpec() ? new Offer(focus.turn(), focus.spec()) : null;
        return finish(n, chip.question(), prepared(chip.question(), chip.spec(), base, live), false);
    }

    /** An option of the open clarifying question chosen (a button): the slot is filled, nothing is read again. */
    public synchronized Turn reply(String option, StepListener live) {
        PendingClarify pending = focus.pending();
        if (pending == null || !pending.clarify().options().contains(option)) {
            return ask(option, live);
        }
        int n = ++turns;
        focus = focus.settled();
        return finish(n, option, filled(option, pending, option, live), true);
    }

    /**
     * An option chosen on the card of an earlier clarifying question (a button): the open one is filled as above;
     * one the conversation has moved past is answered with its option, nothing carried over.
     */
    public synchronized Turn reply(String question, Clarify clarify, String option, StepListener live) {
        PendingClarify pending = focus.pending();
        if (pending != null && pending.question().equals(question) && pending.clarify().equals(clarify)) {
            return reply(option, live);
        }
        int n = ++turns;
        focus = focus.settled();
        return finish(n, option, filled(option, new PendingClarify(n, question, clarify, Map.of()), option, live),
                true);
    }

    // ---------------------------------------------------------------- readings

    /** How one reading of a turn came out; only the one chosen changes the focus. */
    private record Reading(Answer answer, QuerySpec spec, QuerySpec narrowedFrom, FocusUse use, String move,
                           PendingClarify asks, String missed, boolean bound, List<Suggestion> offered,
                           boolean keepsFocus) {

        Reading(Answer answer, QuerySpec spec, QuerySpec narrowedFrom, FocusUse use, String move,
                PendingClarify asks, String missed, boolean bound) {
            this(answer, spec, narrowedFrom, use, move, asks, missed, bound, null, false);
        }

        static Reading of(Answer answer) {
            return new Reading(answer, null, null, null, null, null, null, false);
        }

        /** A refusal that says nothing about what the analyst is looking at (a request to change records). */
        static Reading aside(Answer answer) {
            return new Reading(answer, null, null, null, null, null, null, false, null, true);
        }

        static Reading missed(String reason, boolean bound) {
            return new Reading(null, null, null, null, null, null, reason, bound);
        }

        /** An answer, a clarifying question or an error the user should see: not a refusal another reading may beat. */
        boolean decided() {
            return answer != null && answer.status() != AnswerStatus.REFUSED;
        }

        /** This refusal of a turn worded as a follow-up when there is no answer to follow ({@code unanswered}: why). */
        Reading nothingToFollow(String question, String unanswered) {
            String before = unanswered == null ? "There is no earlier answer"
                    : "\u201c" + unanswered + "\u201d was not answered, so there is no answer";
            return of(Answer.refused(question, answer.path(), before + " for \u201c" + question + "\u201d to follow;"
                    + " ask it as a whole question (" + answer.message() + ")"));
        }

        /** This reading's refusal, with why the other reading also failed. */
        Reading refusedWith(String question, Reading other) {
            List<PathStep> path = new ArrayList<>();
            if (answer != null) {
                path.addAll(answer.path());
            }
            if (other.answer != null) {
                path.addAll(other.answer.path());
            }
            String why = missed != null ? missed : answer != null ? answer.message() : "it could not be read";
            return of(Answer.refused(question, path, why));
        }
    }

    /** The turn read as a question of its own, through the whole ladder. */
    private Reading alone(String q, StepListener live) {
        PathStep step = new PathStep(RUNG, Outcome.MISS, focus.hasSpec() ? "read as a question of its own"
                : "nothing to follow up yet", 0);
        live.step(step);
        Answer a = engine.ask(q, live);
        List<PathStep> path = new ArrayList<>();
        path.add(step);
        path.addAll(a.path());
        a = a.withPath(q, path);
        PendingClarify asks = a.status() == AnswerStatus.CLARIFY ? new PendingClarify(turns, q, a.clarify(), Map.of())
                : null;
        return new Reading(a, specOf(q, a, Map.of()), null, null, null, asks, null, false);
    }

    /** The turn read as a change to the last spec. */
    private Reading followUp(String q, StepListener live) {
        if (focus.unanswered() != null) {
            // what the analyst meant by the turn that was not answered is unknown: building on the last answer
            // without it could answer another question than the one meant
            return Reading.missed("\u201c" + focus.unanswered() + "\u201d was not answered, so there is no answer"
                    + " for \u201c" + q + "\u201d to follow; ask it as a whole question", false);
        }
        SpecRung r = reader.orElseThrow();
        ParseOutcome read = r.refine(focus.spec(), focus.narrowedFrom(), q, Map.of());
        if (read instanceof ParseOutcome.NoParse miss) {
            return Reading.missed(Refusals.followUp(words, focus.spec(), null, miss.reason()), false);
        }
        if (read instanceof ParseOutcome.NeedsClarification ask) {
            Map<String, QuerySpec> prepared = new LinkedHashMap<>();
            List<String> labels = new ArrayList<>();
            for (ParseOutcome.Option o : ask.options()) {
                labels.add(o.label());
                if (o.spec() != null) {
                    prepared.put(o.label(), o.spec());
                }
            }
            Clarify clarify = new Clarify(ask.question(), labels, ask.slot());
            PathStep step = new PathStep(RUNG, Outcome.CLARIFY, "a follow-up to turn " + focus.turn()
                    + " with several readings", 0);
            live.step(step);
            return new Reading(Answer.clarify(q, List.of(step), null, clarify), null, null, null, null,
                    new PendingClarify(turns, q, clarify, prepared), null, false);
        }
        return prepared(q, ((ParseOutcome.Parsed) read).spec(), live);
    }

    /** A spec made from the focus (a follow-up, a filled slot), answered as it is. */
    private Reading prepared(String q, QuerySpec made, StepListener live) {
        return prepared(q, made, focus.hasSpec() ? new Offer(focus.turn(), focus.spec()) : null, live);
    }

    /** A spec made from the answer of turn {@code base} (null: none), answered as it is. */
    private Reading prepared(String q, QuerySpec made, Offer base, StepListener live) {
        String move = FollowUpMove.of(made).map(FollowUpMove::id).orElse(null);
        FocusUse use = null;
        QuerySpec spec = made;
        if (move != null && base != null) {
            List<String> carried = words.carried(base.spec(), made);
            use = new FocusUse(base.turn(), move, carried);
            List<Provenance.Substitution> shown = carried.stream().map(c -> new Provenance.Substitution("focus", c))
                    .toList();
            spec = made.withProvenance(made.provenance().asFollowUp(move, base.turn()).withSubstitutions(shown));
        }
        Answer a = engine.answer(q, spec, RUNG, List.of(), live);
        a = a.withPath(q, withFocusReason(a.path(), use));
        QuerySpec refined = base == null ? null : base.spec();
        if (a.status() == AnswerStatus.REFUSED) {
            return new Reading(a, null, null, use, move, null,
                    Refusals.followUp(words, refined, spec, a.message()), true);
        }
        PendingClarify asks = a.status() == AnswerStatus.CLARIFY ? new PendingClarify(turns, q, a.clarify(), Map.of())
                : null;
        return new Reading(a, spec, move == null ? null : refined, use, move, asks, null, true);
    }

    /** The option fills the open slot: a prepared spec is answered as it is, else the question is asked with it. */
    private Reading filled(String q, PendingClarify pending, String option, StepListener live) {
        QuerySpec prepared = pending.prepared().get(option);
        if (prepared != null) {
            return prepared(q, prepared, live);
        }
        Answer a = engine.reply(pending.question(), pending.clarify(), option, live);
        String slot = pending.clarify().slot();
        Map<String, String> choice = slot == null || slot.indexOf(':') < 0 ? Map.of()
                : Map.of(slot.substring(slot.indexOf(':') + 1), option);
        return new Reading(a.withPath(q, a.path()), specOf(pending.question(), a, choice), null, null, null, null,
                null, false);
    }

    private Reading capability(String q, String topic, StepListener live) {
        PathStep step = new PathStep(RUNG, Outcome.OK, "a question about what can be asked", 0);
        live.step(step);
        Capabilities capabilities = new Capabilities(reader.orElseThrow(), words, suggestions);
        Answer a = capabilities.answer(q, topic, step);
        return new Reading(a, null, null, null, null, null, null, false, capabilities.offered(), true);
    }

    /** The "focus" step of a follow-up's path says which turn it followed and what it kept. */
    private static List<PathStep> withFocusReason(List<PathStep> path, FocusUse use) {
        if (use == null || path.isEmpty()) {
            return path;
        }
        List<PathStep> out = new ArrayList<>(path);
        int last = out.size() - 1;
        PathStep step = out.get(last);
        if (step.rung().equals(RUNG) && step.outcome() == Outcome.OK) {
            out.set(last, new PathStep(RUNG, Outcome.OK, "follow-up to turn " + use.fromTurn()
                    + (use.carriesNothing() ? "" : ", using " + use.using()), step.ms()));
        }
        return out;
    }

    /**
     * The spec an answer of the ladder answered, as the reader made it (a follow-up replaces its period): the question
     * read again, kept only when it hashes to the answer's spec; else the answer's canonical spec.
     */
    private QuerySpec specOf(String question, Answer a, Map<String, String> choices) {
        if (a.status() != AnswerStatus.ANSWERED || a.specHash() == null) {
            return null;
        }
        if (reader.isPresent()) {
            ParseOutcome read = reader.get().read(question, choices);
            if (read instanceof ParseOutcome.Parsed p) {
                try {
                    if (SpecHash.of(SpecCanonicalizer.canonicalize(p.spec())).equals(a.specHash())) {
                        return p.spec();
                    }
                } catch (SpecException e) {
                    // the answer came from another reading; its canonical spec stands
                }
            }
        }
        try {
            return a.specJson() == null ? null : SpecJson.fromJson(a.specJson());
        } catch (SpecException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------- after a turn

    private Turn finish(int n, String q, Reading r, boolean askedLast) {
        Answer a = r.answer().withPath(q, r.answer().path());
        PendingClarify asks = r.asks();
        if (a.status() == AnswerStatus.CLARIFY && askedLast) {
            // asked once already: the ladder falls through with the reason instead of asking again
            a = Answer.refused(q, a.path(), "This has several readings too (" + a.clarify().question() + " "
                    + String.join(", ", a.clarify().options()) + "); ask it again naming the one you mean.");
            asks = null;
        }
        if (a.status() == AnswerStatus.ANSWERED && r.spec() != null) {
            focus = focus.answered(r.spec(), n, r.narrowedFrom(), q, r.move(), ResultDigest.of(a));
        } else if (a.status() == AnswerStatus.REFUSED && !r.keepsFocus()) {
            focus = focus.notAnswered(q);
        } else if (a.status() == AnswerStatus.CLARIFY && asks != null && asks.clarify().choosable()) {
            focus = focus.asking(new PendingClarify(n, asks.question(), asks.clarify(), asks.prepared()));
        }
        List<Suggestion> chips = List.of();
        if (r.offered() != null) {
            chips = r.offered();
        } else if (suggestions != null) {
            chips = a.status() == AnswerStatus.ANSWERED && r.spec() != null
                    ? suggestions.after(r.spec(), r.narrowedFrom(), r.move(), ResultDigest.of(a))
                    : a.status() == AnswerStatus.REFUSED ? suggestions.afterRefusal(q, focus) : List.of();
        }
        if (a.status() == AnswerStatus.ANSWERED && r.spec() != null) {
            Offer after = new Offer(n, r.spec());
            chips.forEach(c -> offered.put(c, after));
        }
        Turn turn = new Turn(n, q, a, a.status() == AnswerStatus.ANSWERED ? r.use() : null, chips,
                a.status() == AnswerStatus.ANSWERED ? r.spec() : null);
        log.record(turn, focus);
        return turn;
    }
}
