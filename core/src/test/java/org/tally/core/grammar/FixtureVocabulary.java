package org.tally.core.grammar;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.tally.core.pack.ObservedValue;
import org.tally.core.spec.ColumnRole;

/** A hand-made {@link GrammarVocabulary}: concepts, columns (role, name words, values), forward paths and links. */
final class FixtureVocabulary implements GrammarVocabulary {

    private final Map<String, List<Column>> columns = new LinkedHashMap<>();
    private final Map<String, List<Path>> forward = new LinkedHashMap<>();
    private final List<String[]> links = new ArrayList<>();
    private final List<ValueAlias> aliases = new ArrayList<>();
    private final Map<String, String> unbound = new LinkedHashMap<>();
    private final List<String[]> lookups = new ArrayList<>();

    FixtureVocabulary concept(String id) {
        columns.computeIfAbsent(id, k -> new ArrayList<>());
        forward.computeIfAbsent(id, k -> new ArrayList<>());
        return this;
    }

    /** A column: role, its name words (space separated), hint (null when unique), values. */
    FixtureVocabulary col(String concept, ColumnRole role, String words, String hint, String... values) {
        concept(concept);
        List<ObservedValue> observed = new ArrayList<>();
        for (String v : values) {
            observed.add(new ObservedValue(v, 10));
        }
        columns.get(concept).add(new Column(role, List.of(words.split(" ")), hint, observed));
        return this;
    }

    /** An unprofiled text column whose values' lengths and letters were measured (an identifier). */
    FixtureVocabulary shaped(String concept, ColumnRole role, String words, String hint,
                             org.tally.core.catalog.TextShape shape) {
        concept(concept);
        columns.get(concept).add(new Column(role, List.of(words.split(" ")), hint, List.of(), shape));
        return this;
    }

    /** A forward reference from → to; also links them and adds two-hop paths later via {@link #twoHop}. */
    FixtureVocabulary ref(String from, String to) {
        concept(from);
        forward.get(from).add(new Path(to, null));
        links.add(new String[] {from, to});
        return this;
    }

    FixtureVocabulary twoHop(String from, String via, String to) {
        forward.get(from).add(new Path(to, via));
        return this;
    }

    FixtureVocabulary alias(ValueAlias alias) {
        aliases.add(alias);
        return this;
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
        return forward.getOrDefault(subject, List.of());
    }

    @Override
    public boolean linked(String a, String b) {
        return links.stream().anyMatch(l -> l[0].equals(a) && l[1].equals(b) || l[0].equals(b) && l[1].equals(a));
    }

    @Override
    public List<String> tableWords(String concept) {
        return List.of();
    }

    /** A table of the source that holds no concept, by the words of its name. */
    FixtureVocabulary unbound(String words, String table) {
        unbound.put(words, table);
        return this;
    }

    @Override
    public Map<String, String> unboundTables() {
        return unbound;
    }

    /** An unbound table that is the code dictionary of {@code concept}'s rows (a column of its table refers to it). */
    FixtureVocabulary lookup(String table, String concept) {
        lookups.add(new String[] {table, concept});
        return this;
    }

    @Override
    public boolean labelsCodesOf(String table, String concept) {
        return lookups.stream().anyMatch(l -> l[0].equals(table) && l[1].equals(concept));
    }

    @Override
    public List<ValueAlias> aliases() {
        return aliases;
    }
}
