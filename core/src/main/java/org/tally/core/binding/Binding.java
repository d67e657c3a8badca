package org.tally.core.binding;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.NameHint;
import org.tally.core.spec.ColumnRole;

/**
 * A source's binding to the domain pack for one catalog version: which table is which concept, what each column
 * means, and the foreign-key graph (declared and inferred links). Immutable; rebuilt from the catalog and the
 * overrides whenever either changes.
 *
 * @param source         the source key the catalog is stored under
 * @param catalogVersion the catalog version bound
 * @param tables         every table of the catalog, in catalog order (bound, unbound and ignored)
 * @param links          the foreign-key graph: declared links plus inferred ones
 * @param refinements    every concept the pack holds as a kind of another, realised here or not (with why)
 * @param notes          problems met while binding that did not stop it (e.g. a rejected override file)
 */
public record Binding(String source, String catalogVersion, List<TableBinding> tables, List<Link> links,
                      List<Refinement> refinements, List<String> notes) {

    /** Longest FK chain followed to reach a related table or the patient. */
    public static final int MAX_HOPS = 3;

    public Binding {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(catalogVersion, "catalogVersion");
        tables = List.copyOf(tables);
        links = List.copyOf(links);
        refinements = List.copyOf(refinements);
        notes = List.copyOf(notes);
    }

    /** The table bound to {@code concept} (concept ids compare ignoring case); empty when no table is. */
    public Optional<TableBinding> tableOf(String concept) {
        return tables.stream().filter(t -> t.bound() && t.concept().equalsIgnoreCase(concept.trim())).findFirst();
    }

    /**
     * Whether {@code link} reaches a lookup: an unbound table that a bound table's declared foreign key points at by
     * the lookup's whole primary key, or by a column the database keeps unique for that key, so each code reaches at
     * most one of its rows (its description names the code).
     */
    public boolean reachesLookup(Link link) {
        if (link.inferred() || table(link.fromTable()).map(t -> !t.bound()).orElse(true)) {
            return false;
        }
        return table(link.toTable()).filter(t -> t.status() == TableBinding.Status.UNBOUND)
                .map(t -> link.uniqueTarget() || t.primaryKey().equals(List.of(link.toColumn()))).orElse(false);
    }

    /** The lookups the bound tables reach ({@link #reachesLookup}), by physical name. */
    public List<String> lookupTables() {
        return links.stream().filter(this::reachesLookup).map(Link::toTable).distinct().toList();
    }

    /** The table with this physical name (exact, then ignoring case). */
    public Optional<TableBinding> table(String name) {
        for (TableBinding t : tables) {
            if (t.table().equals(name) || t.qualifiedName().equals(name)) {
                return Optional.of(t);
            }
        }
        return tables.stream().filter(t -> t.table().equalsIgnoreCase(name)).findFirst();
    }

    /**
     * How {@code concept} is held when no table of its own is bound: as a refinement of its base concept's rows;
     * empty when it has its own table or the refinement is not realised on this source.
     */
    public Optional<Refinement> refinementOf(String concept) {
        String id = concept.trim();
        return refinements.stream().filter(r -> r.realised() && r.concept().equalsIgnoreCase(id)).findFirst();
    }

    /**
     * The rows of {@code concept} as callers that apply refinements read them: its own table, else the view of its
     * realised refinement (the base table's columns under the concept's roles; the restrictions still have to be
     * applied, see {@link #refinementOf}). Empty when the concept is not held at all.
     */
    public Optional<TableBinding> rowsOf(String concept) {
        Optional<TableBinding> own = tableOf(concept);
        return own.isPresent() ? own : refinementOf(concept).map(Refinement::view);
    }

    public List<TableBinding> bound() {
        return tables.stream().filter(TableBinding::bound).toList();
    }

    /** Tables without a concept: unbound or ignored. */
    public List<TableBinding> unbound() {
        return tables.stream().filter(t -> !t.bound()).toList();
    }

    /** Every column of {@code concept}'s table with {@code role}, in table order; empty when the concept is unbound. */
    public List<ColumnBinding> columns(String concept, ColumnRole role) {
        return tableOf(concept).map(t -> t.columnsWithRole(role)).orElse(List.of());
    }

    /**
     * The one column of {@code concept} with {@code role} whose name carries every word of {@code hint} (null or blank:
     * no requirement). The hint is tokenised like a column name ({@code "delivery method"} → {@code delivery, method},
     * abbreviations expanded). Several columns fitting is {@link ColumnLookup.Ambiguous}: never the first of them.
     */
    public ColumnLookup column(String concept, ColumnRole role, String hint, NameTokens names) {
        Optional<TableBinding> table = tableOf(concept);
        if (table.isEmpty()) {
            return new ColumnLookup.Missing("no table is bound to " + concept);
        }
        List<ColumnBinding> withRole = table.get().columnsWithRole(role);
        if (withRole.isEmpty()) {
            return new ColumnLookup.Missing(concept + " (" + table.get().table() + ") has no " + role.jsonName()
                    + " column");
        }
        List<ColumnBinding> fitting = withRole;
        if (hint != null && !hint.isBlank()) {
            List<String> hintTokens = names.phrase(hint);
            fitting = withRole.stream().filter(c -> c.matches(hintTokens)).toList();
            if (fitting.isEmpty()) {
                return new ColumnLookup.Missing(concept + " has no " + role.jsonName() + " column named like '"
                        + hint + "' (" + role.jsonName() + " columns: "
                        + withRole.stream().map(ColumnBinding::column).toList() + ")");
            }
        }
        return fitting.size() == 1 ? new ColumnLookup.Found(table.get(), fitting.get(0))
                : new ColumnLookup.Ambiguous(table.get(), fitting);
    }

    /**
     * Like {@link #column(String, ColumnRole, String, NameTokens)} with the pack's name hints ({@code RoleHint
     * .nameHints()}): a column fits when any one hint's tokens are all among its name tokens; an empty list means no
     * requirement.
     */
    public ColumnLookup column(String concept, ColumnRole role, List<NameHint> anyOf) {
        Optional<TableBinding> table = tableOf(concept);
        if (table.isEmpty()) {
            return new ColumnLookup.Missing("no table is bound to " + concept);
        }
        List<ColumnBinding> withRole = table.get().columnsWithRole(role);
        List<ColumnBinding> fitting = anyOf.isEmpty() ? withRole : withRole.stream()
                .filter(c -> anyOf.stream().anyMatch(h -> h.matches(c.tokens()))).toList();
        if (fitting.isEmpty()) {
            return new ColumnLookup.Missing(concept + " (" + table.get().table() + ") has no " + role.jsonName()
                    + " column" + (anyOf.isEmpty() ? "" : " named like any of " + anyOf.stream()
                    .map(NameHint::tokens).toList()));
        }
        return fitting.size() == 1 ? new ColumnLookup.Found(table.get(), fitting.get(0))
                : new ColumnLookup.Ambiguous(table.get(), fitting);
    }

    /** Links leaving {@code table} (its references), declared and inferred. */
    public List<Link> linksFrom(String table) {
        return links.stream().filter(l -> l.fromTable().equals(table)).toList();
    }

    /** Links arriving at {@code table} (what references it). */
    public List<Link> linksTo(String table) {
        return links.stream().filter(l -> l.toTable().equals(table)).toList();
    }

    /**
     * Every shortest chain of forward links (at most {@code maxHops}) from the table of concept {@code from} to the
     * table of concept {@code to}. Empty when either is unbound or none exists; several when there are several
     * equally short ways (a caller must then ask or use a hint, never pick one).
     */
    public List<List<Link>> paths(String from, String to, int maxHops) {
        Optional<TableBinding> a = tableOf(from);
        Optional<TableBinding> b = tableOf(to);
        if (a.isEmpty() || b.isEmpty()) {
            return List.of();
        }
        return shortestPaths(links, a.get().table(), b.get().table(), maxHops);
    }

    /** The patient path of a concept's table (see {@link TableBinding#patientPath()}). */
    public List<Link> patientPath(String concept) {
        return tableOf(concept).map(TableBinding::patientPath).orElse(List.of());
    }

    static List<List<Link>> shortestPaths(List<Link> graph, String from, String to, int maxHops) {
        List<List<Link>> found = new ArrayList<>();
        Deque<List<Link>> queue = new ArrayDeque<>();
        for (Link l : graph) {
            if (l.fromTable().equals(from)) {
                queue.add(List.of(l));
            }
        }
        while (!queue.isEmpty()) {
            List<Link> path = queue.poll();
            if (!found.isEmpty() && path.size() > found.get(0).size()) {
                break;
            }
            Link last = path.get(path.size() - 1);
            if (last.toTable().equals(to)) {
                found.add(path);
                continue;
            }
            if (path.size() >= maxHops) {
                continue;
            }
            for (Link next : graph) {
                boolean revisits = next.toTable().equals(from)
                        || path.stream().anyMatch(p -> p.fromTable().equals(next.toTable()));
                if (next.fromTable().equals(last.toTable()) && !revisits) {
                    List<Link> longer = new ArrayList<>(path);
                    longer.add(next);
                    queue.add(List.copyOf(longer));
                }
            }
        }
        return List.copyOf(found);
    }
}
