package org.tally.core.scope;

import java.sql.Connection;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import org.tally.core.answer.Answer;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.ClarifyingRung;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.answer.PagingRung;
import org.tally.core.answer.SpecRung;
import org.tally.core.grammar.GrammarVocabulary;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.StepListener;
import org.tally.core.binder.BindingVocabulary;
import org.tally.core.rung.GrammarRung;
import org.tally.core.binding.Binding;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.ServiceLine;
import org.tally.core.dialect.Dialect;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.RelatedScope;

/**
 * The grammar rung of one service line's scope (docs/architecture.md, "Service lines"). A question is parsed once,
 * with the whole source's vocabulary, so a scope never changes what it means: a reading that names a concept outside
 * the scope is redirected to the service lines that answer it, and a reading inside it is answered by the grammar rung
 * built on the narrowed binding (its joins and allow-list), which takes that parse as its own. A scope never joins
 * across scopes.
 */
public final class ScopedRung implements PagingRung, ClarifyingRung, SpecRung {

    private final Scope scope;
    private final DomainPack pack;
    private final Grammar wholeSource;
    private final Set<String> boundConcepts;
    private final GrammarRung inner;
    private final LongSupplier nanoTime;

    /**
     * @param wholeSource  the grammar over the whole source's binding (reads only; never answers)
     * @param wholeBinding the source's binding before narrowing, to tell a concept outside the scope from one the
     *                     source does not have at all
     * @param inner        the grammar rung over the narrowed binding
     */
    public ScopedRung(Scope scope, DomainPack pack, Grammar wholeSource, Binding wholeBinding, GrammarRung inner,
                      LongSupplier nanoTime) {
        this.scope = Objects.requireNonNull(scope, "scope");
        if (scope.isAll()) {
            throw new IllegalArgumentException("All service lines is no scope to enforce; use the grammar rung");
        }
        this.pack = Objects.requireNonNull(pack, "pack");
        this.wholeSource = Objects.requireNonNull(wholeSource, "wholeSource");
        Set<String> bound = new LinkedHashSet<>();
        wholeBinding.bound().forEach(t -> bound.add(key(t.concept())));
        this.boundConcepts = Set.copyOf(bound);
        this.inner = Objects.requireNonNull(inner, "inner");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /** The scoped grammar rung as the product runs it: {@link GrammarRung#standard} over the narrowed binding. */
    public static ScopedRung standard(Connection connection, Dialect dialect, Binding binding, DomainPack pack,
                                      LocalDate today, ExecutorSettings settings, int pageSize, Scope scope) {
        Binding narrowed = ScopedBinding.narrow(binding, scope);
        ZoneId zone = ZoneId.systemDefault();
        Clock day = Clock.fixed(today.atStartOfDay(zone).toInstant(), zone);
        Grammar whole = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), day);
        GrammarRung inner = GrammarRung.standard(connection, dialect, narrowed, pack, today, settings, pageSize);
        return new ScopedRung(scope, pack, whole, binding, inner, System::nanoTime);
    }

    /**
     * Binds and runs a spec another reader made (the planner) on the scope's narrowed binding, so it can reach nothing
     * outside the scope; see {@link GrammarRung#run(String, QuerySpec, StepListener)}.
     */
    public Attempt run(String question, QuerySpec spec, StepListener live) {
        return inner.run(question, spec, live);
    }

    /** A model-written statement validated and run on the scope's allow-list; see {@link GrammarRung#runWritten}. */
    public Attempt runWritten(String question, String sql, String explanation, StepListener live) {
        return inner.runWritten(question, sql, explanation, live);
    }

    public Scope scope() {
        return scope;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Attempt attempt(String question) {
        return attempt(question, StepListener.NONE);
    }

    @Override
    public Attempt attempt(String question, StepListener live) {
        long t = nanoTime.getAsLong();
        ParseOutcome whole = wholeSource.parse(question);
        Optional<String> outside = check(question, whole);
        if (outside.isPresent()) {
            return redirected(question, outside.get(), ms(t), live);
        }
        PathStep inside = inside(ms(t));
        live.step(inside);
        return withStep(inside, inner.attempt(question, whole, live));
    }

    private static Attempt redirected(String question, String why, long ms, StepListener live) {
        PathStep redirected = new PathStep("scope", Outcome.MISS, why, ms);
        live.step(redirected);
        return new Attempt.Done(Answer.refused(question, List.of(redirected), why + "."), List.of(redirected));
    }

    /** A reply fills a slot the scoped grammar opened; it stays inside the narrowed binding like any answer. */
    @Override
    public Optional<Attempt> reply(String question, Clarify clarify, String option, StepListener live) {
        int colon = clarify.slot() == null ? -1 : clarify.slot().indexOf(':');
        if (!clarify.choosable() || !clarify.options().contains(option) || colon < 0) {
            return Optional.empty();
        }
        long t = nanoTime.getAsLong();
        ParseOutcome chosen = wholeSource.parse(question, Map.of(clarify.slot().substring(colon + 1), option));
        Optional<String> outside = check(question, chosen);
        if (outside.isPresent()) {
            return Optional.of(redirected(question, outside.get(), ms(t), live));
        }
        PathStep inside = inside(ms(t));
        live.step(inside);
        return Optional.of(withStep(inside, inner.replied(question, chosen, live)));
    }

    @Override
    public Optional<PageResult> nextPage(PageCursor cursor) {
        return inner.nextPage(cursor);
    }

    /** A question read alone is read as {@link #attempt} reads it: a redirect when it leaves the scope. */
    @Override
    public ParseOutcome read(String question, Map<String, String> choices) {
        Optional<String> outside = check(question);
        return outside.isPresent() ? new ParseOutcome.NoParse(outside.get()) : inner.read(question, choices);
    }

    /**
     * A follow-up is read within the scope; words the scope does not read but the whole source does, naming a
     * concept outside the scope, get the redirect.
     */
    @Override
    public ParseOutcome refine(QuerySpec last, QuerySpec narrowedFrom, String followUp,
                               Map<String, String> choices) {
        ParseOutcome within = inner.refine(last, narrowedFrom, followUp, choices);
        if (!(within instanceof ParseOutcome.NoParse)) {
            return within;
        }
        Set<String> named = concepts(wholeSource.refine(last, narrowedFrom, followUp, choices));
        named.retainAll(boundConcepts);
        Set<String> outside = new LinkedHashSet<>();
        named.stream().filter(c -> !scope.allows(c)).forEach(outside::add);
        return outside.isEmpty() ? within : new ParseOutcome.NoParse(redirect(named, outside));
    }

    @Override
    public Attempt answer(String question, QuerySpec spec, StepListener live) {
        PathStep inside = inside(0);
        live.step(inside);
        return withStep(inside, inner.answer(question, spec, live));
    }

    @Override
    public Optional<String> check(QuerySpec spec) {
        Set<String> named = new LinkedHashSet<>();
        addConcepts(spec, named);
        named.retainAll(boundConcepts);
        if (named.stream().anyMatch(c -> !scope.allows(c))) {
            return Optional.of("it reads outside the " + scope.label() + " scope");
        }
        return inner.check(spec);
    }

    @Override
    public GrammarVocabulary vocabulary() {
        return inner.vocabulary();
    }

    @Override
    public DomainPack pack() {
        return pack;
    }

    /** Why the question is not answered in this scope, or empty when it is inside it. */
    Optional<String> check(String question) {
        return check(question, wholeSource.parse(question));
    }

    /** Why a reading of the question across the whole source is not answered in this scope, or empty. */
    private Optional<String> check(String question, ParseOutcome whole) {
        Set<String> named = whole instanceof ParseOutcome.NoParse ? mentioned(question) : concepts(whole);
        named.retainAll(boundConcepts);
        Set<String> outside = new LinkedHashSet<>();
        named.stream().filter(c -> !scope.allows(c)).forEach(outside::add);
        if (!outside.isEmpty()) {
            return Optional.of(redirect(named, outside));
        }
        Optional<String> personal = patientLevel(whole);
        if (personal.isPresent()) {
            return personal;
        }
        return Optional.empty();
    }

    private PathStep inside(long ms) {
        return new PathStep("scope", Outcome.OK, "inside the " + scope.label() + " scope", ms);
    }

    private static Attempt withStep(PathStep first, Attempt a) {
        List<PathStep> steps = new ArrayList<>();
        steps.add(first);
        steps.addAll(a.steps());
        if (a instanceof Attempt.Done done) {
            return new Attempt.Done(done.answer(), steps);
        }
        return new Attempt.Miss(((Attempt.Miss) a).reason(), steps);
    }

    /** Why a reading (or any option the grammar would offer) is a patient-level lookup this scope may not run. */
    private Optional<String> patientLevel(ParseOutcome outcome) {
        List<QuerySpec> specs = new ArrayList<>();
        if (outcome instanceof ParseOutcome.Parsed parsed) {
            specs.add(parsed.spec());
        } else if (outcome instanceof ParseOutcome.NeedsClarification ask) {
            ask.options().stream().filter(o -> o.spec() != null).forEach(o -> specs.add(o.spec()));
        }
        return specs.stream().map(s -> PatientLevel.refusal(s, scope, pack)).flatMap(Optional::stream).findFirst();
    }

    /** The concepts a reading names: the spec's, or every option's spec when the grammar asks. */
    private static Set<String> concepts(ParseOutcome outcome) {
        Set<String> out = new LinkedHashSet<>();
        if (outcome instanceof ParseOutcome.Parsed parsed) {
            addConcepts(parsed.spec(), out);
        } else if (outcome instanceof ParseOutcome.NeedsClarification ask) {
            ask.options().stream().filter(o -> o.spec() != null).forEach(o -> addConcepts(o.spec(), out));
        }
        return out;
    }

    private static void addConcepts(QuerySpec spec, Set<String> out) {
        out.add(key(spec.subject()));
        spec.referencedColumns().forEach(c -> addConcepts(c, out));
        for (RelatedScope r : spec.related()) {
            out.add(key(r.concept()));
            for (Filter f : r.filters()) {
                f.target().columns().forEach(c -> addConcepts(c, out));
            }
        }
    }

    private static void addConcepts(ColumnRef c, Set<String> out) {
        out.add(key(c.concept()));
        if (c.via() != null) {
            out.add(key(c.via()));
        }
    }

    /** Concepts a question names by the pack's words for them (up to four words), when no reading parses. */
    private Set<String> mentioned(String question) {
        String[] words = question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}&/\\-]+", " ").trim().split(" ");
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < words.length; i++) {
            StringBuilder phrase = new StringBuilder();
            for (int n = 0; n < 4 && i + n < words.length; n++) {
                if (n > 0) {
                    phrase.append(' ');
                }
                phrase.append(words[i + n]);
                pack.conceptsNamedBy(phrase.toString()).forEach(c -> out.add(key(c)));
            }
        }
        return out;
    }

    /** "That is answered in the Maternity scope: deliveries are outside Pharmacy." or: no single line covers it. */
    private String redirect(Set<String> named, Set<String> outside) {
        List<String> answering = new ArrayList<>();
        for (ServiceLine line : pack.serviceLines()) {
            Scope other = Scope.of(pack, line);
            if (named.stream().allMatch(other::allows)) {
                answering.add(line.label());
            }
        }
        String what = String.join(" and ", outside.stream().map(this::plural).toList());
        if (answering.isEmpty()) {
            return "That question needs " + String.join(" and ", named.stream().map(this::plural).toList())
                    + ", which no single service line covers; ask it under All service lines";
        }
        List<String> shown = answering.subList(0, Math.min(3, answering.size()));
        return "That is answered in the " + String.join(" or ", shown) + " scope: " + what + " are outside "
                + scope.label() + ". Switch the service line to ask it there";
    }

    private String plural(String conceptKey) {
        return pack.concepts().stream().filter(c -> key(c.id()).equals(conceptKey)).findFirst().map(Concept::plural)
                .orElse(conceptKey).toLowerCase(Locale.ROOT);
    }

    private static String key(String concept) {
        return concept.trim().toLowerCase(Locale.ROOT);
    }

    private long ms(long start) {
        return Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
    }

}
