package org.tally.core.rung;

import java.sql.SQLException;
import java.util.Map;
import org.tally.core.binder.SpecBinder;
import org.tally.core.binder.BindResult;
import org.tally.core.binder.BindFailure;
import org.tally.core.binder.BindingVocabulary;
import java.sql.Connection;
import org.tally.core.binding.Refinement;
import org.tally.core.pack.DomainPack;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.binding.TableBinding;
import org.tally.core.binding.Binding;
import java.time.ZoneId;
import java.time.LocalDate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.answer.ClarifyingRung;
import org.tally.core.answer.PagingRung;
import org.tally.core.answer.SpecRung;
import org.tally.core.grammar.GrammarVocabulary;
import org.tally.core.answer.StepListener;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.Clarify;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.execute.QueryResult;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.grammar.Grammar;
import org.tally.core.grammar.ParseOutcome;
import org.tally.core.memory.CompileMemory;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.memory.RecentlyUsed;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.dialect.Dialect;
import org.tally.core.restate.Restater;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecException;
import org.tally.core.spec.SpecHash;

/**
 * Rung 2 of the ladder (docs/architecture.md, "The ladder"): parse → bind → compile → validate → preflight → execute, each step recorded
 * with its outcome and time. A question the grammar cannot read, or a spec that does not bind, is a miss (the next
 * rung may try); a failure while running is an error the user sees.
 *
 * <p>Compiling is remembered per bound query and dialect ({@link CompileMemory}); the pipeline remembers the verdicts
 * the policy allowed, by exact text ({@code memory.VerdictMemory}); the standard rung's executor reuses a recent cost
 * estimate of the same statement ({@link PreflightMemory}). All three are pure or bounded in time; every statement
 * still passes the policy's verdict for exactly its text and runs read-only, with a timeout and a row cap.
 */
public final class GrammarRung implements PagingRung, ClarifyingRung, SpecRung {

    /** Everything the rung needs about one open source. */
    public record Source(Connection connection, Dialect dialect, AllowedRelations allowed) {
        public Source {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(dialect, "dialect");
            Objects.requireNonNull(allowed, "allowed");
        }
    }

    private final Grammar grammar;
    private final SpecBinder binder;
    private final QueryRun run;
    private final ListPager pager;
    private final LongSupplier nanoTime;
    /** Says each answered spec back in words; null: answers carry no restatement. */
    private final Restater restater;
    private final CompileMemory compiled = new CompileMemory(REMEMBERED_STATEMENTS);
    private final RecentlyUsed<String, Reading> readings = new RecentlyUsed<>(REMEMBERED_READINGS);

    /** Questions whose reading the rung keeps (the text as asked, after the ladder's strip). */
    static final int REMEMBERED_READINGS = 256;

    /** The bind step's note when the question's reading was made at an earlier ask. */
    static final String READ_BEFORE = "read as before";

    /** Compiled statements the rung remembers; the policy of the standard rung keeps two texts for each. */
    static final int REMEMBERED_STATEMENTS = 256;

    public GrammarRung(Grammar grammar, SpecBinder binder, Source source, SqlSafetyPolicy policy,
                       ReadOnlyExecutor executor, LongSupplier nanoTime) {
        this(grammar, binder, source, policy, executor, nanoTime, null);
    }

    /** @param pager pages of list answers; null runs a list as one statement under the executor's row cap */
    public GrammarRung(Grammar grammar, SpecBinder binder, Source source, SqlSafetyPolicy policy,
                       ReadOnlyExecutor executor, LongSupplier nanoTime, ListPager pager) {
        this(grammar, binder, source, policy, executor, nanoTime, pager, null);
    }

    /** @param restater says each answered spec back in words ("Read as: …"); null for none */
    public GrammarRung(Grammar grammar, SpecBinder binder, Source source, SqlSafetyPolicy policy,
                       ReadOnlyExecutor executor, LongSupplier nanoTime, ListPager pager, Restater restater) {
        this.restater = restater;
        this.grammar = Objects.requireNonNull(grammar, "grammar");
        this.binder = Objects.requireNonNull(binder, "binder");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.run = new QueryRun(source, policy, executor, nanoTime, compiled);
        if (pager != null && pager.pageSize() >= executor.settings().maxRows()) {
            throw new IllegalArgumentException("a page of " + pager.pageSize() + " rows does not fit under the row cap of "
                    + executor.settings().maxRows());
        }
        this.pager = pager;
    }

    /**
     * The grammar rung as the product runs it on one open source: the pack's grammar over the binding's vocabulary,
     * relative time counted from the start of {@code today}, the binding's bound tables (and the lookups whose
     * descriptions label their codes) as the allow-list. The rung
     * takes the connection over: its executor prepares it once ({@link ReadOnlyExecutor#prepare}: read-only and
     * bounded at session level where the database allows, else read-only with autocommit off between questions), so
     * build the binding on it before.
     */
    public static GrammarRung standard(Connection connection, Dialect dialect, Binding binding, DomainPack pack,
                                       LocalDate today, ExecutorSettings settings) {
        return standard(connection, dialect, binding, pack, today, settings, 0);
    }

    /** As {@link #standard(Connection, Dialect, Binding, DomainPack, LocalDate, ExecutorSettings)}, lists paged by
     * {@code pageSize} rows (0: not paged, as the command line runs them). */
    public static GrammarRung standard(Connection connection, Dialect dialect, Binding binding, DomainPack pack,
                                       LocalDate today, ExecutorSettings settings, int pageSize) {
        ZoneId zone = ZoneId.systemDefault();
        Clock day = Clock.fixed(today.atStartOfDay(zone).toInstant(), zone);
        Grammar grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), day);
        List<String> tables = new ArrayList<>(binding.bound().stream().map(TableBinding::table).toList());
        binding.refinements().stream().filter(Refinement::realised)
                .map(Refinement::table).filter(t -> !tables.contains(t)).forEach(tables::add);
        binding.lookupTables().stream().filter(t -> !tables.contains(t)).forEach(tables::add); // codes' descriptions
        Source source = new Source(connection, dialect, AllowedRelations.of(defaultSchema(connection), tables));
        ReadOnlyExecutor executor = new ReadOnlyExecutor(settings, PreflightMemory.of(settings));
        try {
            executor.prepare(connection, dialect); // the rung is the connection's only user from here on
        } catch (SQLException e) {
            // then every execution switches the session itself, as it does for any caller's connection
        }
        return new GrammarRung(grammar, new SpecBinder(binding, pack, day), source,
                new SqlSafetyPolicy(), executor, System::nanoTime,
                pageSize > 0 ? new ListPager(binding, pageSize) : null, new Restater(pack, grammar::parse));
    }

    private static String defaultSchema(Connection connection) {
        try {
            String schema = connection.getSchema();
            return schema != null ? schema : connection.getCatalog();
        } catch (SQLException e) {
            return null;
        }
    }

    @Override
    public String name() {
        return "grammar";
    }

    @Override
    public Attempt attempt(String question) {
        return attempt(question, StepListener.NONE);
    }

    /** Each step (bind, compile, validate, preflight, execute) reaches {@code live} as soon as it ends. */
    @Override
    public Attempt attempt(String question, StepListener live) {
        return attempt(question, () -> grammar.parse(question), live);
    }

    /**
     * Answers a question another reader already parsed (the grammar of the whole source, for a service line's
     * scope): its parse is taken as this rung's reading, so a question is parsed once however many scopes it passes.
     */
    public Attempt attempt(String question, ParseOutcome parsed, StepListener live) {
        return attempt(question, () -> parsed, live);
    }

    private Attempt attempt(String question, Supplier<ParseOutcome> parse, StepListener live) {
        Reading known = readings.get(question);
        if (known != null) {
            return decide(question, known, true, live);
        }
        Reading reading = read(parse.get());
        readings.put(question, reading);
        return decide(question, reading, false, live);
    }

    /**
     * Binds and runs a spec another reader made (the planner) through exactly this rung's pipeline: canonicalise →
     * bind → compile → validate → preflight → execute, a list paged as the grammar's are. Nothing is remembered for
     * the question's text: the same words may get another reading next time.
     */
    public Attempt run(String question, QuerySpec spec, StepListener live) {
        return decide(question, read(new ParseOutcome.Parsed(spec)), false, live);
    }

    /**
     * Validates and runs one statement a local model wrote (rung 4) through this rung's pipeline: the same safety
     * policy, allow-list, preflight and read-only bounds as a compiled statement. The answer carries
     * {@code explanation} and no spec hash: there is no checked reading behind it.
     */
    public Attempt runWritten(String question, String sql, String explanation, StepListener live) {
        List<PathStep> steps = new StepLog(live);
        QueryRun.Result ran = run.runWritten(sql, steps);
        if (ran instanceof QueryRun.Result.Missed missed2) {
            return new Attempt.Miss(missed2.reason(), steps);
        }
        if (ran instanceof QueryRun.Result.Failed failed) {
            return new Attempt.Done(Answer.error(question, steps, failed.message()), steps);
        }
        QueryResult result = ((QueryRun.Result.Ran) ran).result();
        steps.add(new PathStep("execute", Outcome.OK, result.truncated() ? "truncated at "
                + run.maxRows() + " rows" : null, result.elapsedMs()));
        String message = result.truncated() ? "Only the first " + run.maxRows() + " rows are shown." : null;
        return new Attempt.Done(new Answer(question, AnswerStatus.ANSWERED, result.columns(), result.rows(),
                ((QueryRun.Result.Ran) ran).inlined(), explanation, steps, null, null, message), steps);
    }

    /**
     * The reply to a clarification this rung asked: the question parsed again with the chosen option in the open
     * slot. When that still leaves a slot open the rung misses instead of asking a second time.
     */
    @Override
    public Optional<Attempt> reply(String question, Clarify clarify, String option, StepListener live) {
        String slot = clarify.slot();
        int colon = slot == null ? -1 : slot.indexOf(':');
        if (colon < 0 || !clarify.options().contains(option)) {
            return Optional.empty();
        }
        return Optional.of(replied(question, grammar.parse(question, Map.of(slot.substring(colon + 1),
                option)), live));
    }

    /**
     * The answer to a question parsed again with the user's choice in its open slot (by this rung's grammar, or by
     * the whole source's for a scope). When that still leaves a slot open the rung misses instead of asking again.
     */
    public Attempt replied(String question, ParseOutcome parsed, StepListener live) {
        if (parsed instanceof ParseOutcome.NeedsClarification) {
            return new Attempt.Miss("the question still has several readings after one clarification;"
                    + " ask it again naming what you mean", List.of());
        }
        return decide(question, read(parsed), false, live);
    }

    @Override
    public ParseOutcome read(String question, Map<String, String> choices) {
        return grammar.parse(question, choices);
    }

    @Override
    public ParseOutcome refine(QuerySpec last, QuerySpec narrowedFrom, String followUp,
                               Map<String, String> choices) {
        return grammar.refine(last, narrowedFrom, followUp, choices);
    }

    /** The spec answers {@code question} as if the grammar had read it so: the same bind, compile, validate and run. */
    @Override
    public Attempt answer(String question, QuerySpec spec, StepListener live) {
        return decide(question, read(new ParseOutcome.Parsed(spec)), false, live);
    }

    @Override
    public Optional<String> check(QuerySpec spec) {
        Reading reading = read(new ParseOutcome.Parsed(spec));
        if (reading instanceof Reading.NoReading no) {
            return Optional.of(no.reason());
        }
        if (reading instanceof Reading.BindMissed missed) {
            return Optional.of(missed.failure().reason());
        }
        Reading.Bound bound = (Reading.Bound) reading;
        return run.check(bound.bound().query());
    }

    @Override
    public GrammarVocabulary vocabulary() {
        return grammar.vocabulary();
    }

    @Override
    public DomainPack pack() {
        return grammar.pack();
    }

    /**
     * What the grammar and the binder make of one parse, before anything runs. For one rung this is a pure function
     * of the question's text (its grammar, binding, pack and day are fixed when it is built; another scope, override
     * file or catalog version builds another rung), so a question asked again reuses it.
     */
    private sealed interface Reading {
        record NoReading(String reason) implements Reading {
        }

        record Clarifying(ParseOutcome.NeedsClarification ask) implements Reading {
        }

        record BindMissed(String hash, String specJson, BindFailure failure, long bindMs) implements Reading {
        }

        /** @param readAs the spec said back in words, null when no sentence reads back to it */
        /** @param readings how misspelt words were read ("read 'admited' as 'admitted'"), empty when none was */
        record Bound(QuerySpec spec, String hash, String specJson, BindResult.Bound bound, long bindMs, String readAs,
                     List<String> readings) implements Reading {
        }
    }

    private Reading read(ParseOutcome parsed) {
        if (parsed instanceof ParseOutcome.NoParse noParse) {
            return new Reading.NoReading(noParse.reason());
        }
        if (parsed instanceof ParseOutcome.NeedsClarification needsClarification) {
            return new Reading.Clarifying(needsClarification);
        }
        SpecHash.Canonical canonical;
        try {
            canonical = SpecHash.canonical(((ParseOutcome.Parsed) parsed).spec()); // form, JSON and hash at once
        } catch (SpecException e) {
            return new Reading.NoReading("the question contradicts itself: " + e.getMessage());
        }
        QuerySpec spec = canonical.spec();
        String hash = canonical.hash();
        String specJson = canonical.json();
        long t = nanoTime.getAsLong();
        BindResult bound = binder.bind(spec);
        if (bound instanceof BindResult.Failed failed2) {
            return new Reading.BindMissed(hash, specJson, failed2.failure(), ms(t));
        }
        long boundMs = ms(t);
        String readAs = restater == null ? null : restater.readAs(spec, hash).orElse(null);
        return new Reading.Bound(spec, hash, specJson, (BindResult.Bound) bound, boundMs, readAs,
                ((ParseOutcome.Parsed) parsed).readings());
    }

    private Attempt decide(String question, Reading reading, boolean recalled, StepListener live) {
        List<PathStep> steps = new StepLog(live);
        if (reading instanceof Reading.NoReading noReading) {
            return new Attempt.Miss(noReading.reason(), steps);
        }
        if (reading instanceof Reading.Clarifying clarifying) {
            ParseOutcome.NeedsClarification ask = clarifying.ask();
            List<String> labels = ask.options().stream().map(ParseOutcome.Option::label).toList();
            return new Attempt.Done(Answer.clarify(question, steps, null, new Clarify(ask.question(), labels,
                    ask.slot())), steps);
        }
        String note = recalled ? READ_BEFORE : null;
        if (reading instanceof Reading.BindMissed bindMissed) {
            Reading.BindMissed missed = bindMissed;
            return withSpec(bindFailed(question, missed.hash(), missed.failure(), steps, recalled ? 0
                    : missed.bindMs()), missed.specJson());
        }
        Reading.Bound read = (Reading.Bound) reading;
        QuerySpec spec = read.spec();
        String hash = read.hash();
        String specJson = read.specJson();
        BindResult.Bound b = read.bound();
        String explanation = b.explanation();
        if (!read.readings().isEmpty()) {
            // a misspelt word was read as a known one: the path and the explanation say so in plain words
            String said = String.join("; ", read.readings());
            steps.add(new PathStep("spelling", Outcome.OK, said, 0));
            explanation = Character.toUpperCase(said.charAt(0)) + said.substring(1) + "."
                    + (explanation == null ? "" : " " + explanation);
        }
        steps.add(new PathStep("bind", Outcome.OK, note, recalled ? 0 : read.bindMs()));

        ListPager.Listing listing = pager == null || b.probe() ? null : pager.listing(spec, b.query()).orElse(null);
        QueryRun.Result ran = run.run(listing == null ? b.query() : pager.page(listing, null, 0), steps);
        if (ran instanceof QueryRun.Result.Missed missed3) {
            return new Attempt.Miss(missed3.reason(), steps);
        }
        if (ran instanceof QueryRun.Result.Failed failed3) {
            return new Attempt.Done(Answer.error(question, steps, failed3.message()), steps);
        }
        QueryResult result = ((QueryRun.Result.Ran) ran).result();
        String inlined = ((QueryRun.Result.Ran) ran).inlined();
        if (b.probe()) {
            if (result.rows().isEmpty()) {
                steps.add(new PathStep("execute", Outcome.MISS, "no row matches", result.elapsedMs()));
                return new Attempt.Miss("no matching row was found, so the existence question stays open", steps);
            }
            steps.add(new PathStep("execute", Outcome.OK, null, result.elapsedMs()));
            return new Attempt.Done(new Answer(question, AnswerStatus.ANSWERED, List.of("exists"),
                    List.of(List.of(Boolean.TRUE)), inlined, explanation, steps, hash, null, null)
                    .withSpecJson(specJson).withReadAs(read.readAs()), steps);
        }
        if (listing != null) {
            ListPager.Slice slice = pager.slice(hash, listing, result, 0);
            pager.remember(hash, listing);
            steps.add(new PathStep("execute", Outcome.OK, slice.next() == null ? null : "first " + slice.rows().size()
                    + " rows; more follow page by page", result.elapsedMs()));
            return new Attempt.Done(new Answer(question, AnswerStatus.ANSWERED, slice.columns(), slice.rows(),
                    inlined, explanation, steps, hash, null, slice.note()).withSpecJson(specJson).withReadAs(read.readAs())
                    .withNextPage(slice.next()), steps);
        }
        steps.add(new PathStep("execute", Outcome.OK, result.truncated() ? "truncated at "
                + run.maxRows() + " rows" : null, result.elapsedMs()));
        String message = result.truncated() ? "Only the first " + run.maxRows() + " rows are shown." : null;
        return new Attempt.Done(new Answer(question, AnswerStatus.ANSWERED, result.columns(), result.rows(),
                inlined, explanation, steps, hash, null, message).withSpecJson(specJson).withReadAs(read.readAs()), steps);
    }

    /** A decided answer under this spec's hash also carries the spec's canonical JSON (shown beside the SQL). */
    private static Attempt withSpec(Attempt a, String specJson) {
        if (a instanceof Attempt.Done done && done.answer().specHash() != null) {
            return new Attempt.Done(done.answer().withSpecJson(specJson), done.steps());
        }
        return a;
    }

    /**
     * The page after {@code cursor} of a list this rung answered: the same query, compiled, validated and run again
     * with "after these sort values" added. Empty when this rung does not page or no longer remembers that list.
     */
    @Override
    public Optional<PageResult> nextPage(PageCursor cursor) {
        if (pager == null) {
            return Optional.empty();
        }
        Optional<ListPager.Listing> listing = pager.remembered(cursor.specHash());
        if (listing.isEmpty()) {
            return Optional.empty();
        }
        List<PathStep> steps = new ArrayList<>();
        QueryRun.Result ran = run.run(pager.page(listing.get(), cursor.after(), cursor.rowsShown()), steps);
        if (ran instanceof QueryRun.Result.Missed missed4) {
            return Optional.of(new PageResult.Failed("The next rows could not be read: "
                    + missed4.reason(), steps));
        }
        if (ran instanceof QueryRun.Result.Failed failed4) {
            return Optional.of(new PageResult.Failed(failed4.message(), steps));
        }
        QueryResult result = ((QueryRun.Result.Ran) ran).result();
        ListPager.Slice slice = pager.slice(cursor.specHash(), listing.get(), result, cursor.rowsShown());
        steps.add(new PathStep("execute", Outcome.OK, slice.note(), result.elapsedMs()));
        return Optional.of(new PageResult.Rows(slice.rows(), slice.next(),
                ((QueryRun.Result.Ran) ran).inlined(), steps));
    }

    /**
     * A spec that does not bind misses, except when several bound candidates fit equally: then the user is asked
     * once which one is meant (the options are the candidates, never a pick among them).
     */
    static Attempt bindFailed(String question, String hash, BindFailure failure, List<PathStep> steps, long ms) {
        if (failure instanceof BindFailure.Ambiguous a && a.candidates().size() >= 2) {
            steps.add(new PathStep("bind", Outcome.CLARIFY, a.reason(), ms));
            return new Attempt.Done(Answer.clarify(question, steps, hash,
                    new Clarify(a.reason() + ". Which one do you mean?", a.candidates())), steps);
        }
        String reason = failure.kind() + ": " + failure.reason();
        steps.add(new PathStep("bind", Outcome.MISS, reason, ms));
        return new Attempt.Miss(reason, steps);
    }

    private long ms(long start) {
        return Math.max(0, (nanoTime.getAsLong() - start) / 1_000_000);
    }
}
