package org.tally.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.BindingException;
import org.tally.core.binding.BindingReview;
import org.tally.core.binding.BindingJson;
import org.tally.core.binding.BindingService;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.Restriction;
import org.tally.core.binding.Scored;
import org.tally.core.binding.SoftDelete;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogJson;
import org.tally.core.source.SourceConnectionException;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.ui.binding.OverrideDraft;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code binding}: how a source's tables and columns map to the domain pack. Uses the source's active catalog (a
 * source without one is refreshed first) and its override file. Exit 0 on success, 2 for bad input, 3 when the
 * source cannot be reached, 1 when the override file is rejected (the binding printed then uses the last good one).
 */
@Command(name = "binding", description = "Show which table is which concept and what each column means.")
final class BindingCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(BindingCommand.class);

    private final SourceConnector connector;
    private final SourceBindings bindings;
    private final PrintStream out;
    private final PrintStream err;
    private final SourceCommand steps;

    @Mixin
    SourceOptions sourceOptions;
    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;
    @Option(names = "--explain", description = "Add the runner-up concepts and roles with their scores.")
    boolean explain;
    @Option(names = "--review", description = "List the tables to review first (unbound, then low confidence), each"
            + " with its candidate concepts and their evidence.")
    boolean review;
    @Option(names = "--choose", paramLabel = "TABLE=CONCEPT", description = "Save a choice as an override (checked as"
            + " the override file is), rebuild the binding and show the review. CONCEPT may be 'lookup' or 'ignore'.")
    List<String> choices;

    /** Saves an override the way the workstation's binding inspector does; null in tests that only read. */
    private final InspectorBindings inspector;

    BindingCommand(SourceConnector connector, SourceBindings bindings, PrintStream out, PrintStream err) {
        this(connector, bindings, null, out, err);
    }

    BindingCommand(SourceConnector connector, SourceBindings bindings, InspectorBindings inspector, PrintStream out,
                   PrintStream err) {
        this.inspector = inspector;
        this.connector = connector;
        this.bindings = bindings;
        this.out = out;
        this.err = err;
        this.steps = new SourceCommand("tally binding", err);
    }

    @Override
    public Integer call() {
        return steps.run(sourceOptions, ref -> {
            try {
                return show(ref);
            } catch (BindingException e) {
                LOG.error("binding of {} stopped", ref.name(), e);
                err.println("tally binding: " + e.getMessage() + "; the details are in the log file");
                return 1;
            }
        });
    }

    private int show(SourceRef ref) {
        Catalog catalog = bindings.active(ref.name()).orElse(null);
        if (catalog == null) {
            catalog = refresh(ref);
            err.println("tally binding: " + ref.name() + " had no catalog; refreshed it (version "
                    + catalog.versionId() + ")");
        }
        String overrides = bindings.overridesFile(ref.name()).toString();
        if (choices != null && !choices.isEmpty()) {
            Integer refused = choose(ref);
            if (refused != null) {
                return refused;
            }
        }
        BindingService.Result result = bindings.bind(catalog);
        if (review || choices != null && !choices.isEmpty()) {
            List<BindingReview.Item> items = BindingReview.of(result.binding());
            out.println(json ? CatalogJson.write(reviewJson(result.binding(), items))
                    : reviewText(result.binding(), items, overrides));
        } else {
            out.println(json ? CatalogJson.write(BindingJson.toMap(result.binding(), explain))
                    : text(result.binding(), explain, overrides));
        }
        out.flush();
        if (result.overridesRejected()) {
            err.println("tally binding: override file " + overrides + " rejected; "
                    + (result.lastGoodUsed() ? "the last good overrides stay in force" : "bound without overrides")
                    + ":\n  - " + String.join("\n  - ", result.problems()));
            return 1;
        }
        return 0;
    }

    /** Saves each TABLE=CONCEPT choice through the override file's validation; a usage exit status when one fails. */
    private Integer choose(SourceRef ref) {
        if (inspector == null) {
            return usage("--choose is not available here");
        }
        for (String choice : choices) {
            int eq = choice.indexOf('=');
            if (eq <= 0 || eq == choice.length() - 1) {
                return usage("--choose takes TABLE=CONCEPT, not '" + choice + "'");
            }
            Map<String, String> problems = inspector.saveOverride(ref, new OverrideDraft(OverrideDraft.Kind.TABLE_CONCEPT,
                    choice.substring(0, eq).strip(), null, choice.substring(eq + 1).strip(), null, null, null));
            if (!problems.isEmpty()) {
                err.println("tally binding: " + choice + " not saved: " + String.join("; ", problems.values()));
                return TallyCli.USAGE;
            }
            err.println("tally binding: saved " + choice + " to " + bindings.overridesFile(ref.name()));
        }
        return null;
    }

    static Map<String, Object> reviewJson(Binding b, List<BindingReview.Item> items) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", b.source());
        m.put("catalogVersion", b.catalogVersion());
        List<Object> list = new ArrayList<>();
        for (BindingReview.Item i : items) {
            Map<String, Object> im = new LinkedHashMap<>();
            im.put("table", i.table());
            im.put("concept", i.concept());
            im.put("confidence", i.confidence());
            im.put("lookup", i.lookup());
            im.put("reasons", i.reasons());
            List<Object> choices = new ArrayList<>();
            for (BindingReview.Choice c : i.choices()) {
                Map<String, Object> cm = new LinkedHashMap<>();
                cm.put("concept", c.concept());
                cm.put("score", c.score());
                cm.put("evidence", c.evidence());
                choices.add(cm);
            }
            im.put("choices", choices);
            list.add(im);
        }
        m.put("review", list);
        m.put("notes", b.notes());
        return m;
    }

    static String reviewText(Binding b, List<BindingReview.Item> items, String overridesFile) {
        StringBuilder s = new StringBuilder();
        s.append("Review of ").append(b.source()).append(": ").append(items.size())
                .append(items.size() == 1 ? " table" : " tables").append(" to look at");
        s.append(items.isEmpty() ? ".\n" : " (unbound first, then low confidence).\n");
        for (BindingReview.Item i : items) {
            s.append('\n').append(i.table()).append(i.unbound() ? " (not bound" : " (bound to " + i.concept() + " at "
                    + String.format(Locale.ROOT, "%.2f", i.confidence())).append(i.lookup()
                    ? "; labels codes as a lookup)" : ")").append('\n');
            s.append("  why: ").append(String.join("; ", i.reasons())).append('\n');
            for (BindingReview.Choice c : i.choices()) {
                s.append("  choice ").append(c.concept()).append(' ')
                        .append(String.format(Locale.ROOT, "%.2f", c.score())).append(": ")
                        .append(String.join("; ", c.evidence())).append('\n');
            }
            s.append("  choose with: binding --choose ").append(i.table()).append("=CONCEPT (or =lookup, =ignore)\n");
        }
        b.notes().forEach(n -> s.append("Note: ").append(n).append('\n'));
        s.append("Overrides: ").append(overridesFile);
        return s.toString();
    }

    private Catalog refresh(SourceRef ref) {
        try (Connection connection = connector.open(ref, sourceOptions.credentials(), Progress.NONE)) {
            return bindings.refresh(ref.name(), ref.dialect(), connection);
        } catch (SQLException e) {
            throw new SourceConnectionException("closing " + ref.name() + ": " + e.getMessage(), e);
        }
    }

    private int usage(String message) {
        return steps.usage(message);
    }

    static String text(Binding b, boolean explain, String overridesFile) {
        StringBuilder s = new StringBuilder();
        s.append("Binding of ").append(b.source()).append(" (catalog version ").append(b.catalogVersion())
                .append("): ").append(b.bound().size()).append(" tables bound, ").append(b.unbound().size())
                .append(" not.\n");
        for (TableBinding t : b.bound()) {
            s.append('\n').append(t.table()).append(" → ").append(t.concept()).append(' ')
                    .append(score(t.confidence())).append('\n');
            if (explain) {
                t.reasons().forEach(r -> s.append("    because ").append(r).append('\n'));
                s.append("    candidates ").append(candidates(t.candidates())).append('\n');
            }
            t.softDeletes().forEach(d -> s.append("    reads only rows with ").append(d.describe()).append(" (")
                    .append(!d.own() ? "rows of test rows left out" : d.reach() == SoftDelete.Reach.TEST
                            ? "test rows and the rows referring to them left out"
                            : d.reach() == SoftDelete.Reach.DELETED ? "deleted rows left out"
                            : "retired rows not counted as its own").append(")\n"));
            if (t.versions() != null) {
                s.append("    row versions: current rows only (").append(t.versions().describe()).append(")")
                        .append(t.versions().entityKey() == null ? "; no entity key"
                                : "; entity key " + t.versions().entityKey().column()).append('\n');
            }
            t.placeholders().forEach(ph -> s.append("    ").append(ph.describe()).append(" left out\n"));
            if (!t.patientPath().isEmpty()) {
                s.append("    patient path ").append(t.patientPath().stream().map(Object::toString)
                        .collect(Collectors.joining(", "))).append('\n');
            }
            for (ColumnBinding c : t.columns()) {
                s.append("  ").append(c.column()).append(' ').append(c.type().toLowerCase(Locale.ROOT)).append(' ')
                        .append(c.role().jsonName()).append(' ').append(score(c.confidence()));
                if (c.pii()) {
                    s.append(" personal");
                }
                if (c.column().equals(t.displayColumn())) {
                    s.append(" display");
                }
                if (c.reference() != null) {
                    s.append(" → ").append(c.reference().toTable()).append('.').append(c.reference().toColumn())
                            .append(c.reference().inferred() ? " (inferred)" : "");
                }
                if (c.values() != null && !c.values().isEmpty()) {
                    s.append(" values ").append(c.values().stream().limit(8).map(v -> v.value() + " (" + v.count()
                            + ")").collect(Collectors.joining(", "))).append(c.values().size() > 8 ? ", …" : "");
                }
                s.append('\n');
                if (explain) {
                    s.append("      because ").append(String.join("; ", c.reasons())).append("; else ")
                            .append(candidates(c.runnerUps())).append('\n');
                }
            }
        }
        if (!b.unbound().isEmpty()) {
            s.append("\nNot bound:\n");
            for (TableBinding t : b.unbound()) {
                s.append("  ").append(t.table()).append(": ").append(String.join("; ", t.reasons())).append('\n');
                if (explain) {
                    s.append("    candidates ").append(candidates(t.candidates())).append('\n');
                }
            }
        }
        if (!b.refinements().isEmpty()) {
            s.append("\nKinds of another concept:\n");
            for (Refinement r : b.refinements()) {
                if (r.realised()) {
                    s.append("  ").append(r.concept()).append(" → ").append(r.table()).append(" rows (")
                            .append(r.baseConcept()).append(") where ").append(String.join(" and ", r.restrictions()
                                    .stream().map(x -> x.column().column() + (x instanceof Restriction.ValueIn v
                                            ? " in " + v.values() : " " + x.describe())).toList())).append('\n');
                    if (explain) {
                        r.reasons().forEach(why -> s.append("    because ").append(why).append('\n'));
                    }
                } else {
                    s.append("  ").append(r.concept()).append(": not held as a kind of ").append(r.baseConcept())
                            .append(explain ? "" : " (--explain says why)").append('\n');
                    if (explain) {
                        r.reasons().forEach(why -> s.append("    because ").append(why).append('\n'));
                    }
                }
            }
        }
        b.notes().forEach(n -> s.append("Note: ").append(n).append('\n'));
        s.append("Overrides: ").append(overridesFile).append('\n');
        return s.toString().stripTrailing();
    }

    private static String candidates(List<Scored> scored) {
        return scored.isEmpty() ? "none" : scored.stream().limit(4).map(c -> c.candidate() + " " + score(c.score()))
                .collect(Collectors.joining(", "));
    }

    private static String score(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
