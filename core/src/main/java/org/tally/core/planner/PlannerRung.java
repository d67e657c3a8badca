package org.tally.core.planner;

import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.answer.Answer;
import org.tally.core.answer.ModelStamp;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.answer.StepListener;
import org.tally.core.binder.BindResult;
import org.tally.core.binder.BindingVocabulary;
import org.tally.core.binder.SpecBinder;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.grammar.Grammar;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.Provenance;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.SpecCanonicalizer;
import org.tally.core.spec.SpecException;

/**
 * Rung 3 of the ladder (docs/architecture.md, "The ladder" and "Local models"): when the grammar misses, the local model fills the same QuerySpec under a
 * schema built from this source's binding; the planner's reader checks it; the grammar rung's own pipeline binds,
 * compiles, validates, preflights and runs it. One question uses the model at a time (a busy model is a fast miss,
 * never a queue); one deadline covers the first attempt and at most one repair, which carries the typed error of the
 * first; there is never a third attempt. Prompts and outputs are never logged.
 */
public final class PlannerRung implements Rung {

    /** The miss when another question holds the model. */
    public static final String BUSY = "the local model is busy with another question";
    /** Attempts per question: the first reading and one repair. */
    public static final int MAX_ATTEMPTS = 2;
    /** The provenance rule of a planned spec. */
    public static final String RULE = "planner";

    private static final Logger LOG = LoggerFactory.getLogger(PlannerRung.class);

    private final PlannerGate gate;
    private final SchemaContext context;
    private final PlanBuilder plans;
    private final SpecPipeline pipeline;
    private final PlannerSettings settings;
    private final LongSupplier nanoTime;
    private List<TableBinding> lastTables;
    private Plan lastPlan;

    public PlannerRung(PlannerGate gate, SchemaContext context, PlanBuilder plans, SpecPipeline pipeline,
                       PlannerSettings settings, LongSupplier nanoTime) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.context = Objects.requireNonNull(context, "context");
        this.plans = Objects.requireNonNull(plans, "plans");
        this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
    }

    /**
     * The planner rung as the product runs it on one source: every bound table of {@code binding} as the schema
     * context, time ranges counted from {@code today}, worked examples read by this source's grammar, and
     * {@code pipeline} (the grammar rung's) binding and running what the model wrote.
     */
    public static PlannerRung standard(PlannerGate gate, Binding binding, DomainPack pack, LocalDate today,
                                       SpecPipeline pipeline, PlannerSettings settings) {
        return standard(gate, binding, pack, today, pipeline, settings, SchemaContext.allBound(binding));
    }

    /**
     * As {@link #standard(PlannerGate, Binding, DomainPack, LocalDate, SpecPipeline, PlannerSettings)}, the prompt
     * describing only the tables {@code context} gives for each question (the linked ones).
     */
    public static PlannerRung standard(PlannerGate gate, Binding binding, DomainPack pack, LocalDate today,
                                       SpecPipeline pipeline, PlannerSettings settings, SchemaContext context) {
        ZoneId zone = ZoneId.systemDefault();
        Clock day = Clock.fixed(today.atStartOfDay(zone).toInstant(), zone);
        Grammar grammar = new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), day);
        SpecBinder binder = new SpecBinder(binding, pack, day);
        Map<String, String> labels = new HashMap<>();
        pack.concepts().forEach(c -> labels.put(c.id(), c.plural()));
        PlanBuilder plans = new PlanBuilder(pack.nameTokens(), labels, new PlanTime(today),
                reader -> PlanExamples.choose(grammar::parse, spec -> binds(binder, spec), reader));
        return new PlannerRung(gate, context, plans, pipeline, settings, System::nanoTime);
    }

    private static boolean binds(SpecBinder binder, QuerySpec spec) {
        try {
            return binder.bind(SpecCanonicalizer.canonicalize(spec)) instanceof BindResult.Bound;
        } catch (SpecException e) {
            return false;
        }
    }

    @Override
    public String name() {
        return "planner";
    }

    @Override
    public Attempt attempt(String question) {
        return attempt(question, StepListener.NONE);
    }

    @Override
    public Attempt attempt(String question, StepListener live) {
        List<PathStep> steps = new ArrayList<>();
        Optional<PlannerGate.Entry> entry = gate.tryEnter();
        if (entry.isEmpty()) {
            note(steps, live, new PathStep("generate", Outcome.SKIPPED, BUSY, 0));
            return new Attempt.Miss(BUSY, steps);
        }
        try (PlannerGate.Entry model = entry.get()) {
            return plan(question, live, steps, model);
        }
    }

    /** The plan for the question's schema context, reused while the context is the same tables. */
    public synchronized Plan planFor(String question) {
        List<TableBinding> tables = context.tables(question);
        if (lastPlan == null || !tables.equals(lastTables)) {
            lastPlan = plans.build(tables);
            lastTables = tables;
        }
        return lastPlan;
    }

    /**
     * Fills the prompt's cached prefix before the first question (the instruction part is long; reading it once
     * takes seconds on a small CPU). Returns false when the model was busy or the warm-up did not finish in time.
     */
    public boolean warm(long ms) {
        Optional<PlannerGate.Entry> entry = gate.tryEnter();
        if (entry.isEmpty()) {
            return false;
        }
        try (PlannerGate.Entry model = entry.get()) {
            Plan plan = planFor("");
            Generation g = model.generate(new PlanRequest(plan.prompt().system(), PlanPrompt.question(""),
                    plan.schema(), 1), Deadline.in(ms, nanoTime));
            return g.end() != Generation.End.FAILED && g.end() != Generation.End.DEADLINE;
        }
    }

    private Attempt plan(String question, StepListener live, List<PathStep> steps, PlannerGate.Entry model) {
        Deadline deadline = Deadline.in(settings.deadlineMs(), nanoTime);
        Plan plan = planFor(question);
        if (plan.vocabulary().concepts().isEmpty()) {
            note(steps, live, new PathStep("generate", Outcome.SKIPPED, "no bound table to plan over", 0));
            return new Attempt.Miss("the local model has no bound table of this source to read the question over",
                    steps);
        }
        ModelInfo info = gate.model();
        String by = info.name() + " (" + info.shortHash() + ")";
        String user = PlanPrompt.question(question);
        PlanError last = null;
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            String label = "attempt " + attempt + " by " + by;
            if (deadline.passed()) {
                note(steps, live, new PathStep("generate", Outcome.SKIPPED, label + ": the deadline had passed", 0));
                return new Attempt.Miss(deadlineReason(), steps, attempt - 1);
            }
            Generation g = model.generate(new PlanRequest(plan.prompt().system(), user, plan.schema(),
                    settings.maxTokens()), deadline);
            LOG.info("planner attempt {}: {} ({} chars of prompt)", attempt, g, user.length());
            if (g.end() == Generation.End.DEADLINE) {
                note(steps, live, new PathStep("generate", Outcome.MISS, label + ": stopped at the deadline after "
                        + g.tokens() + " tokens", g.ms()));
                return new Attempt.Miss(deadlineReason(), steps, attempt);
            }
            if (g.end() == Generation.End.FAILED) {
                note(steps, live, new PathStep("generate", Outcome.ERROR, label + ": " + g.detail(), g.ms()));
                return new Attempt.Miss("the local model failed: " + g.detail(), steps, attempt);
            }
            PlanReading reading = plan.reader().read(g.text());
            if (reading instanceof PlanReading.Rejected rejected) {
                last = rejected.error();
                note(steps, live, new PathStep("generate", Outcome.MISS, label + ": " + last.describe(), g.ms()));
                user = PlanPrompt.repair(question, g.text(), last);
                continue;
            }
            QuerySpec spec = ((PlanReading.Read) reading).spec().withProvenance(Provenance.rule(RULE));
            note(steps, live, new PathStep("generate", Outcome.OK, label + ": " + g.tokens() + " tokens", g.ms()));
            Attempt ran = pipeline.run(question, spec, live);
            steps.addAll(ran.steps());
            PlanError unfit = unfit(ran);
            if (unfit != null && attempt < MAX_ATTEMPTS) {
                last = unfit;
                user = PlanPrompt.repair(question, g.text(), unfit);
                continue;
            }
            return labelled(ran, steps, attempt, info);
        }
        return new Attempt.Miss("the local model's reading could not be used after one repair: "
                + last.describe(), steps, MAX_ATTEMPTS);
    }

    /**
     * Why a run of the spec is worth one repair: it did not bind, compile or pass validation (the spec does not fit
     * this source). A run that executed, or asked the user, or found no row for an existence question, is final.
     */
    static PlanError unfit(Attempt ran) {
        if (!(ran instanceof Attempt.Miss miss)) {
            return null;
        }
        if (miss.steps().isEmpty()) {
            return new PlanError(PlanError.Kind.CONTRADICTION, "$", miss.reason(), "write a spec whose conditions"
                    + " can hold together");
        }
        PathStep last = miss.steps().get(miss.steps().size() - 1);
        boolean beforeSql = last.rung().equals("bind") || last.rung().equals("compile")
                || last.rung().equals("validate");
        if (!beforeSql || last.outcome() != Outcome.MISS) {
            return null;
        }
        return new PlanError(PlanError.Kind.NOT_BOUND, "$", last.reason() == null ? miss.reason() : last.reason(),
                "use concepts and columns that this source's tables connect");
    }

    private static Attempt labelled(Attempt ran, List<PathStep> steps, int attempts, ModelInfo info) {
        if (ran instanceof Attempt.Done done) {
            Answer a = done.answer().withModel(new ModelStamp(info.name(), info.sha256()));
            return new Attempt.Done(a, steps, attempts);
        }
        if (ran instanceof Attempt.Miss miss) {
            return new Attempt.Miss(miss.reason(), steps, attempts);
        }
        throw new AssertionError(ran);
    }

    private String deadlineReason() {
        return "the local model did not finish its reading within " + seconds(settings.deadlineMs());
    }

    private static String seconds(long ms) {
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }

    private static void note(List<PathStep> steps, StepListener live, PathStep step) {
        steps.add(step);
        live.step(step);
    }
}
