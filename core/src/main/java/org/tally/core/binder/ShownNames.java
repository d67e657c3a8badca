package org.tally.core.binder;

import java.util.Objects;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;

/**
 * Which personal columns an answer may still show or group by: only the own name of the people of a concept whose
 * pack entry says its names are shown (staff: a theatre or workforce report is about them). That is the columns of
 * the table's person name ({@link RowLabels#personName}); a second name on the row, contact details, identifiers and
 * birth dates stay personal, and so does every name of a patient. Values are never stored either way: this decides
 * what a query may select, not what profiling keeps.
 */
final class ShownNames {

    private final DomainPack pack;

    ShownNames(DomainPack pack) {
        this.pack = Objects.requireNonNull(pack, "pack");
    }

    /** True when {@code column} of {@code table} is personal data that no answer may show. */
    boolean refused(TableBinding table, ColumnBinding column) {
        return column.pii() && !shown(table, column);
    }

    private boolean shown(TableBinding table, ColumnBinding column) {
        if (!table.bound() || !pack.concept(table.concept()).map(Concept::namesShown).orElse(false)) {
            return false;
        }
        return RowLabels.personName(table).map(l -> l.covers(column)).orElse(false);
    }
}
