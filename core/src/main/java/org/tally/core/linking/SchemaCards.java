package org.tally.core.linking;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.ValueCount;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.DomainPack;

/**
 * The words of a table's schema card as linking embeds them: the table's name words, its bound concept and that
 * concept's description, its columns' words, and a few observed values of its coded columns (never of personal
 * ones: the binding keeps none). Words rather than DDL, so a question's words meet them.
 */
public final class SchemaCards {

    /** Observed values per column in a card. */
    static final int VALUES = 6;

    private SchemaCards() {
    }

    public static String text(TableBinding table, DomainPack pack) {
        NameTokens names = pack.nameTokens();
        StringBuilder card = new StringBuilder(String.join(" ", names.table(table.table()).tokens()));
        if (table.concept() != null) {
            pack.concept(table.concept()).ifPresent(c -> card.append(". ").append(c.plural()).append(": ")
                    .append(c.description()));
        }
        Set<String> words = new LinkedHashSet<>();
        List<String> values = new ArrayList<>();
        for (ColumnBinding c : table.columns()) {
            words.add(String.join(" ", c.tokens()));
            if (!c.pii() && c.values() != null && !c.values().isEmpty()) {
                c.values().stream().limit(VALUES).map(ValueCount::value).map(v -> v.toLowerCase(Locale.ROOT))
                        .forEach(values::add);
            }
        }
        card.append(". Columns: ").append(String.join(", ", words));
        if (!values.isEmpty()) {
            card.append(". Values: ").append(String.join(", ", values));
        }
        return card.toString();
    }
}
