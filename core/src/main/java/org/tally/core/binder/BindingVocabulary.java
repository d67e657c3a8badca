package org.tally.core.binder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.tally.core.binding.Binding;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.Link;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.TypeClass;
import org.tally.core.grammar.GrammarVocabulary;
import org.tally.core.names.NameTokens;
import org.tally.core.pack.ObservedValue;
import org.tally.core.spec.ColumnRole;

/**
 * The grammar's view of one source, read from its {@link Binding}: only what {@link SpecBinder} resolves the same way.
 * A column whose role repeats on its table carries its full name tokens as hint, so a reference to it names exactly
 * that column; PII columns never expose values. A concept held as a kind of another ({@link Refinement}) is a concept
 * like any other here, with the columns of its view; it has no table words of its own (those name its base), and it
 * is never linked to a concept whose rows share its table (an emergency visit is not related to encounters: it is
 * one). A person whose table has a given and a family name but no full name still has one FullName column here: the
 * binder joins the two parts for it.
 */
public final class BindingVocabulary implements GrammarVocabulary {

    private final Binding binding;
    private final NameTokens names;
    private final Map<String, List<Column>> columns = new LinkedHashMap<>();
    private final List<ValueAlias> aliases;
    /** Memos: the grammar asks for these on every phrase it reads, and the binding does not change. */
    private final Map<String, List<String>> tableWords = new ConcurrentHashMap<>();
    private final Map<String, List<Path>> forward = new ConcurrentHashMap<>();

    public BindingVocabulary(Binding binding, NameTokens names) {
        this.binding = Objects.requireNonNull(binding, "binding");
        this.names = Objects.requireNonNull(names, "names");
        List<ValueAlias> aliases = new ArrayList<>();
        List<TableBinding> held = new ArrayList<>(binding.bound());
        binding.refinements().stream().filter(Refinement::realised).forEach(r -> held.add(r.view()));
        for (TableBinding t : held) {
            List<Column> cols = new ArrayList<>();
            for (ColumnBinding c : t.columns()) {
                if (c.role() == ColumnRole.UNKNOWN) {
                    continue;
                }
                String hint = hintOf(t, c);
                List<ObservedValue> values = new ArrayList<>();
                if (!c.pii() && c.values() != null) {
                    c.values().forEach(v -> values.add(new ObservedValue(v.value(), v.count())));
                }
                cols.add(new Column(c.role(), c.tokens(), hint, values, c.shape()));
                if (!c.pii()) {
                    c.aliases().forEach((phrase, value) ->
                            aliases.add(new ValueAlias(phrase, t.concept(), c.role(), hint, value)));
                }
            }
            if (RowLabels.joinedFullName(t).isPresent()) {
                // the binder reads a FullName reference here as the given and family names joined
                cols.add(new Column(ColumnRole.FULL_NAME, RowLabels.JOINED_TOKENS, null, List.of()));
            }
            columns.put(t.concept(), List.copyOf(cols));
        }
        this.aliases = List.copyOf(aliases);
    }

    /** The hint a reference to {@code c} carries: null when its role is unique on the table, else its name tokens. */
    static String hintOf(TableBinding table, ColumnBinding c) {
        return table.columnsWithRole(c.role()).size() == 1 ? null : String.join(" ", c.tokens());
    }

    @Override
    public Set<String> concepts() {
        return columns.keySet();
    }

    @Override
    public List<Column> columns(String concept) {
        return columns.getOrDefault(concept, List.of());
    }

    @Override
    public List<Path> forward(String subject) {
        return forward.computeIfAbsent(subject, this::pathsFrom);
    }

    private List<Path> pathsFrom(String subject) {
        Optional<TableBinding> from = binding.rowsOf(subject);
        if (from.isEmpty()) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        for (Link first : binding.linksFrom(from.get().table())) {
            Optional<TableBinding> mid = boundTable(first.toTable());
            if (mid.isEmpty() || mid.get().table().equals(from.get().table())) {
                continue;
            }
            out.add(new Path(mid.get().concept(), null));
        }
        for (Link first : binding.linksFrom(from.get().table())) {
            Optional<TableBinding> mid = boundTable(first.toTable());
            if (mid.isEmpty() || mid.get().table().equals(from.get().table())) {
                continue;
            }
            for (Link second : binding.linksFrom(mid.get().table())) {
                Optional<TableBinding> end = boundTable(second.toTable());
                if (end.isEmpty() || end.get().table().equals(from.get().table())
                        || end.get().table().equals(mid.get().table())) {
                    continue;
                }
                out.add(new Path(end.get().concept(), mid.get().concept()));
            }
        }
        return List.copyOf(out);
    }

    @Override
    public boolean linked(String a, String b) {
        Optional<TableBinding> ta = binding.rowsOf(a);
        Optional<TableBinding> tb = binding.rowsOf(b);
        if (ta.isEmpty() || tb.isEmpty()) {
            return false;
        }
        String x = ta.get().table();
        String y = tb.get().table();
        if (x.equals(y) && (binding.refinementOf(a).isPresent() || binding.refinementOf(b).isPresent())) {
            return false; // one concept's rows are a kind of the other's: no link relates them, a filter would
        }
        return binding.links().stream().anyMatch(l -> l.fromTable().equals(x) && l.toTable().equals(y)
                || l.fromTable().equals(y) && l.toTable().equals(x));
    }

    @Override
    public boolean labelsCodesOf(String table, String concept) {
        Optional<TableBinding> own = binding.rowsOf(concept);
        Optional<TableBinding> target = binding.table(table);
        return own.isPresent() && target.isPresent() && binding.linksFrom(own.get().table()).stream()
                .filter(l -> l.toTable().equals(table) && binding.reachesLookup(l))
                .anyMatch(l -> codeDictionary(target.get(), l.toColumn()));
    }

    /**
     * Whether a lookup holds nothing but codes and their words: besides its keys, only text columns, exactly one of
     * them named as the code's description, name, label or title. A referenced table with times, numbers or other
     * references of its own (a table of visits the encounters point at) holds rows of another thing, not labels.
     */
    private static boolean codeDictionary(TableBinding lookup, String code) {
        List<ColumnBinding> words = lookup.columns().stream()
                .filter(c -> !c.column().equals(code) && !lookup.primaryKey().contains(c.column())).toList();
        return words.stream().allMatch(c -> c.typeClass() == TypeClass.TEXT)
                && words.stream().filter(c -> c.tokens().stream().anyMatch(Resolution.LOOKUP_LABEL_WORDS::contains))
                .count() == 1;
    }

    @Override
    public List<String> tableWords(String concept) {
        // asked for every concept each time the grammar reads a phrase; the binding does not change
        return tableWords.computeIfAbsent(concept, this::wordsOfTable);
    }

    private List<String> wordsOfTable(String concept) {
        Optional<TableBinding> t = binding.tableOf(concept); // a refined concept's table words name its base
        if (t.isEmpty()) {
            return List.of();
        }
        List<String> tokens = names.table(t.get().table()).tokens();
        Set<String> words = new LinkedHashSet<>();
        if (!tokens.isEmpty()) {
            words.add(String.join(" ", tokens));
        }
        return List.copyOf(words);
    }

    private volatile Map<String, String> unboundTables;
    private volatile Map<String, String> namedTables;

    @Override
    public Map<String, String> unboundTables() {
        Map<String, String> known = unboundTables; // the grammar asks while reading phrases; the binding does not change
        if (known == null) {
            unboundTables = known = tableNames(t -> t.status() == TableBinding.Status.UNBOUND);
        }
        return known;
    }

    @Override
    public Map<String, String> namedTables() {
        Map<String, String> known = namedTables;
        if (known == null) {
            namedTables = known = tableNames(t -> t.status() != TableBinding.Status.IGNORED);
        }
        return known;
    }

    /** The words of each chosen table's name, lower case, to the name (the first table wins a shared spelling). */
    private Map<String, String> tableNames(Predicate<TableBinding> chosen) {
        Map<String, String> out = new LinkedHashMap<>();
        for (TableBinding t : binding.tables()) {
            List<String> tokens = names.table(t.table()).tokens();
            if (chosen.test(t) && !tokens.isEmpty()) {
                out.putIfAbsent(String.join(" ", tokens), t.table());
            }
        }
        return Collections.unmodifiableMap(out);
    }

    @Override
    public List<ValueAlias> aliases() {
        return aliases;
    }

    private Optional<TableBinding> boundTable(String table) {
        return binding.tables().stream().filter(t -> t.bound() && t.table().equals(table)).findFirst();
    }
}
