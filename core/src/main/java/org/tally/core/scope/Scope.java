package org.tally.core.scope;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.ServiceLine;

/**
 * A service line as a scope (docs/architecture.md, "Service lines"): the concepts its agent may read, which are the line's own concepts plus
 * the shared ones (Patient, Encounter, Provider, Department). A scope narrows what can be read, never what a
 * question means. {@link #ALL} is no narrowing: every bound table.
 *
 * @param id           the service line's id, or {@code all}
 * @param concepts     the readable concept ids (empty for {@link #ALL}, which reads every concept)
 * @param patientLevel the line reads patient-level records (one patient's lookups, free text about one patient)
 */
public record Scope(String id, String label, String description, Set<String> concepts, boolean patientLevel) {

    public static final String ALL_ID = "all";
    public static final Scope ALL = new Scope(ALL_ID, "All service lines",
            "Every table the binding knows; questions may join any of them.", Set.of(), false);

    public Scope {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(description, "description");
        concepts = Set.copyOf(concepts);
        if (!id.equals(ALL_ID) && concepts.isEmpty()) {
            throw new IllegalArgumentException("the scope " + id + " reads no concept");
        }
    }

    /** An analyst's scope: it never reads patient-level records. */
    public Scope(String id, String label, String description, Set<String> concepts) {
        this(id, label, description, concepts, false);
    }

    /** The scope of one service line of {@code pack}: the concepts that name it, and every shared concept. */
    public static Scope of(DomainPack pack, ServiceLine line) {
        return new Scope(line.id(), line.label(), line.description(), pack.readableBy(line.id()),
                line.patientLevel());
    }

    /** The scope of the service line with this id (case ignored); {@code all} or null is {@link #ALL}. */
    public static Scope named(DomainPack pack, String id) {
        if (id == null || id.equalsIgnoreCase(ALL_ID)) {
            return ALL;
        }
        return pack.serviceLines().stream().filter(l -> l.id().equalsIgnoreCase(id)).findFirst()
                .map(l -> of(pack, l))
                .orElseThrow(() -> new IllegalArgumentException("'" + id + "' is not a service line of the "
                        + "pack; choose one of " + pack.serviceLines().stream().map(ServiceLine::id).toList()));
    }

    /** {@link #ALL} first, then each service line of the pack in the pack's order. */
    public static List<Scope> choices(DomainPack pack) {
        List<Scope> all = new ArrayList<>();
        all.add(ALL);
        pack.serviceLines().forEach(l -> all.add(of(pack, l)));
        return List.copyOf(all);
    }

    public boolean isAll() {
        return id.equals(ALL_ID);
    }

    /**
     * True when this scope may read patient-level records: the patient chart's line, or no narrowing at all (the
     * administrator's view of every table).
     */
    public boolean readsPatientLevel() {
        return isAll() || patientLevel;
    }

    /** True when this scope may read {@code concept} (ids compare ignoring case). */
    public boolean allows(String concept) {
        if (isAll()) {
            return true;
        }
        String c = concept.trim().toLowerCase(Locale.ROOT);
        return concepts.stream().anyMatch(k -> k.toLowerCase(Locale.ROOT).equals(c));
    }
}
