package org.tally.core.planner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.tally.core.answer.ModelStamp;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;
import org.tally.core.answer.Rung;
import org.tally.core.answer.StepListener;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.dialect.Dialect;

/**
 * Rung 4 (docs/architecture.md, "The ladder"), off unless an administrator turns it on: the local model writes one SQL statement over the
 * bound tables, which passes the same safety policy and allow-list as every statement (the grammar rung's own
 * pipeline validates and runs it), may name no personal column, and runs read-only and bounded. The answer says it is model-written SQL (no checked reading, no spec hash). One
 * attempt, under the planner's admission control and deadline; a rejected statement is a miss.
 */
public final class RawSqlRung implements Rung {

    /** The explanation every answer of this rung carries. */
    public static final String LABEL = "Model-written SQL: the local model wrote this statement itself; it passed the"
            + " safety policy, but no reading of the question was checked — check the SQL.";
    private static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"sql\":{\"type\":\"string\","
            + "\"maxLength\":1200}},\"required\":[\"sql\"]}";
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final PlannerGate gate;
    private final StatementPipeline pipeline;
    private final PlannerSettings settings;
    private final LongSupplier nanoTime;
    private final String system;
    private final Set<String> personal;

    /** @param pipeline the grammar rung's validate → preflight → execute, on the same source and allow-list */
    public RawSqlRung(PlannerGate gate, Binding binding, Dialect dialect, StatementPipeline pipeline,
                      PlannerSettings settings, LongSupplier nanoTime) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.pipeline = Objects.requireNonNull(pipeline, "pipeline");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.nanoTime = Objects.requireNonNull(nanoTime, "nanoTime");
        this.personal = personalColumns(binding);
        this.system = describe(binding, Objects.requireNonNull(dialect, "dialect"));
    }

    @Override
    public String name() {
        return "raw_sql";
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
            note(steps, live, new PathStep("generate", Outcome.SKIPPED, PlannerRung.BUSY, 0));
            return new Attempt.Miss(PlannerRung.BUSY, steps);
        }
        Generation g;
        try (PlannerGate.Entry model = entry.get()) {
            g = model.generate(new PlanRequest(system, "Question: " + question + "\nSQL:", SCHEMA,
                    settings.maxTokens()), Deadline.in(settings.deadlineMs(), nanoTime));
        }
        if (g.end() != Generation.End.COMPLETE) {
            String why = g.end() == Generation.End.FAILED ? "the local model failed: " + g.detail()
                    : "the local model did not write a complete statement";
            note(steps, live, new PathStep("generate", Outcome.MISS, why, g.ms()));
            return new Attempt.Miss(why, steps, 1);
        }
        String sql = statement(g.text());
        if (sql == null) {
            note(steps, live, new PathStep("generate", Outcome.MISS, "no SQL statement was written", g.ms()));
            return new Attempt.Miss("the local model wrote no SQL statement", steps, 1);
        }
        note(steps, live, new PathStep("generate", Outcome.OK, "model-written SQL by " + gate.model().name(),
                g.ms()));
        String named = personalNamed(sql);
        if (named != null) {
            String why = "the statement names the personal column " + named;
            note(steps, live, new PathStep("validate", Outcome.MISS, why, 0));
            return new Attempt.Miss("the model-written SQL was rejected: " + why, steps, 1);
        }
        Attempt ran = pipeline.run(question, sql, LABEL, live);
        steps.addAll(ran.steps());
        if (ran instanceof Attempt.Done done) {
            return new Attempt.Done(done.answer().withModel(new ModelStamp(gate.model().name(),
                    gate.model().sha256())), steps, 1);
        }
        return new Attempt.Miss(((Attempt.Miss) ran).reason(), steps, 1);
    }

    /** The statement of a {"sql": …} output, or null. */
    private static String statement(String output) {
        try {
            JsonNode sql = JSON.readTree(output).path("sql");
            return sql.isTextual() && !sql.asText().isBlank() ? sql.asText().strip() : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The first personal column the statement names (by identifier, quoted or not), or null. */
    String personalNamed(String sql) {
        Matcher m = IDENTIFIER.matcher(sql);
        while (m.find()) {
            if (personal.contains(m.group().toLowerCase(Locale.ROOT))) {
                return m.group();
            }
        }
        return null;
    }

    private static Set<String> personalColumns(Binding binding) {
        Set<String> out = new LinkedHashSet<>();
        for (TableBinding t : binding.tables()) {
            t.columns().stream().filter(ColumnBinding::pii).forEach(c -> out.add(c.column().toLowerCase(Locale.ROOT)));
        }
        return out;
    }

    /** The bound tables and their non-personal columns, as the model needs them to write SQL. */
    private static String describe(Binding binding, Dialect dialect) {
        StringBuilder s = new StringBuilder("You write one read-only SQL SELECT statement for a " + dialect
                + " database that answers a hospital analyst's question. Use only these tables and columns;"
                + " never write anything but one SELECT. Answer as {\"sql\": \"...\"}.\n");
        for (TableBinding t : binding.bound()) {
            s.append(t.table()).append(" (").append(t.concept()).append("): ");
            s.append(String.join(", ", t.columns().stream().filter(c -> !c.pii())
                    .map(c -> c.column() + " " + c.role().jsonName()).toList())).append('\n');
        }
        return s.toString();
    }

    private static void note(List<PathStep> steps, StepListener live, PathStep step) {
        steps.add(step);
        live.step(step);
    }
}
