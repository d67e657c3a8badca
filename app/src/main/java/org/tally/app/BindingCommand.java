package org.tally.app;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.BindingException;
import org.tally.core.binding.BindingJson;
import org.tally.core.binding.BindingService;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.Restriction;
import org.tally.core.binding.Scored;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.CatalogJson;
import org.tally.core.catalog.CatalogRefreshException;
import org.tally.core.source.SourceConnectionException;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.core.state.StateDatabase;
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

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(BindingCommand.class);

    private final SourceConnector connector;
    private final SourceBindings bindings;
    private final PrintStream out;
    private final PrintStream err;

    @Mixin
    SourceOptions sourceOptions;
    @Option(names = "--json", description = "Print one JSON object instead of text.")
    boolean json;
    @Option(names = "--explain", description = "Add the runner-up concepts and roles with their scores.")
    boolean explain;

    BindingCommand(SourceConnector connector, SourceBindings bindings, PrintStream out, PrintStream err) {
        this.connector = connector;
        this.bindings = bindings;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        String problem = sourceOptions.problem();
        if (problem != null) {
            return usage(problem);
        }
        SourceRef ref = sourceOptions.ref();
        try {
            Catalog catalog = bindings.active(ref.name()).orElse(null);
            if (catalog == null) {
                catalog = refresh(ref);
                err.println("tally binding: " + ref.name() + " had no catalog; refreshed it (version "
                        + catalog.versionId() + ")");
            }
            BindingService.Result result = bindings.bind(catalog);
            String overrides = bindings.overridesFile(ref.name()).toString();
            out.println(json ? CatalogJson.write(BindingJson.toMap(result.binding(), explain))
                    : text(result.binding(), explain, overrides));
            out.flush();
            if (result.overridesRejected()) {
                err.println("tally binding: override file " + overrides + " rejected; "
                        + (result.lastGoodUsed() ? "the last good overrides stay in force" : "bound without overrides")
                        + ":\n  - " + String.join("\n  - ", result.problems()));
                return 1;
            }
            return 0;
        } catch (SourceConnectionException e) {
            err.println("tally: " + e.getMessage());
            return TallyCli.UNREACHABLE;
        } catch (CatalogRefreshException e) {
            err.println("tally binding: " + e.getMessage());
            return e.reason() == CatalogRefreshException.Reason.SOURCE_FAILED ? TallyCli.UNREACHABLE : 1;
        } catch (StateDatabase.StateException e) {
            err.println("tally: " + e.getMessage());
            return 1;
        } catch (BindingException e) {
            LOG.error("binding of {} stopped", ref.name(), e);
            err.println("tally binding: " + e.getMessage() + "; the details are in the log file");
            return 1;
        }
    }

    private Catalog refresh(SourceRef ref) {
        try (Connection connection = connector.open(ref, sourceOptions.credentials(), Progress.NONE)) {
            return bindings.refresh(ref.name(), ref.dialect(), connection);
        } catch (SQLException e) {
            throw new SourceConnectionException("closing " + ref.name() + ": " + e.getMessage(), e);
        }
    }

    private int usage(String message) {
        err.println("tally binding: " + message);
        return TallyCli.USAGE;
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
                    .append(d.reach() == org.tally.core.binding.SoftDelete.Reach.DELETED ? "deleted rows left out"
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

    private static String candidates(java.util.List<Scored> scored) {
        return scored.isEmpty() ? "none" : scored.stream().limit(4).map(c -> c.candidate() + " " + score(c.score()))
                .collect(Collectors.joining(", "));
    }

    private static String score(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
