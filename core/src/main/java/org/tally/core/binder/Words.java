package org.tally.core.binder;

import java.util.Locale;
import java.util.Optional;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.TableBinding;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;

/** How the binder names concepts, columns and kinds of rows for people: labels, explanations, refusals. */
final class Words {

    private final Binding binding;
    private final DomainPack pack;

    Words(Binding binding, DomainPack pack) {
        this.binding = binding;
        this.pack = pack;
    }

    /** A column in words: its name tokens ("delivery mode"). */
    static String of(ColumnBinding c) {
        return c.tokens().isEmpty() ? c.column() : String.join(" ", c.tokens());
    }

    /** The words for a column reference in an explanation: its concept when it names the rows, else its own words. */
    String of(ColumnRef ref) {
        Optional<TableBinding> t = binding.rowsOf(ref.concept());
        if (t.isPresent() && ref.role() == ColumnRole.FULL_NAME) {
            return singular(t.get());
        }
        if (t.isPresent()) {
            Resolved<ColumnBinding> c = SpecResolver.pick(t.get(), ref, pack.nameTokens());
            if (!c.failed()) {
                boolean naming = c.value().role() == ColumnRole.NAME || c.value().role() == ColumnRole.FULL_NAME;
                return naming ? singular(t.get()) : of(c.value());
            }
        }
        return ref.describe();
    }

    String plural(TableBinding t) {
        if (t.concept() == null) {
            return tableWords(t); // a lookup reached for its labels
        }
        return pack.concept(t.concept()).map(Concept::plural).orElse(t.concept()).toLowerCase(Locale.ROOT);
    }

    /** The plural of the table named {@code table} (physical name), as {@link #plural(TableBinding)} says it. */
    String pluralOfTable(String table) {
        return binding.table(table).map(this::plural).orElse(table);
    }

    String singular(TableBinding t) {
        if (t.concept() == null) {
            return tableWords(t);
        }
        return pack.concept(t.concept()).map(Concept::singular).orElse(t.concept()).toLowerCase(Locale.ROOT);
    }

    private String tableWords(TableBinding t) {
        return String.join(" ", pack.nameTokens().table(t.table()).tokens());
    }

    /** A concept id in words, its case as written or not ("icustay" → "icu stays"). */
    String pluralOf(String concept) {
        return pack.concepts().stream().filter(c -> c.id().equalsIgnoreCase(concept.trim())).findFirst()
                .map(Concept::plural).orElse(concept).toLowerCase(Locale.ROOT);
    }

    String singularOf(String concept) {
        return pack.concept(concept).map(Concept::singular).orElse(concept).toLowerCase(Locale.ROOT);
    }

    /** What a refined concept's rows are, in words ("encounters with encounter type emergency"); null otherwise. */
    String kind(String concept) {
        return binding.refinementOf(concept).map(k -> k.describe(basePlural(k))).orElse(null);
    }

    String basePlural(Refinement kind) {
        return pluralOf(kind.baseConcept());
    }

    static String capitalised(String words) {
        return words.isEmpty() ? words : Character.toUpperCase(words.charAt(0)) + words.substring(1);
    }
}
