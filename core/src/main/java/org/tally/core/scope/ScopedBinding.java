package org.tally.core.scope;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Link;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.TableBinding;

/**
 * Narrows a binding to a scope: the tables bound to concepts outside it are left out, with every foreign-key link
 * that touches them, so the grammar's vocabulary, the binder's joins and the safety policy's allow-list built from
 * the narrowed binding cannot reach them. A patient path that runs through a left-out table is dropped too.
 */
public final class ScopedBinding {

    private ScopedBinding() {
    }

    public static Binding narrow(Binding binding, Scope scope) {
        if (scope.isAll()) {
            return binding;
        }
        // a concept held as a kind of another (deaths as stays that ended in death) stays when it is in scope; its
        // base table is read only through it: the base concept itself is not added to the scope
        return narrow(binding, t -> scope.allows(t.concept()), r -> scope.allows(r.concept()),
                "the " + scope.label() + " scope");
    }

    /**
     * The binding narrowed to the named tables (a snapshot's copies), by the same rules as a scope: links and patient
     * paths that leave them are dropped, a concept held as a kind of another stays when its base table is kept.
     */
    public static Binding toTables(Binding binding, Set<String> tables, String what) {
        return narrow(binding, t -> tables.contains(t.table()), r -> tables.contains(r.table()), what);
    }

    private static Binding narrow(Binding binding, Predicate<TableBinding> keep,
                                  Predicate<Refinement> keepRefinement, String what) {
        Set<String> kept = binding.bound().stream().filter(keep).map(TableBinding::table)
                .collect(Collectors.toSet());
        List<Refinement> refinements = binding.refinements().stream()
                .filter(r -> r.realised() && keepRefinement.test(r)).toList();
        Set<String> tablesRead = new HashSet<>(kept);
        refinements.forEach(r -> tablesRead.add(r.table()));
        List<TableBinding> tables = new ArrayList<>();
        for (TableBinding t : binding.bound()) {
            if (kept.contains(t.table())) {
                tables.add(within(t, kept, what));
            }
        }
        List<Link> links = binding.links().stream()
                .filter(l -> tablesRead.contains(l.fromTable()) && tablesRead.contains(l.toTable())).toList();
        List<String> notes = new ArrayList<>(binding.notes());
        notes.add("narrowed to " + what + ": " + tables.size() + " of " + binding.bound().size() + " bound tables");
        return new Binding(binding.source(), binding.catalogVersion(), tables, links, refinements, notes);
    }

    private static TableBinding within(TableBinding t, Set<String> kept, String what) {
        boolean pathLeaves = t.patientPath().stream()
                .anyMatch(l -> !kept.contains(l.fromTable()) || !kept.contains(l.toTable()));
        if (!pathLeaves) {
            return t;
        }
        List<String> reasons = new ArrayList<>(t.reasons());
        reasons.add("its way to the patient leaves " + what);
        return new TableBinding(t.table(), t.qualifiedName(), t.status(), t.concept(), t.confidence(), reasons,
                t.candidates(), t.primaryKey(), t.displayColumn(), t.columns(), List.of(), t.softDeletes(),
                t.versions(), t.placeholders());
    }
}
