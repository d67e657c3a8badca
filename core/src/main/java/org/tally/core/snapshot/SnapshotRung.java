package org.tally.core.snapshot;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.FallbackRung;
import org.tally.core.answer.SnapshotLabel;
import org.tally.core.answer.StepListener;
import org.tally.core.binder.BindResult;
import org.tally.core.binder.BindingVocabulary;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binder.SpecBinder;
import org.tally.core.binding.Binding;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.DomainPack;
import org.tally.core.scope.PatientLevel;
import org.tally.core.scope.Scope;
import org.tally.core.scope.ScopedBinding;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecHash;

/**
 * Rung 5 (see docs/architecture.md, "The answer ladder"): when the live source fails under a question the grammar
 * read and bound (unreachable, timed out, cost rejected), the same spec runs on the source's local snapshot and the
 * answer says so plainly, with when the copy was taken. It stands in only when the spec binds to exactly the same
 * query over the copied tables as over the live source, so a missing copy can never change what is counted; and
 * never for anything but a failure of the live source.
 */
public final class SnapshotRung implements FallbackRung {

    private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("d MMM yyyy HH:mm", Locale.ENGLISH);

    private final SnapshotStore store;
    private final Binding binding;
    private final DomainPack pack;
    private final LocalDate today;
    private final ExecutorSettings settings;
    private final ZoneId zone;
    private final Grammar grammar;
    private final SpecBinder binder;
    private final Scope scope;

    /** The snapshot rung of every table at once ({@link Scope#ALL}). */
    public SnapshotRung(SnapshotStore store, Binding binding, DomainPack pack, LocalDate today,
                        ExecutorSettings settings, ZoneId zone) {
        this(store, binding, pack, today, settings, zone, Scope.ALL);
    }

    /**
     * @param binding the live source's binding (already narrowed to the engine's scope): the question is read and
     *                bound as the live rung reads it
     * @param scope   the engine's scope: an analyst's scope never looks up one patient's record on the copy either
     */
    public SnapshotRung(SnapshotStore store, Binding binding, DomainPack pack, LocalDate today,
                        ExecutorSettings settings, ZoneId zone, Scope scope) {
        this.scope = Objects.requireNonNull(scope, "scope");
        this.store = Objects.requireNonNull(store, "store");
        this.binding = Objects.requireNonNull(binding, "binding");
        this.pack = Objects.requireNonNull(pack, "pack");
        this.today = Objects.requireNonNull(today, "today");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.zone = Objects.requireNonNull(zone, "zone");
        Clock day = Clock.fixed(today.atStartOfDay(zone).toInstant(), zone);
        this.grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), day);
        this.binder = new SpecBinder(binding, pack, day);
    }

    @Override
    public String name() {
        return "snapshot";
    }

    @Override
    public Optional<Attempt> takeOver(String question, Answer failed, StepListener live) {
        List<SnapshotTable> held = store.tables();
        if (held.isEmpty()) {
            return Optional.empty(); // no snapshot of this source: the failure stands as it is
        }
        return Optional.of(attemptOn(question, held, live));
    }

    private Attempt attemptOn(String question, List<SnapshotTable> held, StepListener live) {
        ParseOutcome parsed = grammar.parse(question);
        if (!(parsed instanceof ParseOutcome.Parsed p)) {
            return miss("the question has no single reading to run on the snapshot");
        }
        QuerySpec spec;
        try {
            spec = SpecCanonicalizer.canonicalize(p.spec());
        } catch (SpecException e) {
            return miss("the question contradicts itself: " + e.getMessage());
        }
        Optional<String> personal = PatientLevel.refusal(spec, scope, pack);
        if (personal.isPresent()) {
            return miss(personal.get());
        }
        if (!(binder.bind(spec) instanceof BindResult.Bound wanted)) {
            return miss("the question does not bind to the source");
        }
        Map<String, SnapshotTable> byName = held.stream()
                .collect(Collectors.toMap(SnapshotTable::table, Function.identity()));
        List<String> missing = wanted.tables().stream().filter(t -> !byName.containsKey(t)).toList();
        if (!missing.isEmpty()) {
            return miss("the snapshot holds no copy of " + String.join(", ", missing));
        }
        Binding copies = ScopedBinding.toTables(binding, new HashSet<>(byName.keySet()), "the snapshot's tables");
        BindResult onCopies = new SpecBinder(copies, pack, Clock.fixed(today.atStartOfDay(zone).toInstant(), zone))
                .bind(spec);
        if (!(onCopies instanceof BindResult.Bound same) || !same.query().equals(wanted.query())) {
            return miss("over the snapshot's tables the question would be read differently, so it is not answered"
                    + " from them");
        }
        String hash = SpecHash.of(spec);
        try (Connection local = store.openReadOnly()) {
            GrammarRung rung = GrammarRung.standard(local, Dialect.H2, copies, pack, today, settings, 0);
            Attempt a = rung.attempt(question, live);
            if (a instanceof Attempt.Done done && done.answer().status() == AnswerStatus.ANSWERED
                    && hash.equals(done.answer().specHash())) {
                return new Attempt.Done(labelled(done.answer(), wanted.tables(), byName), done.steps());
            }
            String why = a instanceof Attempt.Miss m ? m.reason() : ((Attempt.Done) a).answer().message();
            return new Attempt.Miss("the snapshot could not answer it: " + (why == null ? "another reading" : why),
                    a.steps());
        } catch (SQLException e) {
            return miss("the snapshot cannot be opened: " + e.getMessage());
        }
    }

    /** The oldest copy among the tables read dates the answer. */
    private Answer labelled(Answer answer, List<String> tables, Map<String, SnapshotTable> byName) {
        SnapshotTable oldest = tables.stream().map(byName::get).min(Comparator.comparing(SnapshotTable::takenAt))
                .orElseThrow();
        Instant at = oldest.takenAt();
        SnapshotLabel label = new SnapshotLabel(at.toString(), oldest.catalogVersion(), tables);
        return answer.fromSnapshot(label, note(at));
    }

    /** "From the snapshot of 28 Nov 2026 14:02 — not live data." */
    String note(Instant takenAt) {
        return "From the snapshot of " + SHOWN.format(takenAt.atZone(zone)) + " \u2014 not live data.";
    }

    private static Attempt miss(String reason) {
        return new Attempt.Miss(reason, List.of());
    }
}
