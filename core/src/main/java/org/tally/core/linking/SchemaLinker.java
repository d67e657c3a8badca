package org.tally.core.linking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Link;
import org.tally.core.binding.TableBinding;
import org.tally.core.embed.Embeddings;
import org.tally.core.embed.Vectors;
import org.tally.core.pack.DomainPack;
import org.tally.core.scope.Scope;

/**
 * Schema linking: which tables a question is about, by ranking the schema cards of the tables the scope may read
 * (its own concepts and the shared ones) against the question, taking a bounded number of the best and the tables
 * they reach by one outgoing foreign-key hop. A table outside the scope is never a candidate, and a question that
 * names one (by its name or its concept's words) is redirected instead of linked, so nothing across scopes is ever
 * joined through linking.
 */
public final class SchemaLinker {

    /** Tables linked at most before their neighbours are added. */
    public static final int LINKED = 4;

    /** What linking made of a question. */
    public sealed interface Result permits Result.Linked, Result.Redirect {

        /**
         * @param ranked     the scope's tables, best first, with their scores (all of them, for measuring)
         * @param linked     the best {@link #LINKED}, in rank order
         * @param neighbours tables the linked ones reach by one outgoing hop, within the scope
         */
        record Linked(List<Map.Entry<String, Double>> ranked, List<String> linked, List<String> neighbours)
                implements Result {
            public Linked {
                ranked = List.copyOf(ranked);
                linked = List.copyOf(linked);
                neighbours = List.copyOf(neighbours);
            }

            /** The linked tables and then their neighbours: what a planner's prompt may describe. */
            public List<String> tables() {
                Set<String> out = new LinkedHashSet<>(linked);
                out.addAll(neighbours);
                return List.copyOf(out);
            }
        }

        /** The question names a table outside the scope: said in words, never linked. */
        record Redirect(String message) implements Result {
        }
    }

    private final Binding whole;
    private final Binding scoped;
    private final Scope scope;
    private final DomainPack pack;
    private final Embeddings embeddings;
    private final Map<String, float[]> cards;

    /**
     * @param whole  the source's binding (to know which named tables lie outside the scope)
     * @param scoped the binding narrowed to {@code scope}: its tables are the only candidates
     * @param cards  each table's card vector (for this catalog version and model); a table without one is not ranked
     */
    public SchemaLinker(Binding whole, Binding scoped, Scope scope, DomainPack pack, Embeddings embeddings,
                        Map<String, float[]> cards) {
        this.whole = Objects.requireNonNull(whole, "whole");
        this.scoped = Objects.requireNonNull(scoped, "scoped");
        this.scope = Objects.requireNonNull(scope, "scope");
        this.pack = Objects.requireNonNull(pack, "pack");
        this.embeddings = Objects.requireNonNull(embeddings, "embeddings");
        this.cards = Map.copyOf(cards);
    }

    /** Embeds the cards of every bound table of {@code binding} (what a catalog refresh stores). */
    public static Map<String, float[]> embedCards(Binding binding, DomainPack pack, Embeddings embeddings) {
        List<TableBinding> tables = binding.bound();
        List<float[]> vectors = embeddings.embed(tables.stream().map(t -> SchemaCards.text(t, pack)).toList(),
                Embeddings.Kind.PASSAGE);
        Map<String, float[]> out = new LinkedHashMap<>();
        for (int i = 0; i < tables.size(); i++) {
            out.put(tables.get(i).table(), vectors.get(i));
        }
        return out;
    }

    public Result link(String question) {
        List<String> outside = namedOutside(question);
        if (!outside.isEmpty()) {
            return new Result.Redirect("The question names " + String.join(" and ", outside) + ", outside the "
                    + scope.label() + " scope; switch the service line to ask about "
                    + (outside.size() == 1 ? "it" : "them") + " there");
        }
        float[] q = embeddings.embed(question, Embeddings.Kind.QUERY);
        List<Map.Entry<String, Double>> ranked = new ArrayList<>();
        for (TableBinding t : scoped.bound()) {
            float[] card = cards.get(t.table());
            if (card != null) {
                ranked.add(Map.entry(t.table(), Vectors.dot(q, card)));
            }
        }
        ranked.sort(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        List<String> linked = ranked.stream().limit(LINKED).map(Map.Entry::getKey).toList();
        Set<String> readable = new LinkedHashSet<>(scoped.bound().stream().map(TableBinding::table).toList());
        Set<String> neighbours = new LinkedHashSet<>();
        for (String t : linked) {
            for (Link l : scoped.linksFrom(t)) {
                if (readable.contains(l.toTable()) && !linked.contains(l.toTable())) {
                    neighbours.add(l.toTable());
                }
            }
        }
        return new Result.Linked(ranked, linked, List.copyOf(neighbours));
    }

    /**
     * The tables a planner's prompt may describe for {@code question} (the shape of the planner's schema context): the
     * linked tables and their neighbours, all within the scope; none when the question names a table outside it,
     * which the scope's redirect answers instead.
     */
    public List<TableBinding> schemaFor(String question) {
        if (!(link(question) instanceof Result.Linked linked)) {
            return List.of();
        }
        return linked.tables().stream().map(t -> scoped.table(t).orElseThrow()).toList();
    }

    /** Tables of the source outside the scope that the question names, by table name or concept words. */
    private List<String> namedOutside(String question) {
        String q = " " + question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_]+", " ") + " ";
        List<String> out = new ArrayList<>();
        for (TableBinding t : whole.bound()) {
            if (scope.allows(t.concept())) {
                continue;
            }
            String name = t.table().toLowerCase(Locale.ROOT);
            String words = String.join(" ", pack.nameTokens().table(t.table()).tokens());
            boolean byConcept = pack.concept(t.concept()).map(c -> q.contains(" " + c.plural().toLowerCase(Locale.ROOT)
                    + " ") || q.contains(" " + c.singular().toLowerCase(Locale.ROOT) + " ")).orElse(false);
            if (q.contains(" " + name + " ") || (!words.isBlank() && q.contains(" " + words + " ")) || byConcept) {
                out.add(t.table());
            }
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }
}
