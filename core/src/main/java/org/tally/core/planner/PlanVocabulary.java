package org.tally.core.planner;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.TypeClass;
import org.tally.core.catalog.ValueCount;
import org.tally.core.names.NameTokens;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.ColumnRole;
import org.tally.core.spec.DurationMode;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.DurationUnit;
import org.tally.core.spec.Literal;

/**
 * Everything the planner may name for one question, taken from the binding: the concepts of the schema context, their
 * columns as role-qualified references (a name hint only where a concept has several columns of a role, made of the
 * column's own name words and checked to pick exactly that column), the observed values of each column, durations
 * between a concept's start and end, and the typed time ranges. Personal data is never here: no column marked PII,
 * no names, contacts, identifiers or free text, so neither a prompt nor a schema can carry them.
 */
final class PlanVocabulary {

    /** Values offered per column, and over all columns; a value beyond them cannot be named by the planner. */
    static final int MAX_VALUES_PER_COLUMN = 120;
    static final int MAX_VALUES = 3000;

    /** Roles never offered: personal data, free text, and keys (a row count needs no key). */
    private static final Set<ColumnRole> NEVER = EnumSet.of(ColumnRole.UNKNOWN, ColumnRole.PRIMARY_KEY,
            ColumnRole.GIVEN_NAME, ColumnRole.FAMILY_NAME, ColumnRole.FULL_NAME, ColumnRole.CONTACT,
            ColumnRole.IDENTIFIER, ColumnRole.FREE_TEXT, ColumnRole.BIRTH_DATE);

    /**
     * One column the planner may name.
     *
     * @param ref     the reference as the spec writes it (concept + role, + hint where needed)
     * @param words   how the prompt names it: the hint, else the role's words
     * @param values  the observed values as typed literals, most frequent first (empty: none offered)
     * @param numeric whether the column holds numbers to compare and aggregate
     */
    public record Column(ColumnRef ref, String words, List<Literal> values, boolean numeric) {
        public Column {
            Objects.requireNonNull(ref, "ref");
            Objects.requireNonNull(words, "words");
            values = List.copyOf(values);
        }

        public ColumnRole role() {
            return ref.role();
        }

        public String concept() {
            return ref.concept();
        }
    }

    private final List<String> concepts;
    private final Map<String, String> labels;
    private final List<Column> columns;
    private final List<DurationRef> durations;
    private final PlanTime time;

    private PlanVocabulary(List<String> concepts, Map<String, String> labels, List<Column> columns,
                           List<DurationRef> durations, PlanTime time) {
        this.concepts = List.copyOf(concepts);
        this.labels = Map.copyOf(labels);
        this.columns = List.copyOf(columns);
        this.durations = List.copyOf(durations);
        this.time = time;
    }

    /**
     * @param tables the schema context's tables (bound ones only are read)
     * @param labels concept id → the words the prompt uses for it (the pack's plural)
     */
    public static PlanVocabulary of(List<TableBinding> tables, Map<String, String> labels, NameTokens names,
                                    PlanTime time) {
        List<String> concepts = new ArrayList<>();
        Map<String, String> shown = new LinkedHashMap<>();
        List<Column> columns = new ArrayList<>();
        List<DurationRef> durations = new ArrayList<>();
        int[] budget = {MAX_VALUES};
        for (TableBinding t : tables) {
            if (!t.bound() || concepts.stream().anyMatch(c -> c.equalsIgnoreCase(t.concept()))) {
                continue;
            }
            concepts.add(t.concept());
            shown.put(t.concept(), labels.getOrDefault(t.concept(), t.concept()));
            List<Column> own = new ArrayList<>();
            for (ColumnBinding c : t.columns()) {
                if (c.pii() || NEVER.contains(c.role())) {
                    continue;
                }
                String hint = hintFor(t, c, names);
                if (hint == null) {
                    continue; // no words of its own pick this column out: it cannot be named exactly
                }
                ColumnRef ref = new ColumnRef(t.concept(), c.role(), hint.isEmpty() ? null : hint, null);
                String words = hint.isEmpty() ? roleWords(c.role()) : hint;
                own.add(new Column(ref, words, values(c, budget), c.role().isNumeric()));
            }
            columns.addAll(own);
            durations.addAll(durationsOf(own));
        }
        return new PlanVocabulary(concepts, shown, columns, durations, time);
    }

    /**
     * "" when the column is its concept's only one of its role; its name words when they pick it alone among the
     * columns of that role; null when they do not (two columns with the same words).
     */
    private static String hintFor(TableBinding t, ColumnBinding c, NameTokens names) {
        List<ColumnBinding> sameRole = t.columnsWithRole(c.role());
        if (sameRole.size() == 1) {
            return "";
        }
        String hint = String.join(" ", c.tokens());
        if (hint.isBlank()) {
            return null;
        }
        List<String> tokens = names.phrase(hint);
        long fitting = sameRole.stream().filter(other -> other.matches(tokens)).count();
        return fitting == 1 && c.matches(tokens) ? hint : null;
    }

    private static List<Literal> values(ColumnBinding c, int[] budget) {
        if (c.values() == null || c.pii() || c.typeClass() == TypeClass.BOOLEAN || c.role() == ColumnRole.FLAG
                || c.role().isTemporal() || c.role().isReference() || c.role() == ColumnRole.BUSINESS_ID) {
            // keys and business ids are record content, not vocabulary
            return List.of();
        }
        List<Literal> out = new ArrayList<>();
        for (ValueCount v : c.values()) {
            if (out.size() >= MAX_VALUES_PER_COLUMN || budget[0] <= 0) {
                break;
            }
            Literal literal = literal(v.value(), c.typeClass());
            if (literal != null) {
                out.add(literal);
                budget[0]--;
            }
        }
        return out;
    }

    /** An observed value as the literal a filter on its column compares with: text as text, numbers as numbers. */
    private static Literal literal(String value, TypeClass type) {
        if (type == TypeClass.NUMERIC) {
            try {
                return Literal.of(new BigDecimal(value.trim()));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return type == TypeClass.TEXT ? Literal.of(value) : null;
    }

    /** end − start of a concept with one StartTime and one EndTime, in each unit, completed intervals only. */
    private static List<DurationRef> durationsOf(List<Column> own) {
        List<Column> starts = own.stream().filter(c -> c.role() == ColumnRole.START_TIME).toList();
        List<Column> ends = own.stream().filter(c -> c.role() == ColumnRole.END_TIME).toList();
        if (starts.size() != 1 || ends.size() != 1) {
            return List.of();
        }
        List<DurationRef> out = new ArrayList<>();
        for (DurationUnit unit : DurationUnit.values()) {
            out.add(new DurationRef(starts.get(0).ref(), ends.get(0).ref(), unit, DurationMode.COMPLETED_ONLY));
        }
        return out;
    }

    /** "status", "event time", "amount": a role in plain words. */
    static String roleWords(ColumnRole role) {
        String name = role.jsonName();
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char ch = name.charAt(i);
            if (Character.isUpperCase(ch) && i > 0) {
                out.append(' ');
            }
            out.append(Character.toLowerCase(ch));
        }
        return out.toString();
    }

    /** The concept ids, in context order. */
    public List<String> concepts() {
        return concepts;
    }

    /** The words for a concept in the prompt. */
    public String label(String concept) {
        return labels.getOrDefault(concept, concept);
    }

    public List<Column> columns() {
        return columns;
    }

    public List<Column> columnsOf(String concept) {
        return columns.stream().filter(c -> c.concept().equalsIgnoreCase(concept)).toList();
    }

    public List<DurationRef> durations() {
        return durations;
    }

    public PlanTime time() {
        return time;
    }

    /** Whether {@code concept} is offered (ids compare ignoring case, as in a spec). */
    public boolean offersConcept(String concept) {
        return concept != null && concepts.stream().anyMatch(c -> c.equalsIgnoreCase(concept.trim()));
    }

    /** The offered column {@code ref} names, compared in canonical form; null when it names none. */
    public Column column(ColumnRef ref) {
        ColumnRef wanted = ref.canonical();
        for (Column c : columns) {
            if (c.ref().canonical().equals(wanted)) {
                return c;
            }
        }
        return null;
    }

    /** The concepts whose columns are offered, in order, without repeats. */
    Set<String> conceptsWithColumns() {
        Set<String> out = new LinkedHashSet<>();
        columns.forEach(c -> out.add(c.concept()));
        return out;
    }
}
