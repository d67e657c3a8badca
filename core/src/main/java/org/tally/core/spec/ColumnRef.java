package org.tally.core.spec;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A column named by meaning, never by physical name: the column of {@code concept} with {@code role}. The binder
 * resolves it per source and refuses when it cannot resolve it exactly.
 *
 * @param concept the concept id of the pack that owns the column (case-insensitive), e.g. {@code Ward}
 * @param role    the column's role; never {@link ColumnRole#UNKNOWN}
 * @param hint    optional words the column's name must match (a requirement, not a preference), e.g.
 *                {@code "delivery method"} when Delivery has several Category columns; never a physical name
 * @param via     optional intermediate concept on the path from the subject: {@code Ward} reached from Delivery
 *                through Admission is {@code concept=Ward, via=Admission}; absent when the concept is the subject
 *                or one forward hop away
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ColumnRef(String concept, ColumnRole role, String hint, String via) implements ValueRef {

    public ColumnRef {
        Identifiers.checkConcept(concept, "concept");
        if (role == null) {
            throw new InvalidSpecException("role", "is missing", "name the column's role, e.g. EventTime");
        }
        if (role == ColumnRole.UNKNOWN) {
            throw new InvalidSpecException("role", "Unknown cannot be referenced",
                    "name the role the column plays, e.g. Category or Status");
        }
        if (via != null) {
            Identifiers.checkConcept(via, "via");
            if (Identifiers.sameConcept(via, concept)) {
                throw new InvalidSpecException("via", "'" + via + "' is the column's own concept",
                        "leave via empty, or name the concept between the subject and " + concept);
            }
        }
    }

    public static ColumnRef of(String concept, ColumnRole role) {
        return new ColumnRef(concept, role, null, null);
    }

    public static ColumnRef of(String concept, ColumnRole role, String hint) {
        return new ColumnRef(concept, role, hint, null);
    }

    /** The same column reached through {@code intermediate}. */
    public ColumnRef via(String intermediate) {
        return new ColumnRef(concept, role, hint, intermediate);
    }

    /** The canonical spelling: concept ids in lower case, the hint as lower-case words or null. */
    public ColumnRef canonical() {
        return new ColumnRef(Identifiers.canonicalConcept(concept), role, Identifiers.canonicalHint(hint),
                Identifiers.canonicalConcept(via));
    }

    @Override
    public String describe() {
        String text = concept.trim() + "." + role.jsonName();
        String words = Identifiers.canonicalHint(hint);
        if (words != null) {
            text += "(\"" + words + "\")";
        }
        return via == null ? text : text + " via " + via.trim();
    }

    @Override
    public List<ColumnRef> columns() {
        return List.of(this);
    }

    @Override
    public boolean isNumeric() {
        return role.isNumeric();
    }

    @Override
    public boolean isTemporal() {
        return role.isTemporal();
    }
}
