package org.tally.core.binder;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.TypeClass;
import org.tally.core.spec.ColumnRole;
import org.tally.core.sql.Sql;
import org.tally.core.sql.ValueExpr;

/**
 * How the rows of one bound table are named for people: the column the binding chose to name them, except that a
 * person is named by one full name, either a physical FullName column or the GivenName and FamilyName joined into one
 * value. Only an unambiguous set of name columns names a person: a second full name (a next of kin's, say) next to
 * the parts would make any choice a guess, so there is then no label at all.
 */
final class RowLabels {

    /** Tokens of a joined name: it is the person's name, not any one physical column. */
    static final List<String> JOINED_TOKENS = List.of("name");

    private RowLabels() {
    }

    /**
     * One table's label.
     *
     * @param shown the column that is shown: a physical column, or for a joined name a description of the joined
     *              value (role FullName, text, personal like its parts) that names no physical column
     * @param parts the physical columns the label reads: {@code shown} itself, or the given and the family name
     */
    record Label(ColumnBinding shown, List<ColumnBinding> parts) {
        public Label {
            Objects.requireNonNull(shown, "shown");
            parts = List.copyOf(parts);
            if (parts.isEmpty() || parts.size() > 2) {
                throw new IllegalArgumentException("a label reads one column or a given and a family name");
            }
        }

        public boolean joined() {
            return parts.size() == 2;
        }

        /** The label's value on the table introduced under {@code alias}. */
        public ValueExpr expr(String alias) {
            if (joined()) {
                return Sql.joinedName(Sql.col(alias, parts.get(0).column()), Sql.col(alias, parts.get(1).column()));
            }
            return Sql.col(alias, parts.get(0).column());
        }

        /** Whether {@code c} is this label or one of the columns it reads. */
        public boolean covers(ColumnBinding c) {
            return shown.equals(c) || parts.contains(c);
        }
    }

    /** The label of a table's rows: its display column, or its person's name; empty when neither is unambiguous. */
    static Optional<Label> of(TableBinding table) {
        String display = table.displayColumn();
        if (display != null) {
            ColumnBinding c = table.column(display).orElseThrow();
            if (!personName(c.role())) {
                return Optional.of(new Label(c, List.of(c)));
            }
        }
        return personName(table);
    }

    /**
     * The one full name of the person a row is about: the only FullName column when there are no name parts, else
     * the only GivenName and the only FamilyName joined, else the only part there is. Anything else is empty.
     */
    static Optional<Label> personName(TableBinding table) {
        List<ColumnBinding> full = table.columnsWithRole(ColumnRole.FULL_NAME);
        List<ColumnBinding> given = table.columnsWithRole(ColumnRole.GIVEN_NAME);
        List<ColumnBinding> family = table.columnsWithRole(ColumnRole.FAMILY_NAME);
        if (full.size() == 1 && given.isEmpty() && family.isEmpty()) {
            return Optional.of(new Label(full.get(0), full));
        }
        if (!full.isEmpty() || given.size() > 1 || family.size() > 1) {
            return Optional.empty();
        }
        if (given.size() == 1 && family.size() == 1) {
            return Optional.of(new Label(joined(given.get(0), family.get(0)), List.of(given.get(0), family.get(0))));
        }
        if (given.size() == 1 || family.size() == 1) {
            ColumnBinding only = given.isEmpty() ? family.get(0) : given.get(0);
            return Optional.of(new Label(only, List.of(only)));
        }
        return Optional.empty();
    }

    /** The joined name a FullName reference of {@code table} means, when the table has no FullName column of its own. */
    static Optional<Label> joinedFullName(TableBinding table) {
        return table.columnsWithRole(ColumnRole.FULL_NAME).isEmpty()
                ? personName(table).filter(Label::joined) : Optional.empty();
    }

    static boolean personName(ColumnRole role) {
        return role == ColumnRole.FULL_NAME || role == ColumnRole.GIVEN_NAME || role == ColumnRole.FAMILY_NAME;
    }

    private static ColumnBinding joined(ColumnBinding given, ColumnBinding family) {
        return new ColumnBinding(given.column() + " + " + family.column(), "joined name", TypeClass.TEXT,
                JOINED_TOKENS, ColumnRole.FULL_NAME, Math.min(given.confidence(), family.confidence()),
                List.of("the given name and the family name joined with one space"), List.of(),
                given.pii() || family.pii(), null, null, Map.of());
    }
}
